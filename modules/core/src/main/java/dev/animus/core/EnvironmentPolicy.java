package dev.animus.core;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Computes the complete environment of a plugin process (docs/security.md#plugin-environment): a
 * plugin starts from nothing and receives the base allowlist, the names its manifest declares, and
 * per-request extras only where they are declared too. The result is the whole environment, not a
 * patch.
 */
public final class EnvironmentPolicy {

    /** Forwarded from the host's environment when present. */
    public static final Set<String> BASE_ALLOWLIST = Set.of(
            "PATH", "HOME", "USER", "SHELL", "TERM", "TMPDIR", "LANG", "LC_ALL", "RUST_LOG", "RUST_BACKTRACE", "TZ");

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final Set<String> declared;

    private EnvironmentPolicy(Set<String> declared) {
        this.declared = Set.copyOf(declared);
    }

    /** The policy for manifest probes: the base allowlist and nothing else. */
    public static EnvironmentPolicy baseOnly() {
        return new EnvironmentPolicy(Set.of());
    }

    /**
     * The policy for a plugin that declares {@code names} (its {@code env_required} and consented
     * secret variables).
     *
     * @throws IllegalArgumentException if a name is not a valid environment variable name
     */
    public static EnvironmentPolicy declaring(Set<String> names) {
        for (String n : names) {
            if (!NAME.matcher(n).matches()) {
                throw new IllegalArgumentException("not a valid environment variable name: '" + n + "'");
            }
        }
        return new EnvironmentPolicy(names);
    }

    /** The declared names (without the base allowlist), sorted. */
    public Set<String> declared() {
        return new TreeSet<>(declared);
    }

    /** Whether {@code name} may reach the plugin. */
    public boolean permits(String name) {
        return BASE_ALLOWLIST.contains(name) || declared.contains(name);
    }

    /**
     * The plugin's whole environment: allowed names taken from {@code callerEnvironment}, then
     * {@code extras} laid over them where the name is declared. Undeclared extras are dropped;
     * {@code PATH} keeps only its absolute entries ({@link #absoluteEntries}).
     */
    public Map<String, String> environmentFor(Map<String, String> callerEnvironment, Map<String, String> extras) {
        Objects.requireNonNull(callerEnvironment, "callerEnvironment");
        Objects.requireNonNull(extras, "extras");
        var env = new TreeMap<String, String>();
        callerEnvironment.forEach((k, v) -> {
            if (permits(k)) {
                env.put(k, v);
            }
        });
        extras.forEach((k, v) -> {
            if (declared.contains(k)) {
                env.put(k, v);
            }
        });
        String path = env.remove("PATH");
        if (path != null) {
            absoluteEntries(path).ifPresent(kept -> env.put("PATH", kept));
        }
        return env;
    }

    /**
     * {@code path} (a {@code PATH} value) with only its absolute entries, in order: a relative entry
     * ({@code bin}, {@code .}, or an empty one, which means the working directory) would resolve
     * against whatever directory a plugin runs in, so a project could put its own {@code python3}
     * first. Empty when no absolute entry is left: an empty {@code PATH} would mean the working
     * directory too.
     */
    public static Optional<String> absoluteEntries(String path) {
        StringBuilder kept = new StringBuilder(path.length());
        for (String entry : path.split(":", -1)) {
            if (entry.startsWith("/")) {
                if (!kept.isEmpty()) {
                    kept.append(':');
                }
                kept.append(entry);
            }
        }
        return kept.isEmpty() ? Optional.empty() : Optional.of(kept.toString());
    }

    /** Two policies are equal when they declare the same names. */
    @Override
    public boolean equals(Object o) {
        return o instanceof EnvironmentPolicy other && declared.equals(other.declared);
    }

    @Override
    public int hashCode() {
        return declared.hashCode();
    }
}
