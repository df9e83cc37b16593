package dev.animus.conformance;

import dev.animus.core.HookAnswers;
import dev.animus.core.HookId;
import dev.animus.core.HookInput;
import dev.animus.core.HookOutcome;
import dev.animus.core.Manifest;
import dev.animus.discovery.ManifestParser;
import dev.animus.process.ExitStatus;
import dev.animus.process.ManifestProbe;
import dev.animus.process.ProbeLimits;
import dev.animus.process.ProbeOutcome;
import dev.animus.process.SpawnSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs one scenario against a fresh process of the plugin and says how it went. Besides its steps,
 * every frame the plugin writes is held to the rules of docs/protocol.md#messages: one JSON-RPC 2.0
 * object per line, an answer carries exactly one of {@code result} and {@code error}, answers only
 * a request the host sent and only once (so an answer to a notification fails any check). A
 * request from the plugin is answered {@code -32601}, as the host does. Not thread-safe; one use.
 */
final class ScenarioRun {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** After the last step: frames keep being checked until none came for this long... */
    private static final Duration DRAIN = Duration.ofMillis(50);
    /** ...or this long passed (a plugin that streams on its own, a trigger's events, never goes quiet). */
    private static final Duration DRAIN_MAX = Duration.ofMillis(250);

    private final Scenario scenario;
    private final Target target;
    private final Variables vars;
    private final LongSupplier nanos;
    private Wire wire;
    private final Map<String, JsonNode> sent = new HashMap<>();
    private final Map<String, Incoming.Frame> answers = new HashMap<>();
    private final List<Incoming.Frame> notifications = new ArrayList<>();
    private int notificationsSeen;
    private boolean ended;
    private Optional<Manifest> manifest = Optional.empty();

    ScenarioRun(Scenario scenario, Target target, Variables vars, LongSupplier nanos) {
        this.scenario = scenario;
        this.target = target;
        this.vars = vars;
        this.nanos = nanos;
    }

    /** The manifest a {@code probe_manifest} step read, once the run is over. */
    Optional<Manifest> manifest() {
        return manifest;
    }

    CheckResult run() {
        long start = nanos.getAsLong();
        String detail = "";
        CheckResult.Outcome outcome = CheckResult.Outcome.PASSED;
        try {
            for (Step step : scenario.steps()) {
                if (step.when().isPresent() && vars.get(step.when().get()).isEmpty()) {
                    continue;
                }
                perform(step);
            }
            drain();
        } catch (CheckFailed e) {
            outcome = CheckResult.Outcome.FAILED;
            detail = e.getMessage();
        } catch (IllegalArgumentException e) {
            outcome = CheckResult.Outcome.FAILED;
            detail = "the scenario could not run: " + e.getMessage();
        } finally {
            if (wire != null) {
                wire.close();
            }
        }
        Duration took = Duration.ofNanos(nanos.getAsLong() - start);
        List<String> transcript = wire == null ? List.of() : wire.transcript();
        List<String> stderr = wire == null ? List.of() : wire.stderr();
        return new CheckResult(
                scenario.pack(),
                scenario.id(),
                scenario.title(),
                outcome,
                detail,
                scenario.hint(),
                transcript,
                stderr,
                took);
    }

    private void perform(Step step) {
        switch (step) {
            case Step.Send s -> send(vars.resolve(s.frame()), s.pretty());
            case Step.SendRaw s -> raw(vars.interpolate(s.text()));
            case Step.Expect e -> expect(vars.resolve(e.pattern()), millis(e.withinMs()), e.capture());
            case Step.ExpectNotification e -> expectNotification(vars.resolve(e.pattern()), millis(e.withinMs()));
            case Step.Notifications n ->
                notifications(
                        vars.resolve(n.select()),
                        vars.resolve(n.each()),
                        n.beforeAnswer().map(vars::resolve));
            case Step.CloseStdin c -> wire().closeStdin();
            case Step.ExpectExit e -> expectExit(millis(e.withinMs()), e.status());
            case Step.Handshake h -> handshake(h.initialized());
            case Step.ProbeManifest p -> probe(millis(p.withinMs()));
        }
    }

    private Wire wire() {
        if (wire == null) {
            try {
                wire = Wire.start(new SpawnSpec(
                        List.of(target.executable().toString()),
                        target.environment(),
                        Optional.of(target.projectRoot()),
                        target.fileName()));
            } catch (RuntimeException e) {
                throw new CheckFailed("cannot start " + target.executable() + ": " + e.getMessage());
            }
        }
        return wire;
    }

    private void send(JsonNode frame, boolean pretty) {
        if (frame.has("id") && frame.has("method")) {
            sent.put(key(frame.get("id")), frame);
        }
        String text = pretty ? JSON.writerWithDefaultPrettyPrinter().writeValueAsString(frame) + "\n" : frame + "\n";
        raw(text);
    }

