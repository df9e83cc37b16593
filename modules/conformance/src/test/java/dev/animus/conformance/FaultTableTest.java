package dev.animus.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each fault of the test plugin animus-conformance-faulty breaks one rule of the protocol; the kit
 * must fail exactly the checks about that rule, and pass the plugin without a fault. The faults
 * run side by side (most of a faulty run is waiting out a bound), and every row that differs is
 * reported at once.
 */
class FaultTableTest {

    private static final Map<String, List<String>> FAULTS = new LinkedHashMap<>();

    static {
        FAULTS.put("none", List.of());
        FAULTS.put("bad-manifest", List.of("manifest"));
        FAULTS.put("no-gate", List.of("before-initialized"));
        FAULTS.put("wrong-unknown", List.of("unknown-method"));
        FAULTS.put("any-version", List.of("version-mismatch"));
        FAULTS.put("ping-null", List.of("ping"));
        FAULTS.put("no-health", List.of("health"));
        FAULTS.put("no-exit", List.of("shutdown-exit"));
        FAULTS.put("linger", List.of("stdin-eof"));
        FAULTS.put("line-reader", List.of("pretty-frames", "ndjson-frames"));
        FAULTS.put("answer-notifications", List.of("notifications-in-flight"));
        FAULTS.put("drop-cancelled", List.of("cancellation"));
    }

    @Test
    void eachFaultFailsExactlyTheChecksAboutItsRule(@TempDir Path dir) throws IOException {
        Map<String, Target> targets = new LinkedHashMap<>();
        for (String fault : FAULTS.keySet()) {
            Path own = Files.createDirectories(dir.resolve(fault));
            Path exe = own.resolve(fault.equals("none") ? "animus-conformance-faulty" : "animus-faulty-" + fault);
            Files.copy(Targets.PYTHON.resolve("animus-conformance-faulty"), exe, StandardCopyOption.COPY_ATTRIBUTES);
            targets.put(fault, Targets.of(exe, own));
        }
        Map<String, Report> reports = Targets.checkAll(targets);
        List<String> wrong = new ArrayList<>();
        FAULTS.forEach((fault, expected) -> {
            Report report = reports.get(fault);
            List<String> failed = Targets.failed(report);
            if (!failed.equals(expected)) {
                wrong.add(fault + ": expected " + expected + " to fail, failed " + failed + "\n"
                        + Targets.explain(report));
            } else if (report.count(CheckResult.Outcome.PASSED) + expected.size() != 13) {
                wrong.add(fault + ": not every protocol check ran: " + report.results());
            }
        });
        assertEquals(List.of(), wrong);
    }
}
