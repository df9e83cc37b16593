package dev.animus.store;

import dev.animus.core.Digests;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * One value of the state document with its field path ({@code plugins.echo.current.digest}),
 * read strictly: every surprise is a {@link DocumentUnreadable} naming the file and the path.
 *
 * @param file the state document, for messages
 * @param path the field path; empty for the document itself
 * @param json the value
 */
record DocumentNode(Path file, String path, JsonNode json) {

    /** The document's top-level value. */
    static DocumentNode root(Path file, JsonNode json) {
        return new DocumentNode(file, "", json);
    }

    /** This value is wrong because of {@code reason}. */
    DocumentUnreadable unreadable(String reason) {
        return DocumentUnreadable.at(file, path.isEmpty() ? "(document)" : path, reason);
    }

    /** Whether this value is JSON {@code null}. */
    boolean isNull() {
        return json.isNull();
    }

    /** The field {@code key} of this object; it must be present (it may be {@code null}). */
    DocumentNode field(String key) {
        requireObject();
        JsonNode value = json.get(key);
        DocumentNode child = new DocumentNode(file, path.isEmpty() ? key : path + "." + key, value);
        if (value == null) {
            throw child.unreadable("a required field is missing");
        }
        return child;
    }

    /** This object's fields, which must be exactly {@code keys} (an unknown one would be lost on the next write). */
    Map<String, DocumentNode> fields(List<String> keys) {
        return fields(keys, List.of());
    }

    /**
     * {@link #fields(List)}, where the keys in {@code added} may be missing (a document written
     * before they existed): those map to {@code null}.
     */
    Map<String, DocumentNode> fields(List<String> keys, List<String> added) {
        requireObject();
        for (String name : json.propertyNames()) {
            if (!keys.contains(name)) {
                throw new DocumentNode(file, path.isEmpty() ? name : path + "." + name, json.get(name))
                        .unreadable("an unknown field (written by a newer animus, or edited by hand)");
            }
        }
        Map<String, DocumentNode> fields = new LinkedHashMap<>();
        keys.forEach(k -> fields.put(k, added.contains(k) && json.get(k) == null ? null : field(k)));
        return fields;
    }

    /** This object's entries, in document order, whatever their names. */
    Map<String, DocumentNode> entries() {
        requireObject();
        Map<String, DocumentNode> entries = new LinkedHashMap<>();
        json.properties()
                .forEach(e -> entries.put(
                        e.getKey(),
                        new DocumentNode(file, path.isEmpty() ? e.getKey() : path + "." + e.getKey(), e.getValue())));
        return entries;
    }

    /** This array's elements, paths {@code path[i]}. */
    List<DocumentNode> elements() {
        if (!json.isArray()) {
            throw unreadable("expected an array, found " + kind());
        }
        List<DocumentNode> elements = new ArrayList<>(json.size());
        for (int i = 0; i < json.size(); i++) {
            elements.add(new DocumentNode(file, path + "[" + i + "]", json.get(i)));
        }
        return elements;
    }

    String text() {
        if (!json.isString()) {
            throw unreadable("expected a string, found " + kind());
        }
        return json.stringValue();
    }

    Optional<String> optionalText() {
        return isNull() ? Optional.empty() : Optional.of(text());
    }

    boolean bool() {
        if (!json.isBoolean()) {
            throw unreadable("expected true or false, found " + kind());
        }
        return json.booleanValue();
    }

    /** A whole number in {@code [min, max]}. */
    long whole(long min, long max) {
        if (!json.isIntegralNumber() || !json.canConvertToLong() || json.longValue() < min || json.longValue() > max) {
            throw unreadable("expected a whole number from " + min + " to " + max + ", found " + kind());
        }
        return json.longValue();
    }

    String digest() {
        String text = text();
        if (!Digests.isSha256(text)) {
            throw unreadable(quote(text) + " is not a SHA-256 digest (64 lowercase hex digits)");
        }
        return text;
    }

    Instant instant() {
        String text = text();
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw unreadable(quote(text) + " is not a UTC timestamp such as 2026-11-30T12:00:00Z");
        }
    }

    /** {@code build}'s value; a rule of the model it breaks is reported at this path. */
    <T> T built(Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw unreadable(e.getMessage());
        }
    }

    private void requireObject() {
        if (!json.isObject()) {
            throw unreadable("expected an object, found " + kind());
        }
    }

    private static String quote(String text) {
        return "\"" + (text.length() > 80 ? text.substring(0, 77) + "..." : text) + "\"";
    }

    private String kind() {
        if (json.isString()) {
            return "the string " + quote(json.stringValue());
        }
        if (json.isArray()) {
            return "an array";
        }
        return json.isObject() ? "an object" : json.toString();
    }
}
