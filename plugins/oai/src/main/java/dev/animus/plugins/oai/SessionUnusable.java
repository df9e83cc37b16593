package dev.animus.plugins.oai;

/** A session asked for by {@code agent/resume} that does not exist or cannot be read. */
final class SessionUnusable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SessionUnusable(String message) {
        super(message);
    }
}
