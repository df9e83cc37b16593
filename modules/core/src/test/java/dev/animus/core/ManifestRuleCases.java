package dev.animus.core;

import static dev.animus.core.ManifestValidatorTest.minimal;
import static dev.animus.core.ManifestValidatorTest.rule;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The table of broken rules: one case per rule of docs/protocol.md#the-manifest, with the field
 * path it must name.
 */
final class ManifestRuleCases {
    private static final Map<String, Object> BASE = minimal();

    private ManifestRuleCases() {}

    static Stream<Arguments> identity() {
        return Stream.of(
                rule("name missing", BASE, m -> m.remove("name"), "name", "is required"),
                rule("name not a string", BASE, m -> m.put("name", 42L), "name", "must be a string, not a number"),
                rule("name null", BASE, m -> m.put("name", null), "name", "not null"),
                rule("name with a space", BASE, m -> m.put("name", "my plugin"), "name", "not a plugin name"),
                rule("name upper case", BASE, m -> m.put("name", "MyPlugin"), "name", "not a plugin name"),
                rule("name starting with a dot", BASE, m -> m.put("name", ".x"), "name", "not a plugin name"),
                rule("name of 65 characters", BASE, m -> m.put("name", "a".repeat(65)), "name", "not a plugin name"),
                rule("version missing", BASE, m -> m.remove("version"), "version", "is required"),
                rule("version not semver", BASE, m -> m.put("version", "1.0"), "version", "not a semantic version"),
                rule("version with leading zero", BASE, m -> m.put("version", "01.0.0"), "version", "semantic"),
                rule("version as number", BASE, m -> m.put("version", 1.0), "version", "must be a string"),
                rule("plugin_kind missing", BASE, m -> m.remove("plugin_kind"), "plugin_kind", "is required"),
                rule(
                        "plugin_kind capitalised",
                        BASE,
                        m -> m.put("plugin_kind", "Provider"),
                        "plugin_kind",
                        "is not a kind"),
                rule(
                        "plugin_kinds not an array",
                        BASE,
                        m -> m.put("plugin_kinds", "queue"),
                        "plugin_kinds",
                        "must be an array of strings, not a string"),
                rule(
                        "plugin_kinds item invalid",
                        BASE,
                        m -> m.put("plugin_kinds", List.of("queue", "sub-backend")),
                        "plugin_kinds[1]",
                        "is not a kind"),
                rule(
                        "plugin_kinds item not a string",
                        BASE,
                        m -> m.put("plugin_kinds", List.of(true)),
                        "plugin_kinds[0]",
                        "must be a string, not a boolean"),
                rule(
                        "plugin_kinds repeated",
                        BASE,
                        m -> m.put("plugin_kinds", List.of("queue", "queue")),
                        "plugin_kinds[1]",
                        "repeats plugin_kinds[0]"),
                rule(
                        "plugin_kinds repeating plugin_kind",
                        BASE,
                        m -> m.put("plugin_kinds", List.of("provider")),
                        "plugin_kinds[0]",
                        "already the plugin_kind"),
                rule("description missing", BASE, m -> m.remove("description"), "description", "may be empty"),
                rule(
                        "description too long",
                        BASE,
                        m -> m.put("description", "d".repeat(4097)),
                        "description",
                        "at most 4096"),
                rule(
                        "description a table",
                        BASE,
                        m -> m.put("description", Map.of()),
                        "description",
                        "must be a string, not a table"),
                rule(
                        "protocol_version missing",
                        BASE,
                        m -> m.remove("protocol_version"),
                        "protocol_version",
                        "is required"),
                rule(
                        "protocol_version not semver",
                        BASE,
                        m -> m.put("protocol_version", "v1"),
                        "protocol_version",
                        "not a semantic version"));
    }

