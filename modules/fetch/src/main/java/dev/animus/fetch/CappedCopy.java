package dev.animus.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.OptionalLong;

/**
 * Copies one response body to a sink, counting, hashing and reporting progress as bytes arrive, and
 * stopping at the byte cap. A read failure is the network's (or the deadline's, when it aborted the
 * read); a write failure is the sink's.
 */
final class CappedCopy {
    private static final int CHUNK = 64 * 1024;

    /** What was copied: the byte count and its SHA-256 in lowercase hex. */
    record Tally(long bytes, String sha256) {}

    private final URI uri;
    private final long cap;
    private final OptionalLong declared;
    private final Deadline deadline;
    private final Progress progress;

    CappedCopy(URI uri, long cap, OptionalLong declared, Deadline deadline, Progress progress) {
        this.uri = uri;
        this.cap = cap;
        this.declared = declared;
        this.deadline = deadline;
        this.progress = progress;
    }

    /**
     * Copies {@code body} to {@code sink} until the end of the body, then completes the deadline.
     *
     * @param sinkName what the sink is, for the message of a write failure
     * @throws FetchFailed TOO_LARGE at the cap, DEADLINE, or NETWORK (including a body shorter than
     *     its declared length)
     * @throws UncheckedIOException when the sink cannot be written
     */
    Tally copy(InputStream body, OutputStream sink, String sinkName) {
        MessageDigest sha256 = sha256();
        byte[] chunk = new byte[CHUNK];
        long received = 0;
        for (int n = read(body, chunk); n >= 0; n = read(body, chunk)) {
            if (n > cap - received) {
                throw FetchFailed.cutAtCap(uri, cap);
            }
            try {
                sink.write(chunk, 0, n);
            } catch (IOException e) {
                throw new UncheckedIOException("could not write " + sinkName, e);
            }
            sha256.update(chunk, 0, n);
            received += n;
            progress.update(received, declared);
        }
        deadline.complete(uri); // an abort by the deadline may look like the end of the body
        if (declared.isPresent() && declared.getAsLong() != received) {
            throw FetchFailed.truncated(uri, received, declared.getAsLong());
        }
        return new Tally(received, HexFormat.of().formatHex(sha256.digest()));
    }

    private int read(InputStream body, byte[] chunk) {
        try {
            return body.read(chunk);
        } catch (IOException e) {
            throw deadline.failure(uri, e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
