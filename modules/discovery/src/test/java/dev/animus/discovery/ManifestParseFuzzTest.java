package dev.animus.discovery;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Manifest;
import dev.animus.core.ManifestCheck;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.ManifestRendering;
import dev.animus.testfuzz.FuzzRun;
import dev.animus.testfuzz.Mutations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * Seeded fuzzing of the two manifest readers of {@link ManifestParser}: {@code Plugin.toml} files
 * and {@code --manifest} output. Inputs are valid manifests (random ones rendered by the writers,
 * and hand-written TOML in its other forms: sections, dotted keys, inline tables, a BOM) with byte
 * flips, insertions, deletions, repeated lines and tables (duplicate keys), syntax fragments,
 * boundary numbers, hostile Unicode, deep nesting and huge strings; valid heads followed by random
 * key/value lines of the manifest's own vocabulary; and random bytes. Each input is accepted, or
 * refused with {@link ManifestInvalid} naming the source in one line; never another exception,
 * never a hang. An accepted manifest rebuilds equal through its constructor (so it keeps every
 * rule), and reads back equal from both of its rendered forms. Every tenth {@code Plugin.toml} is
 * read from a real file; the rest from their bytes, as the file reader does once it has them. The
 * seed is printed; {@code -Dfuzz.seed=N} replays a run and {@code -Dfuzz.inputs=N} changes how many
 * inputs each reader gets.
 */
