package dev.animus.scaffold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.conformance.Catalog;
import dev.animus.conformance.CheckResult;
import dev.animus.conformance.Conformance;
import dev.animus.conformance.Report;
import dev.animus.conformance.Target;
import dev.animus.core.ManifestInvalid;
import dev.animus.discovery.ManifestParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

// the kinds are independent processes: they run side by side
@Execution(ExecutionMode.CONCURRENT)
class ScaffoldTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "custom, handshake",
        "provider, provider-cancel",
        "subject_backend, subject-watch",
        "trigger_backend, trigger-watch",
        "transport_backend, transport-start-shutdown",
        "log_storage_backend, log-storage-store-query",
        "hooks, hook-command-risk"
    })
    void aNewPluginOfEachKindPassesConformanceAsWritten(String word, String kindCheck, @TempDir Path dir)
            throws IOException {
        TemplateKind kind = TemplateKind.of(word).orElseThrow();
        PluginProject project = Scaffold.python("my-" + word.replace('_', '-'), kind, dir);
        Path home = Files.createDirectories(dir.resolve("home"));
        Path root = Files.createDirectories(dir.resolve("project"));
        Report report = new Conformance(Catalog.packed(), System::nanoTime, 3)
                .check(
                        new Target(
                                project.executable(),
                                Map.of("PATH", System.getenv("PATH"), "HOME", home.toString()),
                                root,
                                dir.resolve("control.sock"),
                                "test",
                                Optional.empty(),
                                Optional.empty(),
                                Optional.empty(),
                                Set.of()),
                        r -> {});
        String failures = report.results().stream()
                .filter(CheckResult::failed)
                .map(r -> r.id() + ": " + r.detail() + "\n  " + String.join("\n  ", r.transcript()) + "\n  stderr: "
                        + r.stderr())
                .collect(Collectors.joining("\n"));
        assertEquals("", failures);
        assertTrue(
                report.results().stream()
                        .anyMatch(r -> r.id().equals(kindCheck) && r.outcome() == CheckResult.Outcome.PASSED),
                () -> kindCheck + " did not pass: " + report.results());
        // the manifest beside it reads back as the one it prints
        assertEquals(
                ManifestParser.pluginToml(project.directory().resolve("Plugin.toml"), true)
                        .manifest()
                        .name(),
                report.name());
    }

    @Test
    void aNameThatIsNoPluginNameWritesNothing(@TempDir Path dir) {
        var e = assertThrows(ManifestInvalid.class, () -> Scaffold.python("My Plugin", TemplateKind.CUSTOM, dir));
        assertTrue(e.getMessage().contains("name"), e::getMessage);
        assertEquals(List.of(), list(dir));
    }

    @Test
    void anExistingDirectoryThatIsNotEmptyIsLeftAlone(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("taken"));
        Files.writeString(dir.resolve("taken/keep.txt"), "mine");
        var e = assertThrows(IllegalStateException.class, () -> Scaffold.python("taken", TemplateKind.CUSTOM, dir));
        assertTrue(e.getMessage()
                .endsWith("exists and is not empty: choose another name or directory, or remove it first"));
        assertEquals("mine", Files.readString(dir.resolve("taken/keep.txt")));
        assertEquals(List.of(dir.resolve("taken/keep.txt")), list(dir.resolve("taken")));
    }

    @Test
    void aBackendNamedLikeNoKindServesTheKindItem() {
        assertEquals("tickets", Scaffold.subjectKind("tickets"));
        assertEquals("item", Scaffold.subjectKind("2do"));
    }

    private static List<Path> list(Path dir) {
        try (var s = Files.list(dir)) {
            return s.toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
