package dev.animus.plugins.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** {@code .animus/workflow.toml}: what it reads, what it refuses (a seeded property), and the template. */
class WorkflowConfigTest {
    private static final Path FILE = Path.of("/p/.animus/workflow.toml");

    @Test
    void theDefaultsWhenTheFileIsAbsent() {
        assertEquals(WorkflowConfig.defaults(), WorkflowConfig.read(Path.of("/nonexistent/project")));
        assertEquals("cli", WorkflowConfig.defaults().provider());
    }

    @Test
    void aFileReadsBackItsValues() {
        WorkflowConfig c = WorkflowConfig.parse(FILE, """
                # the loop's provider
                provider = "oai"
                model = "gpt-4o"   # a comment
                lease_ms = 2_000
                prompt = \"\"\"
                Do {{id}}: {{title}}
                {{description}}\"\"\"
                """);
        assertEquals(
                new WorkflowConfig("oai", Optional.of("gpt-4o"), "Do {{id}}: {{title}}\n{{description}}", 2000), c);
        assertEquals(
                "Say \"hi\"\n\tnow",
                WorkflowConfig.parse(FILE, "prompt = \"Say \\\"hi\\\"\\n\\tnow\"")
                        .prompt());
    }

    @Test
    void theTemplateReplacesItsFourFieldsInOnePass() throws Exception {
        var subject = JsonMapper.builder()
                .build()
                .readTree(
                        "{\"id\":\"task:7\",\"title\":\"Fix {{description}}\",\"description\":\"the login\",\"labels\":[\"dispatch\",\"ui\"]}");
        WorkflowConfig c =
                WorkflowConfig.parse(FILE, "prompt = \"{{id}} {{title}} / {{description}} [{{labels}}] {{other}}\"");
        assertEquals("task:7 Fix {{description}} / the login [dispatch, ui] {{other}}", c.render(subject));
    }

    @Test
    void everyDefectIsRefusedNamingTheFile() {
        String[] bad = {
            "provider = cli",
            "unknown = \"x\"",
            "provider = \"a\"\nprovider = \"b\"",
            "prompt = \"\"\"never closed",
            "lease_ms = 10",
            "lease_ms = \"2s\"",
            "provider = \"\"",
            "model = 5",
            "prompt = \"\\q\"",
            "just words",
            "provider = \"a\" trailing"
        };
        for (String text : bad) {
            var e = assertThrows(WorkflowConfig.BadConfig.class, () -> WorkflowConfig.parse(FILE, text), text);
            assertTrue(e.getMessage().startsWith(FILE + ": "), e.getMessage());
        }
    }

    /** Any file of valid values, in any order, with comments and blank lines, reads back as those values. */
    @Test
    void validFilesReadBackAsWritten() {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        Random random = new Random(seed);
        String alphabet = "abc XYZ{}\"\\\n\t#=é";
        for (int n = 0; n < 500; n++) {
            String provider = "p" + random.nextInt(1000);
            StringBuilder prompt = new StringBuilder();
            for (int i = random.nextInt(20); i > 0; i--) {
                prompt.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            long lease = 1000 + random.nextInt(1_000_000);
            String escaped = prompt.toString()
                    .replace("\\", "\\\\")
                    .replace("\"", "\\\"")
                    .replace("\n", "\\n")
                    .replace("\t", "\\t");
            var lines = new java.util.ArrayList<>(java.util.List.of(
                    "provider = \"" + provider + "\"", "prompt = \"" + escaped + "\"", "lease_ms = " + lease));
            java.util.Collections.shuffle(lines, random);
            if (random.nextBoolean()) {
                lines.add(random.nextInt(lines.size() + 1), "# a comment");
            }
            if (random.nextBoolean()) {
                lines.add(random.nextInt(lines.size() + 1), "");
            }
            WorkflowConfig got = WorkflowConfig.parse(FILE, String.join("\n", lines));
            assertEquals(
                    new WorkflowConfig(provider, Optional.empty(), prompt.toString(), lease),
                    got,
                    "seed " + seed + ", file:\n" + String.join("\n", lines));
        }
    }
}
