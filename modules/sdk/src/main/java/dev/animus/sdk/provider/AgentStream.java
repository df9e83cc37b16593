package dev.animus.sdk.provider;

import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The notifications of one run, each with {@code session_id} = the run's control session id, in
 * the order they are called (frames are written whole; calls from several threads interleave
 * frame by frame). Valid while the run is in progress; thread-safe.
 */
public interface AgentStream {

    /** The run's control session id (the {@code session_id} of every notification). */
    String controlSessionId();

    /** The run's cancellation. */
    CancellationToken cancellation();

    /** {@code agent/output {session_id, text, final: false}}: a piece of the answer. */
    default void output(String text) {
        output(text, false);
    }

    /**
     * {@code agent/output {session_id, text, final}}.
     *
     * @param last whether this is the last piece of the answer
     */
    void output(String text, boolean last);

    /** {@code agent/thinking {session_id, text}}: reasoning, shown apart from the answer. */
    void thinking(String text);

    /**
     * {@code agent/toolCall {session_id, name, arguments, server?}}.
     *
     * @param arguments the call's arguments, usually an object
     * @param server the MCP server of the tool, if it has one
     */
    void toolCall(String name, JsonNode arguments, Optional<String> server);

    /**
     * {@code agent/toolResult {session_id, name, output, success}}.
     *
     * @param output what the tool answered: a string or any JSON
     */
    void toolResult(String name, JsonNode output, boolean success);

    /**
     * {@code agent/error {session_id, message, recoverable}}: a problem the run reports while it
     * goes on (a fatal one is thrown as a {@code PluginError} instead).
     */
    void error(String message, boolean recoverable);

    /**
     * {@code agent/progress {session_id, ...fields}}: usage, steps, anything the host keeps as
     * metadata.
     *
     * @param fields the fields beside {@code session_id}; a {@code session_id} among them is
     *     replaced
     */
    void progress(ObjectNode fields);

    /**
     * {@code log/entry {level, message, fields: {session_id}}}: a line for the host's log, not
     * for the caller.
     *
     * @param level {@code error}, {@code warn}, {@code info}, {@code debug} or {@code trace}
     * @throws IllegalArgumentException for another level
     */
    void log(String level, String message);
}
