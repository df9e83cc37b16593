package dev.animus.discovery;

import dev.animus.core.DiscoverySource;
import dev.animus.core.DiscoveryWarning;
import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.HostHello;
import dev.animus.core.Interpreter;
import dev.animus.core.Manifest;
import dev.animus.core.ManifestCheck;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.PluginCandidate;
import dev.animus.core.ProtocolCompatibility;
import dev.animus.process.Interpreters;
import dev.animus.process.ManifestProbe;
import dev.animus.process.ProbeLimits;
import dev.animus.process.ProbeOutcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one claimed candidate into a usable plugin or a warning: a directory plugin from its
 * {@code Plugin.toml} (nothing runs) and its {@code entry}; an executable from the manifest cache
 * or, if its digest is trusted, from its hardened {@code --manifest} probe (an untrusted binary is
 * neither run nor described by a cached manifest). An executable that must be probed is copied
 * into a private directory first ({@link ProbeCopy}): trust is checked on the copy's digest, and
 * the probe runs the copy, on the interpreter recorded with its trust, in that directory. A failed
 * probe is cached like a manifest; a file over {@link ProbeCopy#MAX_BYTES} is not hashed. Checks
 * the protocol major against this host's.
 */
final class PluginReader {
    private final Map<String, String> probeEnvironment;
    private final ProbeLimits limits;
    private final Optional<ManifestCache> cache;
    private final Path tmpRoot;

    /** The outcome for one candidate. */
    sealed interface Read {
        record Usable(DiscoveredPlugin plugin, List<DiscoveryWarning> notes) implements Read {}

        record Broken(DiscoveryWarning warning) implements Read {}

        record Untrusted(UntrustedBinary binary) implements Read {}
    }

    /** Whether a binary with this digest may run, and on which interpreter. */
    interface Gate {
        boolean allows(String sha256);

        /**
         * The interpreter a trusted binary with this digest runs on; empty for a native executable.
         *
         * @param head the binary's first bytes, for its {@code #!} line
         * @throws Interpreters.Unresolved when it is a script whose interpreter was not recorded with
         *     its trust (and may not be resolved now), or cannot be used
         */
        Optional<Interpreter> interpreter(String sha256, byte[] head, Map<String, String> environment);
    }

    PluginReader(
            Map<String, String> probeEnvironment, ProbeLimits limits, Optional<ManifestCache> cache, Path tmpRoot) {
        this.tmpRoot = tmpRoot;
        this.probeEnvironment = Map.copyOf(probeEnvironment);
        this.limits = limits;
        this.cache = cache;
    }

    static Read broken(PluginCandidate c, String reason) {
        return broken(c, Guidance.text(reason));
    }

    static Read broken(PluginCandidate c, Guidance reason) {
        return new Read.Broken(new DiscoveryWarning(c.name(), c.path(), c.source(), reason));
    }

    Read read(PluginCandidate c, Gate gate) {
        try {
            return c.directoryPlugin() ? directory(c) : executable(c, gate);
        } catch (ManifestInvalid e) {
            return broken(c, e.getMessage());
        } catch (UncheckedIOException e) {
            return broken(c, e.getMessage());
        }
    }

    private Read directory(PluginCandidate c) {
        Path dir = Path.of(c.path());
        Path toml = dir.resolve(CandidateScan.PLUGIN_TOML);
        if (!Files.isRegularFile(toml)) {
            return broken(c, "a plugin directory without " + CandidateScan.PLUGIN_TOML + "; add one, or rename it");
        }
        ManifestCheck check = ManifestParser.pluginToml(toml, true);
        Path exe = dir.resolve(check.manifest().entry().orElseThrow()).normalize();
        if (!insideOf(dir, exe)) {
            return broken(c, toml + ": entry: leaves the plugin directory through a link; point it at a file inside");
        }
        if (!Files.isRegularFile(exe) || !Files.isExecutable(exe)) {
            return broken(
                    c,
                    toml + ": entry: " + exe + " is not an executable file"
                            + (Files.isRegularFile(exe) ? " (chmod +x " + exe + ")" : ""));
        }
        return usable(c, check, exe, Optional.empty(), false);
    }

    private Read executable(PluginCandidate c, Gate gate) {
        Path exe = Path.of(c.path());
        if (!Files.exists(exe)) {
            return broken(
                    c,
                    "no such file"
                            + (c.source() == DiscoverySource.REGISTRY
                                    ? "; fix or remove its entry in plugins.toml"
                                    : ""));
        }
        if (!Files.isRegularFile(exe) || !Files.isExecutable(exe)) {
            return broken(c, "not an executable file (chmod +x " + exe + ")");
        }
        long size;
        try {
            size = Files.size(exe);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + exe + ": " + e.getMessage(), e);
        }
        if (size > ProbeCopy.MAX_BYTES) {
            return broken(c, ProbeCopy.tooLarge(exe, size).getMessage());
        }
        // Listing needs only the digest: nothing runs for an untrusted binary or a cached answer.
        String digest = FileDigest.sha256(exe);
        Optional<Read> known = known(c, exe, digest, gate);
        if (known.isPresent()) {
            return known.get();
        }
        // To run it: one private copy, hashed as it is copied, is what is checked and what runs; a
        // file swapped where it lies after the hash never runs, and nothing beside it is beside the copy.
        try (ProbeCopy copy = ProbeCopy.of(tmpRoot, exe)) {
            if (!copy.sha256().equals(digest)) {
                Optional<Read> now = known(c, exe, copy.sha256(), gate);
                if (now.isPresent()) {
                    return now.get();
                }
            }
            String copied = copy.sha256();
            Optional<Interpreter> interpreter;
            try {
                interpreter = gate.interpreter(copied, copy.head(), probeEnvironment);
            } catch (Interpreters.Unresolved e) {
                return broken(c, e.guidance());
            }
            ProbeOutcome outcome = ManifestProbe.run(
                    interpreter.map(Interpreter::command).orElse(List.of()),
                    copy.file(),
                    Optional.of(copy.directory()),
                    probeEnvironment,
                    limits);
            return switch (outcome) {
                case ProbeOutcome.Failed f -> {
                    String reason = "--manifest probe failed: " + f.message();
                    if (!Thread.currentThread().isInterrupted()) { // an interrupted probe says nothing of the binary
                        cache.ifPresent(m -> m.putFailure(copied, exe, reason));
                    }
                    yield broken(c, reason);
                }
                case ProbeOutcome.Printed p -> {
                    ManifestCheck check;
                    try {
                        check = ManifestParser.probeJson(p.stdout(), exe + " --manifest");
                    } catch (ManifestInvalid e) {
                        cache.ifPresent(m -> m.putFailure(copied, exe, e.getMessage()));
                        throw e;
                    }
                    Read read = usable(c, check, exe, Optional.of(copied), false);
                    if (read instanceof Read.Usable && cache.isPresent()) {
                        cache.get().put(copied, exe, check.manifest());
                    }
                    yield read;
                }
            };
        } catch (ProbeCopy.TooLarge e) {
            return broken(c, e.getMessage());
        }
    }

    /**
     * What is known of the binary with {@code digest} without running it: untrusted, a cached
     * manifest, or a cached failure; empty when it has to be probed.
     */
    private Optional<Read> known(PluginCandidate c, Path exe, String digest, Gate gate) {
        if (!gate.allows(digest)) {
            // not even a cached manifest: what an untrusted binary says about itself is not shown
            return Optional.of(new Read.Untrusted(new UntrustedBinary(
                    c.name(),
                    c.path(),
                    c.source(),
                    digest,
                    new Fix.Install(new Fix.Source.At(exe.toString()), Optional.empty()))));
        }
        Optional<Manifest> cached = cache.flatMap(m -> m.get(digest));
        if (cached.isPresent()) {
            return Optional.of(usable(c, new ManifestCheck(cached.get(), List.of()), exe, Optional.of(digest), true));
        }
        return cache.flatMap(m -> m.failure(digest))
                .map(failed -> broken(
                        c,
                        Guidance.of(
                                failed + " (cached for sha256 " + digest.substring(0, 12) + "; '",
                                new Fix.ClearCache(),
                                "' probes it again)")));
    }

    private static Read usable(
            PluginCandidate c, ManifestCheck check, Path exe, Optional<String> digest, boolean cached) {
        Manifest m = check.manifest();
        var verdict = ProtocolCompatibility.check(
                HostHello.PROTOCOL_VERSION, m.protocolVersion().toString());
        if (verdict instanceof ProtocolCompatibility.Incompatible bad) {
            return broken(c, bad.message());
        }
        List<DiscoveryWarning> notes = new ArrayList<>();
        check.warnings().forEach(w -> notes.add(new DiscoveryWarning(c.name(), c.path(), c.source(), w)));
        if (!m.name().equals(c.name())) {
            notes.add(new DiscoveryWarning(
                    c.name(),
                    c.path(),
                    c.source(),
                    "its manifest calls it '" + m.name() + "'; it is listed as '" + c.name()
                            + "' (rename the file or the registry entry to match)"));
        }
        return new Read.Usable(
                new DiscoveredPlugin(
                        c.name(), m, exe, Path.of(c.path()), c.source(), c.directoryPlugin(), digest, cached),
                notes);
    }

    private static boolean insideOf(Path dir, Path file) {
        try {
            return !Files.exists(file) || file.toRealPath().startsWith(dir.toRealPath());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve " + file + ": " + e.getMessage(), e);
        }
    }
}
