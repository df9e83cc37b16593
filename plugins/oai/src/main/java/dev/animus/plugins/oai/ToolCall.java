package dev.animus.plugins.oai;

import java.util.Objects;

/**
 * One tool call the model made.
 *
 * @param id the server's id for it ({@code call_...}); empty when the server sent none
 * @param name the function name
 * @param arguments the arguments as the model wrote them: JSON text, not checked
 */
record ToolCall(String id, String name, String arguments) {
    ToolCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(arguments, "arguments");
    }
}
