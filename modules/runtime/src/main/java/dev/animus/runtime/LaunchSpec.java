package dev.animus.runtime;

import dev.animus.core.EnvironmentPolicy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to start one plugin: its executable, the environment policy that decides what it sees, the
 * caller's environment to take allowed names from, per-launch extras (filtered by the policy), and
 * an optional working directory (none: the caller's).
 */
public record LaunchSpec(
        String name,
        Path executable,
        EnvironmentPolicy environmentPolicy,
        Map<String, String> callerEnvironment,
        Map<String, String> extras,
        Optional<Path> workingDirectory) {

    public LaunchSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(environmentPolicy, "environmentPolicy");
        callerEnvironment = Map.copyOf(callerEnvironment);
        extras = Map.copyOf(extras);
        Objects.requireNonNull(workingDirectory, "workingDirectory");
    }

    /** A plugin named after its file, seeing the base allowlist plus {@code declared} names. */
    public static LaunchSpec of(Path executable, List<String> declared, Map<String, String> callerEnvironment) {
        return new LaunchSpec(executable.getFileName().toString(), executable,
                EnvironmentPolicy.declaring(java.util.Set.copyOf(declared)), callerEnvironment, Map.of(),
                Optional.empty());
    }

    /** Names variables but never their values: the caller's environment and the extras hold secrets. */
    @Override
    public String toString() {
        return "LaunchSpec[name=" + name + ", executable=" + executable + ", declared="
                + environmentPolicy.declared() + ", extras=" + new java.util.TreeSet<>(extras.keySet())
                + ", workingDirectory=" + workingDirectory + "]";
    }

    /** The plugin's complete environment. */
    public Map<String, String> environment() {
        return environmentPolicy.environmentFor(callerEnvironment, extras);
    }
}