    static Stream<Arguments> contract() {
        return Stream.of(
                rule(
                        "capabilities not an array",
                        BASE,
                        m -> m.put("capabilities", Map.of()),
                        "capabilities",
                        "must be an array of strings"),
                rule(
                        "capability not a string",
                        BASE,
                        m -> m.put("capabilities", List.of("a/b", 3L)),
                        "capabilities[1]",
                        "must be a string"),
                rule("capability blank", BASE, m -> m.put("capabilities", List.of(" ")), "capabilities[0]", "is blank"),
                rule(
                        "capability with whitespace",
                        BASE,
                        m -> m.put("capabilities", List.of("agent run")),
                        "capabilities[0]",
                        "whitespace"),
                rule(
                        "capability too long",
                        BASE,
                        m -> m.put("capabilities", List.of("m".repeat(129))),
                        "capabilities[0]",
                        "longer than 128"),
                rule(
                        "subject kind empty",
                        BASE,
                        m -> m.put("capabilities", List.of("subject_kind:")),
                        "capabilities[0]",
                        "invalid subject kind"),
                rule(
                        "subject kind capitalised",
                        BASE,
                        m -> m.put("capabilities", List.of("subject_kind:Task")),
                        "capabilities[0]",
                        "invalid subject kind"),
                rule(
                        "flag without a slash",
                        BASE,
                        m -> m.put("capabilities", List.of("$ui")),
                        "capabilities[0]",
                        "$vendor/name"),
                rule(
                        "capability repeated",
                        BASE,
                        m -> m.put("capabilities", List.of("a/b", "c/d", "a/b")),
                        "capabilities[2]",
                        "repeats capabilities[0]"),
                rule(
                        "capabilities over 256",
                        BASE,
                        m -> m.put("capabilities", numbered("m", 257)),
                        "capabilities",
                        "at most 256"),
                rule(
                        "env_required not an array",
                        BASE,
                        m -> m.put("env_required", "API_KEY"),
                        "env_required",
                        "must be an array of tables"),
                rule(
                        "env_required item not a table",
                        BASE,
                        m -> m.put("env_required", List.of("API_KEY")),
                        "env_required[0]",
                        "must be a table, not a string"),
                rule(
                        "env_required name missing",
                        BASE,
                        m -> m.put("env_required", List.of(Map.of())),
                        "env_required[0].name",
                        "is required"),
                rule(
                        "env_required name invalid",
                        BASE,
                        m -> m.put("env_required", List.of(Map.of("name", "1ABC"))),
                        "env_required[0].name",
                        "not an environment variable name"),
                rule(
                        "env_required sensitive not a boolean",
                        BASE,
                        m -> m.put("env_required", List.of(Map.of("name", "A", "sensitive", "yes"))),
                        "env_required[0].sensitive",
                        "must be a boolean"),
                rule(
                        "env_required unknown key",
                        BASE,
                        m -> m.put("env_required", List.of(Map.of("name", "A", "optional", true))),
                        "env_required[0].optional",
                        "is not a known key"),
                rule(
                        "env_required description too long",
                        BASE,
                        m -> m.put("env_required", List.of(Map.of("name", "A", "description", "d".repeat(1025)))),
                        "env_required[0].description",
                        "at most 1024"),
                rule(
                        "env_required repeated",
                        BASE,
                        m -> m.put("env_required", List.of(Map.of("name", "A"), Map.of("name", "A"))),
                        "env_required[1].name",
                        "repeats env_required[0].name"),
                rule(
                        "buffer size zero",
                        BASE,
                        m -> m.put("notification_buffer_size", 0),
                        "notification_buffer_size",
                        "from 1 to 65536"),
                rule(
                        "buffer size too big",
                        BASE,
                        m -> m.put("notification_buffer_size", 65_537L),
                        "notification_buffer_size",
                        "from 1 to 65536"),
                rule(
                        "buffer size huge",
                        BASE,
                        m -> m.put("notification_buffer_size", BigInteger.TEN.pow(30)),
                        "notification_buffer_size",
                        "from 1 to 65536"),
                rule(
                        "buffer size fractional",
                        BASE,
                        m -> m.put("notification_buffer_size", 1.5),
                        "notification_buffer_size",
                        "whole number"),
                rule(
                        "buffer size a string",
                        BASE,
                        m -> m.put("notification_buffer_size", "64"),
                        "notification_buffer_size",
                        "must be an integer, not a string"),
                rule("timeouts not a table", BASE, m -> m.put("timeouts", "2s"), "timeouts", "must be a table"),
                rule(
                        "timeout a number",
                        BASE,
                        m -> m.put("timeouts", Map.of("launch", 2L)),
                        "timeouts.launch",
                        "must be a string, not a number"),
                rule(
                        "timeout without unit",
                        BASE,
                        m -> m.put("timeouts", Map.of("launch", "2")),
                        "timeouts.launch",
                        "use a number with a unit"),
                rule(
                        "timeout zero",
                        BASE,
                        m -> m.put("timeouts", Map.of("idle", "0s")),
                        "timeouts.idle",
                        "must be positive"),
                rule(
                        "timeout finer than a millisecond",
                        BASE,
                        m -> m.put("timeouts", Map.of("launch", "1.0000001s")),
                        "timeouts.launch",
                        "finer than a millisecond"),
                rule(
                        "timeout over a year",
                        BASE,
                        m -> m.put("timeouts", Map.of("idle", "366d")),
                        "timeouts.idle",
                        "longer than a year"),
                rule(
                        "timeout key blank",
                        BASE,
                        m -> m.put("timeouts", Map.of(" ", "2s")),
                        "timeouts. ",
                        "the key is blank"),
                rule(
                        "timeout key with whitespace",
                        BASE,
                        m -> m.put("timeouts", Map.of("agent run", "2s")),
                        "timeouts.agent run",
                        "whitespace"));
    }

