package dev.animus.conformance;

import dev.animus.core.SemVer;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Matches a received JSON value against a pattern of the scenario language
 * (conformance/plugin/README.md): an object pattern matches an object that has at least its
 * members, each matching; an array pattern an array of the same length, element by element; a
 * scalar an equal scalar (numbers by value). An object whose keys start with {@code $} is an
 * operator ({@code $type}, {@code $any}, {@code $optional}, {@code $one_of}, {@code $contains},
 * {@code $not_contains}, {@code $exactly}, {@code $prefix}, {@code $regex}, {@code $same_major});
 * {@code $one_of} may also sit beside plain members, and then both must hold.
 *
 * <p>{@code $hook_answer} is not handled here: the runner reads those answers with the host's own
 * rules. Pure and stateless.
 */
final class JsonPattern {

    private JsonPattern() {}

    /**
     * Why {@code actual} does not match {@code pattern}, naming the first place that differs as a
     * JSON pointer (for example {@code /result/subject/status: expected "ready", got "done"}), or
     * empty when it matches.
     *
     * @param actual the received value, or {@code null} for a member that is absent
     * @throws IllegalArgumentException for a pattern that breaks the language (an unknown operator)
     */
    static Optional<String> mismatch(JsonNode pattern, JsonNode actual) {
        return mismatch(pattern, actual, "");
    }

    private static Optional<String> mismatch(JsonNode pattern, JsonNode actual, String at) {
        if (pattern.isObject() && hasOperator(pattern)) {
            return operators(pattern, actual, at);
        }
        if (actual == null || actual.isMissingNode()) {
            return fail(at, "expected " + brief(pattern) + ", but it is absent");
        }
        if (pattern.isObject()) {
            if (!actual.isObject()) {
                return fail(at, "expected an object, got " + brief(actual));
            }
            for (Map.Entry<String, JsonNode> member : pattern.properties()) {
                Optional<String> inner =
                        mismatch(member.getValue(), actual.get(member.getKey()), at + "/" + member.getKey());
                if (inner.isPresent()) {
                    return inner;
                }
            }
            return Optional.empty();
        }
        if (pattern.isArray()) {
            if (!actual.isArray() || actual.size() != pattern.size()) {
                return fail(at, "expected an array of " + pattern.size() + ", got " + brief(actual));
            }
            for (int i = 0; i < pattern.size(); i++) {
                Optional<String> inner = mismatch(pattern.get(i), actual.get(i), at + "/" + i);
                if (inner.isPresent()) {
                    return inner;
                }
            }
            return Optional.empty();
        }
        return sameScalar(pattern, actual)
                ? Optional.empty()
                : fail(at, "expected " + brief(pattern) + ", got " + brief(actual));
    }

    private static boolean hasOperator(JsonNode object) {
        for (String key : object.propertyNames()) {
            if (key.startsWith("$")) {
                return true;
            }
        }
        return false;
    }

    private static Optional<String> operators(JsonNode pattern, JsonNode actual, String at) {
        List<String> plain = new ArrayList<>();
        for (Map.Entry<String, JsonNode> member : pattern.properties()) {
            String key = member.getKey();
            if (!key.startsWith("$")) {
                plain.add(key);
                continue;
            }
            Optional<String> m = operator(key, member.getValue(), actual, at);
            if (m.isPresent()) {
                return m;
            }
        }
        if (plain.isEmpty()) {
            return Optional.empty();
        }
        ObjectNode rest = JsonNodeFactory.instance.objectNode();
        plain.forEach(key -> rest.set(key, pattern.get(key)));
        // the members beside an operator match like a plain object pattern
        return mismatch(rest, actual, at);
    }

    private static Optional<String> operator(String op, JsonNode arg, JsonNode actual, String at) {
        boolean absent = actual == null || actual.isMissingNode();
        return switch (op) {
            case "$optional" -> absent ? Optional.empty() : mismatch(arg, actual, at);
            case "$any" -> absent ? fail(at, "expected a value, but it is absent") : Optional.empty();
            case "$type" ->
                absent
                        ? fail(at, "expected " + a(arg.asString()) + ", but it is absent")
                        : type(arg.asString(), actual, at);
            case "$one_of" -> oneOf(arg, actual, at);
            case "$contains" -> contains(arg, actual, at, true);
            case "$not_contains" -> contains(arg, actual, at, false);
            case "$exactly" -> exactly(arg, actual, at);
            case "$prefix" ->
                absent || !actual.isString() || !actual.asString().startsWith(arg.asString())
                        ? fail(at, "expected a string starting with \"" + arg.asString() + "\", got " + brief(actual))
                        : Optional.empty();
            case "$regex" -> regex(arg.asString(), actual, at);
            case "$same_major" -> sameMajor(arg.asString(), actual, at);
            default -> throw new IllegalArgumentException("unknown pattern operator " + op + " at " + pointer(at));
        };
    }

