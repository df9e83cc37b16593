package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import dev.animus.testoai.ErrorReply;
import dev.animus.testoai.FakeChat;
import dev.animus.testoai.RecordedRequest;
import dev.animus.testoai.SseReply;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code animus agent run --provider oai} end to end: the real shell, the real oai provider (the
 * launcher plugins/oai's build writes, installed from its path into one home for the class) and a
 * loopback chat-completions server ({@link FakeChat}) that {@code OPENAI_BASE_URL}, a variable the
 * provider declares, points it at. Text arrives on a terminal before the server sent the rest;
 * thinking and tool calls go to stderr (typed lines with {@code --json}); a 500 and a cut stream are
 * one-line errors; Ctrl-C closes the connection and exits 130; a resumed run sends the earlier
 * messages.
 */
class OaiAgentRunTest {
    private static final JsonMapper JSON = Terminal.json();
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @TempDir
    static Path dir;

    private static Map<String, String> home;
    private static Path project;

    private FakeChat chat;
    private Map<String, String> env;

    @BeforeAll
    static void installTheProvider() throws IOException {
        home = Cli.env(dir);
        home.put("LANG", "C.UTF-8");
        project = Files.createDirectories(dir.resolve("project"));
        // a plugin installed from a path that claims the first-party name oai needs the flag
        FirstPartyProviders.install(
                home, FirstPartyProviders.launcher("animus.oai.launcher"), "oai", "--allow-shadow-builtin");
        DaemonTest.launcher(dir);
    }

    @BeforeEach
    void startTheServer() {
        chat = FakeChat.start();
        env = new HashMap<>(home);
        env.put("OPENAI_BASE_URL", chat.baseUrl().toString());
        env.put("OPENAI_MODEL", "fake-model");
    }

    @AfterEach
    void stopTheServer() {
        chat.close();
    }

    /** {@code animus --project-root <project> args...} in this JVM. */
    private Cli.Run run(String... args) {
        return Cli.inProject(env, project, args);
    }

    private static List<JsonNode> lines(Cli.Run r) {
        List<JsonNode> lines = new ArrayList<>();
        r.out().lines().forEach(l -> lines.add(JSON.readTree(l)));
        return lines;
    }

    @Test
    void aTerminalShowsTheFirstWordsBeforeTheServerSentTheRest() throws Exception {
        Optional<Path> tmux = TmuxSession.tmux();
        Assumptions.assumeTrue(tmux.isPresent(), "tmux is not installed (apt-get install tmux)");
        SseReply reply = SseReply.builder()
                .paced()
                .content("Hello ")
                .content("from ")
                .content("the ")
                .content("fake ")
                .content("server")
                .finish("stop")
                .done()
                .build();
        chat.reply(reply);
        List<String> command = List.of(
                dir.resolve("animus-launcher").toString(),
                "--project-root",
                project.toString(),
                "agent",
                "run",
                "--provider",
                "oai",
                "--prompt",
                "hi");
        try (TmuxSession s = TmuxSession.start(
                tmux.get(),
                dir.resolve("tmux.sock"),
                project,
                Cli.childEnvironment(new HashMap<>(env), dir),
                command)) {
            reply.release(1);
            String first = s.await("the first word", screen -> screen.contains("Hello") || screen.contains("[exited"));
            assertTrue(first.contains("Hello"), first);
            assertEquals(1, reply.sent(), "the server still holds the rest");
            assertFalse(first.contains("server"), first);
            reply.releaseAll();
            s.awaitLine("Hello from the fake server");
            s.awaitLine("\\[exited 0\\]");
        }
    }

    private static SseReply thinkingAndATool() {
        return SseReply.builder()
                .reasoning("weighing ")
                .reasoning("it up")
                .toolCall(0, "call_1", "lookup", "{\"q\":")
                .toolCall(0, "", "", "\"x\"}")
                .content("the answer")
                .finish("stop")
                .usage(3, 4)
                .done()
                .build();
    }

    @Test
    void thinkingAndToolCallsGoToStderrAndAreTypedLinesInJson() {
        chat.reply(thinkingAndATool()).reply(thinkingAndATool());

        Cli.Run text = run("agent", "run", "--provider", "oai", "--prompt", "look it up");
        assertEquals(0, text.exitCode(), text.err());
        assertEquals("the answer\n", text.out());
        assertTrue(text.err().contains("weighing it up"), text.err());
        assertTrue(text.err().contains("[tool] lookup {\"q\":\"x\"}"), text.err());

        Cli.Run json = run("--json", "agent", "run", "--provider", "oai", "--prompt", "look it up");
        assertEquals(0, json.exitCode(), json.err());
        assertFalse(json.err().contains("weighing"), json.err());
        List<JsonNode> lines = lines(json);
        lines.forEach(
                l -> assertEquals("animus.agent.event.v1", l.path("schema").asString(), l.toString()));
        StringBuilder thinking = new StringBuilder();
        StringBuilder output = new StringBuilder();
        List<JsonNode> tools = new ArrayList<>();
        for (JsonNode l : lines) {
            switch (l.path("type").asString()) {
                case "thinking" -> thinking.append(l.path("text").asString());
                case "output" -> output.append(l.path("text").asString());
                case "tool_call" -> tools.add(l);
                default -> {}
            }
        }
        assertEquals("weighing it up", thinking.toString());
        assertEquals("the answer", output.toString());
        assertEquals(1, tools.size(), lines.toString());
        assertEquals("lookup", tools.getFirst().path("name").asString());
        assertEquals("x", tools.getFirst().path("arguments").path("q").asString());
        assertEquals("started", lines.getFirst().path("type").asString());
        assertEquals("result", lines.getLast().path("type").asString());
        assertEquals(0, lines.getLast().path("exit_code").asInt());
    }

    @Test
    void aServerErrorIsOneLineNamingTheServersMessage() throws Exception {
        chat.reply(new ErrorReply(500, "the model ran out of memory"));
        Cli.Run r = run("agent", "run", "--provider", "oai", "--prompt", "hi");
        assertNotEquals(0, r.exitCode(), r.err());
        assertEquals("", r.out());
        List<String> errors =
                r.err().lines().filter(l -> l.startsWith("error:")).toList();
        assertEquals(1, errors.size(), r.err());
        assertTrue(
                errors.getFirst().contains("500") && errors.getFirst().contains("the model ran out of memory"),
                r.err());
        assertEquals(1, chat.requests().size(), "an answer is not a death: no retry");
    }

    @Test
    void aStreamCutMidwayIsOneLineAndKeepsTheTextSoFar() {
        chat.reply(SseReply.builder().content("partial ").cut().build());
        Cli.Run r = run("agent", "run", "--provider", "oai", "--prompt", "hi");
        assertNotEquals(0, r.exitCode(), r.err());
        assertEquals("partial \n", r.out());
        List<String> errors =
                r.err().lines().filter(l -> l.startsWith("error:")).toList();
        assertEquals(1, errors.size(), r.err());
        assertTrue(errors.getFirst().contains("was cut before it ended"), r.err());
    }

    @Test
    void ctrlCClosesTheConnectionAndExits130() throws Exception {
        SseReply reply = SseReply.builder()
                .paced()
                .content("first ")
                .content("never sent")
                .finish("stop")
                .done()
                .build();
        chat.reply(reply);
        reply.release(1);
        Path stderr = dir.resolve("cancel.stderr");
        Process p = FirstPartyProviders.start(
                env,
                dir,
                stderr,
                "--project-root",
                project.toString(),
                "agent",
                "run",
                "--provider",
                "oai",
                "--prompt",
                "go on");
        try {
            BufferedReader out = FirstPartyProviders.stdout(p);
            FirstPartyProviders.readUntil(p, out, "first ", stderr);
            FirstPartyProviders.interrupt(p);
            assertTrue(reply.awaitClientClosed(PATIENCE), "the server never saw the client close its connection");
            int code = FirstPartyProviders.exitCode(p, stderr);
            String err = Files.readString(stderr);
            assertEquals(130, code, err);
            assertTrue(err.contains("cancelling session"), err);
            assertFalse(err.contains("warning"), "the provider confirmed: " + err);
            assertEquals(1, reply.sent());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aResumedRunSendsTheEarlierMessages() throws Exception {
        chat.reply(SseReply.builder()
                .content("Paris is the capital.")
                .finish("stop")
                .done()
                .build());
        Cli.Run first =
                run("--json", "agent", "run", "--provider", "oai", "--prompt", "What is the capital of France?");
        assertEquals(0, first.exitCode(), first.err());
        String session = lines(first).getLast().path("session_id").asString("");
        assertFalse(session.isEmpty(), first.out());
        JsonNode sent = JSON.readTree(chat.awaitRequest(0, PATIENCE).body());
        assertEquals("fake-model", sent.path("model").asString(), "OPENAI_MODEL reached the provider: " + sent);
        assertTrue(sent.path("stream").asBoolean(), sent.toString());

        chat.reply(SseReply.builder()
                .content("About two million.")
                .finish("stop")
                .done()
                .build());
        Cli.Run second = run(
                "agent", "run", "--provider", "oai", "--resume", session, "--prompt", "How many people live there?");
        assertEquals(0, second.exitCode(), second.err());
        assertEquals("About two million.\n", second.out());
        assertTrue(second.err().contains("resume with --resume " + session), second.err());

        RecordedRequest resumed = chat.awaitRequest(1, PATIENCE);
        List<String> messages = new ArrayList<>();
        JSON.readTree(resumed.body())
                .path("messages")
                .forEach(m -> messages.add(
                        m.path("role").asString() + ": " + m.path("content").asString()));
        assertEquals(
                List.of(
                        "user: What is the capital of France?",
                        "assistant: Paris is the capital.",
                        "user: How many people live there?"),
                messages);
    }
}
