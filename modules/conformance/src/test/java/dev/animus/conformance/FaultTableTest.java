package dev.animus.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each fault of the test plugin animus-conformance-faulty breaks one rule of the protocol; the kit
 * must fail exactly the checks about that rule, and pass the plugin without a fault.
 */
// the cases are independent processes and mostly wait on their bounds: they run side by side
@Execution(ExecutionMode.CONCURRENT)
class FaultTableTest {

    static Stream<Arguments> faults() {
        return Stream.of(
                Arguments.of("none", List.of()),
                Arguments.of("bad-manifest", List.of("manifest")),
                Arguments.of("no-gate", List.of("before-initialized")),
                Arguments.of("wrong-unknown", List.of("unknown-method")),
                Arguments.of("any-version", List.of("version-mismatch")),
                Arguments.of("ping-null", List.of("ping")),
                Arguments.of("no-health", List.of("health")),
                Arguments.of("no-exit", List.of("shutdown-exit")),
                Arguments.of("linger", List.of("stdin-eof")),
                Arguments.of("line-reader", List.of("pretty-frames", "ndjson-frames")),
                Arguments.of("answer-notifications", List.of("notifications-in-flight")),
                Arguments.of("drop-cancelled", List.of("cancellation")));
    }

    @ParameterizedTest(name = "{0} fails {1}")
    @MethodSource("faults")
    void aFaultFailsExactlyTheChecksAboutItsRule(String fault, List<String> expected, @TempDir Path dir)
            throws IOException {
        Path exe = dir.resolve(fault.equals("none") ? "animus-conformance-faulty" : "animus-faulty-" + fault);
        Files.copy(Targets.PYTHON.resolve("animus-conformance-faulty"), exe, StandardCopyOption.COPY_ATTRIBUTES);
        Report report = Targets.check(Targets.of(exe, dir));
        assertEquals(expected, Targets.failed(report), () -> Targets.explain(report));
        assertEquals(13, report.count(CheckResult.Outcome.PASSED) + expected.size(), "every protocol check ran");
    }
}
