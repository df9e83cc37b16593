package dev.animus.core;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The value rules of docs/protocol.md#manifest-fields that the manifest records enforce. Each rule
 * break is a {@link ManifestInvalid} with the source {@link ManifestInvalid#IN_CODE} and the field
 * path of the wire form; the validator re-reports it against the document it read.
 */
final class ManifestRules {
    static final int MAX_ITEMS = 256;
    static final int MAX_DESCRIPTION = 4096;
    static final int MAX_NOTE = 1024;
    static final int MAX_METHOD = 128;
    static final int MAX_DATA_CLASS = 200;
    static final int MIN_BUFFER = 1;
    static final int MAX_BUFFER = 65_536;
    static final Duration MAX_TIMEOUT = Deadlines.NONE;

    static final String UI_WEB = "$ui/web";
    static final String SUBJECT_KIND = "subject_kind:";

    /**
     * A subject kind: dot-separated segments of lowercase letters, digits, {@code _} and {@code -},
     * the first starting with a letter, every other with a letter or a digit (at most
     * {@link #MAX_KIND} characters); the router's grammar (docs/protocol.md#subject-backends).
     */
    private static final Pattern SUBJECT_KIND_NAME = Pattern.compile("[a-z][a-z0-9_-]*(\\.[a-z0-9][a-z0-9_-]*)*");

    static final int MAX_KIND = 64;
    private static final Pattern FLAG = Pattern.compile("\\$[A-Za-z0-9][A-Za-z0-9._-]*/\\S+");
    /** Quoted plugin text is cut here so that one bad value cannot flood an error message. */
    private static final int QUOTE_LIMIT = 80;

    private ManifestRules() {}

    /** {@code value} in single quotes, cut to 80 characters. */
    static String quote(String value) {
        return "'" + (value.length() <= QUOTE_LIMIT ? value : value.substring(0, QUOTE_LIMIT) + "…") + "'";
    }

    static ManifestInvalid broken(String field, String reason) {
        return new ManifestInvalid(ManifestInvalid.IN_CODE, field, reason);
    }

    static void maxLength(String field, String value, int max) {
        if (value.length() > max) {
            throw broken(field, "is " + value.length() + " characters long; at most " + max + " are allowed");
        }
    }

    static void maxItems(String field, List<?> items) {
        if (items.size() > MAX_ITEMS) {
            throw broken(field, "has " + items.size() + " items; at most " + MAX_ITEMS + " are allowed");
        }
    }

    /** Every item of {@code items} passes {@code rule} (empty = fine) and appears once. */
    static void distinct(String field, List<String> items, Function<String, Optional<String>> rule) {
        maxItems(field, items);
        for (int i = 0; i < items.size(); i++) {
            String at = field + "[" + i + "]";
            rule.apply(items.get(i)).ifPresent(reason -> {
                throw broken(at, reason);
            });
        }
        distinctBy(field, items, "", Function.identity());
    }

    /** No two items share {@code key}; the later one is named, with the index of the first. */
    static <T> void distinctBy(String field, List<T> items, String keyField, Function<T, String> key) {
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            String k = key.apply(items.get(i));
            Integer first = seen.putIfAbsent(k, i);
            if (first != null) {
                throw broken(
                        field + "[" + i + "]" + keyField,
                        quote(k) + " repeats " + field + "[" + first + "]" + keyField + ": each must be unique");
            }
        }
    }

    static Optional<String> nameProblem(String name) {
        return NameRule.isValid(name)
                ? Optional.empty()
                : Optional.of(quote(name)
                        + " is not a plugin name: use 1 to 64 lowercase letters, digits, '.', '_' and '-',"
                        + " starting with a letter or digit");
    }

    /** A capability is a {@code subject_kind:} marker, a {@code $vendor/...} flag, or a method name. */
    static Optional<String> capabilityProblem(String capability) {
        if (capability.startsWith(SUBJECT_KIND)) {
            return subjectKindPattern(capability.substring(SUBJECT_KIND.length()))
                    ? Optional.empty()
                    : Optional.of(quote(capability)
                            + " has an invalid subject kind: after 'subject_kind:' write a kind (1 to " + MAX_KIND
                            + " lowercase letters, digits, '_' and '-' in dot-separated segments, starting with a"
                            + " letter, e.g. subject_kind:task or subject_kind:linear.issue), a kind and '.*' for its"
                            + " subkinds (subject_kind:task.*), or '*' for every kind");
        }
        if (isFlag(capability)) {
            return FLAG.matcher(capability).matches() && capability.length() <= MAX_METHOD
                    ? Optional.empty()
                    : Optional.of(quote(capability) + " is not a flag: flags look like $vendor/name"
                            + " (e.g. $ui/web), without whitespace, at most " + MAX_METHOD + " characters");
        }
        return methodProblem(capability);
    }

    /** Whether {@code text} is a kind, a kind followed by {@code .*}, or {@code *} alone. */
    static boolean subjectKindPattern(String text) {
        if (text.equals("*")) {
            return true;
        }
        String kind = text.endsWith(".*") ? text.substring(0, text.length() - 2) : text;
        return kind.length() <= MAX_KIND && SUBJECT_KIND_NAME.matcher(kind).matches();
    }

    /** Whether {@code capability} is a {@code $vendor/...} flag; {@code $/ping} is a method. */
    static boolean isFlag(String capability) {
        return capability.startsWith("$") && !capability.startsWith("$/");
    }

    static boolean isMarker(String capability) {
        return capability.startsWith(SUBJECT_KIND);
    }

    /** A method name (or timeout key): non-blank, no whitespace or control characters, ≤ 128. */
    static Optional<String> methodProblem(String method) {
        if (method.isBlank()) {
            return Optional.of("is blank: write a method name, e.g. agent/run");
        }
        if (method.length() > MAX_METHOD) {
            return Optional.of(quote(method) + " is longer than " + MAX_METHOD + " characters");
        }
        boolean spaced = method.codePoints()
                .anyMatch(c -> Character.isWhitespace(c) || Character.isSpaceChar(c) || Character.isISOControl(c));
        return spaced
                ? Optional.of(quote(method) + " contains whitespace or control characters: method names have none")
                : Optional.empty();
    }

    static Optional<String> hookProblem(String hook) {
        if (ManifestVocabulary.HOOKS.contains(hook)) {
            return Optional.empty();
        }
        if (ManifestVocabulary.POLICY_HOOKS.contains(hook)) {
            return Optional.of(quote(hook) + " is a policy hook: list it under policy_hooks");
        }
        return Optional.of("unknown hook " + quote(hook) + ManifestVocabulary.suggestion(hook, ManifestVocabulary.HOOKS)
                + "; the hooks are " + String.join(", ", ManifestVocabulary.HOOKS));
    }

    static Optional<String> policyHookProblem(String hook) {
        if (ManifestVocabulary.POLICY_HOOKS.contains(hook)) {
            return Optional.empty();
        }
        if (ManifestVocabulary.HOOKS.contains(hook)) {
            return Optional.of(quote(hook) + " is an advisory hook: list it under hooks");
        }
        return Optional.of("unknown policy hook " + quote(hook)
                + ManifestVocabulary.suggestion(hook, ManifestVocabulary.POLICY_HOOKS)
                + "; the policy hooks are " + String.join(", ", ManifestVocabulary.POLICY_HOOKS));
    }

    static Optional<String> eventProblem(String event) {
        return ManifestVocabulary.EVENTS.contains(event)
                ? Optional.empty()
                : Optional.of("unknown event "
                        + quote(event) + ManifestVocabulary.suggestion(event, ManifestVocabulary.EVENTS)
                        + "; the lifecycle events are " + String.join(", ", ManifestVocabulary.EVENTS));
    }

    /** A data class ({@code data_sent}): one non-blank line of at most 200 characters. */
    static Optional<String> dataClassProblem(String dataClass) {
        if (dataClass.isBlank()) {
            return Optional.of("is blank: name a class of data, e.g. \"prompt text\"");
        }
        if (dataClass.length() > MAX_DATA_CLASS) {
            return Optional.of(quote(dataClass) + " is longer than " + MAX_DATA_CLASS + " characters");
        }
        return dataClass.chars().anyMatch(Character::isISOControl)
                ? Optional.of(quote(dataClass) + " contains line breaks or control characters: keep it to one line")
                : Optional.empty();
    }

    /**
     * A deadline: positive, at most a year, in whole milliseconds (so the duration text renders it
     * exactly, and a typo such as {@code 3000d} is not taken for a deadline).
     */
    static Optional<String> timeoutProblem(Duration d) {
        if (d.isZero() || d.isNegative()) {
            return Optional.of("must be positive, e.g. \"2s\" or \"30m\"");
        }
        if (d.compareTo(MAX_TIMEOUT) > 0) {
            return Optional.of("is longer than a year (365d): use a shorter deadline");
        }
        return d.getNano() % 1_000_000 == 0
                ? Optional.empty()
                : Optional.of("is finer than a millisecond: use whole milliseconds, e.g. \"1500ms\"");
    }
}
