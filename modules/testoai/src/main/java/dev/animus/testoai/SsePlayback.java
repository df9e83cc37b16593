package dev.animus.testoai;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Plays one {@link SseReply} on one connection: the head, then each step as one chunk, while a
 * second thread reads the socket so that the client closing its end is seen at once (the request
 * was read whole, so the only thing left to read is the end of the stream).
 */
final class SsePlayback {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final SseReply reply;
    private final ExecutorService threads;
    private final AtomicBoolean stopping;
    /** Set once the server itself ends the connection: a close seen after it is not the client's. */
    private final AtomicBoolean serverDone = new AtomicBoolean();

    SsePlayback(
            Socket socket,
            InputStream in,
            OutputStream out,
            SseReply reply,
            ExecutorService threads,
            AtomicBoolean stopping) {
        this.socket = socket;
        this.in = in;
        this.out = out;
        this.reply = reply;
        this.threads = threads;
        this.stopping = stopping;
    }

    void play() throws IOException, InterruptedException {
        HttpWire.writeHead(
                out,
                200,
                List.of(
                        Map.entry("Content-Type", "text/event-stream"),
                        Map.entry("Cache-Control", "no-cache"),
                        Map.entry("Transfer-Encoding", "chunked")));
        out.flush();
        socket.setSoTimeout(0);
        threads.execute(this::watchClient);
        List<SseReply.Step> steps = reply.steps();
        for (int i = 0; i < steps.size(); i++) {
            SseReply.Step step = steps.get(i);
            if (!reply.awaitTurn(stopping)) {
                return;
            }
            if (i == steps.size() - 1) {
                serverDone.set(true); // the client may go as soon as it has read the last step
            }
            switch (step) {
                case SseReply.Step.Cut cut -> {
                    serverDone.set(true);
                    return; // closed by the caller without the terminating chunk
                }
                case SseReply.Step.Chunk chunk -> {
                    if (!write(chunk.text())) {
                        return;
                    }
                }
            }
            reply.stepSent();
        }
        serverDone.set(true);
        try {
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException e) {
            // the client had read what it wanted ([DONE]) and went: that is its right
        }
    }

    private boolean write(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        try {
            out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return true;
        } catch (IOException e) {
            if (!serverDone.get()) {
                reply.markClientClosed();
            }
            return false;
        }
    }

    private void watchClient() {
        try {
            while (in.read() >= 0) {
                // a client sends nothing after its request; anything else is ignored
            }
        } catch (IOException e) {
            // a reset, or the server closed the socket: decided below
        }
        if (!serverDone.get() && !stopping.get()) {
            reply.markClientClosed();
        }
    }
}
