package dev.animus.rpc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;

/** A real OS pipe as a pair of streams (both ends close asynchronously, like a child's stdio). */
record Pipes(InputStream in, OutputStream out) {
    static Pipes open() {
        try {
            Pipe pipe = Pipe.open();
            return new Pipes(Channels.newInputStream(pipe.source()), Channels.newOutputStream(pipe.sink()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
