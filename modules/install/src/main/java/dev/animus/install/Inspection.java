package dev.animus.install;

import dev.animus.core.Disclosure;
import dev.animus.core.InstallStage;
import dev.animus.core.Manifest;
import dev.animus.core.PluginState;
import dev.animus.store.LockEntry;
import dev.animus.store.RecordProblem;
import dev.animus.store.Verification;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything {@code plugin inspect} shows about one installed plugin: its state record, where it
 * stands for the agent, what it declares (the disclosure and its consent digest), whether its
 * stored code still has its digest, and its lockfile pin.
 *
 * @param manifest the current manifest, validated; empty before a binary was trusted or when the
 *     recorded one no longer validates (then {@code problems} says why)
 * @param consented whether a grant matches the current consent digest
 * @param artifact the result of re-hashing the stored code just now
 */
public record Inspection(
        String name,
        String agent,
        PluginState state,
        InstallStage stage,
        Optional<Manifest> manifest,
        Optional<Disclosure> disclosure,
        Optional<String> consentDigest,
        boolean consented,
        Verification artifact,
        Optional<LockEntry> pin,
        List<RecordProblem> problems) {
    public Inspection {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(manifest, "manifest");
        Objects.requireNonNull(disclosure, "disclosure");
        Objects.requireNonNull(consentDigest, "consentDigest");
        Objects.requireNonNull(artifact, "artifact");
        Objects.requireNonNull(pin, "pin");
        problems = List.copyOf(problems);
    }

    /** Whether the stored code re-hashed to its recorded digest. */
    public boolean artifactValid() {
        return artifact instanceof Verification.Intact;
    }
}
