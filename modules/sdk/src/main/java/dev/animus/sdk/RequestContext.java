package dev.animus.sdk;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import tools.jackson.databind.JsonNode;

/**
 * One request being handled: its params, a way to stream notifications back while it runs, and
 * its cancellation state. Thread-safe; valid while the connection is open.
 *
 * <p>Cancellation: when the host sends {@code $/cancelRequest} for this request, {@link
 * #isCancelled()} turns true, {@link #awaitCancellation} returns, and the handler's thread is
 * interrupted. Whatever the handler then returns or throws, the request is answered {@code -32002}.
 */
public interface RequestContext {

    /** The request id, a JSON integer or string. */
    JsonNode id();

    /** The method name. */
    String method();

    /** The params; an empty object when the request has none. */
    JsonNode params();

    /**
     * The params of the host's {@code initialize} request ({@code protocol_version},
     * {@code host_info}, {@code capabilities}, {@code init_extensions}).
     */
    JsonNode initializeParams();

    /**
     * The project the host bound this plugin to ({@code init_extensions.project_binding.project_root}),
     * canonical and absolute; the plugin then runs in that directory. Empty when the host bound it to
     * no project (an ad-hoc command without {@code --project-root}).
     */
    default Optional<Path> projectRoot() {
        return absolutePath(initializeParams()
                .path("init_extensions")
                .path("project_binding")
                .path("project_root"));
    }

    /**
     * The absolute path of the {@code animus} launcher
     * ({@code init_extensions.memory_mcp_stdio_command.command}): the command a plugin starts an
     * MCP sidecar with. Empty when the host does not know its launcher.
     */
    default Optional<Path> memoryMcpStdioCommand() {
        return absolutePath(initializeParams()
                .path("init_extensions")
                .path("memory_mcp_stdio_command")
                .path("command"));
    }

    /**
     * The absolute path of the daemon's control socket ({@code init_extensions.control_socket}):
     * what a plugin the daemon runs in a role that calls back into it (a workflow runner) connects
     * to with {@link dev.animus.sdk.control.ControlSocket#connect}. Empty when the host told none.
     */
    default Optional<Path> controlSocket() {
        return absolutePath(initializeParams().path("init_extensions").path("control_socket"));
    }

    private static Optional<Path> absolutePath(JsonNode value) {
        if (!value.isString()) {
            return Optional.empty();
        }
        try {
            Path p = Path.of(value.stringValue());
            return p.isAbsolute() ? Optional.of(p) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** Sends {@code $/progress} with params {@code {"id": <this request's id>, "value": value}}. */
    void progress(Object value);

    /**
     * Sends a notification {@code method} with {@code params} (any value Jackson can write, or a
     * {@code JsonNode}). Streaming kinds put the request id in their params themselves.
     */
    void notify(String method, Object params);

    /** Whether the host has cancelled this request. */
    boolean isCancelled();

    /**
     * Runs {@code callback} when the host cancels this request: once, on a thread of the sdk (not
     * the handler's), right after the handler's thread was interrupted; at once on the calling
     * thread if the request is already cancelled. Never runs for a request that finished first. An
     * exception the callback throws is logged to stderr.
     */
    void onCancel(Runnable callback);

    /** @throws CancellationException if the host has cancelled this request */
    void checkCancelled();

    /**
     * Waits until the host cancels this request or {@code timeout} passes, whichever is first.
     *
     * @return true if the request was cancelled (the thread's interrupt flag may then be set too)
     * @throws InterruptedException if the thread is interrupted for another reason
     */
    boolean awaitCancellation(Duration timeout) throws InterruptedException;
}
