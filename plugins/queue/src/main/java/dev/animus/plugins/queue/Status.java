package dev.animus.plugins.queue;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Where an entry is in its life: pending, leased to a worker, held back, or finished. */
enum Status {
    PENDING,
    LEASED,
    HELD,
    DONE,
    FAILED;

    /** The wire and database spelling. */
    String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a subject with an entry in this status is not queued again. */
    boolean open() {
        return this == PENDING || this == LEASED || this == HELD;
    }

    static Optional<Status> of(String text) {
        return Arrays.stream(values()).filter(s -> s.wire().equals(text)).findFirst();
    }

    static List<String> spellings() {
        return Arrays.stream(values()).map(Status::wire).toList();
    }
}
