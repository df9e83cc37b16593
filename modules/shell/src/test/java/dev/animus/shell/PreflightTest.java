package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code animus daemon preflight} and {@code animus plugin install-defaults}
 * (docs/operations.md#preflight, docs/operations.md#default-plugins), with one real Python plugin
 * per role and a {@code defaults.toml} of the test's home pointing at them: every fix a
 * {@code [missing]} line names is run as it is written, and makes its role served.
 */
class PreflightTest {
    static final List<String> ROLES = List.of("provider", "subject_backend", "workflow_runner", "queue");
    static final List<String> NAMES = List.of("prov", "subj", "flow", "queue");

    @TempDir
    Path root;

    Map<String, String> env;
    Path project;
    Path home;
    List<Path> plugins;

    @BeforeEach
    void setUp() throws IOException {
        env = Cli.env(root);
        project = Files.createDirectories(root.resolve("project"));
        home = Path.of(env.get("ANIMUS_HOME"));
        Files.createDirectories(home);
        plugins = new ArrayList<>();
        for (int i = 0; i < ROLES.size(); i++) {
            plugins.add(rolePlugin(root.resolve("plugins"), NAMES.get(i), ROLES.get(i)));
        }
    }

    /** The Python example, named {@code name}, declaring {@code kind} as its plugin_kind. */
    static Path rolePlugin(Path dir, String name, String kind) throws IOException {
        Files.createDirectories(dir);
        String src = Files.readString(Path.of(Cli.pythonEcho()))
                .replace("NAME = \"pyecho\"", "NAME = \"" + name + "\"")
                .replace("\"plugin_kind\": \"custom\"", "\"plugin_kind\": \"" + kind + "\"");
        Path p = dir.resolve("animus-plugin-" + name);
        Files.writeString(p, src);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    String[] inProject(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--project-root";
        all[1] = project.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return all;
    }

    Cli.Run animus(String... args) {
        return Cli.runWith(env, "", inProject(args));
    }

    Cli.Run atTerminal(String typed, String... args) {
        return Cli.runAtTerminal(env, typed, inProject(args));
    }

    /** A defaults.toml in the home with a path entry per role (only {@code which} of them). */
    void defaults(List<Integer> which) throws IOException {
        StringBuilder toml = new StringBuilder();
        for (int i : which) {
            toml.append("[plugins.")
                    .append(NAMES.get(i))
                    .append("]\nrole = \"")
                    .append(ROLES.get(i))
                    .append("\"\npath = \"")
                    .append(plugins.get(i))
                    .append("\"\n\n");
        }
        Files.writeString(home.resolve("defaults.toml"), toml);
    }

    /** The {@code [missing]} line of {@code role}, or empty. */
    static String missingLine(Cli.Run r, String role) {
        return r.out()
                .lines()
                .filter(l -> l.startsWith("[missing] " + role + " — "))
                .findFirst()
                .orElse("");
    }

    /** Runs every command of the {@code run: a && b} of {@code line}, as written, at a terminal answering yes. */
    void runFixOf(String line) {
        int at = line.indexOf("run: ");
        assertTrue(at > 0, "a [missing] line names a command: " + line);
        for (String command : line.substring(at + "run: ".length()).split(" && ")) {
            List<String> words = new ArrayList<>(Arrays.asList(command.split(" ")));
            assertEquals("animus", words.removeFirst(), command);
            Cli.Run fix = atTerminal("y\n", words.toArray(String[]::new));
            assertEquals(0, fix.exitCode(), command + ":\n" + fix.out() + fix.err());
        }
    }

    @Test
    void anEmptyProjectMissesFourRolesAndEachCommandWorksAsWritten() throws IOException {
        defaults(List.of(0, 1, 2, 3));
        Cli.Run r = animus("daemon", "preflight");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(4, r.out().lines().filter(l -> l.startsWith("[missing] ")).count(), r.out());
        for (String role : ROLES) {
            String line = missingLine(r, role);
            assertEquals("[missing] " + role + " — run: animus plugin install-defaults", line, r.out());
        }
        runFixOf(missingLine(r, "provider"));
        Cli.Run after = animus("daemon", "preflight");
        assertEquals(0, after.exitCode(), after.out() + after.err());
        for (int i = 0; i < ROLES.size(); i++) {
            assertTrue(after.out().contains("[ok] " + ROLES.get(i) + " — " + NAMES.get(i) + "\n"), after.out());
        }
    }

    @Test
    void eachMissingRoleNamesTheCommandThatServesItAndThatCommandDoes() throws IOException {
        defaults(List.of(2, 3));
        Cli.Run prov = animus("plugin", "install", "--path", plugins.get(0).toString(), "--no-enable", "--yes");
        assertEquals(0, prov.exitCode(), prov.err());
        Cli.Run subj = animus("plugin", "install", "--path", plugins.get(1).toString(), "--trust", "--yes");
        assertEquals(0, subj.exitCode(), subj.err());

        Cli.Run r = animus("daemon", "preflight");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals("[missing] provider — run: animus plugin enable prov --agent default", missingLine(r, "provider"));
        assertEquals(
                "[missing] subject_backend — run: animus plugin consent subj && animus plugin enable subj --agent default",
                missingLine(r, "subject_backend"));
        for (String role : ROLES) {
            String line = missingLine(r, role);
            runFixOf(line);
            Cli.Run after = animus("daemon", "preflight");
            assertTrue(after.out().contains("[ok] " + role + " — "), line + " serves " + role + ":\n" + after.out());
        }
        assertEquals(0, animus("daemon", "preflight").exitCode());
    }

    @Test
    void oneUsablePluginPerRolePasses() {
        for (Path p : plugins) {
            Cli.Run i = animus("plugin", "install", "--path", p.toString(), "--yes");
            assertEquals(0, i.exitCode(), i.err());
        }
        Cli.Run r = animus("daemon", "preflight");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals(
                "[ok] provider — prov\n[ok] subject_backend — subj\n[ok] workflow_runner — flow\n[ok] queue — queue\n",
                r.out());
        assertTrue(r.err().contains("warning: optional role transport_enabled"), r.err());

        Cli.Run json = animus("daemon", "preflight", "--json");
        assertEquals(0, json.exitCode(), json.err());
        JsonNode doc = Terminal.json().readTree(json.out());
        assertEquals("animus.daemon.preflight.v1", doc.path("schema").asString());
        assertEquals(4, doc.path("satisfied").size(), json.out());
        assertEquals(0, doc.path("missing").size(), json.out());
        assertEquals("prov", doc.path("satisfied").get(0).path("plugins").get(0).asString());
        assertTrue(doc.path("warnings").size() >= 1, json.out());
        assertEquals(0, animus("plugin", "disable", "queue").exitCode());
        Cli.Run disabled = animus("daemon", "preflight", "--json");
        assertEquals(2, disabled.exitCode(), disabled.out());
        JsonNode missing =
                Terminal.json().readTree(disabled.out()).path("missing").get(0);
        assertEquals("queue", missing.path("role").asString());
        assertEquals(
                "animus plugin enable queue --agent default",
                missing.path("fix_command").asString());
    }

    @Test
    void autoInstallInstallsTheDefaultsOfTheMissingRolesThenPasses() throws IOException {
        defaults(List.of(0, 1, 2, 3));
        Cli.Run refused = animus("daemon", "preflight", "--auto-install");
        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(
                refused.errLine().contains("needs a confirmation")
                        && refused.errLine().contains("--yes"),
                refused.err());
        assertEquals(2, animus("plugin", "inspect", "prov").exitCode(), "nothing is installed without a confirmation");

        Cli.Run r = animus("daemon", "preflight", "--auto-install", "--yes", "--json");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode doc = Terminal.json().readTree(r.out());
        assertEquals(4, doc.path("satisfied").size(), r.out());
        assertEquals(4, doc.path("auto_installed").size(), r.out());
        assertEquals("provider", doc.path("auto_installed").get(0).path("role").asString());
        assertEquals(
                "path " + plugins.get(0),
                doc.path("auto_installed").get(0).path("source").asString());
        assertTrue(r.err().contains("[ok] prov (provider)"), r.err());
        assertEquals(0, animus("daemon", "preflight").exitCode());
    }

    @Test
    void installDefaultsPrintsALinePerDefaultAndASummary() throws IOException {
        assertEquals(
                0,
                animus("plugin", "install", "--path", plugins.get(0).toString(), "--yes")
                        .exitCode());
        String wrong = "0".repeat(64);
        Files.writeString(home.resolve("defaults.toml"), """
                [plugins.prov]
                role = "provider"
                path = "%s"

                [plugins.subj]
                role = "task_backend"
                path = "%s"

                [plugins.flow]
                role = "workflow_runner"
                path = "%s"
                sha256 = "%s"

                [plugins.shipped]
                role = "queue"
                bundled = "animus-plugin-not-in-this-image"

                [plugins.queue]
                role = "queue"
                group = "subjects"
                path = "%s"
                """.formatted(
                        plugins.get(0), plugins.get(1), plugins.get(2), wrong, plugins.get(3)));
        Cli.Run r = animus("plugin", "install-defaults", "--yes");
        assertEquals(1, r.exitCode(), r.out() + r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("[skip] prov (provider) — installed already", lines.get(0));
        assertEquals("[install] subj (subject_backend) — from path " + plugins.get(1), lines.get(1));
        assertTrue(lines.contains("[install] flow (workflow_runner) — from path " + plugins.get(2)), r.out());
        assertTrue(
                lines.stream()
                        .anyMatch(l -> l.startsWith("[ok] subj (subject_backend) — sha256 ")
                                && l.endsWith("enabled for agent default")),
                r.out());
        assertTrue(
                lines.stream().anyMatch(l -> l.startsWith("[fail] flow (workflow_runner) — ") && l.contains(wrong)),
                r.out());
        assertTrue(
                lines.stream()
                        .anyMatch(l -> l.startsWith("[fail] shipped (queue) — ")
                                && l.contains("plugins.shipped.bundled")
                                && l.contains("is not a plugin of this image")),
                r.out());
        assertTrue(lines.stream().noneMatch(l -> l.contains(" queue (queue)")), "the subjects group is left out");
        assertEquals("[summary] installed 1, skipped 1, failed 2", lines.getLast());
        assertEquals(2, animus("plugin", "inspect", "flow").exitCode(), "a failed default leaves nothing behind");

        Cli.Run again = animus("plugin", "install-defaults", "--include-subjects", "--yes", "--json");
        JsonNode doc = Terminal.json().readTree(again.out());
        assertEquals("animus.plugin.install-defaults.v1", doc.path("schema").asString());
        assertEquals(1, doc.path("installed").asInt(), again.out());
        assertEquals(2, doc.path("skipped").asInt(), again.out());
        assertEquals(2, doc.path("failed").asInt(), again.out());
        assertEquals(1, again.exitCode());
    }

    @Test
    void oneQuestionForTheWholeSetAndNoChangesNothing() throws IOException {
        defaults(List.of(0, 1));
        Cli.Run no = atTerminal("n\n", "plugin", "install-defaults");
        assertEquals(1, no.exitCode(), no.out() + no.err());
        assertEquals(1, no.err().split("\\[y/N]", -1).length - 1, "one question: " + no.err());
        assertTrue(
                no.err().contains("install, trust, consent and enable plugins prov and subj for agent default?"),
                no.err());
        assertTrue(no.err().contains("disclosure of prov") && no.err().contains("disclosure of subj"), no.err());
        assertEquals(2, animus("plugin", "inspect", "prov").exitCode(), "a no installs nothing");
        assertEquals(2, animus("plugin", "inspect", "subj").exitCode(), "a no installs nothing");

        Cli.Run yes = atTerminal("y\n", "plugin", "install-defaults");
        assertEquals(0, yes.exitCode(), yes.out() + yes.err());
        assertTrue(yes.out().endsWith("[summary] installed 2, skipped 0, failed 0\n"), yes.out());
        Cli.Run call = animus("plugin", "call", "subj", "echo", "--params", "{\"a\":1}");
        assertEquals(0, call.exitCode(), call.err());
    }

    @Test
    void aBadDefaultsFileIsOneLineNamingTheFileAndTheKey() throws IOException {
        Path file = home.resolve("defaults.toml");
        Files.writeString(file, "[plugins.prov]\nrole = \"provider\"\npaht = \"/x\"\n");
        for (String[] args :
                List.of(new String[] {"plugin", "install-defaults"}, new String[] {"daemon", "preflight"})) {
            Cli.Run r = animus(args);
            assertEquals(2, r.exitCode(), r.err());
            assertEquals(
                    "error: " + file + ": plugins.prov.paht: unknown key (an entry has role, group, and one of bundled,"
                            + " release or path, with sha256)",
                    r.err().strip());
        }
        Files.writeString(file, "[plugins.prov]\nrole = \"provider\"\npath = \"relative/x\"\n");
        assertEquals(
                "error: " + file + ": plugins.prov.path: 'relative/x' is not an absolute path",
                animus("plugin", "install-defaults").err().strip());
        Files.writeString(file, "[plugins.prov\nrole = 1\n");
        Cli.Run syntax = animus("plugin", "install-defaults");
        assertTrue(
                syntax.err().strip().startsWith("error: " + file + ": not valid TOML (it stops being valid at line 1"),
                syntax.err());
    }

    @Test
    void anUnreadableStateDocumentIsExitOne() throws IOException {
        Files.createDirectories(home.resolve("state"));
        Files.writeString(home.resolve("state/state.json"), "{not json");
        Cli.Run r = animus("daemon", "preflight");
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.errLine().startsWith("error: "), r.err());
        assertEquals("", r.out());
    }

    @Test
    void withTheBuiltInDefaultsAMissingRoleSaysWhatToInstall() {
        Cli.Run r = animus("daemon", "preflight", "--json");
        assertEquals(2, r.exitCode(), r.err());
        JsonNode missing = Terminal.json().readTree(r.out()).path("missing");
        assertEquals(4, missing.size(), r.out());
        assertTrue(missing.get(0).path("fix_command").isNull(), r.out());
        assertTrue(
                missing.get(0).path("reason").asString().contains("the built-in defaults.toml has no default for it"),
                r.out());
        Cli.Run text = animus("daemon", "preflight");
        assertTrue(text.out().startsWith("[missing] provider — no installed or nearby plugin serves it"), text.out());
        Cli.Run none = animus("plugin", "install-defaults");
        assertEquals(0, none.exitCode(), none.err());
        assertEquals("[summary] installed 0, skipped 0, failed 0\n", none.out());
    }

    @Test
    void aTrustedPluginFoundInTheProjectButNotInstalledIsNamedByItsPath() throws IOException {
        Path found = rolePlugin(project.resolve(".animus/plugins"), "queue", "queue");
        Cli.Run trusted = animus("plugin", "trust", found.toString(), "--yes");
        assertEquals(0, trusted.exitCode(), trusted.err());
        Cli.Run r = animus("daemon", "preflight");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        String line = missingLine(r, "queue");
        assertEquals("[missing] queue — run: animus plugin install --path " + found, line, r.out());
        runFixOf(line);
        Cli.Run after = animus("daemon", "preflight");
        assertTrue(after.out().contains("[ok] queue — queue\n"), after.out());
    }
}
