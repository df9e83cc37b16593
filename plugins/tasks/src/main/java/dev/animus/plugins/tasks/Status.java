package dev.animus.plugins.tasks;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The status of a subject, as the protocol spells it; a new subject is {@link #READY}. */
enum Status {
    READY("ready"),
    IN_PROGRESS("in-progress"),
    BLOCKED("blocked"),
    DONE("done"),
    CANCELLED("cancelled");

    private final String wire;

    Status(String wire) {
        this.wire = wire;
    }

    /** The protocol's spelling, e.g. {@code in-progress}. */
    String wire() {
        return wire;
    }

    /** The status spelled {@code text}, if it is one. */
    static Optional<Status> of(String text) {
        return Arrays.stream(values()).filter(s -> s.wire.equals(text)).findFirst();
    }

    /** Every spelling, in order. */
    static List<String> spellings() {
        return Arrays.stream(values()).map(Status::wire).toList();
    }
}
