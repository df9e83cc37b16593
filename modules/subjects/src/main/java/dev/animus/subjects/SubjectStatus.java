package dev.animus.subjects;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Where a subject is in its life (docs/protocol.md#subjects): the five values every backend shares. */
public enum SubjectStatus {
    READY("ready"),
    IN_PROGRESS("in-progress"),
    BLOCKED("blocked"),
    DONE("done"),
    CANCELLED("cancelled");

    private final String wire;

    SubjectStatus(String wire) {
        this.wire = wire;
    }

    /** The value on the wire, e.g. {@code in-progress}. */
    public String wire() {
        return wire;
    }

    /**
     * The status {@code text} names.
     *
     * @throws IllegalArgumentException naming the allowed values when it is none of them
     */
    public static SubjectStatus parse(String text) {
        for (SubjectStatus s : values()) {
            if (s.wire.equals(text)) {
                return s;
            }
        }
        throw new IllegalArgumentException("status '" + text + "' is not one of " + allowed());
    }

    /** The wire values, for messages: {@code ready|in-progress|blocked|done|cancelled}. */
    public static String allowed() {
        return Arrays.stream(values()).map(SubjectStatus::wire).collect(Collectors.joining("|"));
    }
}
