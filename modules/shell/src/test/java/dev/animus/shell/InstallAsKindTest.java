package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code animus plugin install --as-kind}: real runs over a real home; the aliases land in the state document. */
class InstallAsKindTest {
    @TempDir
    Path root;

    private Path backend(String kinds) throws IOException {
        Path dir = root.resolve("src");
        Files.createDirectories(dir.resolve("bin"));
        Path bin = dir.resolve("bin/pyecho");
        Files.writeString(bin, Files.readString(Path.of(Cli.pythonEcho())));
        Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(dir.resolve("Plugin.toml"), """
                name = "tasks2"
                version = "0.1.0"
                plugin_kind = "custom"
                description = "a second backend of tasks"
                protocol_version = "1.1.0"
                capabilities = ["$/ping", "echo", %s]
                entry = "bin/pyecho"
                """.formatted(kinds));
        return dir;
    }

    private static String state(Map<String, String> env) throws IOException {
        return Files.readString(Path.of(env.get("ANIMUS_HOME"), "state", "state.json"));
    }

    @Test
    void theAliasIsRecordedWithTheInstall() throws IOException {
        Path dir = backend("\"subject_kind:task\"");
        Map<String, String> env = Cli.env(root);
        Cli.Run run =
                Cli.runWith(env, "", "plugin", "install", "--path", dir.toString(), "--as-kind", "task2", "--yes");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(state(env).contains("\"subject_aliases\": [\n        \"task=task2\"\n      ]"), state(env));
    }

    @Test
    void aMalformedAliasIsAUsageErrorBeforeAnythingIsInstalled() throws IOException {
        Path dir = backend("\"subject_kind:task\"");
        Map<String, String> env = Cli.env(root);
        Cli.Run run =
                Cli.runWith(env, "", "plugin", "install", "--path", dir.toString(), "--as-kind", "Task2", "--yes");
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("--as-kind Task2"), run.err());
        assertTrue(!Files.exists(Path.of(env.get("ANIMUS_HOME"), "state", "state.json"))
                || !state(env).contains("tasks2"));
        Cli.Run noTrust =
                Cli.runWith(env, "", "plugin", "install", "--path", dir.toString(), "--as-kind", "task2", "--no-trust");
        assertEquals(2, noTrust.exitCode(), noTrust.err());
        assertTrue(noTrust.err().contains("drop --no-trust"), noTrust.err());
    }

    @Test
    void anAliasThatDoesNotFitTheKindsSaysWhatIsInstalledAndTheFix() throws IOException {
        Path dir = backend("\"subject_kind:task\"");
        Map<String, String> env = Cli.env(root);
        Cli.Run run = Cli.runWith(
                env, "", "plugin", "install", "--path", dir.toString(), "--as-kind", "note=n2", "--trust", "--yes");
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("plugin tasks2 is installed and trusted, with no subject alias"), run.err());
        assertTrue(run.err().contains("animus plugin remove tasks2"), run.err());
        assertTrue(state(env).contains("\"subject_aliases\": []"), state(env));
    }
}
