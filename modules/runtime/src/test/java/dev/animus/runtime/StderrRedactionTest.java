package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.HostFailure;
import dev.animus.core.SecretDeclaration;
import dev.animus.core.SecretValue;
import dev.animus.host.FailureText;
import dev.animus.host.HostFailures;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginSession;
import dev.animus.install.PluginSecrets;
import dev.animus.rpc.ConnectionLost;
import dev.animus.rpc.RemoteError;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A real plugin's stderr against the redaction: a flood of long lines is drained at pipe speed, and
 * a secret of several lines (a PEM key) or with a tab, which the plugin echoes on stderr and in its
 * error, is in no kept stderr line and no failure message.
 */
class StderrRedactionTest {
    static final String PEM = "-----BEGIN PRIVATE KEY-----\n"
            + "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDfRk3CiHk1cRm9\n"
            + "x0rQ3e7U6Nn9sQv3W0p4m1k2b8c7d6e5f4g3h2i1j0kLmNoPqRsTuVwXyZ0123\n"
            + "q8Zr2FJ7Yc5bQ1d0PnS4uVx3Wm9L2kEaT6hGf0oJrCiYbD1sNxU5vQwHe7tMlKp\n"
            + "-----END PRIVATE KEY-----";
    static final String TABBED = "tab\tseparated-secret-5150";

    private static ObjectNode obj() {
        return JsonNodeFactory.instance.objectNode();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "token", "eyJaaaaaaaa-"})
    void twentyMebibytesOfStderrAreDrainedWhileTheCallRuns(String fill) {
        // the bound is the call's own deadline (the plugin cannot answer before its last write is
        // read); assertTimeoutPreemptively only guards against a hang. The regular expressions this
        // replaced needed about 15 ms per such line: ten minutes for these 20 480 lines.
        Duration deadline = Duration.ofSeconds(30);
        assertTimeoutPreemptively(deadline.plusSeconds(30), () -> {
            try (PluginSession s = TestPlugins.launch(TestPlugins.misbehaving())) {
                JsonNode r = s.call(
                                "stderr-bytes",
                                obj().put("bytes", 20 << 20)
                                        .put("line_bytes", 1024)
                                        .put("fill", fill),
                                deadline)
                        .await();
                assertEquals(20 << 10, r.path("lines").asLong(), r.toString());
                assertEquals(
                        obj().put("after", true),
                        s.call("echo", obj().put("after", true), deadline).await());
                // stderr is drained apart from stdout: wait for the plugin's last line, not the answer
                List<String> tail = tailWith(s, "misbehaving plugin: wrote 20480 lines");
                assertEquals("misbehaving plugin: wrote 20480 lines", tail.getLast());
                String kept = tail.get(tail.size() - 2);
                assertTrue(kept.endsWith("…") && kept.length() <= 512 + 1, kept.length() + ": " + kept);
            }
        });
    }

    /**
     * The session's stderr tail once a line holding {@code text} is in it: stderr is drained apart
     * from stdout, so the answer to a call can arrive before the line the plugin wrote first.
     */
    static List<String> tailWith(PluginSession s, String text) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            List<String> tail = s.stderrTail();
            if (tail.stream().anyMatch(l -> l.contains(text)) || System.nanoTime() - deadline > 0) {
                return tail;
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    @Test
    void aSecretOfSeveralLinesOrWithATabIsInNoStderrLineAndNoFailureMessage() {
        Map<String, String> secrets = PluginSecrets.environment(
                List.of(resolved("pem", "ANIMUS_TEST_PEM", PEM), resolved("tabbed", "ANIMUS_TEST_TABBED", TABBED)));
        LaunchSpec spec = new LaunchSpec(
                "misbehaving",
                TestPlugins.misbehaving(),
                EnvironmentPolicy.declaring(Set.of("ANIMUS_TEST_PEM", "ANIMUS_TEST_TABBED")),
                TestPlugins.CALLER,
                secrets,
                Optional.empty());
        List<String> shown = new ArrayList<>();
        for (String name : List.of("ANIMUS_TEST_PEM", "ANIMUS_TEST_TABBED")) {
            try (PluginSession s = PluginSession.launch(spec, TestPlugins.HELLO, TestPlugins.LAUNCH)) {
                assertEquals(
                        secrets.get(name),
                        s.call("env", obj(), TestPlugins.LAUNCH)
                                .await()
                                .path(name)
                                .asString(),
                        "the plugin got the value itself");
                RemoteError error = assertThrows(
                        RemoteError.class,
                        () -> s.call("leak-env", obj().put("name", name), TestPlugins.LAUNCH)
                                .await());
                HostFailure answered = HostFailures.of(error, "leak-env");
                assertTrue(answered.message().startsWith("the value of " + name + " is ***"), answered.message());
                shown.add(answered.message());
                shown.addAll(tailWith(s, name + " is "));
            }
            try (PluginSession s = PluginSession.launch(spec, TestPlugins.HELLO, TestPlugins.LAUNCH)) {
                ConnectionLost lost = assertThrows(
                        ConnectionLost.class,
                        () -> s.call("leak-env", obj().put("name", name).put("crash", true), TestPlugins.LAUNCH)
                                .await());
                HostFailure.ConnectionLost failure = HostFailures.lost(lost);
                shown.add(lost.getMessage());
                shown.add(failure.message());
                shown.addAll(failure.stderrTail());
                shown.add(FailureText.lastStderrLine(failure).orElse(""));
            }
        }
        try (PluginSession s = PluginSession.launch(spec, TestPlugins.HELLO, TestPlugins.LAUNCH)) {
            // the secret starts 10 bytes before the 512 kept of the line: those 10 must not stay
            String prefix = "misbehaving plugin: ANIMUS_TEST_TABBED is ";
            int pad = 512 - prefix.length() - 10;
            assertThrows(
                    RemoteError.class,
                    () -> s.call(
                                    "leak-env",
                                    obj().put("name", "ANIMUS_TEST_TABBED").put("pad", pad),
                                    TestPlugins.LAUNCH)
                            .await());
            String cut = tailWith(s, prefix).getLast();
            assertEquals("x".repeat(pad) + prefix + "***…", cut);
            shown.add(cut);
        }
        assertTrue(shown.stream().anyMatch(l -> l.contains("ANIMUS_TEST_PEM is ***")), String.join("\n", shown));
        assertTrue(shown.stream().anyMatch(l -> l.contains("ANIMUS_TEST_TABBED is ***")), String.join("\n", shown));
        for (String text : shown) {
            for (String line : (PEM + "\n" + TABBED).split("\n")) {
                assertFalse(text.contains(line), "a line of a secret in: " + text);
            }
            assertFalse(text.contains("separated-secret") || text.contains("tab\tsepara"), text);
            assertFalse(text.contains("MIIEvgIBADANBgkqhkiG9w0B"), text);
        }
    }

    private static PluginSecrets.Resolved resolved(String name, String env, String value) {
        return new PluginSecrets.Resolved(
                new SecretDeclaration(name, env, true, ""),
                PluginSecrets.Source.FILE,
                Optional.of(SecretValue.of(value)));
    }
}
