package dev.animus.store;

import dev.animus.core.SecretValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A child process of {@link SecretsConcurrencyTest}: {@code SecretsSetter <home> <worker> <count>}
 * prints {@code ready} once loaded, waits for a {@code go} line on stdin (so that all children
 * start together), then, one set per call: sets {@link #name}{@code (worker, i)} of
 * {@link #plugin}{@code (worker)} to {@link #value}{@code (worker, i, false)} and the contested
 * {@code shared/contested} to {@link #contested}{@code (worker, i)} for each {@code i}, checking
 * after each set that none of its own earlier secrets went missing; then overwrites every
 * {@link #overwritten} one with {@link #value}{@code (worker, i, true)}. Prints {@code done}.
 * Exit 0 when all is well, 2 when a secret went missing, 3 without a go.
 */
final class SecretsSetter {
    /** Setters wait long: they compete with each other, and a test that times out here says nothing. */
    static final Duration WAIT = Duration.ofSeconds(60);

    private SecretsSetter() {}

    static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        SecretsFile secrets = new SecretsFile(
                Path.of(args[0]).resolve("secrets.toml"), Path.of(args[0]).resolve(".secrets.lock"), WAIT);
        int worker = Integer.parseInt(args[1]);
        int count = Integer.parseInt(args[2]);
        String plugin = plugin(worker);
        secrets.list(plugin);
        out.println("ready");
        if (!"go".equals(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine())) {
            System.exit(3);
        }
        for (int i = 0; i < count; i++) {
            secrets.set(plugin, name(worker, i), SecretValue.of(value(worker, i, false)));
            secrets.set("shared", "contested", SecretValue.of(contested(worker, i)));
            List<String> names = secrets.list(plugin);
            for (int j = 0; j <= i; j++) {
                if (!names.contains(name(worker, j))) {
                    System.err.println("set " + i + " lost " + name(worker, j) + ": " + names);
                    System.exit(2);
                }
            }
        }
        for (int i = 0; i < count; i++) {
            if (overwritten(i)) {
                secrets.set(plugin, name(worker, i), SecretValue.of(value(worker, i, true)));
            }
        }
        out.println("done");
    }

    /** Two plugins, so that workers share a plugin's secrets and keep to their own. */
    static String plugin(int worker) {
        return "p" + worker % 2;
    }

    static String name(int worker, int i) {
        return "w" + worker + "_s" + i;
    }

    static boolean overwritten(int i) {
        return i % 3 == 0;
    }

    /** A value with the characters a careless writer would break on. */
    static String value(int worker, int i, boolean last) {
        return (last ? "last" : "first") + " \"" + worker + "\"\\" + i + "\n\t🔑\u0001";
    }

    static String contested(int worker, int i) {
        return "w" + worker + " i" + i;
    }
}
