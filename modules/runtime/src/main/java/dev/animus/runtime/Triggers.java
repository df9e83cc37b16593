package dev.animus.runtime;

import dev.animus.core.PluginKind;
import dev.animus.host.Supervisor;
import dev.animus.triggers.Backoff;
import dev.animus.triggers.DedupWindow;
import dev.animus.triggers.TriggerClock;
import dev.animus.triggers.TriggerConfig;
import dev.animus.triggers.TriggerJournal;
import dev.animus.triggers.TriggerNotice;
import dev.animus.triggers.TriggerSession;
import dev.animus.triggers.TriggerStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * The trigger sessions of a daemon (docs/daemon.md#triggers): one per enabled
 * {@code trigger_backend}, configured by its table of {@code <project>/.animus/triggers.toml}, its
 * cursor and dedup window journaled in {@code <project>/.animus/triggers/<plugin>.journal}, its
 * events carried out by {@link TriggerDispatch} (subjects, the queue). A trigger that cannot start
 * (its table is unusable, its launch is refused, its journal cannot be opened) is logged in one
 * line and left out; the others run.
 *
 * <p>Thread-safe. {@link #close()} closes every session, then its journal; idempotent. The
 * plugins' processes are {@link Plugins}' (close this first).
 */
public final class Triggers implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Triggers.class);
    private static final TomlMapper TOML = TomlMapper.builder().build();
    /** Where the tables are, under the project root. */
    public static final String CONFIG_FILE = ".animus/triggers.toml";
    /** Where the journals are, under the project root. */
    public static final String JOURNALS = ".animus/triggers";

    private record Running(TriggerSession session, TriggerJournal journal) {}

    private final List<Running> running;

    private Triggers(List<Running> running) {
        this.running = List.copyOf(running);
    }

    /** No triggers (the kill switch, a front end without them). */
    public static Triggers none() {
        return new Triggers(List.of());
    }

    static Triggers start(
            Animus animus, Plugins plugins, String agent, Path projectRoot, Consumer<TriggerNotice> notices) {
        Objects.requireNonNull(notices, "notices");
        List<String> names = animus.pluginsOfKind(PluginKind.Routed.TRIGGER_BACKEND, agent);
        if (names.isEmpty()) {
            LOG.info("triggers: no trigger_backend plugin is enabled; none started");
            return none();
        }
        Path file = projectRoot.resolve(CONFIG_FILE);
        Optional<JsonNode> tables = tables(file);
        if (tables.isEmpty()) {
            return none();
        }
        Subjects subjects = animus.subjects(plugins, agent, Optional.empty());
        List<Running> started = new ArrayList<>();
        for (String name : names) {
            startOne(animus, plugins, agent, projectRoot, file, tables.get().path(name), name, subjects, notices)
                    .ifPresent(started::add);
        }
        LOG.info(
                "triggers: {} of {} started: {}",
                started.size(),
                names.size(),
                started.stream().map(r -> r.session().plugin()).toList());
        return new Triggers(started);
    }

    private static Optional<Running> startOne(
            Animus animus,
            Plugins plugins,
            String agent,
            Path projectRoot,
            Path file,
            JsonNode table,
            String name,
            Subjects subjects,
            Consumer<TriggerNotice> notices) {
        TriggerConfig config;
        switch (TriggerConfig.read(name, table)) {
            case TriggerConfig.Invalid bad -> {
                LOG.warn("{}: {} {}; trigger {} not started", file, bad.key(), bad.reason(), name);
                return Optional.empty();
            }
            case TriggerConfig.Usable ok -> config = ok.config();
        }
        Supervisor supervisor;
        try {
            supervisor = animus.register(animus.permit(name, agent), plugins.host(), Optional.empty());
        } catch (RuntimeException e) { // LaunchRefused, RequirementMissing: the operator's to fix
            LOG.warn("trigger {} not started: {}", name, e.getMessage());
            return Optional.empty();
        }
        TriggerJournal journal;
        try {
            journal = TriggerJournal.open(
                    projectRoot.resolve(JOURNALS).resolve(name + ".journal"), DedupWindow.DEFAULT_CAPACITY);
        } catch (UncheckedIOException e) {
            LOG.warn("trigger {} not started: {}", name, e.getMessage());
            return Optional.empty();
        }
        TriggerSession session = TriggerSession.start(new TriggerSession.Options(
                name,
                supervisor,
                journal,
                config,
                new TriggerDispatch(name, config, subjects, () -> queue(animus, plugins, agent)),
                Backoff.standard(),
                TriggerClock.system(),
                notices));
        return Optional.of(new Running(session, journal));
    }

    /** The tables of {@code file} (none: an empty object); empty when it cannot be used (logged). */
    private static Optional<JsonNode> tables(Path file) {
        try {
            JsonNode tree = TOML.readTree(Files.readAllBytes(file));
            return Optional.of(tree == null ? JsonNodeFactory.instance.objectNode() : tree);
        } catch (NoSuchFileException e) {
            return Optional.of(JsonNodeFactory.instance.objectNode());
        } catch (IOException e) {
            LOG.warn("{}: cannot be read ({}); no trigger started", file, IoText.of(e));
        } catch (JacksonException e) {
            LOG.warn("{}: is not TOML ({}); no trigger started", file, e.getOriginalMessage());
        }
        return Optional.empty();
    }

    /** The enabled queue's supervisor (the first by name), if one is installed. */
    private static Optional<Supervisor> queue(Animus animus, Plugins plugins, String agent) {
        List<String> queues = animus.pluginsOfKind(PluginKind.Routed.QUEUE, agent);
        if (queues.size() > 1) {
            LOG.warn("triggers: {} queue plugins are enabled; run_workflow uses {}", queues.size(), queues.getFirst());
        }
        return queues.stream()
                .findFirst()
                .map(q -> animus.register(animus.permit(q, agent), plugins.host(), Optional.empty()));
    }

    /** The triggers started, by plugin name. */
    public List<String> started() {
        return running.stream().map(r -> r.session().plugin()).toList();
    }

    /** Each session's counters and state, by plugin name. */
    public List<TriggerStatus> status() {
        return running.stream().map(r -> r.session().status()).toList();
    }

    @Override
    public void close() {
        for (Running r : running) {
            try {
                r.session().close();
            } finally {
                r.journal().close();
            }
        }
    }
}
