package dev.animus.plugins.oai;

import java.util.Objects;

/** A chat stream failed: {@link #failure()} says why. */
final class ChatFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ChatFailure failure;

    ChatFailed(ChatFailure failure, Throwable cause) {
        super(failure.message(), cause);
        this.failure = Objects.requireNonNull(failure, "failure");
    }

    ChatFailed(ChatFailure failure) {
        this(failure, null);
    }

    ChatFailure failure() {
        return failure;
    }
}
