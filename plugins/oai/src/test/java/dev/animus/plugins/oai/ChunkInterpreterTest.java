package dev.animus.plugins.oai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ChunkInterpreterTest {
    private final ChunkInterpreter interpreter = new ChunkInterpreter();

    private List<StreamEvent> read(String... data) {
        List<StreamEvent> out = new ArrayList<>();
        for (String d : data) {
            out.addAll(interpreter.accept(new SseItem.Event("message", d)));
        }
        return out;
    }

    private static String delta(String delta) {
        return "{\"model\":\"m1\",\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":null}]}";
    }

    @Test
    void contentIsOutputAndReasoningIsThinkingInTheOrderSent() {
        var events = read(
                delta("{\"role\":\"assistant\",\"content\":null}"),
                delta("{\"reasoning_content\":\"hmm\"}"),
                delta("{\"reasoning\":\" ok\"}"),
                delta("{\"content\":\"Hel\"}"),
                delta("{\"content\":\"lo\"}"),
                "[DONE]");
        assertEquals(
                List.of(
                        new StreamEvent.Thinking("hmm"),
                        new StreamEvent.Thinking(" ok"),
                        new StreamEvent.Output("Hel"),
                        new StreamEvent.Output("lo"),
                        new StreamEvent.Done()),
                events);
        assertEquals("Hello", interpreter.summary().text());
        assertEquals(Optional.of("m1"), interpreter.summary().model());
        assertTrue(interpreter.done());
    }

    @Test
    void toolCallFragmentsAreJoinedByIndexAndEmittedWholeAtTheFinish() {
        var events = read(
                delta(
                        "{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}"),
                delta(
                        "{\"tool_calls\":[{\"index\":1,\"id\":\"call_2\",\"function\":{\"name\":\"now\",\"arguments\":\"{}\"}}]}"),
                delta("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\":\"}}]}"),
                delta("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"Oslo\\\"}\"}}]}"),
                "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}",
                "[DONE]");
        assertEquals(
                List.of(
                        new StreamEvent.ToolCalled(new ToolCall("call_1", "get_weather", "{\"city\":\"Oslo\"}")),
                        new StreamEvent.ToolCalled(new ToolCall("call_2", "now", "{}")),
                        new StreamEvent.Done()),
                events);
        assertEquals(Optional.of("tool_calls"), interpreter.summary().finishReason());
        assertEquals(2, interpreter.summary().toolCalls().size());
    }

    @Test
    void usageAndFinishReasonBecomeTheSummarysMetadata() {
        read(
                delta("{\"content\":\"x\"}"),
                "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}",
                "{\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1,\"total_tokens\":4}}",
                "[DONE]");
        var summary = interpreter.summary();
        assertEquals(Optional.of("stop"), summary.finishReason());
        assertEquals(4, summary.usage().orElseThrow().path("total_tokens").asInt());
    }

    @Test
    void anErrorObjectInTheStreamIsTheServersMessage() {
        var events = read("{\"error\":{\"code\":500,\"message\":\"context size exceeded\",\"type\":\"server_error\"}}");
        assertEquals(List.of(new StreamEvent.ServerError("context size exceeded (server_error)")), events);
        assertEquals(
                List.of(new StreamEvent.ServerError("model is loading")), read("{\"error\":\"model is loading\"}"));
    }

    @Test
    void anErrorEventThatIsNotJsonIsStillAnError() {
        var events = interpreter.accept(new SseItem.Event("error", "upstream went away"));
        assertEquals(List.of(new StreamEvent.ServerError("upstream went away")), events);
    }

    @Test
    void whatIsNotAChunkIsReportedNeverThrown() {
        for (String junk : List.of(
                "not json",
                "[1,2]",
                "{\"no\":\"choices\"}",
                "{\"choices\":\"x\"}",
                "",
                "{\"choices\":[{\"delta\":{\"tool_calls\":\"x\"}}]}")) {
            var events = read(junk);
            assertTrue(events.isEmpty() || events.getFirst() instanceof StreamEvent.Problem, junk + " gave " + events);
        }
        assertInstanceOf(StreamEvent.Problem.class, read("not json").getFirst());
    }

    @Test
    void otherChoicesThanTheFirstAreIgnored() {
        var events = read("{\"choices\":[{\"index\":1,\"delta\":{\"content\":\"other\"}}]}");
        assertEquals(List.of(), events);
    }
}
