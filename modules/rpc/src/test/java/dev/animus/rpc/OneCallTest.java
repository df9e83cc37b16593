package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * One call on the caller's thread over a real Unix socket: the answer found among what a peer may
 * send first (notifications, other ids, garbage, a frame cut over many reads), its error answer,
 * its silence, and its hang-up.
 */
class OneCallTest {
    @TempDir
    Path dir;

    /** A peer that reads one line, remembers it, then writes {@code reply} (in pieces) and maybe closes. */
    private CompletableFuture<String> peer(ServerSocketChannel server, String reply, boolean close) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                SocketChannel c = server.accept();
                var in = new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8));
                String request = in.readLine();
                var out = Channels.newOutputStream(c);
                byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
                for (int i = 0; i < bytes.length; i += 7) { // a frame arrives over several reads
                    out.write(bytes, i, Math.min(7, bytes.length - i));
                    out.flush();
                }
                if (close) {
                    c.close();
                }
                return request;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    private ServerSocketChannel listen() throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(dir.resolve("s.sock")));
        return server;
    }

    private SocketChannel connect() throws IOException {
        SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
        c.connect(UnixDomainSocketAddress.of(dir.resolve("s.sock")));
        return c;
    }

    @Test
    void theAnswerIsFoundAfterNotificationsOtherIdsAndGarbage() throws Exception {
        try (ServerSocketChannel server = listen()) {
            CompletableFuture<String> seen = peer(server, """
                    {"jsonrpc":"2.0","method":"daemon/event","params":{"id":1}}
                    not json at all
                    {"jsonrpc":"2.0","id":2,"result":{"wrong":true}}
                    {"jsonrpc":"2.0","id":1,"method":"ask/back","params":{}}
                    {"jsonrpc":"2.0","id":1,
                      "result":{"candidates":["a","b\\u00e9"]}}
                    """, false);
            try (SocketChannel c = connect()) {
                JsonNode r = OneCall.call(
                        c,
                        "completion/complete",
                        JsonNodeFactory.instance.objectNode().put("partial", "é"),
                        Duration.ofSeconds(30));
                assertEquals("bé", r.path("candidates").path(1).asString());
            }
            assertEquals(
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"completion/complete\",\"params\":{\"partial\":\"é\"}}",
                    seen.get(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void anErrorAnswerIsTheRemoteError() throws Exception {
        try (ServerSocketChannel server = listen()) {
            peer(
                    server,
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"no such method\"}}\n",
                    false);
            try (SocketChannel c = connect()) {
                RemoteError e = assertThrows(
                        RemoteError.class,
                        () -> OneCall.call(c, "x/y", JsonNodeFactory.instance.objectNode(), Duration.ofSeconds(30)));
                assertEquals(-32601, e.code());
                assertEquals("no such method", e.message());
                assertTrue(e.data().isMissingNode());
            }
        }
    }

    @Test
    void aPeerThatHangsUpOrStaysSilentEndsTheCall() throws Exception {
        try (ServerSocketChannel server = listen()) {
            peer(server, "{\"jsonrpc\":\"2.0\",\"method\":\"n\"}\n", true);
            try (SocketChannel c = connect()) {
                ConnectionLost lost = assertThrows(
                        ConnectionLost.class,
                        () -> OneCall.call(c, "x/y", JsonNodeFactory.instance.objectNode(), Duration.ofSeconds(30)));
                assertTrue(lost.getMessage().contains("before it answered x/y"), lost.getMessage());
            }
            CompletableFuture<String> silent = peer(server, "", false);
            try (SocketChannel c = connect()) {
                RequestTimedOut timedOut = assertThrows(
                        RequestTimedOut.class,
                        () -> OneCall.call(c, "x/y", JsonNodeFactory.instance.objectNode(), Duration.ofMillis(200)));
                assertTrue(timedOut.getMessage().contains("x/y"), timedOut.getMessage());
                assertEquals(
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x/y\",\"params\":{}}",
                        silent.get(30, TimeUnit.SECONDS));
            }
        }
    }
}
