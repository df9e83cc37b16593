package dev.animus.sdk.provider;

import dev.animus.sdk.PluginError;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** Reads the fields of an {@code agent/run} or {@code agent/resume} params object, strictly. */
final class AgentParams {

    /** The longest {@code timeout_secs} taken as given: a year. */
    private static final long MAX_TIMEOUT_SECS = 366L * 24 * 3600;

    private final String method;
    private final JsonNode params;

    AgentParams(String method, JsonNode params) {
        this.method = method;
        this.params = params;
        if (!params.isObject()) {
            throw invalid("params must be an object, e.g. {\"prompt\":\"hi\",\"cwd\":\"/p\","
                    + "\"env\":{},\"control_session_id\":\"c1\"}");
        }
    }

    AgentRequest request(boolean resume) {
        String prompt = requiredString("prompt", "\"say hello\"", true);
        Path cwd = optionalPath("cwd").orElseThrow(() -> missing("cwd", "\"/home/me/project\""));
        String control = requiredString("control_session_id", "\"6f1c...\"", false);
        Optional<String> session = resume
                ? Optional.of(requiredString("session_id", "\"the session_id of an earlier result\"", false))
                : Optional.empty();
        return new AgentRequest(
                prompt,
                optionalString("model"),
                cwd,
                env(),
                control,
                optionalPath("project_root"),
                timeout(),
                optionalString("system_prompt"),
                optionalString("permission_mode"),
                optionalOf("tools", JsonNode::isArray, "an array, e.g. []"),
                optionalOf("response_schema", JsonNode::isObject, "an object, e.g. {\"type\":\"object\"}"),
                optionalString("reasoning_effort"),
                session,
                params);
    }

    private JsonNode field(String name) {
        JsonNode value = params.get(name);
        return value == null || value.isNull() ? null : value;
    }

    private String requiredString(String name, String example, boolean emptyAllowed) {
        JsonNode value = field(name);
        if (value == null) {
            throw missing(name, example);
        }
        if (!value.isString() || (!emptyAllowed && value.stringValue().isBlank())) {
            throw invalid(
                    "params." + name + " must be a " + (emptyAllowed ? "" : "non-blank ") + "string, e.g. " + example);
        }
        return value.stringValue();
    }

    private Optional<String> optionalString(String name) {
        JsonNode value = field(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!value.isString()) {
            throw invalid("params." + name + " must be a string when given");
        }
        return Optional.of(value.stringValue());
    }

    private Optional<Path> optionalPath(String name) {
        Optional<String> text = optionalString(name);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            Path path = Path.of(text.get());
            if (path.isAbsolute()) {
                return Optional.of(path.normalize());
            }
        } catch (InvalidPathException e) {
            // reported below, as for a relative path
        }
        throw invalid(
                "params." + name + " must be an absolute path, e.g. \"/home/me/project\"; got '" + text.get() + "'");
    }

    private Optional<JsonNode> optionalOf(String name, Predicate<JsonNode> ok, String what) {
        JsonNode value = field(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!ok.test(value)) {
            throw invalid("params." + name + " must be " + what);
        }
        return Optional.of(value);
    }

    private Map<String, String> env() {
        JsonNode value = field("env");
        if (value == null) {
            return Map.of();
        }
        if (!value.isObject()) {
            throw invalid("params.env must be an object of strings, e.g. {\"LANG\":\"C.UTF-8\"}");
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (var entry : value.properties()) {
            if (!entry.getValue().isString()) {
                throw invalid("params.env." + entry.getKey() + " must be a string");
            }
            env.put(entry.getKey(), entry.getValue().stringValue());
        }
        return env;
    }

    private Optional<Duration> timeout() {
        JsonNode value = field("timeout_secs");
        if (value == null) {
            return Optional.empty();
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < 1) {
            throw invalid("params.timeout_secs must be a whole number of seconds of at least 1, e.g. 600");
        }
        return Optional.of(Duration.ofSeconds(Math.min(value.longValue(), MAX_TIMEOUT_SECS)));
    }

    private PluginError missing(String name, String example) {
        return invalid("params." + name + " is required, e.g. \"" + name + "\":" + example);
    }

    private PluginError invalid(String message) {
        return PluginError.invalidParams(method + ": " + message);
    }
}
