package dev.animus.core;

import java.util.Objects;

/**
 * A secret backend could not do what was asked: unavailable, timed out, refused, or its file is
 * unreadable. The message names the backend and the next step, and never holds a secret's value.
 */
public final class SecretStoreFailed extends RuntimeException implements CoreFailure {
    private static final long serialVersionUID = 1L;

    public SecretStoreFailed(String message) {
        super(Objects.requireNonNull(message, "message"));
    }

    public SecretStoreFailed(String message, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), cause);
    }
}
