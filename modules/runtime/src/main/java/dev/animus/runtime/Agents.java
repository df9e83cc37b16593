package dev.animus.runtime;

import dev.animus.core.Fix;
import dev.animus.core.Manifest;
import dev.animus.core.PluginKind;
import dev.animus.host.ProjectBinding;
import dev.animus.host.Supervisor;
import dev.animus.install.Permit;
import dev.animus.providers.ActiveSession;
import dev.animus.providers.AgentRequest;
import dev.animus.providers.AgentRun;
import dev.animus.providers.AgentSessions;
import dev.animus.providers.CancelOutcome;
import dev.animus.providers.ProviderMissing;
import dev.animus.providers.ProviderNames;
import dev.animus.providers.RunContext;
import dev.animus.providers.RunnerEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The provider use cases of one host (docs/protocol.md#providers): run and resume an agent
 * session, cancel one by its {@code control_session_id}, list the installed providers. The session
 * map is its {@link Plugins}' (one per host): every {@code Agents} over the same plugins sees the
 * same runs, so a run one client of a daemon started can be cancelled by another.
 *
 * <p>Thread-safe. It owns nothing to close: the processes are its {@link Plugins}'.
 */
public final class Agents implements AgentEndpoint {
    /** How long a cancel waits for the run's process and for its answer (docs/protocol.md#agentcancel). */
    public static final Duration CANCEL_TIMEOUT = AgentSessions.CANCEL_TIMEOUT;

    private final Animus animus;
    private final Plugins plugins;
    private final String agent;
    private final Optional<ProjectBinding> binding;
    private final AgentSessions sessions;

    Agents(Animus animus, Plugins plugins, String agent, Optional<ProjectBinding> binding) {
        this.animus = animus;
        this.plugins = plugins;
        this.agent = Objects.requireNonNull(agent, "agent");
        this.binding = Objects.requireNonNull(binding, "binding")
                .or(() -> plugins.options().projectBinding());
        this.sessions = plugins.sessions();
    }

    /**
     * Starts {@code request} on its provider and returns at once; the events go to {@code sink} in
     * order. The run's {@code cwd} is the project root when bound, else this process's directory.
     * The agent's lifecycle events (session, prompt, tools, end) go to the plugins that observe them
     * ({@link RunLifecycle}).
     *
     * @throws ProviderMissing when no installed plugin is that provider (never another one instead)
     * @throws dev.animus.install.LaunchRefused when it is installed but may not run
     * @throws RequirementMissing for a required variable or secret that is set nowhere
     */
    @Override
    public RunningAgent run(AgentRequest request, Consumer<RunnerEvent> sink) {
        Objects.requireNonNull(request, "request");
        String name = resolve(request.provider());
        Permit permit = animus.permit(name, agent);
        Supervisor supervisor = animus.register(permit, plugins.host(), binding);
        RunContext context = new RunContext(Path.of("").toAbsolutePath(), binding.map(ProjectBinding::projectRoot));
        RunLifecycle lifecycle = new RunLifecycle(animus.hooks(plugins, agent, binding), name);
        lifecycle.starting(request);
        AgentRun run = sessions.start(supervisor, request, context, lifecycle.observing(sink));
        run.whenEnded((outcome, failure) -> lifecycle.ended(run.controlSessionId(), outcome, failure));
        return new RunningAgent(run);
    }

    /**
     * Sends {@code agent/cancel} to the process running {@code controlSessionId}.
     *
     * @throws dev.animus.providers.NoActiveSession when no run has that id
     * @throws dev.animus.providers.CancelNotSupported when the provider did not advertise cancellation
     * @throws dev.animus.host.PluginCallFailed when the cancel failed
     */
    @Override
    public CancelOutcome cancel(String controlSessionId) throws InterruptedException {
        return sessions.cancel(controlSessionId);
    }

    /** The runs in progress. */
    public List<ActiveSession> active() {
        return sessions.active();
    }

    /** The installed plugins of kind {@code provider}, by name. */
    @Override
    public List<ProviderInfo> providers() {
        List<ProviderInfo> found = new ArrayList<>();
        for (String name : animus.state().plugins().keySet()) {
            animus.manifest(name)
                    .filter(Agents::isProvider)
                    .ifPresent(m -> found.add(new ProviderInfo(
                            name,
                            ProviderNames.canonical(name),
                            m.version().toString(),
                            m.description(),
                            m.capabilities())));
        }
        return found;
    }

    private static boolean isProvider(Manifest m) {
        return m.kind().routed() == PluginKind.Routed.PROVIDER
                || m.extraKinds().stream().anyMatch(k -> k.routed() == PluginKind.Routed.PROVIDER);
    }

    /** The installed provider {@code requested} names, or what installs it. */
    private String resolve(String requested) {
        List<String> installed = providers().stream().map(ProviderInfo::name).toList();
        return ProviderNames.resolve(requested, installed)
                .orElseThrow(() -> new ProviderMissing(requested, List.of(installFix(requested))));
    }

    /** The default that provides {@code requested}, else (oai) its group, else any file. */
    private Fix installFix(String requested) {
        String wanted = ProviderNames.canonical(requested);
        Optional<PluginDefaults.Entry> entry;
        try {
            entry = animus.defaults().forRole("provider").stream()
                    .filter(e -> ProviderNames.canonical(e.name()).equals(wanted))
                    .findFirst();
        } catch (DefaultsInvalid e) {
            entry = Optional.empty();
        }
        if (entry.isPresent()) {
            String group = entry.get().group();
            return new Fix.InstallDefaults(group.equals(PluginDefaults.CORE) ? List.of() : List.of(group));
        }
        if (wanted.equals("oai")) {
            return new Fix.InstallDefaults(List.of("oai-agent"));
        }
        return new Fix.Install(new Fix.Source.AnyFile(), Optional.of(requested));
    }
}
