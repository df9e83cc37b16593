package dev.animus.plugins.tasks;

/** The store holds no subject of this id (never made, or deleted). */
final class NoSuchSubject extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String id;

    NoSuchSubject(SubjectId id) {
        super("no subject " + id + " in this project's tasks database");
        this.id = id.toString();
    }

    /** The id asked for. */
    String id() {
        return id;
    }
}
