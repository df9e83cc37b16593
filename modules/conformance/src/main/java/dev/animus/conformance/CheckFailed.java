package dev.animus.conformance;

/** Ends a scenario run at the first step that does not hold; its message is the check's detail. */
final class CheckFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CheckFailed(String message) {
        super(message, null, false, false);
    }
}
