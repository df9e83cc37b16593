package dev.animus.runtime;

import dev.animus.core.PluginKind;
import dev.animus.host.Supervisor;
import dev.animus.install.Permit;
import dev.animus.transports.TransportEndpoint;
import dev.animus.transports.TransportParams;
import dev.animus.transports.TransportSession;
import dev.animus.transports.TransportStart;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * The transports of a daemon or a foreground front end (docs/daemon.md#transports): one
 * {@link TransportSession} per enabled {@code transport_backend} (or legacy {@code web_ui})
 * plugin, UI transports first, each configured by its table of
 * {@code <project>/.animus/transports.toml}. A file that cannot be used (unreadable, not TOML, a
 * top-level value that is not a table) is logged in one line naming it and the key, and none
 * starts; a transport that cannot start is logged in one line and left out, the others run.
 *
 * <p>Thread-safe. {@link #close()} closes every session in the reverse order of their start
 * ({@code transport/shutdown}, then the process); idempotent. The plugins' host is {@link Plugins}'
 * (close this first).
 */
public final class Transports implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Transports.class);
    private static final TomlMapper TOML = TomlMapper.builder().build();
    /** Where the tables are, under the project root. */
    public static final String CONFIG_FILE = ".animus/transports.toml";
    /** The bind address when neither the caller nor the table gives one: loopback, a free port. */
    public static final String DEFAULT_BIND = "127.0.0.1:0";

    private final List<TransportSession> running;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Transports(List<TransportSession> running) {
        this.running = List.copyOf(running);
    }

    /** No transports (the kill switch, a front end without them). */
    public static Transports none() {
        return new Transports(List.of());
    }

    static Transports start(
            Animus animus,
            Plugins plugins,
            String agent,
            Path projectRoot,
            Path controlSocket,
            Optional<String> bindAddr,
            String authToken) {
        Objects.requireNonNull(controlSocket, "controlSocket");
        Objects.requireNonNull(bindAddr, "bindAddr");
        Objects.requireNonNull(authToken, "authToken");
        TreeSet<String> names = new TreeSet<>(animus.pluginsOfKind(PluginKind.Routed.TRANSPORT_BACKEND, agent));
        names.addAll(animus.pluginsOfKind(PluginKind.Routed.WEB_UI, agent));
        if (names.isEmpty()) {
            LOG.info("transports: no transport_backend plugin is enabled; none started");
            return none();
        }
        Path file = projectRoot.resolve(CONFIG_FILE);
        Optional<JsonNode> tables = tables(file);
        if (tables.isEmpty()) {
            return none();
        }
        List<Permitted> permitted = new ArrayList<>();
        for (String name : names) {
            try {
                permitted.add(new Permitted(name, animus.permit(name, agent)));
            } catch (RuntimeException e) { // not trusted, not consented, code changed: the operator's to fix
                LOG.warn("transport {} not started: {}", name, e.getMessage());
            }
        }
        permitted.sort(
                Comparator.comparing((Permitted p) -> !p.permit().manifest().servesWebUi()));
        List<TransportSession> started = new ArrayList<>();
        for (Permitted p : permitted) {
            JsonNode table = tables.get().path(p.name());
            Optional<String> bind = bind(bindAddr, table, file, p.name());
            if (bind.isEmpty()) {
                continue;
            }
            TransportParams params = new TransportParams(
                    controlSocket,
                    projectRoot,
                    bind,
                    table.isObject() ? table : JsonNodeFactory.instance.objectNode(),
                    authToken);
            startOne(animus, plugins, p, params).ifPresent(started::add);
        }
        // UI first: a transport whose initialize (not its manifest) says it serves one moves up too
        started.sort(Comparator.comparing((TransportSession s) -> !s.endpoint().ui()));
        LOG.info(
                "transports: {} of {} started: {}",
                started.size(),
                names.size(),
                started.stream().map(TransportSession::plugin).toList());
        return new Transports(started);
    }

    private record Permitted(String name, Permit permit) {}

    private static Optional<TransportSession> startOne(
            Animus animus, Plugins plugins, Permitted p, TransportParams params) {
        try {
            Supervisor supervisor = animus.registerTransport(
                    p.permit(), plugins.host(), plugins.options().projectBinding(), params.controlSocket());
            return switch (TransportSession.start(TransportSession.Options.of(
                    p.name(), supervisor, p.permit().manifest().servesWebUi(), params))) {
                case TransportStart.Started started -> Optional.of(started.session());
                case TransportStart.Failed failed -> {
                    LOG.warn("{}; not started", failed.message());
                    yield Optional.empty();
                }
            };
        } catch (RuntimeException e) { // RequirementMissing, a closed host: one line, the others start
            LOG.warn("transport {} not started: {}", p.name(), e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * The address a transport binds: the caller's, else its table's {@code bind_addr}, else
     * {@code 127.0.0.1:<port>} of its table's {@code port}, else {@link #DEFAULT_BIND}; empty (logged)
     * when the table's value is unusable.
     */
    private static Optional<String> bind(Optional<String> given, JsonNode table, Path file, String name) {
        if (given.isPresent()) {
            return given;
        }
        JsonNode addr = table.path("bind_addr");
        JsonNode port = table.path("port");
        if (!addr.isMissingNode()) {
            if (addr.isString() && !addr.asString().isBlank()) {
                return Optional.of(addr.asString());
            }
            LOG.warn("{}: {}.bind_addr is not an address; transport {} not started", file, name, name);
            return Optional.empty();
        }
        if (!port.isMissingNode()) {
            if (port.isIntegralNumber() && port.asLong() >= 0 && port.asLong() <= 65_535) {
                return Optional.of("127.0.0.1:" + port.asLong());
            }
            LOG.warn("{}: {}.port is not a port (0 to 65535); transport {} not started", file, name, name);
            return Optional.empty();
        }
        return Optional.of(DEFAULT_BIND);
    }

    /** The tables of {@code file} (none: an empty object); empty when it cannot be used (logged). */
    private static Optional<JsonNode> tables(Path file) {
        JsonNode tree;
        try {
            tree = TOML.readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return Optional.of(JsonNodeFactory.instance.objectNode());
        } catch (IOException e) {
            LOG.warn("{}: cannot be read ({}); no transport started", file, IoText.of(e));
            return Optional.empty();
        } catch (JacksonException e) {
            LOG.warn("{}: is not TOML ({}); no transport started", file, e.getOriginalMessage());
            return Optional.empty();
        }
        if (tree == null) {
            return Optional.of(JsonNodeFactory.instance.objectNode());
        }
        for (Map.Entry<String, JsonNode> e : tree.properties()) {
            if (!e.getValue().isObject()) {
                LOG.warn("{}: {} is not a table ([{}]); no transport started", file, e.getKey(), e.getKey());
                return Optional.empty();
            }
        }
        return Optional.of(tree);
    }

    /** The transports started, UI first. */
    public List<TransportEndpoint> endpoints() {
        return running.stream().map(TransportSession::endpoint).toList();
    }

    /** The first UI transport's endpoint, if one started. */
    public Optional<TransportEndpoint> ui() {
        return endpoints().stream().filter(TransportEndpoint::ui).findFirst();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (TransportSession s : running.reversed()) {
            s.close(); // never throws: a misbehaving transport is logged and its process stopped
        }
    }
}
