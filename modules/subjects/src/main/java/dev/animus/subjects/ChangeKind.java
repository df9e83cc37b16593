package dev.animus.subjects;

/** What happened to a subject, as {@code subject/changed} says it (docs/protocol.md#subjects). */
public enum ChangeKind {
    CREATED("created"),
    UPDATED("updated"),
    STATUS_CHANGED("status-changed"),
    DELETED("deleted");

    private final String wire;

    ChangeKind(String wire) {
        this.wire = wire;
    }

    /** The value on the wire, e.g. {@code status-changed}. */
    public String wire() {
        return wire;
    }

    /**
     * The change {@code text} names.
     *
     * @throws IllegalArgumentException when it is none of the four
     */
    public static ChangeKind parse(String text) {
        for (ChangeKind k : values()) {
            if (k.wire.equals(text)) {
                return k;
            }
        }
        throw new IllegalArgumentException(
                "change_kind '" + text + "' is not one of created|updated|status-changed|deleted");
    }
}
