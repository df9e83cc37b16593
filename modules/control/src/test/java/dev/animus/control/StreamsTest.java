package dev.animus.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.rpc.Handlers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.JsonNodeFactory;

@SuppressWarnings("try") // a server open for the length of a test is referenced by its clients only
class StreamsTest {
    private static final Duration T = Duration.ofSeconds(30);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aStreamIsAckedThenItsEventsInOrderThenClosedWithItsReason() throws Exception {
        Handlers h = Handlers.builder()
                .on("test/count", r -> {
                    try (ControlStream s = ControlStream.open(r, "test", 16)) {
                        for (int i = 0; i < 5; i++) {
                            s.emit(JsonNodeFactory.instance.numberNode(i));
                        }
                        s.close("end");
                    }
                })
                .build();
        Path socket = dir.resolve("s.sock");
        try (ControlServer server = ControlServer.bind(socket, h, ControlServer.Options.defaults());
                ControlClient client = ControlClient.connect(socket);
                ControlSubscription sub = client.follow("test/count", JsonNodeFactory.instance.objectNode(), 64)) {
            List<Integer> got = new ArrayList<>();
            while (true) {
                StreamEvent e = sub.next(T).orElseThrow();
                if (e instanceof StreamEvent.Closed c) {
                    assertEquals("end", c.reason());
                    break;
                }
                got.add(assertInstanceOf(StreamEvent.Data.class, e).data().asInt());
            }
            assertEquals(List.of(0, 1, 2, 3, 4), got);
        }
    }

    @Test
    void closingTheSubscriptionCancelsTheStreamAtTheServer() throws Exception {
        CompletableFuture<Void> ended = new CompletableFuture<>();
        CountDownLatch opened = new CountDownLatch(1);
        Handlers h = Handlers.builder()
                .on("test/forever", r -> {
                    ControlStream s = ControlStream.open(r, "test", 16);
                    s.whenEnded().thenRun(() -> ended.complete(null));
                    s.emit(JsonNodeFactory.instance.stringNode("first"));
                    opened.countDown();
                    s.awaitEnd();
                })
                .build();
        Path socket = dir.resolve("s.sock");
        try (ControlServer server = ControlServer.bind(socket, h, ControlServer.Options.defaults());
                ControlClient client = ControlClient.connect(server.socket())) {
            ControlSubscription sub = client.follow("test/forever", JsonNodeFactory.instance.objectNode(), 64);
            assertTrue(opened.await(30, TimeUnit.SECONDS));
            assertEquals(
                    "first",
                    ((StreamEvent.Data) sub.next(T).orElseThrow()).data().asString());
            sub.close();
            ended.get(30, TimeUnit.SECONDS); // the daemon's side saw $/cancelRequest
        }
    }

    /**
     * A client that stops reading: the daemon keeps at most the stream's capacity, counts the rest,
     * and says {@code lagged} once the client reads again.
     */
    @Test
    void aClientThatStopsReadingGetsLaggedAndTheServerHoldsNoMoreThanTheCapacity() throws Exception {
        int capacity = 64;
        CompletableFuture<ControlStream> stream = new CompletableFuture<>();
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch flooded = new CountDownLatch(1);
        Handlers h = Handlers.builder()
                .on("test/flood", r -> {
                    ControlStream s = ControlStream.open(r, "test", capacity);
                    stream.complete(s);
                    String pad = "x".repeat(1000);
                    // until the socket buffers are full and the stream has dropped some
                    for (int i = 0; s.missed() < 1000; i++) {
                        s.emit(JsonNodeFactory.instance.objectNode().put("i", i).put("pad", pad));
                    }
                    flooded.countDown();
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    s.close("end");
                })
                .build();
        Path socket = dir.resolve("s.sock");
        try (ControlServer server = ControlServer.bind(socket, h, ControlServer.Options.defaults());
                SocketChannel raw = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            raw.connect(UnixDomainSocketAddress.of(server.socket()));
            raw.write(ByteBuffer.wrap(
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"test/flood\"}\n".getBytes(StandardCharsets.UTF_8)));
            ControlStream s = stream.get(30, TimeUnit.SECONDS);
            // nothing read yet: the producer runs until a thousand values were dropped
            assertTrue(flooded.await(60, TimeUnit.SECONDS), "the producer never had to drop values");
            go.countDown();
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(Channels.newInputStream(raw), StandardCharsets.UTF_8));
            long lagged = 0;
            int data = 0;
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode m = MAPPER.readTree(line);
                if ("subscription/closed".equals(m.path("method").asString(""))) {
                    break;
                }
                JsonNode p = m.path("params");
                if (p.has("lagged")) {
                    lagged += p.path("lagged").path("missed").asLong();
                } else if (p.has("data")) {
                    data++;
                }
            }
            assertTrue(lagged >= 1000, "lagged " + lagged);
            assertEquals(s.missed(), lagged, "every dropped value is reported");
            assertTrue(data > 0, "the values held were sent");
        }
    }
}
