package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.animus.discovery.AnimusPaths;
import dev.animus.runtime.Homes;
import dev.animus.shell.render.Terminal;
import dev.animus.store.OrgDecision;
import dev.animus.store.TrustedOrgs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code --json} documents of the commands that print data, run in a realistic state (a temp
 * home; the Python example, declaring one secret, installed, trusted, consented and enabled as
 * TrustCommandsTest's whole flow does), reduced to their shape (field names, nesting, value types;
 * digests, paths and times named as such) and compared with golden files under
 * {@code src/test/resources/golden/json/<schema>[.<case>].json}. The envelope's {@code schema}
 * is {@code animus.<command path>.v1}.
 */
class JsonGoldenTest {
    static final String DIR = "json";
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern SHA256_REF = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final Pattern TIME =
            Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d(:\\d\\d(\\.\\d+)?)?(Z|[+-]\\d\\d:\\d\\d)");

    @TempDir
    Path root;

    Map<String, String> env;
    Path project;
    Path v1;
    final Set<String> files = new LinkedHashSet<>();

    /** One command line: its golden case, the schema its document must carry, and how it must end. */
    record Step(String file, String command, int exit, List<String> args) {}

    /** The shape of a document: every leaf replaced by its type; an array by its distinct element shapes. */
    static JsonNode shape(JsonNode n) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (n.isObject()) {
            ObjectNode o = f.objectNode();
            for (var e : n.properties()) {
                o.set(e.getKey(), e.getKey().equals("schema") ? e.getValue() : shape(e.getValue()));
            }
            return o;
        }
        if (n.isArray()) {
            ArrayNode a = f.arrayNode();
            Set<JsonNode> seen = new LinkedHashSet<>();
            n.forEach(e -> seen.add(shape(e)));
            seen.forEach(a::add);
            return a;
        }
        if (n.isNull()) {
            return f.nullNode();
        }
        if (n.isBoolean()) {
            return f.stringNode("<boolean>");
        }
        if (n.isIntegralNumber()) {
            return f.stringNode("<integer>");
        }
        if (n.isNumber()) {
            return f.stringNode("<number>");
        }
        String s = n.asString();
        if (SHA256.matcher(s).matches()) {
            return f.stringNode("<sha256>");
        }
        if (SHA256_REF.matcher(s).matches()) {
            return f.stringNode("<sha256:hex>");
        }
        if (TIME.matcher(s).matches()) {
            return f.stringNode("<time>");
        }
        if (s.startsWith("/")) {
            return f.stringNode("<path>");
        }
        return f.stringNode("<string>");
    }

    /** Pretty-printed as the command prints it. */
    static String pretty(JsonNode n) {
        StringWriter w = new StringWriter();
        new Terminal(System.in, new PrintWriter(w), new PrintWriter(Writer.nullWriter()), false).printJson(n);
        return w.toString();
    }

    /** The last JSON document of {@code out} (a script prints other lines before it). */
    static JsonNode lastDocument(String out) {
        int at = out.lastIndexOf("{\n  \"schema\"");
        assertTrue(at >= 0, "no JSON document in:\n" + out);
        return Terminal.json().readTree(out.substring(at));
    }

    void check(String file, String command, Cli.Run r, int exit) {
        assertEquals(exit, r.exitCode(), file + ": " + r.err());
        JsonNode doc = lastDocument(r.out());
        assertEquals("animus." + command + ".v1", doc.path("schema").asString(), file);
        files.add(file + ".json");
        Golden.check(DIR, file + ".json", "the shape of " + file, pretty(shape(doc)));
    }

    DynamicTest step(String file, String command, int exit, String... args) {
        return dynamicTest(file, () -> {
            List<String> all = new ArrayList<>(List.of("--project-root", project.toString()));
            all.addAll(List.of(args));
            all.add("--json");
            check(file, command, Cli.runWith(env, "", all.toArray(String[]::new)), exit);
        });
    }

    @TestFactory
    Stream<DynamicTest> theShapesOfAPluginsLife() throws IOException {
        env = Cli.env(root);
        env.put("ANIMUS_KEYRING", "file");
        env.put("DEMO_API_KEY", "demo-key");
        project = Files.createDirectories(root.resolve("project"));
        v1 = SecretsHandOffTest.demoPlugin(root.resolve("v1"));
        return Stream.of(
                step("plugin.install", "plugin.install", 0, "plugin", "install", "--path", v1.toString(), "--no-trust"),
                step("plugin.doctor.blocked", "plugin.doctor", 1, "plugin", "doctor"),
                step("plugin.inspect.untrusted", "plugin.inspect", 0, "plugin", "inspect", "pyecho"),
                step("plugin.trust", "plugin.trust", 0, "plugin", "trust", "pyecho", "--yes"),
                step("plugin.consent", "plugin.consent", 0, "plugin", "consent", "pyecho", "--yes"),
                step("plugin.enable", "plugin.enable", 0, "plugin", "enable", "pyecho"),
                step("plugin.list", "plugin.list", 0, "plugin", "list"),
                step("plugin.info", "plugin.info", 0, "plugin", "info", "pyecho"),
                step("plugin.ping", "plugin.ping", 0, "plugin", "ping", "pyecho"),
                step(
                        "plugin.call",
                        "plugin.call",
                        0,
                        "plugin",
                        "call",
                        "pyecho",
                        "echo",
                        "--params",
                        "{\"text\": \"hi\", \"n\": 1, \"ok\": true, \"list\": [1, 2]}"),
                dynamicTest(
                        "plugin.status",
                        () -> check(
                                "plugin.status",
                                "plugin.status",
                                Cli.runWith(
                                        env,
                                        "plugin call pyecho echo\nplugin status --json\n",
                                        "--project-root",
                                        project.toString()),
                                0)),
                step("plugin.inspect", "plugin.inspect", 0, "plugin", "inspect", "pyecho"),
                step("plugin.doctor", "plugin.doctor", 0, "plugin", "doctor"),
                step("plugin.lock.show", "plugin.lock.show", 0, "plugin", "lock", "show"),
                step("plugin.lock.verify", "plugin.lock.verify", 0, "plugin", "lock", "verify"),
                step("plugin.cache.list", "plugin.cache.list", 0, "plugin", "cache", "list"),
                dynamicTest("trust-orgs.list", () -> {
                    var home = Homes.open(AnimusPaths.from(env, project), env);
                    new TrustedOrgs(home.layout().trustedOrgs(), Duration.ofSeconds(10))
                            .record("acme", OrgDecision.ALLOW_ORG, Instant.now());
                    step("trust-orgs.list", "trust-orgs.list", 0, "trust-orgs", "list")
                            .getExecutable()
                            .execute();
                }),
                step("secret.status", "secret.status", 0, "secret", "status", "pyecho"),
                step("plugin.disable", "plugin.disable", 0, "plugin", "disable", "pyecho"),
                dynamicTest("plugin.lock.verify.mismatch", () -> {
                    Path stored = root.resolve("home/store")
                            .resolve(TrustCommandsTest.sha256(v1))
                            .resolve("animus-plugin-pyecho");
                    Files.setPosixFilePermissions(stored, PosixFilePermissions.fromString("rwxr-xr-x"));
                    Files.writeString(stored, "# tampered\n", StandardOpenOption.APPEND);
                    step("plugin.lock.verify.mismatch", "plugin.lock.verify", 3, "plugin", "lock", "verify")
                            .getExecutable()
                            .execute();
                }),
                step("plugin.remove", "plugin.remove", 0, "plugin", "remove", "pyecho", "--yes"),
                verifyBundle("verify-bundle", "happy-path-v0.3", 0),
                verifyBundle("verify-bundle.key", "managed-key-and-trusted-root", 0),
                verifyBundle("verify-bundle.rejected", "signature-mismatch_fail", 3),
                dynamicTest("no stray golden files", () -> Golden.noStrays(DIR, files)));
    }

    DynamicTest verifyBundle(String file, String caseName, int exit) {
        return dynamicTest(file, () -> {
            VerifyBundleCommandTest.Case c = VerifyBundleCommandTest.named(caseName);
            List<String> args = new ArrayList<>(c.args(true));
            args.add(c.artifact().toString());
            args.add("--json");
            check(file, "verify-bundle", Cli.runWith(env, "", args.toArray(String[]::new)), exit);
        });
    }

    /**
     * A command that fails with --json prints its error line on stderr and, on stdout, only the
     * error document (ErrorDocumentTest holds its fields).
     */
    @Test
    void aFailureWithJsonPrintsTheErrorDocumentOnly() {
        Map<String, String> e = Cli.env(root);
        for (List<String> args : List.of(
                List.of("plugin", "call", "nope", "echo", "--json"),
                List.of("plugin", "inspect", "nope", "--json"),
                List.of("plugin", "trust", "nope", "--json"))) {
            Cli.Run r = Cli.runWith(e, "", args.toArray(String[]::new));
            assertTrue(r.exitCode() != 0, args + " succeeded");
            assertEquals(
                    "animus.error.v1",
                    Terminal.json().readTree(r.out()).path("schema").asString(),
                    args + ": " + r.out());
            assertTrue(r.errLine().startsWith("error: "), args + ": " + r.err());
        }
    }
}
