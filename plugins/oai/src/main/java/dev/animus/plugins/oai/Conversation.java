package dev.animus.plugins.oai;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A conversation kept for {@code agent/resume}: its id and every message so far.
 *
 * @param sessionId the provider's session id, {@code ^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$} (it names a
 *     file)
 * @param model the model the last turn ran with
 * @param messages the messages in order (system prompt first, when there was one)
 */
record Conversation(String sessionId, String model, List<ChatMessage> messages) {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,127}");

    /** @throws IllegalArgumentException if the id could not name a file safely */
    Conversation {
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(model, "model");
        messages = List.copyOf(messages);
        requireId(sessionId);
    }

    /** @throws IllegalArgumentException if {@code id} is not a session id */
    static String requireId(String id) {
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("session_id: '" + ChunkInterpreter.clip(id)
                    + "' is not a session id of this provider (letters, digits, '-' and '_', at most 128)");
        }
        return id;
    }

    /** This conversation with {@code more} messages after its own, run with {@code model}. */
    Conversation with(String model, List<ChatMessage> more) {
        List<ChatMessage> all = new ArrayList<>(messages);
        all.addAll(more);
        return new Conversation(sessionId, model, all);
    }
}
