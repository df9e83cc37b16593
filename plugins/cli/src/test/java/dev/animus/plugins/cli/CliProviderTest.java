package dev.animus.plugins.cli;

import static dev.animus.plugins.cli.PluginProcess.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The cli provider as a real plugin process running real commands. */
class CliProviderTest {

    /** One plugin for the whole class (its methods run one at a time): each run names its project. */
    private static PluginProcess shared;

    @TempDir
    Path project;

    @BeforeAll
    static void start(@TempDir Path dir) throws IOException {
        shared = PluginProcess.ready(dir);
    }

    @AfterAll
    static void stop() throws IOException {
        shared.close();
    }

    private void config(String toml) throws IOException {
        Path file = project.resolve(".animus/providers/cli.toml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, toml); // read anew by every run
    }

    private ObjectNode params(String prompt, String control) {
        ObjectNode p = JSON.createObjectNode();
        p.put("prompt", prompt);
        p.put("cwd", project.toString());
        p.putObject("env");
        p.put("control_session_id", control);
        return p;
    }

    /** The notifications of run {@code id} and then its answer (the last element). */
    private static List<JsonNode> untilAnswer(PluginProcess plugin, int id) {
        List<JsonNode> frames = new ArrayList<>();
        JsonNode frame;
        do {
            frame = plugin.next();
            frames.add(frame);
        } while (frame.has("method") || frame.path("id").asInt() != id);
        return frames;
    }

    private static String joined(List<JsonNode> frames, String method) {
        var text = new StringBuilder();
        frames.stream()
                .filter(f -> method.equals(f.path("method").asString("")))
                .forEach(f -> text.append(f.path("params").path("text").asString()));
        return text.toString();
    }

    /** One call whose answer comes before any notification (an error of the params or the file). */
    private JsonNode runOnce(ObjectNode params) throws IOException {
        return shared.call("agent/run", params);
    }

    @Test
    void wrappingTrStreamsTheUpperCasedPromptAndAnswersItWithExitCodeZero() throws Exception {
        config("command = [\"sh\", \"-c\", \"tr a-z A-Z\"]\n");
        PluginProcess plugin = shared;
        int id = plugin.request("agent/run", params("hello, world", "c-1"));
        List<JsonNode> frames = untilAnswer(plugin, id);
        assertEquals("HELLO, WORLD", joined(frames, "agent/output"), frames.toString());
        JsonNode last = frames.get(frames.size() - 2);
        assertEquals(
                "{\"session_id\":\"c-1\",\"text\":\"\",\"final\":true}",
                last.get("params").toString());
        frames.stream()
                .filter(f -> f.has("method"))
                .forEach(f ->
                        assertEquals("c-1", f.path("params").path("session_id").asString(), f.toString()));
        JsonNode result = frames.getLast().get("result");
        assertEquals(0, result.get("exit_code").asInt(), frames.getLast().toString());
        assertEquals("HELLO, WORLD", result.get("output").asString());
    }

    @Test
    void stdoutIsStreamedAsItArrivesNotAtTheEnd() throws Exception {
        // the command prints its second line only after the test has seen the first
        config("command = [\"sh\", \"-c\", \"echo first; while [ ! -e go ]; do sleep 0.01; done; echo second\"]\n");
        PluginProcess plugin = shared;
        int id = plugin.request("agent/run", params("", "c-2"));
        JsonNode first = plugin.next();
        assertEquals("agent/output", first.path("method").asString(), first.toString());
        assertEquals("first\n", first.path("params").path("text").asString());
        Files.writeString(project.resolve("go"), "");
        List<JsonNode> rest = untilAnswer(plugin, id);
        assertEquals("second\n", joined(rest, "agent/output"));
        assertEquals(
                "first\nsecond\n", rest.getLast().path("result").path("output").asString());
    }

    @Test
    void stderrIsThinkingByDefaultAndLogEntriesWhenConfigured() throws Exception {
        config("command = [\"sh\", \"-c\", \"echo pondering >&2; echo answer\"]\n");
        List<JsonNode> frames = untilAnswer(shared, shared.request("agent/run", params("", "c-3")));
        assertEquals("pondering\n", joined(frames, "agent/thinking"));
        assertEquals("answer\n", frames.getLast().path("result").path("output").asString());
        config("command = [\"sh\", \"-c\", \"echo pondering >&2; echo answer\"]\nstderr = \"log\"\n");
        List<JsonNode> logged = untilAnswer(shared, shared.request("agent/run", params("", "c-4")));
        assertEquals("", joined(logged, "agent/thinking"));
        JsonNode log = logged.stream()
                .filter(f -> "log/entry".equals(f.path("method").asString("")))
                .findFirst()
                .orElseThrow(() -> new AssertionError(logged.toString()));
        assertEquals(
                "{\"level\":\"info\",\"message\":\"pondering\",\"fields\":{\"session_id\":\"c-4\"}}",
                log.get("params").toString());
    }

    @Test
    void theCommandsExitCodeIsTheResultsAndItsStdoutTheOutput() throws Exception {
        config("command = [\"sh\", \"-c\", \"echo partial; exit 3\"]\n");
        List<JsonNode> frames = untilAnswer(shared, shared.request("agent/run", params("", "c-6")));
        JsonNode answer = frames.getLast().get("result");
        assertEquals(3, answer.get("exit_code").asInt());
        assertEquals("partial\n", answer.get("output").asString());
    }

    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false; // gone
        }
    }

    @Test
    void agentCancelKillsTheCommandWithItsChildrenAndTheRunAnswersCancelled() throws Exception {
        // two children in the session, one grandchild that left it, and the shell itself
        config("command = [\"sh\", \"-c\", \"sleep 30 & echo $!; sleep 30 & echo $!; setsid sleep 30 & echo $!;"
                + " echo $$; wait\"]\n");
        PluginProcess plugin = shared;
        int id = plugin.request("agent/run", params("", "c-7"));
        var printed = new StringBuilder();
        while (printed.toString().lines().count() < 4 || !printed.toString().endsWith("\n")) {
            JsonNode frame = plugin.next();
            assertEquals("agent/output", frame.path("method").asString(), frame.toString());
            printed.append(frame.path("params").path("text").asString());
        }
        List<Long> pids = printed.toString().lines().map(Long::parseLong).toList();
        assertTrue(pids.stream().allMatch(CliProviderTest::running), "started: " + pids);
        long sent = System.nanoTime();
        int cancel = plugin.request("agent/cancel", JSON.readTree("{\"session_id\":\"c-7\"}"));
        JsonNode cancelAnswer = null;
        JsonNode runAnswer = null;
        while (cancelAnswer == null || runAnswer == null) {
            JsonNode frame = plugin.next();
            if (frame.path("id").asInt() == cancel) {
                cancelAnswer = frame;
            } else if (frame.path("id").asInt() == id) {
                runAnswer = frame;
            }
        }
        long millis = (System.nanoTime() - sent) / 1_000_000;
        assertEquals("{\"cancelled\":true}", cancelAnswer.get("result").toString());
        assertEquals(-32002, runAnswer.path("error").path("code").asInt(), runAnswer.toString());
        assertTrue(millis < 5_000, "cancelled after " + millis + " ms");
        assertEquals(List.of(), pids.stream().filter(CliProviderTest::running).toList(), "still running of " + pids);
    }

    @Test
    void aTimeoutKillsTheCommandAndIsAnsweredTimeout() throws Exception {
        config("command = [\"sh\", \"-c\", \"echo $$; exec sleep 30\"]\ntimeout = \"300ms\"\n");
        List<JsonNode> frames = untilAnswer(shared, shared.request("agent/run", params("", "c-8")));
        long pid = Long.parseLong(joined(frames, "agent/output").strip());
        JsonNode error = frames.getLast().get("error");
        assertEquals(-32003, error.get("code").asInt(), error.toString());
        assertEquals("timeout", error.path("data").path("category").asString());
        assertFalse(running(pid), "the command outlived its timeout");
    }

    private JsonNode error(ObjectNode params) throws IOException {
        JsonNode answer = runOnce(params);
        JsonNode error = answer.get("error");
        assertEquals(-32602, error.path("code").asInt(), answer.toString());
        assertEquals("config", error.path("data").path("category").asString(), error.toString());
        return error;
    }

    @Test
    void aMissingFileIsAnErrorNamingItAndWhatToWrite() throws Exception {
        String message = error(params("hi", "c")).get("message").asString();
        assertTrue(
                message.contains(project.resolve(".animus/providers/cli.toml").toString()), message);
        assertTrue(message.contains("does not exist") && message.contains("command = [\"claude\", \"-p\"]"), message);
    }

    @Test
    void aBadFileIsAnErrorNamingTheFileAndTheProblem() throws Exception {
        config("command = [\"sh\"\n");
        assertTrue(error(params("hi", "c")).get("message").asString().contains("line 2: the array is not closed"));
        Files.writeString(project.resolve(".animus/providers/cli.toml"), "comand = [\"sh\"]\n");
        assertTrue(error(params("hi", "c")).get("message").asString().contains("unknown key 'comand'"));
        Files.writeString(project.resolve(".animus/providers/cli.toml"), "command = [\"sh\"]\nprompt = \"pipe\"\n");
        assertTrue(error(params("hi", "c"))
                .get("message")
                .asString()
                .contains("prompt must be \"stdin\" or \"argument\""));
        Files.writeString(project.resolve(".animus/providers/cli.toml"), "command = [\"no-such-agent-cli\"]\n");
        assertTrue(error(params("hi", "c"))
                .get("message")
                .asString()
                .contains("'no-such-agent-cli' is no executable file on the PATH"));
    }

    @Test
    void aModelPicksItsOwnCommandAndAnUnknownModelIsAnError() throws Exception {
        config("command = [\"cat\"]\n[models.shout]\ncommand = [\"sh\", \"-c\", \"tr a-z A-Z\"]\n");
        PluginProcess plugin = shared;
        ObjectNode shout = params("quiet", "c-m");
        shout.put("model", "shout");
        List<JsonNode> frames = untilAnswer(plugin, plugin.request("agent/run", shout));
        assertEquals("QUIET", frames.getLast().path("result").path("output").asString());
        assertEquals(
                "shout",
                frames.getLast().path("result").path("metadata").path("model").asString());
        ObjectNode unknown = params("quiet", "c-n");
        unknown.put("model", "whisper");
        String message = error(unknown).get("message").asString();
        assertTrue(message.contains("model 'whisper' is not configured; add [models.whisper]"), message);
    }

    @Test
    void theCommandNeverComesFromThePromptOrTheParams() throws Exception {
        config("command = [\"cat\"]\n");
        String prompt = "$(touch pwned1) `touch pwned2`; touch pwned3";
        ObjectNode params = params(prompt, "c-x");
        params.putArray("command").add("sh").add("-c").add("touch pwned4");
        params.put("program", "touch pwned5");
        List<JsonNode> frames = untilAnswer(shared, shared.request("agent/run", params));
        assertEquals(prompt, frames.getLast().path("result").path("output").asString());
        Files.writeString(
                project.resolve(".animus/providers/cli.toml"),
                "command = [\"printf\", \"%s\"]\nprompt = \"argument\"\n");
        List<JsonNode> asArgument = untilAnswer(shared, shared.request("agent/run", params(prompt, "c-y")));
        assertEquals(prompt, asArgument.getLast().path("result").path("output").asString());
        try (var files = Files.list(project)) {
            assertEquals(
                    List.of(".animus"),
                    files.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void resumeIsNotSupported() throws Exception {
        config("command = [\"cat\"]\n");
        ObjectNode params = params("again", "c-r");
        params.put("session_id", "s-1");
        PluginProcess plugin = shared;
        assertEquals(
                -32001,
                plugin.call("agent/resume", params).path("error").path("code").asInt());
    }
}
