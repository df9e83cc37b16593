package dev.animus.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
        return new Conformance(Catalog.packed(), System::nanoTime, 2).check(target, r -> {});
    }

    /** The reports of {@code targets}, all checked at once (a faulty run is mostly a wait). */
    static Map<String, Report> checkAll(Map<String, Target> targets) {
        Map<String, CompletableFuture<Report>> running = new LinkedHashMap<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            targets.forEach(
                    (name, target) -> running.put(name, CompletableFuture.supplyAsync(() -> check(target), pool)));
            Map<String, Report> out = new LinkedHashMap<>();
            running.forEach((name, f) -> out.put(name, f.join()));
            return out;
        }
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
