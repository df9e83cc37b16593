package dev.animus.runtime;

import dev.animus.conformance.Catalog;
import dev.animus.conformance.CheckResult;
import dev.animus.conformance.Conformance;
import dev.animus.conformance.Report;
import dev.animus.conformance.ReportFormats;
import dev.animus.conformance.Target;
import dev.animus.core.EnvironmentPolicy;
import dev.animus.discovery.AnimusPaths;
import dev.animus.process.HostVariables;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code plugin conformance}: checks a plugin binary against the catalog in a throwaway home and
 * project (under the home's private {@code tmp}, removed afterwards), so a plugin's state, its
 * {@code HOME} and its working directory are never the operator's. Nothing is installed, trusted or
 * recorded: like {@code plugin dev}, the binary runs in place and untrusted, with the base
 * environment allowlist plus the names the caller forwards.
 */
public final class PluginConformance {

    /**
     * What to check.
     *
     * @param forwarded variables of {@code callerEnvironment} the plugin may see beyond the base
     *                  allowlist (the author's {@code --env})
     * @param kinds the kind packs to run instead of the declared kinds' (the author's {@code --kind})
     * @param method the domain method the checks call (the author's {@code --method})
     * @param prompt the prompt of the provider checks' runs (the author's {@code --prompt})
     * @param only the checks or packs to run (the author's {@code --only}); empty for all
     * @param jobs how many checks run at once (the author's {@code --jobs}), at least 1
     */
    public record Request(
            Path executable,
            Map<String, String> callerEnvironment,
            List<String> forwarded,
            Optional<List<String>> kinds,
            Optional<String> method,
            Optional<String> prompt,
            Set<String> only,
            int jobs) {
        /** Checks at once by default: one per core, two to four. */
        public static final int DEFAULT_JOBS = Math.clamp(Runtime.getRuntime().availableProcessors(), 2, 4);

        public Request {
            Objects.requireNonNull(executable, "executable");
            callerEnvironment = Map.copyOf(callerEnvironment);
            forwarded = List.copyOf(forwarded);
            kinds = kinds.map(List::copyOf);
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(prompt, "prompt");
            only = Set.copyOf(only);
            if (jobs < 1) {
                throw new IllegalArgumentException("at least one check runs at a time, not " + jobs);
            }
        }
    }

    /** The prompt of the provider checks' runs when the author names none. */
    public static final String DEFAULT_PROMPT = Target.DEFAULT_PROMPT;

    private static final Logger LOG = LoggerFactory.getLogger(PluginConformance.class);

    private PluginConformance() {}

    /** {@code report} as the JSON document of {@code --json} (schema {@value Report#SCHEMA}). */
    public static ObjectNode json(Report report) {
        return ReportFormats.json(report);
    }

    /** {@code report} as JUnit XML, for CI systems. */
    public static String junit(Report report) {
        return ReportFormats.junit(report);
    }

    /** The kinds that have a pack of checks of their own. */
    public static List<String> kinds() {
        return Catalog.kinds();
    }

    /**
     * Runs every check against {@code request.executable()}, handing each result to
     * {@code listener} as it is known.
     *
     * @throws IllegalArgumentException for a {@code --kind} without a pack or a forwarded name the
     *     environment rules refuse
     * @throws UncheckedIOException when the throwaway directories cannot be made
     */
    public static Report check(Request request, Consumer<CheckResult> listener) {
        Path exe = request.executable().toAbsolutePath().normalize();
        AnimusPaths paths = AnimusPaths.from(request.callerEnvironment(), Path.of(""));
        Path scratch = scratch(paths.privateTmp());
        try {
            Path home = Files.createDirectory(scratch.resolve("home"));
            Path project = Files.createDirectory(scratch.resolve("project"));
            Map<String, String> env =
                    new HashMap<>(HostVariables.over(EnvironmentPolicy.declaring(Set.copyOf(request.forwarded()))
                            .environmentFor(request.callerEnvironment(), Map.of())));
            env.put("HOME", home.toString());
            Target target = new Target(
                    exe,
                    env,
                    project,
                    scratch.resolve("control.sock"),
                    HostVersion.current(),
                    request.kinds(),
                    request.method(),
                    request.prompt(),
                    request.only());
            return new Conformance(Catalog.packed(), System::nanoTime, request.jobs()).check(target, listener);
        } catch (IOException e) {
            throw new UncheckedIOException("making the throwaway home in " + scratch, e);
        } finally {
            delete(scratch);
        }
    }

    private static Path scratch(Path tmp) {
        try {
            Files.createDirectories(tmp);
            return Files.createTempDirectory(
                    tmp,
                    "conformance-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException e) {
            throw new UncheckedIOException("making a throwaway home under " + tmp, e);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a plugin may still be writing there as it dies: what is left stays in the private tmp
            LOG.warn("could not remove the throwaway home {}: {}", dir, e.toString());
        }
    }
}
