package dev.animus.plugins.queue;

/** The store holds no entry of this id (never made, or dropped). */
final class NoSuchEntry extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String id;

    NoSuchEntry(long number) {
        super("no entry " + EntryId.text(number) + " in this project's queue (queue/list shows the entries)");
        this.id = EntryId.text(number);
    }

    /** The id asked for. */
    String id() {
        return id;
    }
}
