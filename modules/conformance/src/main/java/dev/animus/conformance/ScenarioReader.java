package dev.animus.conformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads one pack file of the scenario language (conformance/plugin/README.md) into scenarios.
 * Strict: an unknown key, a missing field or a step that is not exactly one of the step forms is
 * an error naming the pack, the scenario and the step, so a typo in the data cannot pass as a
 * check that checks nothing. Pure.
 */
final class ScenarioReader {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Set<String> PACK_KEYS = Set.of("pack", "description", "scenarios");
    private static final Set<String> SCENARIO_KEYS = Set.of("id", "title", "requires", "steps", "hint");
    private static final Set<String> REQUIRE_KEYS =
            Set.of("kind", "not_kind", "capability", "method", "hook", "events");
    private static final Set<String> STEP_FORMS = Set.of(
            "send",
            "send_raw",
            "expect",
            "expect_notification",
            "notifications",
            "close_stdin",
            "expect_exit",
            "handshake",
            "initialize",
            "probe_manifest");
    private static final Set<String> STEP_OPTIONS =
            Set.of("form", "within_ms", "capture", "when", "each", "before_answer");

    private ScenarioReader() {}

    /**
     * The scenarios of the pack file {@code text}.
     *
     * @param source what to name in errors (the file)
     * @throws IllegalArgumentException one line naming {@code source}, the place and what is wrong
     */
    static List<Scenario> read(String text, String source) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(source + ": not JSON: " + e.getOriginalMessage());
        }
        keys(root, PACK_KEYS, source);
        String pack = string(root, "pack", source);
        List<Scenario> out = new ArrayList<>();
        JsonNode scenarios = root.path("scenarios");
        if (!scenarios.isArray() || scenarios.isEmpty()) {
            throw new IllegalArgumentException(source + ": \"scenarios\" must be a non-empty array");
        }
        for (JsonNode s : scenarios) {
            String where = source + " scenario " + s.path("id").asString("#" + out.size());
            keys(s, SCENARIO_KEYS, where);
            List<Step> steps = new ArrayList<>();
            JsonNode list = s.path("steps");
            if (!list.isArray() || list.isEmpty()) {
                throw new IllegalArgumentException(where + ": \"steps\" must be a non-empty array");
            }
            for (int i = 0; i < list.size(); i++) {
                steps.add(step(list.get(i), where + " step " + (i + 1)));
            }
            out.add(new Scenario(
                    pack,
                    string(s, "id", where),
                    string(s, "title", where),
                    requirement(s.path("requires"), where),
                    steps,
                    string(s, "hint", where)));
        }
        return out;
    }

    private static Requirement requirement(JsonNode r, String where) {
        if (r.isMissingNode()) {
            return Requirement.NONE;
        }
        keys(r, REQUIRE_KEYS, where + " requires");
        return new Requirement(
                optional(r, "kind"),
                optional(r, "not_kind"),
                optional(r, "capability"),
                optional(r, "method"),
                optional(r, "hook"),
                r.path("events").asBoolean(false));
    }

    private static Step step(JsonNode s, String where) {
        if (!s.isObject()) {
            throw new IllegalArgumentException(where + ": a step is an object");
        }
        List<String> forms = new ArrayList<>();
        for (String key : s.propertyNames()) {
            if (STEP_FORMS.contains(key)) {
                forms.add(key);
            } else if (!STEP_OPTIONS.contains(key)) {
                throw new IllegalArgumentException(where + ": unknown key \"" + key + "\" (steps: " + STEP_FORMS + ")");
            }
        }
        if (forms.size() != 1) {
            throw new IllegalArgumentException(
                    where + ": a step has exactly one of " + STEP_FORMS + ", this one " + forms);
        }
        Optional<String> when = optional(s, "when");
        JsonNode within = s.path("within_ms");
        JsonNode arg = s.get(forms.getFirst());
        return switch (forms.getFirst()) {
            case "send" -> new Step.Send(arg, "pretty".equals(s.path("form").asString("compact")), when);
            case "send_raw" -> new Step.SendRaw(text(arg, where), when);
            case "expect" -> new Step.Expect(arg, required(within, where), captures(s.path("capture"), where), when);
            case "expect_notification" -> new Step.ExpectNotification(arg, required(within, where), when);
            case "notifications" ->
                new Step.Notifications(
                        arg,
                        s.path("each").isMissingNode() ? JSON.createObjectNode() : s.get("each"),
                        Optional.ofNullable(s.get("before_answer")),
                        when);
            case "close_stdin" -> new Step.CloseStdin(when);
            case "expect_exit" ->
                new Step.ExpectExit(
                        required(arg.path("within_ms"), where),
                        arg.has("status") ? Optional.of(arg.get("status").asInt()) : Optional.empty(),
                        when);
            case "handshake" -> new Step.Handshake(true, when);
            case "initialize" -> new Step.Handshake(false, when);
            case "probe_manifest" -> new Step.ProbeManifest(required(arg.path("within_ms"), where), when);
            default -> throw new IllegalStateException(forms.getFirst());
        };
    }

    private static Map<String, String> captures(JsonNode c, String where) {
        Map<String, String> out = new LinkedHashMap<>();
        if (c.isMissingNode()) {
            return out;
        }
        if (!c.isObject()) {
            throw new IllegalArgumentException(where + ": \"capture\" maps names to JSON pointers");
        }
        c.properties().forEach(e -> out.put(e.getKey(), text(e.getValue(), where + " capture " + e.getKey())));
        return out;
    }

    private static JsonNode required(JsonNode within, String where) {
        if (within.isMissingNode() || !(within.isIntegralNumber() || within.isString())) {
            throw new IllegalArgumentException(where + ": \"within_ms\" (milliseconds, or a ${variable}) is required");
        }
        return within;
    }

    private static void keys(JsonNode node, Set<String> allowed, String where) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + ": expected an object");
        }
        for (String key : node.propertyNames()) {
            if (!allowed.contains(key)) {
                throw new IllegalArgumentException(where + ": unknown key \"" + key + "\" (allowed: " + allowed + ")");
            }
        }
    }

    private static String string(JsonNode node, String key, String where) {
        JsonNode v = node.path(key);
        if (!v.isString() || v.asString().isBlank()) {
            throw new IllegalArgumentException(where + ": \"" + key + "\" must be a non-empty string");
        }
        return v.asString();
    }

    private static String text(JsonNode v, String where) {
        if (!v.isString()) {
            throw new IllegalArgumentException(where + ": expected a string");
        }
        return v.asString();
    }

    private static Optional<String> optional(JsonNode node, String key) {
        JsonNode v = node.path(key);
        return v.isString() ? Optional.of(v.asString()) : Optional.empty();
    }
}
