package dev.animus.plugins.oai;

import java.util.Objects;

/** What {@link SseParser} reads from an event stream: an event, or a report of input it skipped. */
sealed interface SseItem {
    /**
     * One dispatched event.
     *
     * @param type the {@code event:} field, {@code message} when the event had none
     * @param data the {@code data:} lines joined with {@code \n}
     */
    record Event(String type, String data) implements SseItem {
        public Event {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(data, "data");
        }
    }

    /**
     * Input the parser did not understand and skipped; never fatal.
     *
     * @param message what was wrong, short and without the offending bytes in full
     */
    record Problem(String message) implements SseItem {
        public Problem {
            Objects.requireNonNull(message, "message");
        }
    }
}
