package dev.animus.plugins.queue;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** How a worker ends its lease: the entry is done, failed, or goes back to pending for another try. */
enum Outcome {
    DONE,
    FAILED,
    RETRY;

    String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status an entry completed with this outcome is left in. */
    Status status() {
        return switch (this) {
            case DONE -> Status.DONE;
            case FAILED -> Status.FAILED;
            case RETRY -> Status.PENDING;
        };
    }

    static Optional<Outcome> of(String text) {
        return Arrays.stream(values()).filter(o -> o.wire().equals(text)).findFirst();
    }

    static List<String> spellings() {
        return Arrays.stream(values()).map(Outcome::wire).toList();
    }
}
