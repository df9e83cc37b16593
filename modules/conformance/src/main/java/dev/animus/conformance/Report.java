package dev.animus.conformance;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What {@link Conformance#check} found about one binary.
 *
 * @param name the plugin's name (its manifest's, else its {@code initialize} answer's, else the file's)
 * @param kinds the kinds whose packs ran
 */
public record Report(Path executable, String name, List<String> kinds, List<CheckResult> results, Duration took) {
    /** The version of the JSON document of {@link ReportFormats#json}. */
    public static final String SCHEMA = "animus.plugin.conformance.v1";

    public Report {
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(name, "name");
        kinds = List.copyOf(kinds);
        results = List.copyOf(results);
        Objects.requireNonNull(took, "took");
    }

    /** True when no check failed (skips are not failures, but neither are they passes). */
    public boolean passed() {
        return results.stream().noneMatch(CheckResult::failed);
    }

    public long count(CheckResult.Outcome outcome) {
        return results.stream().filter(r -> r.outcome() == outcome).count();
    }
}
