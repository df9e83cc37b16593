package dev.animus.install;

import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.InstallRecord;
import dev.animus.core.Interpreter;
import dev.animus.core.ManifestCheck;
import dev.animus.core.ManifestInvalid;
import dev.animus.discovery.ManifestParser;
import dev.animus.process.HostVariables;
import dev.animus.process.ManifestProbe;
import dev.animus.process.ProbeLimits;
import dev.animus.process.ProbeOutcome;
import dev.animus.store.Verification;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The first run of a trusted binary: its {@code --manifest} probe, from the verified store entry
 * (never from where it was found), in that entry's read-only directory, on the interpreter about
 * to be recorded with its trust, with the base environment only.
 */
final class TrustedProbe {
    private TrustedProbe() {}

    /**
     * The manifest {@code record}'s stored binary prints; empty (with a note saying how to retry)
     * when the probe fails or prints an invalid manifest.
     *
     * @throws LaunchRefused when the stored code no longer has the record's digest
     */
    static Optional<ManifestCheck> read(
            AnimusHome home,
            String name,
            InstallRecord record,
            Optional<Interpreter> interpreter,
            List<Guidance> notes) {
        Verification v = home.store().verify(record.digest(), record.shape(), record.entry());
        if (!(v instanceof Verification.Intact intact)) {
            throw LaunchGate.changed(
                    name,
                    record,
                    switch (v) {
                        case Verification.Changed c -> c.actualDigest();
                        case Verification.Missing m -> "nothing: the store entry is gone";
                        case Verification.Refused r -> r.reason();
                        case Verification.Intact i -> record.digest();
                    });
        }
        Map<String, String> env =
                HostVariables.over(EnvironmentPolicy.baseOnly().environmentFor(home.callerEnvironment(), Map.of()));
        ProbeOutcome outcome = ManifestProbe.run(
                interpreter.map(Interpreter::command).orElse(List.of()),
                intact.executable(),
                Optional.of(home.store().root().resolve(record.digest())),
                env,
                ProbeLimits.defaults());
        return switch (outcome) {
            case ProbeOutcome.Failed f -> {
                notes.add(Guidance.of(
                        "its manifest could not be read: " + f.message() + "; fix the plugin, then run '",
                        new Fix.Trust(name),
                        "' again"));
                yield Optional.empty();
            }
            case ProbeOutcome.Printed p -> {
                try {
                    ManifestCheck check = ManifestParser.probeJson(p.stdout(), intact.executable() + " --manifest");
                    check.warnings().forEach(w -> notes.add(Guidance.text(w)));
                    yield Optional.of(check);
                } catch (ManifestInvalid e) {
                    notes.add(Guidance.text(e.getMessage() + "; fix the plugin, then update it"));
                    yield Optional.empty();
                }
            }
        };
    }
}
