package dev.animus.daemon;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The daemon's own log, {@code <scope>.log} (docs/operations.md#the-daemons-files), as an
 * {@link OutputStream} the daemon points its stderr at (slf4j-simple writes there), rotated by
 * size: when a write would take the file past {@code maxBytes}, {@code .log.N-1} becomes
 * {@code .log.N} (the oldest beyond {@code keep} is removed), {@code .log} becomes {@code .log.1}
 * and a fresh {@code .log} is begun. A rotation happens at a line break when the write holds one,
 * so a line stays whole in one file; a single line longer than {@code maxBytes} is split. At most
 * {@code (keep + 1) × maxBytes} bytes are on disk. The files are 0600. Thread-safe.
 */
public final class DaemonLog extends OutputStream {
    /** The default size at which {@code .log} is rotated: 10 MiB. */
    public static final long DEFAULT_MAX_BYTES = 10L * 1024 * 1024;
    /** The default number of rotated files kept: {@code .log.1} to {@code .log.3}. */
    public static final int DEFAULT_KEEP = 3;

    private final Path file;
    private final long maxBytes;
    private final int keep;
    private FileChannel out;
    private long size;
    private boolean closed;
    private volatile Consumer<String> lines = line -> {};
    private final java.io.ByteArrayOutputStream partial = new java.io.ByteArrayOutputStream();

    private DaemonLog(Path file, long maxBytes, int keep) throws IOException {
        this.file = file;
        this.maxBytes = maxBytes;
        this.keep = keep;
        openCurrent();
    }

    /** The log of {@code scope} with the default limits (the run directory must exist). */
    public static DaemonLog open(DaemonScope scope) {
        return open(scope.logFile(), DEFAULT_MAX_BYTES, DEFAULT_KEEP);
    }

    /**
     * Appends to {@code file} (created 0600), rotating at {@code maxBytes} and keeping {@code keep}
     * rotated files.
     *
     * @throws DaemonFailure {@link DaemonFailure.Reason#FILES} when the file cannot be opened
     */
    public static DaemonLog open(Path file, long maxBytes, int keep) {
        Objects.requireNonNull(file, "file");
        if (maxBytes < 1 || keep < 1) {
            throw new IllegalArgumentException("a log keeps at least one rotated file of at least one byte");
        }
        try {
            return new DaemonLog(file, maxBytes, keep);
        } catch (IOException e) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.FILES,
                    "cannot open the daemon's log " + file + ": " + e.getMessage(),
                    "check the run directory " + file.getParent(),
                    e);
        }
    }

    /** A UTF-8 print stream over this log that flushes at each line, for {@code System.setErr}. */
    public PrintStream printStream() {
        return new PrintStream(this, true, StandardCharsets.UTF_8);
    }

    /**
     * Tells {@code listener} each whole line written from now on, without its line break (the
     * daemon's log router makes them entries: docs/daemon.md#logs). Called inside the write, so it
     * must hand the line off without blocking and must not log.
     */
    public void onLine(Consumer<String> listener) {
        this.lines = Objects.requireNonNull(listener, "listener");
    }

    /** The current file and the rotated ones that exist, newest first. */
    public List<Path> files() {
        List<Path> files = new ArrayList<>();
        files.add(file);
        for (int i = 1; i <= keep; i++) {
            Path p = rotated(i);
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                files.add(p);
            }
        }
        return files;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("the daemon's log " + file + " is closed");
        }
        tell(b, off, len);
        while (len > 0) {
            long room = maxBytes - size;
            if (len <= room) {
                append(b, off, len);
                return;
            }
            // what fits, up to its last line break; all that fits when a line is longer than a file
            int fit = (int) room;
            int cut = fit;
            while (cut > 0 && b[off + cut - 1] != '\n') {
                cut--;
            }
            if (cut == 0 && size == 0) {
                cut = fit;
            }
            if (cut > 0) {
                append(b, off, cut);
                off += cut;
                len -= cut;
            }
            rotate();
        }
    }

    private void tell(byte[] b, int off, int len) {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                partial.write(b, start, i - start);
                String line = partial.toString(StandardCharsets.UTF_8);
                partial.reset();
                start = i + 1;
                lines.accept(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
            }
        }
        if (start < off + len && partial.size() < 1 << 20) { // a line without an end is bounded too
            partial.write(b, start, off + len - start);
        }
    }

    private void append(byte[] b, int off, int len) throws IOException {
        var buffer = java.nio.ByteBuffer.wrap(b, off, len);
        while (buffer.hasRemaining()) {
            out.write(buffer);
        }
        size += len;
    }

    private void rotate() throws IOException {
        out.close();
        Files.deleteIfExists(rotated(keep));
        for (int i = keep - 1; i >= 1; i--) {
            Path from = rotated(i);
            if (Files.exists(from, LinkOption.NOFOLLOW_LINKS)) {
                Files.move(from, rotated(i + 1), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.move(file, rotated(1), StandardCopyOption.REPLACE_EXISTING);
        openCurrent();
    }

    private void openCurrent() throws IOException {
        out = FileChannel.open(
                file,
                Set.of(
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        StandardOpenOption.APPEND,
                        LinkOption.NOFOLLOW_LINKS),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        size = out.size();
    }

    private Path rotated(int n) {
        return file.resolveSibling(file.getFileName() + "." + n);
    }

    @Override
    public synchronized void flush() throws IOException {
        // each write goes straight to the file; nothing is buffered here
    }

    @Override
    public synchronized void close() throws IOException {
        if (!closed) {
            closed = true;
            out.close();
        }
    }

    /**
     * The last {@code lines} lines of the log {@code file} (for a start-up that failed: what the
     * daemon said before it died), read from its end, at most 64 KiB; empty when there is none.
     */
    public static List<String> tail(Path file, int lines) {
        if (lines < 1) {
            return List.of();
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long length = raf.length();
            int n = (int) Math.min(length, 64 * 1024);
            byte[] buf = new byte[n];
            raf.seek(length - n);
            raf.readFully(buf);
            String text = new String(buf, StandardCharsets.UTF_8);
            Deque<String> last = new ArrayDeque<>();
            for (String line : text.split("\n", -1)) {
                last.addLast(line);
                if (last.size() > lines + 1) {
                    last.removeFirst();
                }
            }
            if (!last.isEmpty() && last.peekLast().isEmpty()) {
                last.removeLast();
            }
            while (last.size() > lines) {
                last.removeFirst();
            }
            return List.copyOf(last);
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return List.of();
        } catch (IOException e) {
            return List.of();
        }
    }
}
