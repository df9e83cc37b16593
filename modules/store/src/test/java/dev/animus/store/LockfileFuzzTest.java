package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.testfuzz.FuzzRun;
import dev.animus.testfuzz.Mutations;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Seeded fuzzing of the lockfile reader ({@link LockfileParser#parse}): valid lockfiles (rendered
 * from random hostile entries, and hand-written ones with unknown keys, inline tables, comments and
 * CRLF line ends) with byte flips, insertions, deletions, repeated lines and tables (duplicate keys,
 * a plugin locked twice), TOML fragments, boundary numbers, hostile Unicode, deep nesting and huge
 * strings, plus random bytes. Each input is read, or refused with {@link LockfileUnreadable} naming
 * the file; never another exception, never a hang. A lockfile that is read renders to text that
 * reads back equal and renders to the same bytes again. The seed is printed; {@code -Dfuzz.seed=N}
 * replays a run and {@code -Dfuzz.inputs=N} changes how many inputs it tries.
 */
class LockfileFuzzTest {
    private static final Path FILE = Path.of("/fuzz/plugins.lock");
    private static final int INPUTS = Integer.getInteger("fuzz.inputs", 10_000);
    private static final String DIGEST = "a".repeat(64);
    private static final List<String> FRAGMENTS = List.of(
            "[[plugin]]\n",
            "[plugin]\n",
            "[[plugin.x]]\n",
            "schema_version = 1\n",
            "schema_version = 2\n",
            "schema_version = \"1\"\n",
            "schema_version = 1.0\n",
            "name = \"echo\"\n",
            "name = \"Echo\"\n",
            "source = \"github\"\n",
            "source = \"ftp\"\n",
            "sha256_verified = \"yes\"\n",
            "installed_at = 2026-11-30T12:00:00Z\n",
            "installed_at = \"2026-11-30T12:00:00+02:00\"\n",
            "installed_at = \"2026-02-30T25:61:61Z\"\n",
            "artifact_sha256 = \"" + DIGEST.toUpperCase() + "\"\n",
            "tag = 1\n",
            "asset = []\n",
            "plugin = 3\n",
            "plugin = [1, 2]\n",
            "x = {a = {b = 1}}\n",
            "a.b.c = 1\n",
            "\"quoted key\" = 1\n",
            "'literal' = 'x'\n",
            "= 1\n",
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

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyInputReadsAndRoundTripsOrIsRefusedAsUnreadableNeverAnythingElse() {
        long seed = FuzzRun.seed("LockfileFuzzTest");
        SplittableRandom random = new SplittableRandom(seed);
        List<byte[]> corpus = corpus(seed);
        Mutations mutations = new Mutations(random, FRAGMENTS, corpus);
        Map<String, Integer> outcomes = FuzzRun.run(
                "LockfileFuzzTest",
                seed,
                INPUTS,
                (i, how) -> {
                    if (random.nextInt(20) == 0) {
                        how.append("random bytes");
                        return mutations.randomBytes(random.nextInt(600));
                    }
                    int pick = random.nextInt(corpus.size());
                    how.append("seed ").append(pick).append(':');
                    return mutations.mutate(corpus.get(pick), how);
                },
                LockfileFuzzTest::readOnce);
        assertTrue(
                outcomes.getOrDefault("read", 0) > INPUTS / 20,
                "too few mutated lockfiles were still readable: " + outcomes);
    }

    /** Reads one input; returns the outcome, or fails naming the input. */
    private static String readOnce(byte[] input, Supplier<String> which) {
        Lockfile read;
        try {
            read = LockfileParser.parse(FILE, input);
        } catch (LockfileUnreadable e) {
            if (!FILE.equals(e.file())
                    || e.getMessage().contains("\n")
                    || !e.getMessage().startsWith(FILE + ": ")) {
                throw new AssertionError(
                        "a refusal that does not name the file in one line: " + e.getMessage() + "\n  for "
                                + which.get(),
                        e);
            }
            return "refused";
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError("the reader threw " + e + "\n  for " + which.get(), e);
        }
        byte[] rendered = LockfileText.render(read);
        Lockfile again;
        try {
            again = LockfileParser.parse(FILE, rendered);
        } catch (RuntimeException e) {
            throw new AssertionError(
                    "a lockfile that was read does not read back once rendered (" + e + "): " + Mutations.show(rendered)
                            + "\n  for " + which.get(),
                    e);
        }
        if (!again.equals(read) || !Arrays.equals(LockfileText.render(again), rendered)) {
            throw new AssertionError("a lockfile that was read does not round-trip: " + read + " became " + again
                    + "\n  for " + which.get());
        }
        return "read";
    }

    /** Valid lockfiles: rendered from random hostile entries, and hand-written in other TOML forms. */
    private static List<byte[]> corpus(long seed) {
        List<byte[]> corpus = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            TreeMap<String, LockEntry> entries = new TreeMap<>();
            new LockfileGenerator(seed + i).entries(3).forEach(e -> entries.put(e.name(), e));
            corpus.add(LockfileText.render(new Lockfile(Lockfile.SCHEMA_VERSION, entries)));
        }
        corpus.add(utf8("schema_version = 1\n"));
        corpus.add(utf8("""
                # edited by hand
                schema_version = 1
                future_key = "ignored"

                [[plugin]]
                name = "echo"   # trailing comment
                version = '1.2.0'
                source = "github"
                origin = "acme/echo"
                tag = "v1.2.0"
                asset = "echo-linux-x86_64.tar.gz"
                artifact_sha256 = "%s"
                sha256_verified = false
                signature = "verified"
                signature_bundle_sha256 = "%s"
                installed_at = "2026-11-30T12:00:00.123456789Z"
                added_later = [1, {x = 2}]

                [[plugin]]
                name = "tool"
                version = "0.1.0-rc.1+build.5"
                source = "url"
                origin = "https://example.com/t\\u00e9l\\u00e9chargement?x=\\"1\\""
                artifact_sha256 = "%s"
                sha256_verified = true
                signature = "unsigned"
                installed_at = "1970-01-01T00:00:00Z"
                """.formatted(DIGEST, "b".repeat(64), "c".repeat(64))));
        corpus.add(utf8(("schema_version = 1\r\nplugin = [{name = \"a.b_c-d\", version = \"9\", source = \"path\", "
                + "origin = \"/abs/é 😀\", artifact_sha256 = \"" + DIGEST + "\", sha256_verified = true, "
                + "signature = \"unsigned\", installed_at = \"2026-11-30T12:00:00Z\"}]\r\n")));
        return corpus;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
