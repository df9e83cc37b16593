package dev.animus.sdk;

/** How a registered request method is answered. */
sealed interface Route {

    /** The sdk answers with what the handler returns or throws. */
    record Handled(MethodHandler handler) implements Route {}

    /** The handler writes its own answer (or none). */
    record RawHandled(RawMethodHandler handler) implements Route {}

    /** No handler: the sdk's built-in answer, or {@code -32601}. */
    record Unregistered() implements Route {}
}
