package dev.animus.plugins.oai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionStoreTest {
    @TempDir
    Path project;

    private Conversation sample() {
        return new Conversation(
                "s-1",
                "llama",
                List.of(
                        ChatMessage.system("be brief"),
                        ChatMessage.user("weather?"),
                        ChatMessage.assistant(
                                "", List.of(new ToolCall("call_1", "get_weather", "{\"city\":\"Oslo\"}"))),
                        new ChatMessage("tool", "sunny", List.of(), "call_1"),
                        ChatMessage.assistant("Sunny \uD83D\uDE00", List.of())));
    }

    @Test
    void aSavedConversationReadsBackTheSameUnderTheProjectsAnimusDirectory() {
        SessionStore store = new SessionStore(project);
        store.save(sample());
        assertTrue(Files.isRegularFile(project.resolve(".animus/providers/oai/sessions/s-1.json")));
        assertEquals(sample(), store.load("s-1"));
    }

    @Test
    void aSecondSaveReplacesTheFirstAndLeavesNoTemporaryFile() throws Exception {
        SessionStore store = new SessionStore(project);
        store.save(sample());
        Conversation longer = sample().with("other", List.of(ChatMessage.user("and tomorrow?")));
        store.save(longer);
        assertEquals(longer, store.load("s-1"));
        try (var files = Files.list(project.resolve(SessionStore.RELATIVE))) {
            assertEquals(
                    List.of("s-1.json"),
                    files.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void anUnknownSessionIsAClearError() {
        var e = assertThrows(SessionUnusable.class, () -> new SessionStore(project).load("nope"));
        assertTrue(e.getMessage().contains("no session 'nope'"), e.getMessage());
    }

    @Test
    void aCorruptSessionFileIsAClearError() throws Exception {
        SessionStore store = new SessionStore(project);
        store.save(sample());
        Path file = store.file("s-1");
        for (String junk : List.of(
                "{not json",
                "[]",
                "{\"format\":1,\"session_id\":\"other\",\"messages\":[]}",
                "{\"format\":1,\"session_id\":\"s-1\",\"messages\":[{\"role\":\"alien\"}]}")) {
            Files.writeString(file, junk);
            var e = assertThrows(SessionUnusable.class, () -> store.load("s-1"), junk);
            assertTrue(e.getMessage().contains("is corrupt") && e.getMessage().contains("s-1.json"), e.getMessage());
        }
    }

    @Test
    void aSessionIdThatIsAPathIsRefused() {
        for (String id : List.of("../x", "a/b", "", ".hidden", "x".repeat(200))) {
            var e = assertThrows(SessionUnusable.class, () -> new SessionStore(project).load(id), id);
            assertTrue(e.getMessage().contains("not a session id"), e.getMessage());
        }
    }
}
