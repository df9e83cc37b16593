package dev.animus.install;

import dev.animus.core.InstallRecord;
import dev.animus.core.Interpreter;
import dev.animus.core.Manifest;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The launch gate let a plugin run: trusted, consented and enabled for the agent at the current
 * digests, its stored code re-verified just now.
 *
 * @param executable the verified entry inside {@code store/<digest>/}: the only thing to execute
 * @param interpreter what runs it, for a script: the interpreter recorded when its digest was trusted
 */
public record Permit(
        String name,
        String agent,
        InstallRecord record,
        Manifest manifest,
        Path executable,
        String consentDigest,
        Optional<Interpreter> interpreter) {
    public Permit {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(manifest, "manifest");
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(consentDigest, "consentDigest");
        Objects.requireNonNull(interpreter, "interpreter");
    }
}
