package dev.animus.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The plugins the tests check, and a throwaway world for each (in the test's own directory). */
final class Targets {
    static final Path PYTHON = Path.of(System.getProperty("animus.testproviders.dir"));

    private Targets() {}

    static Target of(Path exe, Path dir) throws IOException {
        return of(exe, dir, Optional.empty());
    }

    static Target of(Path exe, Path dir, Optional<String> prompt) throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path project = Files.createDirectories(dir.resolve("project"));
        return new Target(
                exe,
                Map.of("PATH", System.getenv("PATH"), "HOME", home.toString(), "LANG", "C.UTF-8"),
                project,
                dir.resolve("control.sock"),
                "test",
                Optional.empty(),
                Optional.empty(),
                prompt,
                Set.of());
    }

    static Report check(Target target) {
        return new Conformance(Catalog.packed(), System::nanoTime, 3).check(target, r -> {});
    }

    static List<String> failed(Report report) {
        return report.results().stream()
                .filter(CheckResult::failed)
                .map(CheckResult::id)
                .toList();
    }

    /** Every failure with its detail and transcript, for an assertion's message. */
    static String explain(Report report) {
        return report.results().stream()
                .filter(CheckResult::failed)
                .map(r -> r.id() + ": " + r.detail() + "\n    " + String.join("\n    ", r.transcript())
                        + (r.stderr().isEmpty() ? "" : "\n    stderr: " + String.join("\n    ", r.stderr())))
                .collect(Collectors.joining("\n"));
    }
}