    private void raw(String text) {
        if (!text.contains("\"method\"") || !text.contains("\"id\"")) {
            write(text);
            return;
        }
        for (String line : text.split("\n")) {
            rememberRequests(line);
        }
        write(text);
    }

    /** Requests inside raw text count as sent, so their answers are expected (and no others). */
    private void rememberRequests(String line) {
        for (String piece : line.split("(?<=\\})\\s+(?=\\{)")) {
            try {
                JsonNode frame = JSON.readTree(piece);
                if (frame.isObject() && frame.has("id") && frame.has("method")) {
                    sent.put(key(frame.get("id")), frame);
                }
            } catch (RuntimeException e) {
                // not JSON on purpose (a scenario may send garbage): nothing to expect from it
            }
        }
    }

    private void write(String text) {
        if (!wire().write(text)) {
            throw new CheckFailed("the plugin's stdin is closed: it exited or stopped reading" + exitNote());
        }
    }

    private void handshake(boolean initialized) {
        send(
                JSON.createObjectNode()
                        .put("jsonrpc", "2.0")
                        .put("id", 1)
                        .put("method", "initialize")
                        .set("params", vars.get("initialize_params").orElseThrow()),
                false);
        expect(
                JSON.readTree("{\"id\":1,\"result\":{\"$type\":\"object\"}}"),
                millis(vars.resolve(JSON.readTree("\"${launch_ms}\""))),
                Map.of());
        if (initialized) {
            send(JSON.readTree("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}"), false);
        }
    }

    private void expect(JsonNode pattern, Duration within, Map<String, String> capture) {
        JsonNode id = pattern.get("id");
        if (id == null) {
            throw new IllegalArgumentException("an expect pattern names the id of the request it waits for");
        }
        Incoming.Frame frame = awaitAnswer(key(id), within);
        JsonNode answer = frame.value();
        JsonNode plain = pattern;
        JsonNode hook = pattern.path("result").path("$hook_answer");
        if (hook.isString()) {
            plain = pattern.deepCopy();
            ((ObjectNode) plain).set("result", JSON.readTree("{\"$type\":\"object\"}"));
        }
        Optional<String> mismatch = JsonPattern.mismatch(plain, answer);
        if (mismatch.isPresent()) {
            throw new CheckFailed("the answer to " + describe(id) + " does not match: " + mismatch.get() + " (got "
                    + JsonPattern.brief(answer) + ")");
        }
        if (hook.isString()) {
            hookAnswer(hook.asString(), id, answer.get("result"));
        }
        capture.forEach((name, pointer) -> {
            JsonNode v = answer.at(pointer);
            if (!v.isMissingNode()) {
                vars.put(name, v);
            }
        });
    }

    private void hookAnswer(String hookName, JsonNode id, JsonNode result) {
        HookId hook = HookId.parse(hookName);
        HookInput input =
                HookInput.parse(hook, JSON.convertValue(sent.get(key(id)).get("params"), Object.class));
        HookOutcome outcome = HookAnswers.read(input, JSON.convertValue(result, Object.class));
        if (outcome instanceof HookOutcome.Abstained a) {
            throw new CheckFailed("the answer to " + describe(id) + " is read as an abstention: "
                    + a.abstention().reason() + " (" + a.abstention().detail() + ")");
        }
    }

    private Incoming.Frame awaitAnswer(String id, Duration within) {
        long deadline = nanos.getAsLong() + within.toNanos();
        while (!answers.containsKey(id)) {
            if (ended) {
                throw new CheckFailed("no answer to " + describeKey(id) + ": the plugin closed stdout" + exitNote());
            }
            long left = deadline - nanos.getAsLong();
            if (left <= 0 || !pump(Duration.ofNanos(left))) {
                throw new CheckFailed(
                        "no answer to " + describeKey(id) + " within " + within.toMillis() + " ms" + exitNote());
            }
        }
        return answers.get(id);
    }

    private void expectNotification(JsonNode pattern, Duration within) {
        long deadline = nanos.getAsLong() + within.toNanos();
        int checked = notificationsSeen;
        while (true) {
            for (; checked < notifications.size(); checked++) {
                if (JsonPattern.mismatch(pattern, notifications.get(checked).value())
                        .isEmpty()) {
                    notificationsSeen = checked + 1;
                    return;
                }
            }
            long left = deadline - nanos.getAsLong();
            if (ended || left <= 0 || !pump(Duration.ofNanos(left))) {
                throw new CheckFailed("no notification matching " + JsonPattern.brief(pattern) + " within "
                        + within.toMillis() + " ms (" + notifications.size() + " notifications came)" + exitNote());
            }
        }
    }

