package dev.animus.core;

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

/** Random valid manifests from a seed: the same seed gives the same manifest. */
final class ManifestGenerator {
    private static final String LOWER = "abcdefghijklmnopqrstuvwxyz";
    private static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    private static final String DIGITS = "0123456789";
    private static final List<String> KINDS = List.of(
            "provider",
            "subject_backend",
            "trigger_backend",
            "transport_backend",
            "web_ui",
            "log_storage_backend",
            "workflow_runner",
            "queue",
            "custom",
            "task_backend",
            "my_future_kind");
    private static final List<String> TEXT_PIECES = List.of(
            "plain ",
            "quote \" ",
            "back\\slash ",
            "line\nbreak ",
            "tab\t",
            "é ü ",
            "emoji 🦀 ",
            "'single' ",
            "# not a comment ",
            "= ",
            "[x] ");

    private final SplittableRandom random;

    ManifestGenerator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    Manifest manifest() {
        String kind = pick(KINDS);
        List<PluginKind> extras = distinct(3, () -> pick(KINDS)).stream()
                .filter(k -> !k.equals(kind))
                .map(PluginKind::new)
                .toList();
        return new Manifest(
                name(),
                semver(),
                new PluginKind(kind),
                extras,
                text(random.nextInt(4)),
                semver(),
                capabilities(),
                envRequired(),
                random.nextBoolean() ? OptionalInt.empty() : OptionalInt.of(bufferSize()),
                timeouts(),
                subset(ManifestVocabulary.HOOKS),
                subset(ManifestVocabulary.POLICY_HOOKS),
                subset(ManifestVocabulary.EVENTS),
                destinations(),
                dataSent(),
                secrets(),
                entry());
    }

    String name() {
        return word(LOWER + DIGITS, 1) + word(LOWER + DIGITS + "._-", random.nextInt(20));
    }

    SemVer semver() {
        String pre = random.nextInt(3) == 0 ? pick(List.of("alpha", "beta.2", "rc-1", "0.3.x")) : "";
        String build = random.nextInt(4) == 0 ? pick(List.of("build.7", "sha-0a1b", "001")) : "";
        return new SemVer(random.nextInt(30), random.nextInt(30), random.nextInt(300), pre, build);
    }

    String text(int pieces) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            b.append(pick(TEXT_PIECES));
        }
        return b.toString();
    }

    List<String> capabilities() {
        return distinct(6, () -> switch (random.nextInt(5)) {
            case 0 -> "subject_kind:" + word(LOWER, 1) + word(LOWER + "_-", random.nextInt(6));
            case 1 -> pick(List.of("$ui/web", "$acme/beta-feature", "$x.y/z/w"));
            case 2 -> pick(List.of("$/ping", "health/check", "agent/run", "transport/start"));
            default -> word(LOWER, 3) + "/" + word(LOWER + "_", 1 + random.nextInt(8));
        });
    }

    List<EnvDeclaration> envRequired() {
        return distinct(3, this::envName).stream()
                .map(n -> new EnvDeclaration(n, text(random.nextInt(2)), random.nextBoolean(), random.nextBoolean()))
                .toList();
    }

    String envName() {
        return word(UPPER + "_", 1) + word(UPPER + DIGITS + "_", random.nextInt(12));
    }

    int bufferSize() {
        return switch (random.nextInt(4)) {
            case 0 -> 1;
            case 1 -> 65_536;
            default -> 1 + random.nextInt(65_536);
        };
    }

    TimeoutTable timeouts() {
        Map<String, Duration> table = new TreeMap<>();
        for (String key : distinct(4, () -> pick(List.of("launch", "idle", "default", "agent/run", "x/y")))) {
            long ms = switch (random.nextInt(4)) {
                case 0 -> 1 + random.nextInt(1000);
                case 1 -> 1000L * (1 + random.nextInt(600));
                case 2 -> 60_000L * (1 + random.nextInt(600));
                default -> 1 + random.nextLong(Duration.ofDays(365).toMillis());
            };
            table.put(key, Duration.ofMillis(ms));
        }
        return new TimeoutTable(table);
    }

    /** A normalised destination: a host name, a public IPv4 address or a bracketed IPv6 address, maybe with a port. */
    String destination() {
        String host = switch (random.nextInt(4)) {
            case 0 ->
                (1 + random.nextInt(126)) + "." + random.nextInt(256) + "." + random.nextInt(256) + "."
                        + random.nextInt(256);
            case 1 -> "[2001:db8::" + Integer.toHexString(1 + random.nextInt(0xfffe)) + "]";
            default ->
                word(LOWER, 1) + word(LOWER + DIGITS + "-", random.nextInt(8)) + word(LOWER, 1) + "."
                        + pick(List.of("com", "io", "example", "dev"));
        };
        int port = 1 + random.nextInt(65_535);
        return random.nextBoolean() || port == 443 ? host : host + ":" + port;
    }

    List<String> destinations() {
        return distinct(4, this::destination);
    }

    List<String> dataSent() {
        return distinct(
                3,
                () -> pick(List.of("prompt text", "file contents", "repository names", "é data")) + " "
                        + random.nextInt(100));
    }

    List<SecretDeclaration> secrets() {
        List<SecretDeclaration> out = new ArrayList<>();
        Set<String> envs = new LinkedHashSet<>();
        for (String name : distinct(3, () -> word(LOWER, 1) + word(LOWER + DIGITS + ".-_", random.nextInt(10)))) {
            String env = random.nextBoolean() ? SecretDeclaration.defaultEnv(name) : envName();
            if (envs.add(env)) {
                out.add(new SecretDeclaration(name, env, random.nextBoolean(), text(random.nextInt(2))));
            }
        }
        return out;
    }

    Optional<String> entry() {
        if (random.nextBoolean()) {
            return Optional.empty();
        }
        List<String> segments = new ArrayList<>();
        for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
            // ends in a letter, so a segment is never "", "." or ".."
            segments.add(word(LOWER + DIGITS + "._- ", random.nextInt(8)) + "x");
        }
        return Optional.of(String.join("/", segments));
    }

    <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    int nextInt(int bound) {
        return random.nextInt(bound);
    }

    boolean nextBoolean() {
        return random.nextBoolean();
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
        int n = random.nextInt(max + 1);
        for (int i = 0; i < n; i++) {
            out.add(one.get());
        }
        return List.copyOf(out);
    }

    private String word(String alphabet, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.toString();
    }
}
