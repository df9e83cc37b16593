package dev.animus.plugins.queue;

/** The database cannot be opened or used: the message names the file and what to do. */
final class StoreFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StoreFailed(String message) {
        super(message);
    }

    StoreFailed(String message, Throwable cause) {
        super(message, cause);
    }
}
