package dev.animus.sdk.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.control.ControlError;
import dev.animus.control.ControlServer;
import dev.animus.control.ControlStream;
import dev.animus.control.ErrorCategory;
import dev.animus.rpc.Handlers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** The sdk's control client against the control module's real server on a real Unix socket. */
class ControlSocketTest {
    private static final Duration T = Duration.ofSeconds(30);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @TempDir
    Path dir;

    private final CountDownLatch release = new CountDownLatch(1);

    private Handlers handlers() {
        return Handlers.builder()
                .on("test/echo", r -> r.respond(r.params()))
                .on("test/refuse", r -> {
                    throw new ControlError(
                            ErrorCategory.NOT_FOUND, "no queue is installed", Optional.empty(), JSON.objectNode());
                })
                .on("test/count", r -> {
                    try (ControlStream s = ControlStream.open(r, "test", 1024)) {
                        for (int i = 0; i < r.params().path("n").asInt(); i++) {
                            s.emit(JSON.objectNode().put("i", i));
                        }
                        s.close("done");
                    }
                })
                .on("test/hang", r -> {
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    r.respond(JSON.objectNode());
                })
                .build();
    }

    @Test
    void aCallGetsItsResultAndARefusalItsCodeMessageAndCategory() {
        Path socket = dir.resolve("c.sock");
        try (ControlServer server = ControlServer.bind(socket, handlers(), ControlServer.Options.defaults());
                ControlSocket client = ControlSocket.connect(server.socket())) {
            JsonNode got = client.call("test/echo", Map.of("a", 1), T);
            assertEquals(1, got.path("a").asInt(), got.toString());
            ControlException e = assertThrows(ControlException.class, () -> client.call("test/refuse", null, T));
            assertEquals(-32602, e.code());
            assertEquals("not_found", e.category());
            assertEquals("no queue is installed", e.getMessage());
            ControlException unknown = assertThrows(ControlException.class, () -> client.call("test/nothing", null, T));
            assertEquals(-32601, unknown.code(), unknown.getMessage());
        }
    }

    @Test
    void aStreamGivesItsValuesInOrderThenItsEnd() {
        Path socket = dir.resolve("c.sock");
        try (ControlServer server = ControlServer.bind(socket, handlers(), ControlServer.Options.defaults());
                ControlSocket client = ControlSocket.connect(server.socket());
                var s = client.stream("test/count", Map.of("n", 50), T)) {
            List<Integer> got = new ArrayList<>();
            for (Optional<JsonNode> v = s.next(T); v.isPresent(); v = s.next(T)) {
                got.add(v.get().path("i").asInt());
            }
            assertEquals(50, got.size());
            for (int i = 0; i < 50; i++) {
                assertEquals(i, got.get(i));
            }
            assertEquals("done", s.closedReason());
            assertEquals(0, s.missed());
            assertTrue(s.next(T).isEmpty(), "the end stays the end");
        }
    }

    @Test
    void manyThreadsCallAtOnceAndEachGetsItsOwnAnswer() throws Exception {
        Path socket = dir.resolve("c.sock");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try (ControlServer server = ControlServer.bind(socket, handlers(), ControlServer.Options.defaults());
                ControlSocket client = ControlSocket.connect(server.socket())) {
            List<Future<Boolean>> all = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                all.add(pool.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        JsonNode got = client.call("test/echo", Map.of("t", thread, "i", i), T);
                        if (got.path("t").asInt() != thread || got.path("i").asInt() != i) {
                            return false;
                        }
                        if (i % 10 == 0) {
                            var s = client.stream("test/count", Map.of("n", 3), T);
                            int n = 0;
                            while (s.next(T).isPresent()) {
                                n++;
                            }
                            if (n != 3) {
                                return false;
                            }
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : all) {
                assertTrue(f.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theDaemonGoingAwayFailsAPendingCallAsUnavailable() throws Exception {
        Path socket = dir.resolve("c.sock");
        ControlServer server = ControlServer.bind(socket, handlers(), ControlServer.Options.defaults());
        try (ControlSocket client = ControlSocket.connect(server.socket())) {
            var failed = Executors.newSingleThreadExecutor()
                    .submit(() -> assertThrows(ControlException.class, () -> client.call("test/hang", null, T)));
            client.call("test/echo", null, T); // the connection is up, the hang is pending
            server.close();
            ControlException e = failed.get(30, TimeUnit.SECONDS);
            assertEquals(ControlException.UNAVAILABLE, e.category());
            release.countDown();
            long deadline = System.nanoTime() + T.toNanos();
            while (client.isOpen() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertFalse(client.isOpen());
            assertThrows(ControlException.class, () -> client.call("test/echo", null, T));
        } finally {
            release.countDown();
        }
    }

    @Test
    void nothingListeningIsUnavailable() {
        ControlException e =
                assertThrows(ControlException.class, () -> ControlSocket.connect(dir.resolve("none.sock")));
        assertEquals(ControlException.UNAVAILABLE, e.category());
    }
}
