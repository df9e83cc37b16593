package dev.animus.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The script test plugins that are meant to be correct pass every check that applies to them, and
 * their kind's pack ran (it is not all skipped). The Java ones, first-party and examples, are
 * checked through the real image by packaging's smoke test.
 */
// the cases are independent processes and mostly wait on their bounds: they run side by side
@Execution(ExecutionMode.CONCURRENT)
class TestPluginsConformTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "animus-subject-memo, subject_backend, subject-crud,",
        "animus-subject-notes, subject_backend, subject-crud,",
        "animus-subject-nowatch, subject_backend, subject-watch,",
        "animus-trigger-replay, trigger_backend, trigger-watch,",
        "animus-provider-flaky, provider, provider-run, stream 3",
        "animus-hook-hostile, custom, hook-command-risk,"
    })
    void aCorrectTestPluginPassesEveryCheckThatApplies(
            String plugin, String kind, String kindCheck, String prompt, @TempDir Path dir) throws IOException {
        Report report = Targets.check(Targets.of(Targets.PYTHON.resolve(plugin), dir, Optional.ofNullable(prompt)));
        assertEquals(List.of(), Targets.failed(report), () -> Targets.explain(report));
        assertTrue(
                report.results().stream()
                        .anyMatch(r -> r.id().equals(kindCheck) && r.outcome() == CheckResult.Outcome.PASSED),
                () -> kindCheck + " did not run: " + report.results());
        if (!kind.equals("custom")) {
            assertEquals(List.of(kind), report.kinds());
        }
    }
}
