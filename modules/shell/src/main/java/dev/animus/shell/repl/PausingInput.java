package dev.animus.shell.repl;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The terminal's input as a command reads it in the shell (the answer to a {@code [y/N]} question):
 * while a read waits, the {@link Spinner} is not drawn.
 */
final class PausingInput extends FilterInputStream {
    private final Spinner spinner;

    PausingInput(InputStream in, Spinner spinner) {
        super(in);
        this.spinner = spinner;
    }

    @Override
    public int read() throws IOException {
        spinner.pause();
        try {
            return super.read();
        } finally {
            spinner.resume();
        }
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
        spinner.pause();
        try {
            return super.read(bytes, offset, length);
        } finally {
            spinner.resume();
        }
    }

    /** The terminal's input stays open: the shell reads its next line from it. */
    @Override
    public void close() {}
}
