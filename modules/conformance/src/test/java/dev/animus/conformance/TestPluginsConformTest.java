package dev.animus.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The script test plugins that are meant to be correct pass every check that applies to them, and
 * their kind's pack ran (it is not all skipped). They run side by side. The Java ones, first-party
 * and the example, are checked through the real image by packaging's smoke test.
 */
class TestPluginsConformTest {

    /** Plugin, its kind, a check of its kind's pack that must pass, the provider prompt. */
    private record Row(String plugin, String kind, String kindCheck, Optional<String> prompt) {}

    private static final List<Row> ROWS = List.of(
            new Row("animus-subject-memo", "subject_backend", "subject-crud", Optional.empty()),
            new Row("animus-subject-notes", "subject_backend", "subject-crud", Optional.empty()),
            new Row("animus-subject-nowatch", "subject_backend", "subject-watch", Optional.empty()),
            new Row("animus-trigger-replay", "trigger_backend", "trigger-watch", Optional.empty()),
            new Row("animus-provider-flaky", "provider", "provider-run", Optional.of("stream 3")),
            new Row("animus-hook-hostile", "custom", "hook-command-risk", Optional.empty()));

    @Test
    void everyCorrectTestPluginPassesEveryCheckThatApplies(@TempDir Path dir) throws IOException {
        Map<String, Target> targets = new LinkedHashMap<>();
        for (Row row : ROWS) {
            Path own = Files.createDirectories(dir.resolve(row.plugin()));
            targets.put(row.plugin(), Targets.of(Targets.PYTHON.resolve(row.plugin()), own, row.prompt()));
        }
        Map<String, Report> reports = Targets.checkAll(targets);
        List<String> wrong = new ArrayList<>();
        for (Row row : ROWS) {
            Report report = reports.get(row.plugin());
            if (!Targets.failed(report).isEmpty()) {
                wrong.add(row.plugin() + ":\n" + Targets.explain(report));
            }
            boolean ran = report.results().stream()
                    .anyMatch(r -> r.id().equals(row.kindCheck()) && r.outcome() == CheckResult.Outcome.PASSED);
            if (!ran) {
                wrong.add(row.plugin() + ": " + row.kindCheck() + " did not pass: " + report.results());
            }
            if (!row.kind().equals("custom") && !report.kinds().equals(List.of(row.kind()))) {
                wrong.add(row.plugin() + ": kinds " + report.kinds());
            }
        }
        assertEquals(List.of(), wrong);
    }
}
