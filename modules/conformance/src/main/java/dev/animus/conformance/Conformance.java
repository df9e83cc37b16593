package dev.animus.conformance;

import dev.animus.core.Manifest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the catalog against one binary: first {@code manifest} and {@code handshake}, whose findings
 * (kinds, methods, capability flags, hooks) decide which other checks apply, then every other
 * scenario, each in a fresh process, several at once, reported in catalog order. A scenario that
 * does not apply is skipped with the reason. Blocking.
 */
public final class Conformance {
    /** The protocol version the checks speak as a host. */
    public static final String HOST_PROTOCOL = "1.1.0";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The checks whose findings decide which others apply: they run first, one after the other. */
    private static final Set<String> FACT_SOURCES = Set.of("manifest", "handshake");

    private final Catalog catalog;
    private final LongSupplier nanos;
    private final int parallelism;

    /**
     * @param nanos the monotonic clock the checks' bounds are measured on
     * @param parallelism how many checks (plugin processes) run at once after the first two; a
     *     slow machine needs 1 for plugins that start near their launch bound
     */
    public Conformance(Catalog catalog, LongSupplier nanos, int parallelism) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        this.nanos = Objects.requireNonNull(nanos, "nanos");
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, not " + parallelism);
        }
        this.parallelism = parallelism;
    }

    /**
     * Checks {@code target}, handing each result to {@code listener} as it is known.
     *
     * @throws IllegalArgumentException when {@code target.kinds()} names a kind without a pack, or
     *     {@code target.only()} a check or pack there is not
     */
    public Report check(Target target, Consumer<CheckResult> listener) {
        for (String wanted : target.only()) {
            if (!catalog.ids().contains(wanted) && !Catalog.PACKS.contains(wanted)) {
                throw new IllegalArgumentException("there is no check or pack " + wanted + ": name one of "
                        + String.join(", ", Catalog.PACKS) + " or a check's id");
            }
        }
        target.kinds()
                .ifPresent(ks -> ks.forEach(k -> {
                    if (!Catalog.kinds().contains(k)) {
                        throw new IllegalArgumentException("the kind " + k + " has no conformance pack: name one of "
                                + String.join(", ", Catalog.kinds()));
                    }
                }));
        long start = nanos.getAsLong();
        List<CheckResult> results = new ArrayList<>();
        List<Scenario> rest = new ArrayList<>();
        Optional<Manifest> manifest = Optional.empty();
        Optional<JsonNode> initialized = Optional.empty();
        for (Scenario s : catalog.scenarios()) {
            if (!FACT_SOURCES.contains(s.id())) {
                rest.add(s);
                continue;
            }
            PluginFacts facts = effective(target, PluginFacts.of(target.fileName(), manifest, initialized));
            Variables vars = variables(target, facts);
            ScenarioRun run = new ScenarioRun(s, target, vars, nanos);
            CheckResult r = run.run();
            if (run.manifest().isPresent()) {
                manifest = run.manifest();
            }
            if (s.id().equals("handshake")) {
                initialized = vars.get("initialize_result");
            }
            results.add(r);
            listener.accept(r);
        }
        PluginFacts facts = effective(target, PluginFacts.of(target.fileName(), manifest, initialized));
        results.addAll(runAll(rest, target, facts, listener));
        List<String> kinds = target.kinds()
                .orElseGet(() -> Catalog.kinds().stream().filter(facts::serves).toList());
        return new Report(
                target.executable(), facts.name(), kinds, results, Duration.ofNanos(nanos.getAsLong() - start));
    }

    /**
     * Runs {@code scenarios}, {@link #parallelism} at a time (each is a process of its own), and
     * hands the results to {@code listener} in catalog order.
     */
    private List<CheckResult> runAll(
            List<Scenario> scenarios, Target target, PluginFacts facts, Consumer<CheckResult> listener) {
        Semaphore slots = new Semaphore(parallelism);
        List<CompletableFuture<CheckResult>> futures = new ArrayList<>();
        try (ExecutorService pool = ConformanceThreads.runners()) {
            for (Scenario s : scenarios) {
                Variables vars = variables(target, facts);
                Optional<String> unmet = target.only().isEmpty()
                                || target.only().contains(s.id())
                                || target.only().contains(s.pack())
                        ? s.requires().unmetBy(facts, vars)
                        : Optional.of("not among the checks asked for");
                if (unmet.isPresent()) {
                    futures.add(CompletableFuture.completedFuture(skipped(s, unmet.get())));
                    continue;
                }
                futures.add(CompletableFuture.supplyAsync(
                        () -> {
                            slots.acquireUninterruptibly();
                            try {
                                return new ScenarioRun(s, target, vars, nanos).run();
                            } finally {
                                slots.release();
                            }
                        },
                        pool));
            }
            List<CheckResult> out = new ArrayList<>();
            for (CompletableFuture<CheckResult> f : futures) {
                CheckResult r = f.join();
                out.add(r);
                listener.accept(r);
            }
            return out;
        }
    }

    private static PluginFacts effective(Target target, PluginFacts facts) {
        return target.kinds().map(facts::withKinds).orElse(facts);
    }

    private static CheckResult skipped(Scenario s, String why) {
        return new CheckResult(
                s.pack(),
                s.id(),
                s.title(),
                CheckResult.Outcome.SKIPPED,
                why,
                s.hint(),
                List.of(),
                List.of(),
                Duration.ZERO);
    }

    private static Variables variables(Target target, PluginFacts facts) {
        String session = UUID.randomUUID().toString();
        ObjectNode init = initializeParams(target, HOST_PROTOCOL);
        ObjectNode run = JSON.createObjectNode();
        run.put("prompt", target.prompt().orElse(Target.DEFAULT_PROMPT));
        run.put("cwd", target.projectRoot().toString());
        run.putObject("env");
        run.put("control_session_id", session);
        run.put("project_root", target.projectRoot().toString());
        run.put("timeout_secs", 30);
        ObjectNode resume = run.deepCopy().put("session_id", "conformance-unknown-session");
        String subjectKind = facts.subjectKinds().isEmpty()
                ? "conformance"
                : facts.subjectKinds().getFirst();
        return new Variables(Map.ofEntries(
                Map.entry("host_protocol", JSON.getNodeFactory().stringNode(HOST_PROTOCOL)),
                Map.entry("initialize_params", init),
                Map.entry("initialize_params_major_99", initializeParams(target, "99.0.0")),
                Map.entry(
                        "launch_ms",
                        JSON.getNodeFactory()
                                .numberNode(Math.max(1, facts.launch().toMillis()))),
                Map.entry("domain_method", JSON.getNodeFactory().stringNode(facts.domainMethod(target.method()))),
                Map.entry("subject_kind", JSON.getNodeFactory().stringNode(subjectKind)),
                Map.entry("control_session_id", JSON.getNodeFactory().stringNode(session)),
                Map.entry("agent_run_params", run),
                Map.entry("agent_resume_params", resume),
                Map.entry(
                        "project_root",
                        JSON.getNodeFactory().stringNode(target.projectRoot().toString())),
                Map.entry(
                        "control_socket",
                        JSON.getNodeFactory().stringNode(target.controlSocket().toString())),
                Map.entry("auth_token", JSON.getNodeFactory().stringNode(authToken())),
                Map.entry(
                        "first_event",
                        JSON.getNodeFactory()
                                .stringNode(
                                        facts.events().isEmpty()
                                                ? "session-start"
                                                : facts.events().getFirst()))));
    }

    private static ObjectNode initializeParams(Target target, String protocol) {
        ObjectNode p = JSON.createObjectNode();
        p.put("protocol_version", protocol);
        p.putObject("host_info").put("name", "animus").put("version", target.hostVersion());
        p.putObject("capabilities").put("streaming", true).put("progress", true).put("cancellation", true);
        ObjectNode ext = p.putObject("init_extensions");
        ext.putObject("project_binding")
                .put("project_root", target.projectRoot().toString());
        ext.put("control_socket", target.controlSocket().toString());
        return p;
    }

    /** A web token of the daemon's shape (43 characters of base64url), random per run. */
    private static String authToken() {
        byte[] bytes = new byte[32];
        new java.security.SecureRandom().nextBytes(bytes);
        return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
