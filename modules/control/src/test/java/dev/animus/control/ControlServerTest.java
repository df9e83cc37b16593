package dev.animus.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.rpc.Handlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

class ControlServerTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Duration T = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private static Handlers echo() {
        return Handlers.builder()
                .on("test/echo", r -> r.respond(r.params()))
                .on("test/refuse", r -> {
                    throw new ControlError(
                            ErrorCategory.CONFLICT,
                            "it is taken",
                            Optional.of("animus daemon stop"),
                            JSON.objectNode().put("holder", 42));
                })
                .on("test/bug", r -> {
                    throw new IllegalStateException("secret internals /root/x");
                })
                .build();
    }

    @Test
    void aClientCallsThroughTheSocketWhichIsOnlyTheOwnersAndGoneAfterClose() throws Exception {
        Path socket = dir.resolve("d.sock");
        try (ControlServer server = ControlServer.bind(socket, echo(), ControlServer.Options.defaults());
                ControlClient client = ControlClient.connect(server.socket())) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
            JsonNode back = client.call("test/echo", JSON.objectNode().put("a", 1), T);
            assertEquals(1, back.path("a").asInt());
            assertEquals(1, server.connections());
        }
        assertFalse(Files.exists(socket), "the socket file is removed on close");
    }

    @Test
    void failuresArriveCategorisedWithTheirFixAndDetailAndABugNamesNoInternals() throws Exception {
        Path socket = dir.resolve("d.sock");
        try (ControlServer server = ControlServer.bind(socket, echo(), ControlServer.Options.defaults());
                ControlClient client = ControlClient.connect(server.socket())) {
            assertEquals(socket, server.socket());
            ControlError e = assertThrows(ControlError.class, () -> client.call("test/refuse", JSON.objectNode(), T));
            assertEquals(ErrorCategory.CONFLICT, e.category());
            assertEquals("it is taken", e.getMessage());
            assertEquals(Optional.of("animus daemon stop"), e.fix());
            assertEquals(42, e.detail().path("holder").asInt());

            ControlError bug = assertThrows(ControlError.class, () -> client.call("test/bug", JSON.objectNode(), T));
            assertEquals(ErrorCategory.INTERNAL, bug.category());
            assertFalse(bug.getMessage().contains("/root/x"), bug.getMessage());

            ControlError unknown =
                    assertThrows(ControlError.class, () -> client.call("test/nothing", JSON.objectNode(), T));
            assertEquals(ErrorCategory.NOT_SUPPORTED, unknown.category());
        }
    }

    @Test
    void aSocketPathOverTheKernelsLimitIsRefusedNamingItNeverTruncated() {
        Path deep = dir.resolve("x".repeat(120)).resolve("d.sock");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ControlServer.bind(deep, echo(), ControlServer.Options.defaults()));
        assertTrue(e.getMessage().contains(deep.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("107-byte limit"), e.getMessage());
        assertTrue(e.getMessage().contains("XDG_RUNTIME_DIR"), e.getMessage());
    }

    @Test
    void nothingListeningIsUnavailableNamingTheSocket() {
        Path socket = dir.resolve("none.sock");
        ControlError e = assertThrows(ControlError.class, () -> ControlClient.connect(socket));
        assertEquals(ErrorCategory.UNAVAILABLE, e.category());
        assertTrue(e.getMessage().contains(socket.toString()), e.getMessage());
    }

    @Test
    void sixteenClientsCallingAThousandTimesEachAtOnceGetTheirOwnAnswers() throws Exception {
        Path socket = dir.resolve("d.sock");
        try (ControlServer server = ControlServer.bind(socket, echo(), ControlServer.Options.defaults());
                var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> done = new ArrayList<>();
            for (int c = 0; c < 16; c++) {
                int client = c;
                Callable<Integer> calls = () -> {
                    try (ControlClient cc = ControlClient.connect(socket)) {
                        for (int i = 0; i < 1000; i++) {
                            JsonNode back = cc.call(
                                    "test/echo",
                                    JSON.objectNode().put("client", client).put("i", i),
                                    T);
                            if (back.path("client").asInt() != client
                                    || back.path("i").asInt() != i) {
                                throw new AssertionError("client " + client + " got " + back + " for call " + i);
                            }
                        }
                        return 1000;
                    }
                };
                done.add(pool.submit(calls));
            }
            int total = 0;
            for (Future<Integer> f : done) {
                total += f.get();
            }
            assertEquals(16_000, total);
            assertEquals(16, server.accepted());
        }
    }
}
