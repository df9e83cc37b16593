package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.animus.discovery.AnimusPaths;
import dev.animus.runtime.Homes;
import dev.animus.shell.render.Layout;
import dev.animus.store.OrgDecision;
import dev.animus.store.TrustedOrgs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The human output of every command that prints a table (or key/value lines), in a realistic
 * state: the Python example (declaring a secret) installed, trusted, consented and enabled; the
 * echo test plugin installed but not trusted; another test plugin in the project's
 * {@code .animus/plugins/}, never run; a lockfile, cached manifests, two trusted GitHub owners,
 * stored secrets; then the stored code changed. Each command runs twice: with {@code --wide}
 * (golden {@code golden/tables/<case>.wide.txt}, every value in full) and without
 * ({@code <case>.txt}, every line within 80 columns: docs/cli.md#table-width). Normalized by
 * {@link TableText}.
 */
class TableGoldenTest {
    static final String DIR = "tables";
    private static final Pattern FULL_DIGEST = Pattern.compile("(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])");
    private static final Pattern SHORT_DIGEST = Pattern.compile("(?<![0-9a-f])[0-9a-f]{12}(?![0-9a-f])");

    @TempDir
    Path root;

    Map<String, String> env;
    Path project;
    Path pyecho;
    TableText text;
    final Set<String> files = new LinkedHashSet<>();

    Cli.Run animus(String stdin, String... args) {
        List<String> all = new ArrayList<>(List.of("--project-root", project.toString()));
        all.addAll(List.of(args));
        return Cli.runWith(env, stdin, all.toArray(String[]::new));
    }

    void ok(Cli.Run r, String what) {
        assertEquals(0, r.exitCode(), what + ": " + r.err());
    }

    void setUp() throws IOException {
        env = Cli.env(root);
        env.put("ANIMUS_KEYRING", "file");
        env.put("DEMO_API_KEY", "demo-key");
        project = Files.createDirectories(root.resolve("project"));
        text = new TableText(root, Map.of("PID", "<pid>", "UPTIME", "<uptime>"));
        pyecho = SecretsHandOffTest.demoPlugin(root.resolve("downloads/pyecho"));
        Path echo = copy(Path.of(Cli.echo()), root.resolve("downloads/echo"));
        Path plugins = Files.createDirectories(project.resolve(".animus/plugins"));
        copy(Path.of(Cli.misbehaving()), plugins);
        // a plugin of the project's that is trusted but not installed: listed, and its manifest cached
        Path notes = plugins.resolve("animus-plugin-notes");
        Files.writeString(notes, Files.readString(pyecho).replace("NAME = \"pyecho\"", "NAME = \"notes\""));
        Files.setPosixFilePermissions(notes, PosixFilePermissions.fromString("rwxr-xr-x"));
        ok(animus("", "plugin", "install", "--path", pyecho.toString(), "--no-trust"), "install pyecho");
        ok(animus("", "plugin", "trust", "pyecho", "--yes"), "trust pyecho");
        ok(animus("", "plugin", "consent", "pyecho", "--yes"), "consent pyecho");
        ok(animus("", "plugin", "enable", "pyecho"), "enable pyecho");
        ok(animus("", "plugin", "install", "--path", echo.toString(), "--no-trust"), "install echo");
        ok(animus("", "plugin", "trust", notes.toString(), "--yes"), "trust notes");
        ok(animus("stored-key\n", "secret", "set", "pyecho", "api_key"), "secret set");
        ok(animus("other\n", "secret", "set", "pyecho", "backup_token"), "secret set undeclared");
        var home = Homes.open(AnimusPaths.from(env, project), env);
        TrustedOrgs orgs = new TrustedOrgs(home.layout().trustedOrgs(), Duration.ofSeconds(10));
        orgs.record("acme", OrgDecision.ALLOW_ORG, Instant.now());
        orgs.record("example-tools", OrgDecision.ALLOW_ORG, Instant.now());
    }

    static Path copy(Path file, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path to = dir.resolve(file.getFileName());
        Files.copy(file, to, StandardCopyOption.COPY_ATTRIBUTES);
        return to;
    }

    /**
     * Runs {@code args} with {@code --wide} and without, checks both against their goldens, and
     * that only the wide one holds a full digest or the temporary directory.
     *
     * @param script the commands to run first in the same process (a plugin to call before
     *     {@code plugin status}), or empty for a one-shot command line
     */
    DynamicTest step(String name, int exit, String script, String... args) {
        return dynamicTest(name, () -> {
            String wide = output(name, exit, script, args, true);
            String narrow = output(name, exit, script, args, false);
            files.add(name + ".wide.txt");
            files.add(name + ".txt");
            String wideGolden = text.normalize(wide);
            String narrowGolden = text.normalize(narrow);
            Golden.check(DIR, name + ".wide.txt", name + " --wide", wideGolden);
            Golden.check(DIR, name + ".txt", name, narrowGolden);
            for (String line : narrow.lines().toList()) {
                assertTrue(
                        fits(line), name + ": a line of " + line.length() + " columns:\n" + line + "\nin\n" + narrow);
            }
            // the "code sha256" line of inspect and the "sha256" of info are the digest in full: they fit
            // and a fix is a command to paste, never shortened
            String elsewhere = narrow.replaceAll("(?m)^((code )?sha256 +[0-9a-f]{64}|  fix: .*)$", "");
            assertFalse(FULL_DIGEST.matcher(elsewhere).find(), name + " shows a full digest:\n" + narrow);
            assertFalse(elsewhere.contains(root.toString()), name + " shows a path not relative to HOME:\n" + narrow);
            if (SHORT_DIGEST.matcher(narrow).find()) {
                assertTrue(FULL_DIGEST.matcher(wide).find(), name + " --wide shows no full digest:\n" + wide);
            }
            if (narrow.contains("~/")) {
                assertTrue(wide.contains(root.toString()) && !wide.contains("~/"), name + " --wide: " + wide);
            }
        });
    }

    private String output(String name, int exit, String script, String[] args, boolean wide) {
        List<String> words = new ArrayList<>(List.of(args));
        if (wide) {
            words.add("--wide");
        }
        Cli.Run r;
        if (script.isEmpty()) {
            r = animus("", words.toArray(String[]::new));
        } else {
            r = animus(script + String.join(" ", words) + "\n");
        }
        assertEquals(exit, r.exitCode(), name + (wide ? " --wide" : "") + ": " + r.err());
        String out = r.out();
        if (!script.isEmpty()) {
            // what the earlier lines of the script printed is not the table
            int at = out.indexOf("NAME ");
            assertTrue(at >= 0, name + ": no table in\n" + out);
            out = out.substring(at);
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> theTablesOfAPluginsLife() {
        return Stream.of(
                dynamicTest("set up", this::setUp),
                step("plugin.list", 0, "", "plugin", "list"),
                step("plugin.status", 0, "plugin call pyecho echo\n", "plugin", "status"),
                step("plugin.cache.list", 0, "", "plugin", "cache", "list"),
                step("plugin.lock.show", 0, "", "plugin", "lock", "show"),
                step("plugin.lock.verify", 0, "", "plugin", "lock", "verify"),
                step("trust-orgs.list", 0, "", "trust-orgs", "list"),
                step("secret.status", 0, "", "secret", "status", "pyecho"),
                step("plugin.doctor", 1, "", "plugin", "doctor"),
                step("plugin.inspect", 0, "", "plugin", "inspect", "pyecho"),
                step("plugin.inspect.untrusted", 0, "", "plugin", "inspect", "echo"),
                step("plugin.info", 0, "", "plugin", "info", "pyecho"),
                step("plugin.state.repair", 0, "", "plugin", "state", "repair"),
                dynamicTest("change the stored code", this::tamper),
                step("plugin.lock.verify.mismatch", 3, "", "plugin", "lock", "verify"),
                step("plugin.doctor.changed", 1, "", "plugin", "doctor", "pyecho"),
                step("plugin.inspect.changed", 0, "", "plugin", "inspect", "pyecho"),
                dynamicTest("no stray golden files", () -> Golden.noStrays(DIR, files)));
    }

    private void tamper() throws IOException {
        Path stored = root.resolve("home/store")
                .resolve(TrustCommandsTest.sha256(pyecho))
                .resolve("animus-plugin-pyecho");
        Files.setPosixFilePermissions(stored, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(stored, "# tampered\n", StandardOpenOption.APPEND);
    }

    /**
     * Whether {@code line} is within 80 columns, or is the line of a fix that doctor prints on its
     * own: a command to paste is never cut or broken (docs/cli.md#table-width).
     */
    static boolean fits(String line) {
        return line.codePointCount(0, line.length()) <= Layout.DEFAULT_WIDTH || line.startsWith("  fix: animus ");
    }

    /** The goldens themselves: every line of every table golden but the wide ones within 80 columns. */
    @Test
    void everyNarrowGoldenFitsEightyColumns() throws IOException {
        Path dir = Golden.ROOT.resolve(DIR);
        assertTrue(Files.isDirectory(dir), "no " + dir);
        List<Path> goldens;
        try (Stream<Path> all = Files.list(dir)) {
            goldens = all.filter(p -> p.toString().endsWith(".txt")).sorted().toList();
        }
        assertTrue(goldens.size() >= 10, "too few table goldens: " + goldens);
        for (Path g : goldens) {
            List<String> lines = Files.readAllLines(g, StandardCharsets.UTF_8);
            assertFalse(lines.isEmpty(), g + " is empty");
            if (g.getFileName().toString().endsWith(".wide.txt")) {
                continue;
            }
            for (String line : lines) {
                assertTrue(
                        fits(line), g + ": a line of " + line.codePointCount(0, line.length()) + " columns: " + line);
            }
        }
    }
}