    private void notifications(JsonNode select, JsonNode each, Optional<JsonNode> beforeAnswer) {
        Optional<Incoming.Frame> answer = beforeAnswer.map(id -> answers.get(key(id)));
        for (Incoming.Frame n : notifications) {
            if (JsonPattern.mismatch(select, n.value()).isPresent()) {
                continue;
            }
            Optional<String> m = JsonPattern.mismatch(each, n.value());
            if (m.isPresent()) {
                throw new CheckFailed("notification " + JsonPattern.brief(n.value()) + " does not match: " + m.get());
            }
            if (answer.isPresent() && n.index() > answer.get().index()) {
                throw new CheckFailed("notification " + JsonPattern.brief(n.value()) + " came after the answer to "
                        + describe(beforeAnswer.get()) + ": all of a request's notifications come before its answer");
            }
        }
    }

    private void expectExit(Duration within, Optional<Integer> status) {
        Optional<ExitStatus> exit = wire().exit(within);
        if (exit.isEmpty()) {
            throw new CheckFailed("the process was still running " + within.toMillis() + " ms later");
        }
        if (status.isPresent() && exit.get().code() != status.get()) {
            throw new CheckFailed("the process exited with status " + exit.get().code() + ", not " + status.get());
        }
    }

    private void probe(Duration within) {
        ProbeOutcome outcome =
                ManifestProbe.run(target.executable(), target.environment(), new ProbeLimits(within, 1 << 20, 1 << 20));
        switch (outcome) {
            case ProbeOutcome.Failed f -> throw new CheckFailed(f.message());
            case ProbeOutcome.Printed p -> {
                try {
                    manifest = Optional.of(ManifestParser.probeJson(p.stdout(), target.executable() + " --manifest")
                            .manifest());
                } catch (RuntimeException e) {
                    throw new CheckFailed(e.getMessage());
                }
            }
        }
    }

    /**
     * Reads what comes within {@code wait}; false when nothing came. Each frame is sorted and held
     * to the message rules; the first broken rule ends the check.
     */
    private boolean pump(Duration wait) {
        Optional<Incoming> next = wire().next(wait);
        if (next.isEmpty()) {
            return false;
        }
        switch (next.get()) {
            case Incoming.End e -> ended = true;
            case Incoming.NotAFrame n ->
                throw new CheckFailed("stdout line " + n.line() + " is " + n.why() + ": \"" + n.excerpt()
                        + "\" (write each frame as compact JSON on one line, and nothing else on stdout)");
            case Incoming.Frame f -> sort(f);
        }
        return true;
    }

    private void sort(Incoming.Frame f) {
        JsonNode v = f.value();
        if (!v.isObject() || !"2.0".equals(v.path("jsonrpc").asString(""))) {
            throw new CheckFailed("frame " + JsonPattern.brief(v)
                    + " is not a JSON-RPC 2.0 object (\"jsonrpc\": \"2.0\" is required)");
        }
        boolean hasId = v.has("id") && !v.get("id").isNull();
        if (v.has("method")) {
            if (hasId) {
                write("{\"jsonrpc\":\"2.0\",\"id\":" + v.get("id")
                        + ",\"error\":{\"code\":-32601,\"message\":\"the conformance host offers no method "
                        + v.path("method").asString("").replace("\"", "'") + "\"}}\n");
            } else {
                notifications.add(f);
            }
            return;
        }
        if (v.has("result") == v.has("error")) {
            throw new CheckFailed("answer " + JsonPattern.brief(v) + " must carry exactly one of result and error");
        }
        if (!hasId || !sent.containsKey(key(v.get("id")))) {
            throw new CheckFailed("answer " + JsonPattern.brief(v) + " answers no request the host sent"
                    + " (a notification is never answered, not even with an error)");
        }
        if (answers.putIfAbsent(key(v.get("id")), f) != null) {
            throw new CheckFailed("request " + describe(v.get("id")) + " was answered twice");
        }
    }

    /** After the last step, what is already on its way is still held to the rules. */
    private void drain() {
        long until = nanos.getAsLong() + DRAIN_MAX.toNanos();
        if (wire != null && !ended) {
            while (nanos.getAsLong() < until && pump(DRAIN)) {
                if (ended) {
                    return;
                }
            }
        }
    }

    private String exitNote() {
        if (wire == null) {
            return "";
        }
        return wire.exit(Duration.ZERO)
                .map(s -> "; it exited with status " + s.code()
                        + (s.stderrTail().isEmpty() ? "" : ", stderr: " + Wire.excerpt(s.lastStderrLine())))
                .orElse("");
    }

    private String describe(JsonNode id) {
        return describeKey(key(id));
    }

    private String describeKey(String id) {
        JsonNode request = sent.get(id);
        return request == null ? "id " + id : request.path("method").asString("?") + " (id " + id + ")";
    }

    /** Ids compare by JSON text: 2 and "2" are different requests. */
    private static String key(JsonNode id) {
        return id.toString();
    }

    private Duration millis(JsonNode within) {
        JsonNode v = vars.resolve(within);
        if (!v.canConvertToLong() || !v.isNumber() || v.asLong() <= 0) {
            throw new IllegalArgumentException("within_ms must be a positive number of milliseconds, not " + v);
        }
        return Duration.ofMillis(v.asLong());
    }
}
