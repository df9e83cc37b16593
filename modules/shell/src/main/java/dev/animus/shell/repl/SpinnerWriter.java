package dev.animus.shell.repl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Objects;

/**
 * A command's output stream in the interactive shell: every write erases the {@link Spinner}
 * first and restarts its quiet second. Closing it only flushes: the stream under it belongs to the
 * terminal.
 */
final class SpinnerWriter extends Writer {
    private final Writer delegate;
    private final Spinner spinner;

    SpinnerWriter(Writer delegate, Spinner spinner) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.spinner = Objects.requireNonNull(spinner, "spinner");
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, chars.length);
        if (length > 0) {
            through(() -> delegate.write(chars, offset, length), chars[offset + length - 1]);
        }
    }

    @Override
    public void write(String text, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, text.length());
        if (length > 0) {
            through(() -> delegate.write(text, offset, length), text.charAt(offset + length - 1));
        }
    }

    @Override
    public void flush() throws IOException {
        delegate.flush();
    }

    @Override
    public void close() throws IOException {
        delegate.flush();
    }

    private interface Io {
        void run() throws IOException;
    }

    /** Runs {@code write} through the spinner, its {@link IOException} passed on as it is. */
    private void through(Io write, char last) throws IOException {
        try {
            spinner.write(
                    () -> {
                        try {
                            write.run();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    },
                    last);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
