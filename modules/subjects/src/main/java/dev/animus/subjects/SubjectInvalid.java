package dev.animus.subjects;

/** A backend answered something that is not a subject (or a page, or a change) of the protocol's shape. */
public final class SubjectInvalid extends RuntimeException implements SubjectFailure {
    private static final long serialVersionUID = 1L;

    public SubjectInvalid(String message) {
        super(message);
    }
}
