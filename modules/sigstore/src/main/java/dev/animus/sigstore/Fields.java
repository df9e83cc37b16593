package dev.animus.sigstore;

import dev.animus.sigstore.VerificationFailed.Reason;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Strict reads of protobuf-JSON fields: each failure names the field's path and fails with the
 * document's reason ({@link Reason#MALFORMED_BUNDLE} or {@link Reason#MALFORMED_TRUSTED_ROOT}).
 */
record Fields(Reason reason, String document) {

    /** The document's root object; not JSON, or not an object, fails naming the document. */
    JsonNode document(byte[] json) {
        JsonNode root;
        try {
            root = JsonMapper.shared().readTree(json);
        } catch (JacksonException e) {
            throw new VerificationFailed(reason, document + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw bad("$", "must be a JSON object");
        }
        return root;
    }

    VerificationFailed bad(String path, String what) {
        return new VerificationFailed(reason, document + ": " + path + " " + what);
    }

    JsonNode object(JsonNode parent, String name, String path) {
        JsonNode node = parent.get(name);
        if (node == null || !node.isObject()) {
            throw bad(path + "." + name, node == null ? "is missing" : "must be an object");
        }
        return node;
    }

    Optional<JsonNode> optionalObject(JsonNode parent, String name, String path) {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isObject()) {
            throw bad(path + "." + name, "must be an object");
        }
        return Optional.of(node);
    }

    List<JsonNode> array(JsonNode parent, String name, String path) {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw bad(path + "." + name, "must be an array");
        }
        List<JsonNode> items = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            if (!node.get(i).isObject()) {
                throw bad(path + "." + name + "[" + i + "]", "must be an object");
            }
            items.add(node.get(i));
        }
        return items;
    }

    String text(JsonNode parent, String name, String path) {
        return optionalText(parent, name, path).orElseThrow(() -> bad(path + "." + name, "is missing"));
    }

    Optional<String> optionalText(JsonNode parent, String name, String path) {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isString()) {
            throw bad(path + "." + name, "must be a string");
        }
        return Optional.of(node.asString());
    }

    byte[] base64(JsonNode parent, String name, String path) {
        return decode(text(parent, name, path), path + "." + name);
    }

    Optional<byte[]> optionalBase64(JsonNode parent, String name, String path) {
        return optionalText(parent, name, path).map(text -> decode(text, path + "." + name));
    }

    byte[] decode(String text, String path) {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw bad(path, "is not valid base64: " + e.getMessage());
        }
    }

    /** A protobuf int64, which proto3 JSON writes as a decimal string (a number is accepted too). */
    long int64(JsonNode parent, String name, String path) {
        return optionalInt64(parent, name, path).orElseThrow(() -> bad(path + "." + name, "is missing"));
    }

    Optional<Long> optionalInt64(JsonNode parent, String name, String path) {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            return Optional.of(node.asLong());
        }
        if (node.isString() && node.asString().matches("-?[0-9]{1,19}")) {
            try {
                return Optional.of(Long.parseLong(node.asString()));
            } catch (NumberFormatException e) {
                throw bad(path + "." + name, "is out of range: " + node.asString());
            }
        }
        throw bad(path + "." + name, "must be an integer (a decimal string), not " + node);
    }

    Instant timestamp(JsonNode parent, String name, String path) {
        return optionalTimestamp(parent, name, path).orElseThrow(() -> bad(path + "." + name, "is missing"));
    }

    Optional<Instant> optionalTimestamp(JsonNode parent, String name, String path) {
        return optionalText(parent, name, path).map(text -> {
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException e) {
                throw bad(path + "." + name, "is not an RFC 3339 time: " + text);
            }
        });
    }
}
