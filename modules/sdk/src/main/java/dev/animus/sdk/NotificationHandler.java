package dev.animus.sdk;

import tools.jackson.databind.JsonNode;

/**
 * Receives one host → plugin notification method (e.g. {@code trigger/ack}). Runs on the reader
 * thread, in the order notifications arrive: keep it short and hand long work to a thread of
 * your own. Notifications before {@code initialized} are dropped with a line on stderr.
 */
@FunctionalInterface
public interface NotificationHandler {

    /**
     * Handles one notification; an exception is logged to stderr (a notification has no answer).
     *
     * @param params the params, an empty object when the notification has none
     */
    void handle(JsonNode params) throws Exception;
}
