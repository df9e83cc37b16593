package dev.animus.discovery;

import dev.animus.core.EnvDeclaration;
import dev.animus.core.Manifest;
import dev.animus.core.PluginKind;
import dev.animus.core.SecretDeclaration;
import dev.animus.core.SemVer;
import dev.animus.core.TimeoutTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Random valid manifests from a seed (a small copy of core's test generator: test sources are not
 * shared between modules), biased towards text that is awkward in TOML: quotes, backslashes,
 * line breaks, non-ASCII, and keys that need quoting.
 */
final class ManifestSamples {
    private static final List<String> TEXT = List.of(
            "plain",
            "it's",
            "say \"hi\"",
            "C:\\dir",
            "two\nlines",
            "tab\there",
            "ünïcødé",
            "🦀",
            "# hash",
            "key = value",
            "[table]",
            "'''",
            "\"\"\"",
            "\u007f",
            "");
    private static final List<String> KINDS = List.of(
            "provider",
            "subject_backend",
            "task_backend",
            "transport_backend",
            "web_ui",
            "queue",
            "custom",
            "my_future_kind");
    private static final List<String> HOOKS = List.of("route.skills", "classify.page", "route.snapshot");
    private static final List<String> EVENTS = List.of(
            "session-start",
            "session-end",
            "user-prompt",
            "run-complete",
            "run-failed",
            "awaiting-input",
            "tool-start",
            "tool-end",
            "tool-error",
            "subagent-start",
            "subagent-stop",
            "compact-start",
            "compact-end",
            "permission-request",
            "permission-denied");

    private final SplittableRandom random;

    ManifestSamples(long seed) {
        this.random = new SplittableRandom(seed);
    }

    Manifest manifest() {
        String kind = pick(KINDS);
        List<PluginKind> extras = distinct(2, () -> pick(KINDS)).stream()
                .filter(k -> !k.equals(kind))
                .map(PluginKind::new)
                .toList();
        return new Manifest(
                "p" + random.nextInt(1000) + pick(List.of("", ".x", "-y", "_z")),
                semver(),
                new PluginKind(kind),
                extras,
                text(),
                semver(),
                distinct(
                        5,
                        () -> pick(List.of(
                                "agent/run",
                                "$/ping",
                                "subject_kind:task",
                                "$ui/web",
                                "$acme/x",
                                "m" + random.nextInt(50) + "/go"))),
                distinct(3, () -> "VAR_" + random.nextInt(20)).stream()
                        .map(n -> new EnvDeclaration(n, text(), random.nextBoolean(), random.nextBoolean()))
                        .toList(),
                random.nextBoolean() ? OptionalInt.empty() : OptionalInt.of(1 + random.nextInt(65_536)),
                timeouts(),
                subset(HOOKS),
                subset(List.of("classify.command-risk")),
                subset(EVENTS),
                distinct(3, this::destination),
                dataSent(),
                secrets(),
                random.nextBoolean() ? Optional.empty() : Optional.of(pick(List.of("bin/x", "run", "a b/c.sh"))));
    }

    private List<String> dataSent() {
        return distinct(2, () -> "data " + text() + random.nextInt(9)).stream()
                .filter(d -> d.chars().noneMatch(Character::isISOControl))
                .toList();
    }

    private SemVer semver() {
        return new SemVer(
                random.nextInt(5),
                random.nextInt(20),
                random.nextInt(100),
                pick(List.of("", "", "rc.1", "alpha-2")),
                pick(List.of("", "", "build.5")));
    }

    private String text() {
        return pick(TEXT) + (random.nextBoolean() ? " " + pick(TEXT) : "");
    }

    private TimeoutTable timeouts() {
        Map<String, Duration> table = new TreeMap<>();
        for (String key : distinct(3, () -> pick(List.of("launch", "idle", "default", "agent/run", "$/ping")))) {
            table.put(key, Duration.ofMillis(1 + random.nextLong(86_400_000L)));
        }
        return new TimeoutTable(table);
    }

    private String destination() {
        String host = pick(List.of("api.example.com", "github.com", "93.184.216.34", "[2001:db8::1]", "x-1.dev"));
        return random.nextBoolean() ? host : host + ":" + (1 + random.nextInt(442));
    }

    private List<SecretDeclaration> secrets() {
        List<SecretDeclaration> out = new ArrayList<>();
        for (String name :
                distinct(3, () -> pick(List.of("github.token", "api-key", "t", "x_y")) + random.nextInt(3))) {
            String env = random.nextBoolean()
                    ? SecretDeclaration.defaultEnv(name)
                    : "E_" + SecretDeclaration.defaultEnv(name);
            out.add(new SecretDeclaration(name, env, random.nextBoolean(), text()));
        }
        return out;
    }

    private List<String> subset(List<String> vocabulary) {
        List<String> out = new ArrayList<>(vocabulary);
        for (int i = out.size() - 1; i > 0; i--) {
            Collections.swap(out, i, random.nextInt(i + 1));
        }
        return out.subList(0, random.nextInt(out.size() + 1));
    }

    private List<String> distinct(int max, Supplier<String> one) {
        Set<String> out = new LinkedHashSet<>();
        for (int i = random.nextInt(max + 1); i > 0; i--) {
            out.add(one.get());
        }
        return List.copyOf(out);
    }

    private <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }
}
