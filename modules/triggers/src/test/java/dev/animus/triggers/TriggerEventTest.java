package dev.animus.triggers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

class TriggerEventTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final List<String> FIELDS =
            List.of("event_id", "trigger_id", "subject_id", "subject_kind", "action_hint", "cursor", "payload", "x");

    @Test
    void randomParamsNeverThrowAndExactlyTheWellFormedOnesParseBackToThemselves() {
        Random random = new Random(23);
        int valid = 0;
        for (int round = 0; round < 20_000; round++) {
            JsonNode params = random.nextInt(10) == 0 ? value(random, 2) : params(random);
            TriggerEvent.Parsed parsed = TriggerEvent.parse(params);
            boolean wellFormed = wellFormed(params);
            assertEquals(wellFormed, parsed instanceof TriggerEvent.Valid, () -> "params " + params);
            if (parsed instanceof TriggerEvent.Valid v) {
                valid++;
                TriggerEvent e = v.event();
                assertEquals(params.path("event_id").stringValue(), e.eventId());
                assertEquals(params.path("payload"), e.payload());
                assertEquals(text(params, "cursor"), e.cursor().orElse(null));
                assertEquals(text(params, "action_hint"), e.actionHint().orElse(null));
                assertEquals(text(params, "subject_id"), e.subjectId().orElse(null));
                assertEquals(e, ((TriggerEvent.Valid) TriggerEvent.parse(e.toJson())).event());
            }
        }
        assertEquals(true, valid > 2_000, "too few well-formed cases: " + valid);
    }

    @Test
    void aMalformedEventSaysWhichFieldIsWrong() {
        ObjectNode p = JSON.objectNode().put("event_id", "d1").put("payload", "text");
        assertEquals(
                "trigger/event d1: payload must be an object",
                assertInstanceOf(TriggerEvent.Malformed.class, TriggerEvent.parse(p))
                        .reason());
        p = JSON.objectNode().put("event_id", "x".repeat(257));
        p.putObject("payload");
        assertEquals(
                "trigger/event event_id is longer than 256 characters",
                assertInstanceOf(TriggerEvent.Malformed.class, TriggerEvent.parse(p))
                        .reason());
        p = JSON.objectNode().put("event_id", "d2").put("cursor", 7);
        p.putObject("payload");
        assertEquals(
                "trigger/event d2: cursor must be a string",
                assertInstanceOf(TriggerEvent.Malformed.class, TriggerEvent.parse(p))
                        .reason());
    }

    /** The rule, written independently of the parser. */
    private static boolean wellFormed(JsonNode p) {
        if (!p.isObject()) {
            return false;
        }
        JsonNode id = p.path("event_id");
        if (!id.isString() || id.stringValue().isEmpty() || id.stringValue().length() > 256) {
            return false;
        }
        if (!p.path("payload").isObject()) {
            return false;
        }
        for (String f : List.of("trigger_id", "subject_id", "subject_kind", "action_hint", "cursor")) {
            JsonNode v = p.path(f);
            if (!v.isMissingNode() && !v.isNull() && !v.isString()) {
                return false;
            }
        }
        return !p.path("cursor").isString() || p.path("cursor").stringValue().length() <= 4096;
    }

    private static String text(JsonNode p, String f) {
        return p.path(f).isString() ? p.path(f).stringValue() : null;
    }

    private static ObjectNode params(Random r) {
        ObjectNode o = JSON.objectNode();
        for (String f : FIELDS) {
            int pick = r.nextInt(10);
            if (pick < 4) {
                continue;
            }
            JsonNode v;
            if (f.equals("payload")) {
                v = pick < 8 ? object(r, 2) : value(r, 1);
            } else if (pick < 8) {
                v = JSON.stringNode(string(r));
            } else {
                v = value(r, 1);
            }
            o.set(f, v);
        }
        if (r.nextInt(3) > 0) {
            o.put("event_id", string(r));
            o.set("payload", object(r, 2));
        }
        return o;
    }

    private static String string(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> "";
            case 1 -> "x".repeat(250 + r.nextInt(10));
            case 2 -> "c".repeat(4090 + r.nextInt(10));
            default -> "id-" + r.nextInt(1000) + (r.nextBoolean() ? "é" : "");
        };
    }

    private static ObjectNode object(Random r, int depth) {
        ObjectNode o = JSON.objectNode();
        int n = r.nextInt(3);
        for (int i = 0; i < n; i++) {
            o.set("k" + i, value(r, depth - 1));
        }
        return o;
    }

    private static JsonNode value(Random r, int depth) {
        return switch (depth <= 0 ? r.nextInt(5) : r.nextInt(7)) {
            case 0 -> JSON.nullNode();
            case 1 -> JSON.numberNode(r.nextInt());
            case 2 -> JSON.booleanNode(r.nextBoolean());
            case 3 -> JSON.stringNode(string(r));
            case 4 -> JSON.numberNode(r.nextDouble());
            case 5 -> object(r, depth);
            default -> JSON.arrayNode().add(value(r, depth - 1)).add(value(r, depth - 1));
        };
    }
}