class ManifestParseFuzzTest {
    private static final int INPUTS = Integer.getInteger("fuzz.inputs", 10_000);
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final List<String> KEYS = List.of(
            "name",
            "version",
            "plugin_kind",
            "plugin_kinds",
            "description",
            "protocol_version",
            "capabilities",
            "env_required",
            "notification_buffer_size",
            "timeouts",
            "hooks",
            "policy_hooks",
            "events",
            "network",
            "network.destinations",
            "data_sent",
            "secrets",
            "entry",
            "x_unknown",
            "timeouts.launch",
            "timeouts.\"agent/run\"",
            "timeouts.idle",
            "\"\"",
            "'quoted'",
            "a.b.c");
    private static final List<String> VALUES = List.of(
            "\"x\"",
            "\"\"",
            "\"1.2.3\"",
            "\"provider\"",
            "\"2s\"",
            "\"0ms\"",
            "\"25h\"",
            "\"bin/../x\"",
            "\"/abs\"",
            "\"api.example.com:443\"",
            "\"[::1]:0\"",
            "\"a:99999\"",
            "1",
            "0",
            "-1",
            "65536",
            "65537",
            "9223372036854775808",
            "1.5",
            "64.0",
            "nan",
            "inf",
            "true",
            "1979-05-27T07:32:00Z",
            "[]",
            "[\"agent/run\", \"agent/run\"]",
            "[1, \"a\"]",
            "[[]]",
            "{}",
            "{ name = \"A\" }",
            "[{ name = \"t\", env = \"T\" }]",
            "[{ name = \"t\" }, { name = \"t\" }]",
            "{ destinations = [\"x.dev\", \"X.dev\"] }",
            "\"\\u0000\"",
            "\"\\uD800\"",
            "\"\\U0001F600\"",
            "'''a\nb'''");
    private static final List<String> TOML_FRAGMENTS = List.of(
            "[timeouts]\n",
            "[network]\n",
            "[[secrets]]\n",
            "[[env_required]]\n",
            "[name]\n",
            "[[name]]\n",
            "name = \"dup\"\n",
            "version = \"1.0.0\"\n",
            "plugin_kind = \"web_ui\"\n",
            "entry = \"bin/x\"\n",
            "= \"x\"\n",
            "[",
            "]",
            "{",
            "}",
            "a = [",
            "a = {b = ",
            "\"",
            "'",
            "\"\"\"",
            "'''",
            "\\",
            "\\u",
            "\\U",
            "#",
            "=",
            ",",
            ".",
            "\n",
            "\r\n",
            "\r",
            " ",
            "\t");
    private static final List<String> JSON_FRAGMENTS = List.of(
            "{",
            "}",
            "[",
            "]",
            "\"",
            ":",
            ",",
            "\\",
            "\\u",
            "null",
            "true",
            "\"name\": \"dup\",",
            "\"x\": 1,",
            "\"timeouts\": {},",
            "\"secrets\": [{}],",
            "{\"a\":",
            "[[",
            "// c",
            "/* c */",
            "NaN",
            "'single'",
            "\n",
            " ",
            "\ufeff");

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyPluginTomlIsAValidManifestOrManifestInvalidNeverAnythingElse() throws IOException {
        long seed = FuzzRun.seed("ManifestParseFuzzTest (Plugin.toml)");
        SplittableRandom random = new SplittableRandom(seed);
        List<byte[]> corpus = tomlCorpus(seed);
        Mutations mutations = new Mutations(random, TOML_FRAGMENTS, corpus);
        Path file = dir.resolve("Plugin.toml");
        run("Plugin.toml", seed, random, corpus, mutations, true, input -> {
            boolean directory = (input.length & 1) == 0;
            if (input.length % 10 != 0) {
                return new Attempt(
                        file.toString(), () -> ManifestParser.pluginToml(input, file.toString(), directory), directory);
            }
            // every tenth input goes through a real file, as animus reads one
            try {
                Files.write(file, input);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new Attempt(file.toString(), () -> ManifestParser.pluginToml(file, directory), directory);
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyManifestOutputIsAValidManifestOrManifestInvalidNeverAnythingElse() {
        long seed = FuzzRun.seed("ManifestParseFuzzTest (--manifest)");
        SplittableRandom random = new SplittableRandom(seed);
        List<byte[]> corpus = jsonCorpus(seed);
        Mutations mutations = new Mutations(random, JSON_FRAGMENTS, corpus);
        String source = "/fuzz/animus-plugin-x --manifest";
        run("--manifest", seed, random, corpus, mutations, false, input -> {
            String stdout = new String(input, StandardCharsets.UTF_8);
            if ((input.length % 7) == 0 && !stdout.isEmpty()) {
                int at = input.length % stdout.length();
                stdout = stdout.substring(0, at) + "\ud800" + stdout.substring(at);
            }
            String text = stdout;
            return new Attempt(source, () -> ManifestParser.probeJson(text, source), false);
        });
    }

    /** One read of one input: what it names, how to read it, whether it reads a plugin directory's manifest. */
    private record Attempt(String source, Supplier<ManifestCheck> read, boolean directory) {}

    private void run(
            String target,
            long seed,
            SplittableRandom random,
            List<byte[]> corpus,
            Mutations mutations,
            boolean toml,
            Function<byte[], Attempt> attempt) {
        Map<String, Integer> outcomes = FuzzRun.run(
                "ManifestParseFuzzTest (" + target + ")",
                seed,
                INPUTS,
                (i, how) -> {
                    int kind = random.nextInt(20);
                    if (kind == 0) {
                        how.append("random bytes");
                        return mutations.randomBytes(random.nextInt(600));
                    }
                    if (kind < 6) {
                        return toml ? randomLines(random, how) : randomObject(random, how);
                    }
                    int pick = random.nextInt(corpus.size());
                    how.append("seed ").append(pick).append(':');
                    return mutations.mutate(corpus.get(pick), how);
                },
                (input, which) -> readOnce(attempt.apply(input), which));
        assertTrue(
                outcomes.getOrDefault("accepted", 0) > INPUTS / 100,
                "too few inputs were valid manifests: " + outcomes);
    }

    private String readOnce(Attempt attempt, Supplier<String> which) {
        ManifestCheck check;
        try {
            check = attempt.read().get();
        } catch (ManifestInvalid e) {
            if (!e.source().equals(attempt.source())
                    || e.field().isEmpty()
                    || e.getMessage().contains("\n")
                    || e.getMessage().contains("\r")) {
                throw new AssertionError(
                        "a refusal that does not name the source and field in one line: " + e.getMessage() + "\n  for "
                                + which.get(),
                        e);
            }
            return "refused at " + (e.field().startsWith("(") ? e.field() : "a field");
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError("the reader threw " + e + "\n  for " + which.get(), e);
        }
        Manifest m = check.manifest();
        if (attempt.directory() && m.entry().isEmpty()) {
            throw new AssertionError(
                    "a plugin directory's manifest was accepted without an entry\n  for " + which.get());
        }
        checkInvariants(m, which);
        return "accepted";
    }

    /** The manifest rebuilds equal (its constructor re-checks every rule) and reads back from both of its forms. */
    private void checkInvariants(Manifest m, Supplier<String> which) {
        try {
            Manifest rebuilt = new Manifest(
                    m.name(),
                    m.version(),
                    m.kind(),
                    m.extraKinds(),
                    m.description(),
                    m.protocolVersion(),
                    m.capabilities(),
                    m.envRequired(),
                    m.notificationBufferSize(),
                    m.timeouts(),
                    m.hooks(),
                    m.policyHooks(),
                    m.events(),
                    m.networkDestinations(),
                    m.dataSent(),
                    m.secrets(),
                    m.entry());
            equal(m, rebuilt, "rebuilt through its constructor", which);
            String json = JSON.writeValueAsString(ManifestRendering.toMap(m));
            equal(m, ManifestParser.probeJson(json, "rendered JSON").manifest(), "read back from " + json, which);
            String toml = ManifestParser.renderToml(m);
            ManifestCheck back = ManifestParser.pluginToml(
                    toml.getBytes(StandardCharsets.UTF_8),
                    "rendered TOML",
                    m.entry().isPresent());
            equal(m, back.manifest(), "read back from " + toml, which);
            if (!back.warnings().isEmpty()) {
                throw new AssertionError(
                        "its rendered TOML has warnings " + back.warnings() + "\n  for " + which.get());
            }
        } catch (RuntimeException e) {
            throw new AssertionError(
                    "an accepted manifest " + printable(m) + " breaks an invariant: " + e + "\n  for " + which.get(),
                    e);
        }
    }

    private static void equal(Manifest expected, Manifest actual, String how, Supplier<String> which) {
        if (!expected.equals(actual)) {
            throw new AssertionError("the manifest " + printable(expected) + " became " + printable(actual) + " when "
                    + printable(how) + "\n  for "
                    + which.get());
        }
    }

    /** A valid head, then random lines of the manifest's vocabulary: reaches the validator's rules. */
    private static byte[] randomLines(SplittableRandom random, StringBuilder how) {
        how.append("random lines");
        StringBuilder out = new StringBuilder(random.nextBoolean() ? ManifestParserTest.HEAD : "");
        for (int i = random.nextInt(8); i >= 0; i--) {
            switch (random.nextInt(6)) {
                case 0 ->
                    out.append('[')
                            .append(pick(random, List.of("timeouts", "network", "x")))
                            .append("]\n");
                case 1 ->
                    out.append("[[")
                            .append(pick(random, List.of("secrets", "env_required", "plugin_kinds")))
                            .append("]]\n");
                default ->
                    out.append(pick(random, KEYS))
                            .append(" = ")
                            .append(pick(random, VALUES))
                            .append('\n');
            }
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A valid object with random members of the manifest's vocabulary added or replaced. */
    private static byte[] randomObject(SplittableRandom random, StringBuilder how) {
        how.append("random members");
        Map<String, Object> members = new TreeMap<>(Map.of(
                "name",
                "x",
                "version",
                "1.0.0",
                "plugin_kind",
                "provider",
                "description",
                "",
                "protocol_version",
                "1.1.0"));
        List<Object> values = List.of(
                "x",
                "",
                "1.2.3",
                "2s",
                "bin/x",
                "api.example.com:443",
                1,
                0,
                -1,
                65536,
                Long.MAX_VALUE,
                1.5,
                64.0,
                true,
                List.of(),
                List.of("agent/run", "agent/run"),
                List.of(1, "a"),
                Map.of(),
                Map.of("name", "A"),
                List.of(Map.of("name", "t", "env", "T")),
                Map.of("destinations", List.of("x.dev", "X.dev")),
                Map.of("launch", "0ms"),
                "\u0000",
                "\ud83d\ude00");
        for (int i = random.nextInt(6); i >= 0; i--) {
            String key = pick(random, KEYS).replace("\"", "");
            if (random.nextInt(5) == 0) {
                members.remove(key);
            } else {
                members.put(key, pick(random, values));
            }
        }
        return JSON.writeValueAsBytes(members);
    }

    /** {@code value}'s text with control characters and non-ASCII escaped, for a failure message. */
    private static String printable(Object value) {
        return Mutations.show(String.valueOf(value).getBytes(StandardCharsets.UTF_8));
    }

    private static <T> T pick(SplittableRandom random, List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    private static List<byte[]> tomlCorpus(long seed) {
        List<byte[]> corpus = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            corpus.add(ManifestParser.renderToml(new ManifestSamples(seed + i).manifest())
                    .getBytes(StandardCharsets.UTF_8));
        }
        String head = ManifestParserTest.HEAD;
        corpus.add(head.getBytes(StandardCharsets.UTF_8));
        corpus.add(("\ufeff" + head + """
                capabilities = ["agent/run", "subject_kind:task", "$ui/web"]
                notification_buffer_size = 512
                hooks = ["route.skills"]
                events = ["session-start", "tool-end"]
                data_sent = ["prompt text"]
                network.destinations = ["API.example.com:443", "github.com"]
                entry = "./bin/run"

                [timeouts]
                launch = "2s"
                "agent/run" = "30m"

                [[env_required]]
                name = "API_KEY"
                sensitive = true

                [[secrets]]
                name = "github.token"
                required = true
                """).getBytes(StandardCharsets.UTF_8));
        corpus.add((head.replace("description = \"Runs agents.\"", "description = '''\nmulti\nline'''") + """
                env_required = [{ name = "API_KEY", required = true }]
                secrets = [{ name = "tok", env = "MY_TOKEN" }]
                network = { destinations = ["[2001:DB8::1]:8443"] }
                timeouts = { idle = "10m" }
                """)
                .replace("\n", "\r\n")
                .getBytes(StandardCharsets.UTF_8));
        return corpus;
    }

    private static List<byte[]> jsonCorpus(long seed) {
        List<byte[]> corpus = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            corpus.add(JSON.writeValueAsBytes(ManifestRendering.toMap(new ManifestSamples(seed + i).manifest())));
        }
        corpus.add(
                ("  {\"name\":\"x\",\"version\":\"1.0.0\",\"plugin_kind\":\"provider\",\"description\":\"\\u00e9\\n\","
                                + "\"protocol_version\":\"1.1.0\",\"future_key\":{\"a\":[1,2]},\"timeouts\":{\"launch\":\"1s\"}}\n")
                        .getBytes(StandardCharsets.UTF_8));
        return corpus;
    }
}
