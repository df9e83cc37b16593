package dev.animus.plugins.webhook;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One verified delivery and the {@code trigger/event} params it becomes.
 *
 * @param id the {@code X-GitHub-Delivery} header: the event's {@code event_id}
 * @param event the {@code X-GitHub-Event} header, {@code "unknown"} when absent
 * @param body the raw body
 */
record Delivery(String id, String event, byte[] body) {
    static final String ID_HEADER = "X-GitHub-Delivery";
    static final String EVENT_HEADER = "X-GitHub-Event";
    static final String TRIGGER_ID = "webhook";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    Delivery {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(body, "body");
    }

    /** The body as JSON, or as its text when it is not JSON. */
    JsonNode parsed() {
        String text = new String(body, StandardCharsets.UTF_8);
        try {
            JsonNode n = JSON.readTree(text);
            return n == null || n.isMissingNode() ? JsonNodeFactory.instance.stringNode(text) : n;
        } catch (JacksonException e) {
            return JsonNodeFactory.instance.stringNode(text);
        }
    }

    /** The {@code trigger/event} params for this delivery under {@code config}. */
    ObjectNode eventParams(WebhookConfig config) {
        JsonNode body = parsed();
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("event_id", id);
        p.put("trigger_id", TRIGGER_ID);
        p.put("action_hint", config.actionHint());
        config.kind().ifPresent(k -> p.put("subject_kind", k));
        ObjectNode payload = p.putObject("payload");
        payload.put("title", title(body));
        first(body, "body", "issue.body", "pull_request.body").ifPresent(d -> payload.put("description", d));
        payload.put("event", event);
        payload.set("body", body);
        return p;
    }

    private String title(JsonNode body) {
        return first(body, "title", "issue.title", "pull_request.title").orElse(event + " event " + id);
    }

    /** The first of the dotted {@code paths} that holds a non-blank string. */
    private static Optional<String> first(JsonNode body, String... paths) {
        for (String path : paths) {
            JsonNode n = body;
            for (String step : path.split("\\.")) {
                n = n.path(step);
            }
            if (n.isString() && !n.stringValue().isBlank()) {
                return Optional.of(n.stringValue());
            }
        }
        return Optional.empty();
    }
}
