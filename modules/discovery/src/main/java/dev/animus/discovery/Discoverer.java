package dev.animus.discovery;

import dev.animus.core.DiscoveryClaims;
import dev.animus.core.DiscoverySource;
import dev.animus.core.DiscoveryWarning;
import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.Interpreter;
import dev.animus.core.PluginCandidate;
import dev.animus.core.Shebang;
import dev.animus.process.HostVariables;
import dev.animus.process.Interpreters;
import dev.animus.process.ProbeLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * Finds plugins over the five sources in precedence order (docs/operations.md#discovery-order): the
 * registry, the project's {@code .animus/plugins/}, the global install dir,
 * {@code $ANIMUS_PLUGIN_PATH}, and {@code $PATH} only when asked. The first source to claim a name
 * keeps it, even when that entry is broken. Manifests are read from {@code Plugin.toml} for
 * directory plugins (nothing runs) and by the hardened {@code --manifest} probe otherwise, in
 * parallel (as many at once as there are cores), through the manifest cache. Installed plugins (the
 * state document, through a {@link TrustView}) come first and are never run to be listed; any other
 * binary is probed only when its digest is trusted, and is otherwise listed as
 * {@link UntrustedBinary}.
 *
 * <p>Thread-safe; each {@link #discover} is an independent run.
 */
public final class Discoverer {
    private final AnimusPaths paths;
    private final CandidateScan scan;
    private final PluginReader reader;
    private final ManifestCache cache;
    private final Supplier<TrustView> trust;

    Discoverer(
            AnimusPaths paths, Map<String, String> callerEnvironment, Supplier<TrustView> trust, ProbeLimits limits) {
        this.paths = paths;
        this.trust = trust;
        this.cache = new ManifestCache(paths.manifestCache());
        this.scan = new CandidateScan(paths);
        this.reader = new PluginReader(
                HostVariables.over(EnvironmentPolicy.baseOnly().environmentFor(callerEnvironment, Map.of())),
                limits,
                paths.manifestCacheEnabled() ? Optional.of(cache) : Optional.empty(),
                paths.privateTmp());
    }

    /**
     * Nothing installed and every found binary may be probed: for {@code plugin dev} (the explicit
     * untrusted path) and tests of discovery itself.
     */
    public Discoverer(AnimusPaths paths, Map<String, String> callerEnvironment) {
        this(paths, callerEnvironment, TrustView::permissive);
    }

    /**
     * Lists installed plugins first and probes only binaries whose digest {@code trust} trusts
     * (read once per run), with the default probe limits (5 s, 1 MiB).
     */
    public Discoverer(AnimusPaths paths, Map<String, String> callerEnvironment, Supplier<TrustView> trust) {
        this(paths, callerEnvironment, trust, ProbeLimits.defaults());
    }

    public ManifestCache cache() {
        return cache;
    }

    public AnimusPaths paths() {
        return paths;
    }

    /** One discovery run; {@code includeSystemPath} adds {@code $PATH} as the last source. */
    public Discovery discover(boolean includeSystemPath) {
        TrustView view = trust.get();
        InstalledReads installed = new InstalledReads(view.installed());
        List<DiscoveryWarning> notes = new ArrayList<>();
        List<PluginCandidate> candidates = new ArrayList<>(installed.candidates());
        candidates.addAll(scan.candidates(includeSystemPath, notes::add));
        DiscoveryClaims claims = DiscoveryClaims.of(candidates);
        notes.addAll(claims.shadowed());
        List<PluginReader.Read> reads = readAll(claims.winners(), installed, gate(view));
        List<DiscoveredPlugin> plugins = new ArrayList<>();
        List<DiscoveryWarning> broken = new ArrayList<>();
        List<UntrustedBinary> untrusted = new ArrayList<>();
        for (PluginReader.Read r : reads) {
            switch (r) {
                case PluginReader.Read.Usable u -> {
                    plugins.add(u.plugin());
                    notes.addAll(u.notes());
                }
                case PluginReader.Read.Broken b -> broken.add(b.warning());
                case PluginReader.Read.Untrusted u -> untrusted.add(u.binary());
            }
        }
        return new Discovery(plugins, broken, notes, untrusted);
    }

    private static PluginReader.Gate gate(TrustView view) {
        return new PluginReader.Gate() {
            @Override
            public boolean allows(String sha256) {
                return view.trusts(sha256);
            }

            @Override
            public Optional<Interpreter> interpreter(String sha256, byte[] head, Map<String, String> environment) {
                Optional<Interpreter> recorded = view.interpreter(sha256);
                if (recorded.isPresent()) {
                    Interpreters.check(recorded.get());
                    return recorded;
                }
                if (view.resolvesUnrecorded()) {
                    return Interpreters.resolve(head, environment);
                }
                if (Shebang.isScript(head)) {
                    throw new Interpreters.Unresolved(Guidance.of(
                            "a script trusted before its interpreter was recorded" + " is not run; trust it again ('",
                            new Fix.TrustPath("<path>"),
                            "') to resolve and record its interpreter"));
                }
                return Optional.empty();
            }
        };
    }

    private List<PluginReader.Read> readAll(
            List<PluginCandidate> winners, InstalledReads installed, PluginReader.Gate gate) {
        Semaphore slots = new Semaphore(Math.max(1, Runtime.getRuntime().availableProcessors()));
        try (ExecutorService pool = Executors.newThreadPerTaskExecutor(DiscoveryThreads.factory("animus-probe"))) {
            List<Future<PluginReader.Read>> futures = new ArrayList<>();
            for (PluginCandidate c : winners) {
                if (c.source() == DiscoverySource.INSTALLED) {
                    futures.add(CompletableFuture.completedFuture(installed.read(c)));
                    continue;
                }
                futures.add(pool.submit(() -> {
                    slots.acquire();
                    try {
                        return reader.read(c, gate);
                    } finally {
                        slots.release();
                    }
                }));
            }
            List<PluginReader.Read> reads = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                reads.add(result(futures.get(i), winners.get(i)));
            }
            return reads;
        }
    }

    private static PluginReader.Read result(Future<PluginReader.Read> f, PluginCandidate c) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return PluginReader.broken(c, "discovery was interrupted");
        } catch (ExecutionException e) {
            return PluginReader.broken(c, "could not be read: " + e.getCause());
        }
    }
}
