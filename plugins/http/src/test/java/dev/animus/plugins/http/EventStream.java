package dev.animus.plugins.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A browser of {@code GET /events} over a raw socket: a reader thread decodes the chunked body into
 * server-sent events (comments and {@code retry} apart) and queues them; the end of the stream is
 * an event of type {@code "<end>"}.
 */
final class EventStream implements AutoCloseable {
    /** One server-sent event. */
    record Event(String type, String data) {}

    private final Socket socket;
    private final LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
    final Map<String, List<String>> headers;
    final int status;

    EventStream(int port, Map<String, String> headers) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.getOutputStream().write(Http.head("GET", "/events", headers, 0).getBytes(StandardCharsets.ISO_8859_1));
        InputStream in = socket.getInputStream();
        status = Http.status(in);
        this.headers = Http.headers(in);
        Thread.ofVirtual().start(() -> read(in));
    }

    private void read(InputStream in) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        try {
            while (true) {
                int size = Integer.parseInt(Http.line(in).split(";")[0].strip(), 16);
                if (size == 0) {
                    break;
                }
                text.write(in.readNBytes(size));
                Http.line(in);
                split(text);
            }
        } catch (IOException | RuntimeException e) {
            // the connection ended
        }
        events.add(new Event("<end>", ""));
    }

    /** Moves each complete event (ended by a blank line) out of {@code text}. */
    private void split(ByteArrayOutputStream text) {
        String all = text.toString(StandardCharsets.UTF_8);
        int end;
        while ((end = all.indexOf("\n\n")) >= 0) {
            String block = all.substring(0, end);
            all = all.substring(end + 2);
            String type = "message";
            StringBuilder data = new StringBuilder();
            boolean any = false;
            for (String line : block.split("\n")) {
                if (line.startsWith("event: ")) {
                    type = line.substring(7);
                    any = true;
                } else if (line.startsWith("data: ")) {
                    data.append(line.substring(6));
                    any = true;
                } else if (line.startsWith(":")) {
                    events.add(new Event("<comment>", line.substring(1).strip()));
                } else if (line.startsWith("retry: ")) {
                    events.add(new Event("<retry>", line.substring(7)));
                }
            }
            if (any) {
                events.add(new Event(type, data.toString()));
            }
        }
        text.reset();
        text.writeBytes(all.getBytes(StandardCharsets.UTF_8));
    }

    /** The next event within {@code seconds}, if any. */
    Optional<Event> next(long seconds) {
        try {
            return Optional.ofNullable(events.poll(seconds, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The next event of a type other than comments and retry; fails after 30 s. */
    Event nextEvent() {
        while (true) {
            Event e = next(30).orElseThrow(() -> new AssertionError("no event within 30 s"));
            if (!e.type().startsWith("<") || e.type().equals("<end>")) {
                return e;
            }
        }
    }

    void expectRetry() {
        Event e = next(30).orElseThrow(() -> new AssertionError("no retry line within 30 s"));
        assertEquals(new Event("<retry>", "1000"), e);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