    private static Optional<String> type(String type, JsonNode actual, String at) {
        boolean ok = switch (type) {
            case "string" -> actual.isString();
            case "number" -> actual.isNumber();
            case "integer" -> actual.isIntegralNumber();
            case "boolean" -> actual.isBoolean();
            case "object" -> actual.isObject();
            case "array" -> actual.isArray();
            case "null" -> actual.isNull();
            case "semver" -> actual.isString() && semver(actual.asString()).isPresent();
            case "rfc3339" -> actual.isString() && rfc3339(actual.asString());
            default -> throw new IllegalArgumentException("unknown $type \"" + type + "\" at " + pointer(at));
        };
        return ok ? Optional.empty() : fail(at, "expected " + a(type) + ", got " + brief(actual));
    }

    private static Optional<String> oneOf(JsonNode alternatives, JsonNode actual, String at) {
        List<String> why = new ArrayList<>();
        for (JsonNode alternative : alternatives) {
            Optional<String> m = mismatch(alternative, actual, at);
            if (m.isEmpty()) {
                return Optional.empty();
            }
            why.add(m.get());
        }
        return fail(at, "matches none of " + alternatives.size() + " alternatives (" + String.join("; ", why) + ")");
    }

    private static Optional<String> contains(JsonNode element, JsonNode actual, String at, boolean wanted) {
        if (actual == null || !actual.isArray()) {
            return fail(at, "expected an array, got " + brief(actual));
        }
        int index = 0;
        for (Iterator<JsonNode> it = actual.iterator(); it.hasNext(); index++) {
            if (mismatch(element, it.next(), at).isEmpty()) {
                return wanted
                        ? Optional.empty()
                        : fail(at + "/" + index, "expected no element matching " + brief(element) + ", found one");
            }
        }
        return wanted
                ? fail(at, "expected an element matching " + brief(element) + " among " + actual.size())
                : Optional.empty();
    }

    private static Optional<String> exactly(JsonNode object, JsonNode actual, String at) {
        Optional<String> m = mismatch(object, actual, at);
        if (m.isPresent()) {
            return m;
        }
        for (String key : actual.propertyNames()) {
            if (!object.has(key)) {
                return fail(at + "/" + key, "expected no member \"" + key + "\" (exactly " + brief(object) + ")");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> regex(String regex, JsonNode actual, String at) {
        Pattern p;
        try {
            p = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("bad $regex at " + pointer(at) + ": " + e.getDescription(), e);
        }
        return actual != null
                        && actual.isString()
                        && p.matcher(actual.asString()).find()
                ? Optional.empty()
                : fail(at, "expected a string matching /" + regex + "/, got " + brief(actual));
    }

    private static Optional<String> sameMajor(String host, JsonNode actual, String at) {
        Optional<SemVer> theirs = actual != null && actual.isString() ? semver(actual.asString()) : Optional.empty();
        if (theirs.isEmpty()) {
            return fail(at, "expected a semantic version, got " + brief(actual));
        }
        SemVer ours = SemVer.parse(host).orElseThrow(() -> new IllegalArgumentException("$same_major of " + host));
        return theirs.get().major() == ours.major()
                ? Optional.empty()
                : fail(
                        at,
                        "expected protocol major " + ours.major() + " (the host speaks " + host + "), got "
                                + brief(actual));
    }

    private static boolean sameScalar(JsonNode pattern, JsonNode actual) {
        if (pattern.isNumber() && actual.isNumber()) {
            return pattern.decimalValue().compareTo(actual.decimalValue()) == 0;
        }
        return pattern.equals(actual);
    }

    static Optional<SemVer> semver(String text) {
        return SemVer.parse(text);
    }

    private static boolean rfc3339(String text) {
        try {
            OffsetDateTime.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static Optional<String> fail(String at, String what) {
        return Optional.of(pointer(at) + ": " + what);
    }

    private static String pointer(String at) {
        return at.isEmpty() ? "/" : at;
    }

    private static String a(String type) {
        return switch (type) {
            case "integer", "object", "array" -> "an " + type;
            case "semver" -> "a semantic version";
            case "rfc3339" -> "an RFC 3339 time";
            default -> "a " + type;
        };
    }

    /** A value in a message: its JSON text, cut at 120 characters. */
    static String brief(JsonNode value) {
        if (value == null || value.isMissingNode()) {
            return "nothing";
        }
        String text = value.toString();
        return text.length() <= 120 ? text : text.substring(0, 117) + "...";
    }
}
