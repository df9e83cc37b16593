package dev.animus.fetch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTPS client for bounded downloads (docs/security.md#downloads-and-archives). Thread-safe;
 * one instance serves many concurrent downloads.
 *
 * <p>Every download follows redirects by hand: every hop, the first URL included, must be
 * {@code https://} with a host the {@link FetchPolicy} allows, checked before it is requested (so a
 * refused hop is never contacted); at most {@link FetchPolicy#maxRedirects()} are followed. One
 * deadline, {@link FetchPolicy#deadline()}, bounds everything: redirects, headers and body (a body
 * that stalls trips it). The body is capped at {@link FetchPolicy#maxBytes()}: a declared
 * {@code Content-Length} over the cap is refused before a byte is read; without one the body is
 * counted and cut at the cap. Only the {@link TrustAnchors} given at creation are trusted.
 *
 * <p>Failures are {@link FetchFailed} with a typed reason, except local file errors, which are
 * {@link UncheckedIOException}s naming the file. Logs go to slf4j at debug level only.
 *
 * <p>States: open → closed. {@link #close()} shuts the client down; downloads still running fail.
 */
public final class Fetcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Fetcher.class);
    /** How long close waits for running exchanges before it aborts them. */
    private static final Duration CLOSE_GRACE = Duration.ofSeconds(5);

    private final HttpClient client;
    private final ExecutorService executor;
    private final Redirects redirects;

    private Fetcher(HttpClient client, ExecutorService executor) {
        this.client = client;
        this.executor = executor;
        this.redirects = new Redirects(client, userAgent());
    }

    /** A client trusting exactly {@code anchors}, with no automatic redirects and no cookies. */
    public static Fetcher create(TrustAnchors anchors) {
        Objects.requireNonNull(anchors, "anchors");
        ExecutorService executor = FetchThreads.client();
        HttpClient client = HttpClient.newBuilder()
                .sslContext(anchors.sslContext())
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1)
                .executor(executor)
                .build();
        return new Fetcher(client, executor);
    }

    /**
     * Downloads {@code uri} into {@code target}, which is created or replaced (mode {@code 0600}) in
     * one atomic rename once the body is complete; on any failure the partial file is deleted and an
     * existing target is left as it was.
     *
     * @param progress told the bytes received after every chunk, with the declared length if any
     * @return the final URI, the byte count and the SHA-256 of what was written
     * @throws FetchFailed when a hop is refused, a bound is hit, the server answers a non-success
     *     status, or the network fails
     * @throws UncheckedIOException when the target cannot be written
     */
    public Downloaded download(URI uri, Path target, FetchPolicy policy, Progress progress) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(progress, "progress");
        try (Deadline deadline = Deadline.start(policy.deadline());
                Answer answer = redirects.follow(uri, policy, deadline)) {
            OptionalLong declared = answer.declaredLength(policy.maxBytes());
            CappedCopy copy = new CappedCopy(answer.uri(), policy.maxBytes(), declared, deadline, progress);
            try (PartialFile partial = PartialFile.beside(target)) {
                CappedCopy.Tally tally;
                try (OutputStream out = partial.open()) {
                    tally = copy.copy(answer.body(), out, partial.name());
                } catch (IOException e) {
                    throw new UncheckedIOException("could not write " + partial.name(), e);
                }
                partial.publish();
                LOG.debug("downloaded {} ({} bytes) into {}", Shown.url(answer.uri()), tally.bytes(), target);
                return new Downloaded(answer.uri(), tally.bytes(), tally.sha256());
            }
        }
    }

    /**
     * The same as {@link #download}, into memory, for small documents (API JSON, checksum files);
     * {@link FetchPolicy#maxBytes()} is the cap.
     *
     * @throws FetchFailed as {@link #download} does
     */
    public byte[] fetchBytes(URI uri, FetchPolicy policy) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(policy, "policy");
        try (Deadline deadline = Deadline.start(policy.deadline());
                Answer answer = redirects.follow(uri, policy, deadline)) {
            OptionalLong declared = answer.declaredLength(policy.maxBytes());
            ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(declared.orElse(8192), 1 << 20));
            new CappedCopy(answer.uri(), policy.maxBytes(), declared, deadline, Progress.none())
                    .copy(answer.body(), out, "memory");
            return out.toByteArray();
        }
    }

    /**
     * Shuts the client down: waits a few seconds for running exchanges, then aborts them. Idempotent.
     */
    @Override
    public void close() {
        client.shutdown();
        try {
            if (!client.awaitTermination(CLOSE_GRACE)) {
                client.shutdownNow();
            }
        } catch (InterruptedException e) {
            client.shutdownNow();
            Thread.currentThread().interrupt();
        } finally {
            executor.shutdownNow();
        }
    }

    /** {@code animus/<version of this module>}, or {@code animus/dev} outside a versioned module. */
    private static String userAgent() {
        return "animus/"
                + Optional.ofNullable(Fetcher.class.getModule().getDescriptor()) // null when unnamed
                        .flatMap(ModuleDescriptor::rawVersion)
                        .orElse("dev");
    }
}