    static Stream<Arguments> advice() {
        return Stream.of(
                rule(
                        "hook unknown",
                        BASE,
                        m -> m.put("hooks", List.of("route.skill")),
                        "hooks[0]",
                        "did you mean 'route.skills'?"),
                rule(
                        "hook repeated",
                        BASE,
                        m -> m.put("hooks", List.of("classify.page", "classify.page")),
                        "hooks[1]",
                        "repeats hooks[0]"),
                rule(
                        "policy hook under hooks",
                        BASE,
                        m -> m.put("hooks", List.of("classify.command-risk")),
                        "hooks[0]",
                        "list it under policy_hooks"),
                rule(
                        "policy hook unknown",
                        BASE,
                        m -> m.put("policy_hooks", List.of("classify.risk")),
                        "policy_hooks[0]",
                        "unknown policy hook"),
                rule(
                        "advisory hook under policy_hooks",
                        BASE,
                        m -> m.put("policy_hooks", List.of("route.skills")),
                        "policy_hooks[0]",
                        "list it under hooks"),
                rule(
                        "policy hook repeated",
                        BASE,
                        m -> m.put("policy_hooks", List.of("classify.command-risk", "classify.command-risk")),
                        "policy_hooks[1]",
                        "repeats"),
                rule(
                        "event unknown",
                        BASE,
                        m -> m.put("events", List.of("session-start", "session-begin")),
                        "events[1]",
                        "unknown event 'session-begin'"),
                rule(
                        "event repeated",
                        BASE,
                        m -> m.put("events", List.of("tool-end", "tool-start", "tool-end")),
                        "events[2]",
                        "repeats events[0]"),
                rule("events not an array", BASE, m -> m.put("events", "tool-end"), "events", "must be an array"));
    }

