package dev.animus.testoai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The fixture itself, spoken to over a plain socket. */
class FakeChatTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private static String post(FakeChat chat, String path, String body) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", chat.port())) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            socket.getOutputStream()
                    .write(("POST " + path
                                    + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                                    + bytes.length + "\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().write(bytes);
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aScriptedStreamIsSentAsChunkedEventsAndTheRequestIsRecorded() throws Exception {
        try (FakeChat chat = FakeChat.start()) {
            chat.reply(SseReply.builder().content("hi").done().build());
            String answer = post(chat, FakeChat.CHAT_PATH, "{\"stream\":true}");
            assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
            assertTrue(answer.contains("Transfer-Encoding: chunked"), answer);
            assertTrue(answer.contains("data: {\"id\":\"chatcmpl-fake\""), answer);
            assertTrue(answer.contains("\"delta\":{\"content\":\"hi\"}"), answer);
            assertTrue(answer.endsWith("data: [DONE]\n\n\r\n0\r\n\r\n"), answer);
            RecordedRequest request = chat.awaitRequest(0, WAIT);
            assertEquals("{\"stream\":true}", request.body());
            assertEquals("application/json", request.header("content-type").orElseThrow());
        }
    }

    @Test
    void anUnscriptedRequestAndAnotherPathGetOpenAiErrors() throws Exception {
        try (FakeChat chat = FakeChat.start()) {
            String none = post(chat, FakeChat.CHAT_PATH, "{}");
            assertTrue(none.startsWith("HTTP/1.1 500 "), none);
            assertTrue(none.contains("{\"error\":{\"message\":\"no reply scripted for request 0\""), none);
            String elsewhere = post(chat, "/v1/models", "");
            assertTrue(elsewhere.startsWith("HTTP/1.1 404 "), elsewhere);
            assertEquals(2, chat.requests().size());
        }
    }

    @Test
    void aPacedReplyWaitsForEachReleaseAndSeesTheClientGo() throws Exception {
        try (FakeChat chat = FakeChat.start()) {
            SseReply reply =
                    SseReply.builder().content("a").content("b").done().paced().build();
            chat.reply(reply);
            try (Socket socket = new Socket("127.0.0.1", chat.port())) {
                socket.getOutputStream()
                        .write(("POST " + FakeChat.CHAT_PATH + " HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
                                .getBytes(StandardCharsets.ISO_8859_1));
                chat.awaitRequest(0, WAIT);
                assertEquals(0, reply.sent());
                reply.release(1);
                assertTrue(reply.awaitSent(1, WAIT));
                assertFalse(reply.awaitSent(2, Duration.ofMillis(100)), "a step went without its release");
                assertFalse(reply.clientClosed());
            }
            assertTrue(reply.awaitClientClosed(WAIT), "the client's close was not seen");
        }
    }
}
