package dev.animus.daemon;

import dev.animus.control.ControlClient;
import dev.animus.control.ControlError;
import dev.animus.control.ControlProtocol;
import dev.animus.control.ErrorCategory;
import dev.animus.control.RecordJson;
import dev.animus.host.PluginStatus;
import dev.animus.install.Permit;
import dev.animus.runtime.AgentEndpoint;
import dev.animus.runtime.PluginEndpoint;
import dev.animus.runtime.SubjectEndpoint;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A front end's connection to its project's daemon: the same plugin use cases as in-process, with
 * the same values and the same failures ({@link FailureWire}), so the front end renders them the
 * same way. One connection; thread-safe; close it after use.
 */
public final class DaemonLink implements AutoCloseable {
    /** How long a control request may take when the use case has no deadline of its own. */
    static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(10);

    private final ControlClient client;

    private DaemonLink(ControlClient client) {
        this.client = client;
    }

    /**
     * Connects to the daemon listening on {@code socket} and checks it speaks this protocol's major.
     *
     * @throws DaemonFailure UNREACHABLE when it cannot be reached, REFUSED for another protocol major
     */
    public static DaemonLink connect(Path socket) {
        ControlClient client;
        try {
            client = ControlClient.connect(socket);
        } catch (ControlError e) {
            throw failure(e);
        }
        try {
            JsonNode status =
                    client.call("daemon/status", JsonNodeFactory.instance.objectNode(), Duration.ofSeconds(10));
            String version = status.path("protocol_version").asString("");
            if (!ControlProtocol.compatible(version)) {
                throw new ControlError(
                        ErrorCategory.NOT_SUPPORTED,
                        "the daemon speaks control protocol " + version + ", this animus " + ControlProtocol.VERSION
                                + ": restart it with this version ('animus daemon restart')");
            }
            return new DaemonLink(client);
        } catch (ControlError e) {
            client.close();
            throw failure(e);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /**
     * One request on a connection of its own, answered on this thread with no connection threads
     * ({@link ControlClient#callOnce}): for a process that asks one thing and exits (a Tab). No
     * protocol check: a daemon of another major answers with an error.
     *
     * @throws DaemonFailure UNREACHABLE when it cannot be reached or does not answer in time,
     *     REFUSED for its error answer
     */
    public static JsonNode requestOnce(Path socket, String method, ObjectNode params, Duration timeout) {
        try {
            return ControlClient.callOnce(socket, method, params, timeout);
        } catch (ControlError e) {
            throw failure(e);
        }
    }

    /**
     * {@code plugin/call} of {@code name}'s {@code method} for {@code agent}, on a connection of its
     * own and answered on this thread ({@link ControlClient#callOnce}: no connection threads, no
     * protocol check), for {@code animus plugin call}, which sends one request and exits
     * (docs/daemon.md#the-cli-uses-a-running-daemon). Empty when no connection can be made: then
     * nothing was sent.
     *
     * @throws RuntimeException the call's failure as {@link RemotePlugin#call} throws it: in its
     *     in-process form ({@link FailureWire}), else a {@link DaemonFailure}
     */
    public static Optional<JsonNode> callPluginOnce(
            Path socket, String name, String agent, String method, JsonNode params, Optional<Duration> timeout) {
        SocketChannel channel;
        try {
            channel = ControlClient.connectOnce(socket);
        } catch (ControlError e) {
            return Optional.empty();
        }
        try {
            return Optional.of(ControlClient.callOnce(
                    channel,
                    "plugin/call",
                    RemotePlugin.callParams(name, agent, method, params, timeout),
                    RemotePlugin.deadline(timeout)));
        } catch (ControlError e) {
            throw typed(e);
        } finally {
            try {
                channel.close();
            } catch (IOException e) {
                // the answer is in (or its failure thrown); the process is about to exit
            }
        }
    }

    /**
     * The name {@code name}'s running process gave in its handshake ({@code plugin/handshake} on a
     * connection of its own), else {@code name}: what {@code plugin call --json} shows as the plugin.
     *
     * @throws DaemonFailure as {@link #requestOnce}
     */
    public static String pluginNameOnce(Path socket, String name, String agent) {
        JsonNode answer = requestOnce(socket, "plugin/handshake", target(name, agent), Duration.ofSeconds(10));
        JsonNode given = answer.path("initialize_result").path("plugin_info").path("name");
        return given.isString() ? given.asString() : name;
    }

    /** A control request, its failure in the in-process form where it has one. */
    JsonNode request(String method, ObjectNode params, Duration timeout) {
        try {
            return client.call(method, params, timeout);
        } catch (ControlError e) {
            throw typed(e);
        }
    }

    /** The failure {@code e} stands for: the in-process failure it carries, else a {@link DaemonFailure}. */
    static RuntimeException typed(ControlError e) {
        RuntimeException typed = FailureWire.fromWire(e);
        return typed instanceof ControlError c ? failure(c) : typed;
    }

    /** A control error as the daemon front end's failure. */
    static DaemonFailure failure(ControlError e) {
        return e.category() == ErrorCategory.UNAVAILABLE
                ? new DaemonFailure(
                        DaemonFailure.Reason.UNREACHABLE,
                        e.getMessage(),
                        "see 'animus daemon status'; '--no-daemon' runs the command in this process")
                : new DaemonFailure(
                        DaemonFailure.Reason.REFUSED, e.getMessage(), e.fix().orElse(null));
    }

    /** Whether the connection is still open. */
    public boolean isOpen() {
        return client.isOpen();
    }

    /** A control request with the default deadline. */
    public JsonNode request(String method, ObjectNode params) {
        return request(method, params, REQUEST_TIMEOUT);
    }

    /** The underlying client (for streams). */
    ControlClient client() {
        return client;
    }

    /**
     * The launch gate's permit for {@code name} and {@code agent}, as the daemon decides it.
     *
     * @throws dev.animus.install.LaunchRefused or {@link dev.animus.runtime.RequirementMissing} as in-process
     */
    public Permit resolve(String name, String agent) {
        JsonNode r = request("plugin/resolve", target(name, agent));
        return RecordJson.read(r.get("permit"), Permit.class);
    }

    /** The daemon's plugin {@code permit} names (resolve it first). */
    public PluginEndpoint plugin(Permit permit) {
        Objects.requireNonNull(permit, "permit");
        return new RemotePlugin(this, permit.name(), permit.agent());
    }

    /** The daemon's plugin {@code name} as registered there, for use cases that need no permit (reset). */
    public PluginEndpoint registered(String name) {
        return new RemotePlugin(this, name, "default");
    }

    /** The status of every plugin the daemon has registered. */
    public List<PluginStatus> status() {
        JsonNode r = request("plugin/status", JsonNodeFactory.instance.objectNode());
        List<PluginStatus> out = new ArrayList<>();
        r.path("plugins").forEach(n -> out.add(RecordJson.read(n, PluginStatus.class)));
        return List.copyOf(out);
    }

    /** Follows {@code method}'s stream (e.g. {@code daemon/events}), buffering at most {@code capacity}. */
    public DaemonStream follow(String method, ObjectNode params, int capacity) {
        try {
            return new DaemonStream(client.follow(method, params, capacity));
        } catch (ControlError e) {
            throw typed(e);
        }
    }

    /**
     * The daemon's provider use cases for {@code agent} (docs/daemon.md#agent-runs): runs streamed
     * over this connection, cancellable from any client of the daemon.
     */
    public AgentEndpoint agents(String agent) {
        return new RemoteAgents(this, Objects.requireNonNull(agent, "agent"));
    }

    /**
     * The daemon's subject use cases for {@code agent} (docs/daemon.md#subjects): routed by the
     * daemon to its backends; a watch streamed over this connection.
     */
    public SubjectEndpoint subjects(String agent) {
        return new RemoteSubjects(this, Objects.requireNonNull(agent, "agent"));
    }

    /**
     * The daemon's hook use cases for {@code agent} (docs/daemon.md#hooks): asked of the daemon's
     * sealed sessions, so every client of one daemon shares an agent's registrations.
     */
    public dev.animus.runtime.HookEndpoint hooks(String agent) {
        return new RemoteHooks(this, Objects.requireNonNull(agent, "agent"));
    }

    static ObjectNode target(String name, String agent) {
        return JsonNodeFactory.instance.objectNode().put("name", name).put("agent", agent);
    }

    @Override
    public void close() {
        client.close();
    }
}
