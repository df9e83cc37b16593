package dev.animus.plugins.oai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.testoai.ErrorReply;
import dev.animus.testoai.FakeChat;
import dev.animus.testoai.RawReply;
import dev.animus.testoai.SseReply;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The HTTP side against a real loopback server. */
class ChatStreamTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String BODY =
            "{\"model\":\"m\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";

    private final FakeChat chat = FakeChat.start();
    private final List<StreamEvent> events = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        chat.close();
    }

    private ChatEndpoint endpoint(Optional<String> key) {
        return new ChatEndpoint(chat.baseUrl(), key);
    }

    private StreamSummary run(ChatLimits limits) {
        try (ChatStream stream = new ChatStream(endpoint(Optional.empty()), limits, BODY)) {
            return stream.read(events::add);
        }
    }

    private ChatFailure failure(ChatLimits limits) {
        return assertThrows(ChatFailed.class, () -> run(limits)).failure();
    }

    @Test
    void textArrivesInOrderAndTheRequestIsTheBodyGiven() throws Exception {
        chat.reply(SseReply.builder()
                .content("The ")
                .content("quick ")
                .comment("keep-alive")
                .content("fox")
                .finish("stop")
                .done()
                .build());
        StreamSummary summary = run(ChatLimits.DEFAULT);
        assertEquals(
                List.of(
                        new StreamEvent.Output("The "),
                        new StreamEvent.Output("quick "),
                        new StreamEvent.Output("fox"),
                        new StreamEvent.Done()),
                events);
        assertEquals("The quick fox", summary.text());
        assertEquals(Optional.of("stop"), summary.finishReason());
        var request = chat.awaitRequest(0, WAIT);
        assertEquals(BODY, request.body());
        assertEquals(Optional.of("text/event-stream"), request.header("Accept"));
        assertEquals(Optional.empty(), request.header("Authorization"));
    }

    @Test
    void theKeyGoesAsABearerTokenAndNeverIntoText() throws Exception {
        chat.reply(SseReply.builder().content("x").done().build());
        ChatEndpoint endpoint = endpoint(Optional.of("sk-secret-123"));
        try (ChatStream stream = new ChatStream(endpoint, ChatLimits.DEFAULT, BODY)) {
            stream.read(events::add);
        }
        assertEquals(
                Optional.of("Bearer sk-secret-123"), chat.awaitRequest(0, WAIT).header("authorization"));
        assertFalse(endpoint.toString().contains("sk-secret"), endpoint.toString());
    }

    @Test
    void thinkingAndToolCallsAreTyped() {
        chat.reply(SseReply.builder()
                .reasoning("let me see")
                .toolCall(0, "call_9", "read_file", "{\"path\":")
                .toolCall(0, "", "", "\"a.txt\"}")
                .finish("tool_calls")
                .usage(5, 7)
                .done()
                .build());
        StreamSummary summary = run(ChatLimits.DEFAULT);
        assertEquals(
                List.of(
                        new StreamEvent.Thinking("let me see"),
                        new StreamEvent.ToolCalled(new ToolCall("call_9", "read_file", "{\"path\":\"a.txt\"}")),
                        new StreamEvent.Done()),
                events);
        assertEquals(12, summary.usage().orElseThrow().path("total_tokens").asInt());
    }

    @Test
    void a500IsAnErrorWithTheServersMessage() {
        chat.reply(new ErrorReply(500, "the model crashed"));
        var failure = assertInstanceOf(ChatFailure.Status.class, failure(ChatLimits.DEFAULT));
        assertEquals(500, failure.status());
        assertTrue(failure.message().contains("the model crashed"), failure.message());
        assertTrue(failure.recoverable());
    }

    @Test
    void anErrorBodyThatIsNotJsonGivesItsFirstLine() {
        chat.reply(new RawReply(502, java.util.Map.of("Content-Type", "text/plain"), "Bad gateway\nmore"));
        var failure = assertInstanceOf(ChatFailure.Status.class, failure(ChatLimits.DEFAULT));
        assertTrue(failure.message().contains("502: Bad gateway"), failure.message());
    }

    @Test
    void anErrorInTheStreamIsTheServersMessage() {
        chat.reply(SseReply.builder().content("par").error("out of memory").build());
        var failure = assertInstanceOf(ChatFailure.InStream.class, failure(ChatLimits.DEFAULT));
        assertTrue(failure.message().contains("out of memory"), failure.message());
        assertEquals(List.of(new StreamEvent.Output("par")), events);
    }

    @Test
    void aStreamCutMidWayIsAClearError() {
        chat.reply(SseReply.builder().content("half").cut().build());
        var failure = assertInstanceOf(ChatFailure.Cut.class, failure(ChatLimits.DEFAULT));
        assertTrue(failure.message().contains("[DONE] never came"), failure.message());
        assertEquals(List.of(new StreamEvent.Output("half")), events);
    }

    @Test
    void aStreamThatEndsCleanlyWithoutDoneIsCutToo() {
        chat.reply(SseReply.builder().content("half").build());
        assertInstanceOf(ChatFailure.Cut.class, failure(ChatLimits.DEFAULT));
    }

    @Test
    void aRedirectIsNeverFollowedAndNamesTheOtherHost() throws Exception {
        chat.reply(RawReply.redirect(307, "http://elsewhere.example:9/v1/chat/completions"));
        var failure = assertInstanceOf(ChatFailure.Redirected.class, failure(ChatLimits.DEFAULT));
        assertEquals("elsewhere.example", failure.locationHost());
        assertTrue(failure.message().contains("'elsewhere.example'"), failure.message());
        assertEquals(1, chat.requests().size());
    }

    @Test
    void theResponseCapHolds() {
        var reply = SseReply.builder();
        for (int i = 0; i < 50; i++) {
            reply.content("x".repeat(100));
        }
        chat.reply(reply.done().build());
        ChatLimits small = new ChatLimits(Duration.ofSeconds(5), Duration.ofSeconds(10), 2_000, 1_000);
        var failure = assertInstanceOf(ChatFailure.TooLarge.class, failure(small));
        assertTrue(failure.message().contains("2000 bytes"), failure.message());
        assertTrue(events.size() < 50, "read past the cap: " + events.size());
    }

    @Test
    void aSilentServerIsCutAfterTheIdleBound() throws Exception {
        SseReply reply = SseReply.builder()
                .content("first")
                .content("never")
                .done()
                .paced()
                .build();
        chat.reply(reply);
        reply.release(1);
        ChatLimits impatient = new ChatLimits(Duration.ofSeconds(5), Duration.ofMillis(300), 1 << 20, 1 << 16);
        var failure = assertInstanceOf(ChatFailure.Silent.class, failure(impatient));
        assertTrue(failure.headReceived());
        assertTrue(reply.awaitClientClosed(WAIT), "the server never saw the connection closed");
    }

    @Test
    void cancelClosesTheConnectionAndTheServerSeesIt() throws Exception {
        SseReply reply =
                SseReply.builder().content("one").content("two").done().paced().build();
        chat.reply(reply);
        reply.release(1);
        ChatStream stream = new ChatStream(endpoint(Optional.empty()), ChatLimits.DEFAULT, BODY);
        var result = CompletableFuture.supplyAsync(() -> {
            try (stream) {
                return stream.read(events::add);
            }
        });
        assertTrue(reply.awaitSent(1, WAIT));
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (events.isEmpty() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(List.of(new StreamEvent.Output("one")), events);
        stream.cancel();
        assertTrue(reply.awaitClientClosed(WAIT), "the server never saw the connection closed");
        var thrown =
                assertThrows(java.util.concurrent.ExecutionException.class, () -> result.get(10, TimeUnit.SECONDS));
        assertInstanceOf(ChatFailure.Cancelled.class, ((ChatFailed) thrown.getCause()).failure());
    }

    @Test
    void aServerThatIgnoresStreamingAndAnswersOneCompletionIsReadToo() {
        chat.reply(new RawReply(
                200,
                java.util.Map.of("Content-Type", "application/json"),
                "{\"model\":\"m\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
                        + "\"content\":\"all at once\"},\"finish_reason\":\"stop\"}]}"));
        StreamSummary summary = run(ChatLimits.DEFAULT);
        assertEquals(List.of(new StreamEvent.Output("all at once"), new StreamEvent.Done()), events);
        assertEquals(Optional.of("stop"), summary.finishReason());
    }

    @Test
    void jsonThatIsNotACompletionIsNoAnswer() {
        chat.reply(new RawReply(200, java.util.Map.of("Content-Type", "application/json"), "{\"hello\":1}"));
        var failure = failure(ChatLimits.DEFAULT);
        assertTrue(failure.message().contains("not a chat completion"), failure.message());
    }

    @Test
    void aServerThatIsNotThereIsUnreachable() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ChatEndpoint nowhere = new ChatEndpoint(URI.create("http://127.0.0.1:" + port + "/v1"), Optional.empty());
        try (ChatStream stream = new ChatStream(nowhere, ChatLimits.DEFAULT, BODY)) {
            var failure = assertThrows(ChatFailed.class, () -> stream.read(events::add))
                    .failure();
            assertInstanceOf(ChatFailure.Unreachable.class, failure);
            assertTrue(failure.message().contains("OPENAI_BASE_URL"), failure.message());
        }
    }
}