    static Stream<Arguments> disclosure() {
        return Stream.of(
                rule(
                        "network not a table",
                        BASE,
                        m -> m.put("network", List.of("a.com")),
                        "network",
                        "must be a table, not an array"),
                rule(
                        "network unknown key",
                        BASE,
                        m -> m.put("network", Map.of("destination", List.of())),
                        "network.destination",
                        "did you mean 'destinations'?"),
                rule(
                        "destination with scheme",
                        BASE,
                        m -> network(m, "a.com", "b.com", "http://api.example.com"),
                        "network.destinations[2]",
                        "has a scheme"),
                rule(
                        "destination localhost",
                        BASE,
                        m -> network(m, "localhost:8080"),
                        "network.destinations[0]",
                        "local address"),
                rule(
                        "destination loopback",
                        BASE,
                        m -> network(m, "a.com", "127.0.0.1"),
                        "network.destinations[1]",
                        "local address"),
                rule(
                        "destination with path",
                        BASE,
                        m -> network(m, "api.example.com/v1"),
                        "network.destinations[0]",
                        "path"),
                rule(
                        "destination with bad port",
                        BASE,
                        m -> network(m, "a.com:70000"),
                        "network.destinations[0]",
                        "invalid port"),
                rule(
                        "destination repeated after normalisation",
                        BASE,
                        m -> network(m, "api.example.com", "b.com", " API.example.com:443 "),
                        "network.destinations[2]",
                        "same destination as destinations[0]"),
                rule(
                        "destination not a string",
                        BASE,
                        m -> network(m, "a.com", 443L),
                        "network.destinations[1]",
                        "must be a string"),
                rule("data_sent blank", BASE, m -> m.put("data_sent", List.of("")), "data_sent[0]", "is blank"),
                rule(
                        "data_sent too long",
                        BASE,
                        m -> m.put("data_sent", List.of("d".repeat(201))),
                        "data_sent[0]",
                        "longer than 200"),
                rule("data_sent two lines", BASE, m -> m.put("data_sent", List.of("a\nb")), "data_sent[0]", "one line"),
                rule(
                        "data_sent repeated",
                        BASE,
                        m -> m.put("data_sent", List.of("code", "code")),
                        "data_sent[1]",
                        "repeats"),
                rule(
                        "secret name missing",
                        BASE,
                        m -> m.put("secrets", List.of(Map.of("env", "X"))),
                        "secrets[0].name",
                        "is required"),
                rule(
                        "secret name invalid",
                        BASE,
                        m -> m.put("secrets", List.of(Map.of("name", "my token"))),
                        "secrets[0].name",
                        "not a secret name"),
                rule(
                        "secret env invalid",
                        BASE,
                        m -> m.put("secrets", List.of(Map.of("name", "t", "env", "1X"))),
                        "secrets[0].env",
                        "not an environment variable name"),
                rule(
                        "secret required not a boolean",
                        BASE,
                        m -> m.put("secrets", List.of(Map.of("name", "t", "required", "true"))),
                        "secrets[0].required",
                        "must be a boolean"),
                rule(
                        "secret unknown key",
                        BASE,
                        m -> m.put("secrets", List.of(Map.of("name", "t", "value", "x"))),
                        "secrets[0].value",
                        "is not a known key"),
                rule(
                        "secret names repeated",
                        BASE,
                        m -> m.put("secrets", List.of(Map.of("name", "t"), Map.of("name", "t", "env", "T2"))),
                        "secrets[1].name",
                        "repeats secrets[0].name"),
                rule(
                        "secret default envs collide",
                        BASE,
                        m -> m.put("secrets", List.of(Map.of("name", "a.b"), Map.of("name", "a-b"))),
                        "secrets[1].env",
                        "'A_B' repeats secrets[0].env"));
    }

    static Stream<Arguments> entry() {
        return Stream.of(
                rule("entry escaping", BASE, m -> m.put("entry", "bin/../../x"), "entry", "'..' segment"),
                rule("entry absolute", BASE, m -> m.put("entry", "/usr/bin/x"), "entry", "is absolute"),
                rule("entry with backslash", BASE, m -> m.put("entry", "bin\\x"), "entry", "backslash"),
                rule("entry with empty segment", BASE, m -> m.put("entry", "bin//x"), "entry", "empty segment"),
                rule("entry with trailing slash", BASE, m -> m.put("entry", "bin/"), "entry", "empty segment"),
                rule("entry naming the directory", BASE, m -> m.put("entry", "./."), "entry", "names no file"),
                rule("entry blank", BASE, m -> m.put("entry", ""), "entry", "is blank"),
                rule("entry a number", BASE, m -> m.put("entry", 1L), "entry", "must be a string"),
                rule("unknown top-level key", BASE, m -> m.put("nmae", "x"), "nmae", "did you mean 'name'?"));
    }

    private static void network(Map<String, Object> m, Object... destinations) {
        List<Object> list = new ArrayList<>();
        Collections.addAll(list, destinations);
        Map<String, Object> network = new HashMap<>();
        network.put("destinations", list);
        m.put("network", network);
    }

    private static List<String> numbered(String prefix, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(prefix + i);
        }
        return out;
    }
}
