package dev.animus.plugins.oai;

import java.util.Objects;

/** What one chat-completions stream says, event by event, as {@link ChunkInterpreter} reads it. */
sealed interface StreamEvent {
    /** Output text ({@code choices[0].delta.content}). */
    record Output(String text) implements StreamEvent {
        public Output {
            Objects.requireNonNull(text, "text");
        }
    }

    /** Reasoning text ({@code delta.reasoning_content} or {@code delta.reasoning}). */
    record Thinking(String text) implements StreamEvent {
        public Thinking {
            Objects.requireNonNull(text, "text");
        }
    }

    /** A whole tool call, its fragments joined, emitted once the model finished it. */
    record ToolCalled(ToolCall call) implements StreamEvent {
        public ToolCalled {
            Objects.requireNonNull(call, "call");
        }
    }

    /** An {@code error} object in the stream: the server failed mid-way; its message. */
    record ServerError(String message) implements StreamEvent {
        public ServerError {
            Objects.requireNonNull(message, "message");
        }
    }

    /** An event that was not a chunk this client can read; skipped, reported. */
    record Problem(String message) implements StreamEvent {
        public Problem {
            Objects.requireNonNull(message, "message");
        }
    }

    /** {@code data: [DONE]}: the stream ended as it should. */
    record Done() implements StreamEvent {}
}
