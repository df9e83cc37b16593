package dev.animus.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.EnvironmentPolicy;
import dev.animus.rpc.PendingCall;
import dev.animus.rpc.RemoteError;
import dev.animus.rpc.Subscription;
import dev.animus.rpc.SubscriptionEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

class PluginSessionTest {
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final Duration CALL = Duration.ofSeconds(10);

    private static ObjectNode obj() {
        return JsonNodeFactory.instance.objectNode();
    }

    @Nested
    class WellBehaved {
        @Test
        void echoesWhatItWasSent() {
            try (PluginSession s = TestPlugins.launch(TestPlugins.echo())) {
                JsonNode params = JSON.readTree("{\"text\":\"hi\",\"n\":[1,2.5,null,true],\"u\":\"\\u00e9\\n\"}");
                assertEquals(params, s.call("echo", params, CALL).await());
            }
        }

        @Test
        void theHandshakeIsReadIntoCoreRecords() {
            try (PluginSession s = TestPlugins.launch(TestPlugins.echo())) {
                var r = s.initializeResult();
                assertEquals("1.1.0", r.protocolVersion());
                assertTrue(r.capabilities().methods().contains("echo"), r.toString());
                assertTrue(r.capabilities().cancellation());
                assertFalse(r.pluginInfo().name().isEmpty());
            }
        }

        @Test
        void pingMeasuresARoundTrip() {
            try (PluginSession s = TestPlugins.launch(TestPlugins.echo())) {
                Duration rtt = s.ping(Duration.ofSeconds(2));
                assertTrue(!rtt.isNegative() && rtt.compareTo(Duration.ofSeconds(2)) < 0, rtt.toString());
            }
        }

        @Test
        void streamsProgressNotificationsTaggedWithTheRequestIdBeforeTheAnswer() throws Exception {
            try (PluginSession s = TestPlugins.launch(TestPlugins.echo());
                    Subscription sub = s.subscribe()) {
                PendingCall call = s.call("stream", obj().put("count", 5), CALL);
                JsonNode result = call.await();
                List<JsonNode> progress = new ArrayList<>();
                while (progress.size() < 5) {
                    SubscriptionEvent e = sub.next(Duration.ofSeconds(5));
                    if (e instanceof SubscriptionEvent.Delivered d
                            && d.notification().method().equals("$/progress")) {
                        progress.add(d.notification().params());
                    } else if (!(e instanceof SubscriptionEvent.Delivered)) {
                        throw new AssertionError("expected 5 progress notifications, got " + progress + " then " + e);
                    }
                }
                progress.forEach(p -> assertEquals(call.id(), p.path("id").asLong(), p.toString()));
                assertEquals(5, result.path("count").asInt(), result.toString());
            }
        }

        @Test
        void anUnknownMethodIsARemoteErrorAndTheSessionStaysUsable() {
            try (PluginSession s = TestPlugins.launch(TestPlugins.echo())) {
                RemoteError e = assertThrows(
                        RemoteError.class, () -> s.call("no/such", obj(), CALL).await());
                assertEquals(-32601, e.code());
                assertEquals(
                        obj().put("a", 1),
                        s.call("echo", obj().put("a", 1), CALL).await());
            }
        }

        @Test
        void thePluginSeesOnlyAllowlistedAndDeclaredNames() {
            try (PluginSession s = TestPlugins.launch(TestPlugins.echo(), "DECLARED_URL")) {
                JsonNode env = s.call("env", obj(), CALL).await();
                Set<String> names = new HashSet<>(TestPlugins.names(env));
                assertFalse(names.contains("SECRET_TOKEN"), names.toString());
                assertEquals("https://example.test", env.path("DECLARED_URL").asString());
                names.removeAll(EnvironmentPolicy.BASE_ALLOWLIST);
                names.remove("DECLARED_URL");
                names.remove("PWD"); // set by a shell launcher itself, not inherited
                assertEquals(
                        System.getProperty("java.home"),
                        env.path("ANIMUS_JAVA_HOME").asString(),
                        "the one variable the host sets itself: its own runtime");
                names.remove("ANIMUS_JAVA_HOME");
                assertEquals(Set.of(), names);
            }
        }

        @Test
        void closingLeavesNoProcessBehind() {
            PluginSession s = TestPlugins.launch(TestPlugins.echo());
            Set<ProcessHandle> tree = s.processTree();
            assertFalse(tree.isEmpty());
            s.close();
            tree.forEach(h -> assertFalse(h.isAlive() && !isZombie(h), "left behind: " + h));
            assertTrue(s.processTree().isEmpty());
        }
    }

    @Nested
    class PythonPluginWrittenFromTheProtocolDocument {
        @Test
        void behavesLikeTheJavaEchoPlugin() throws Exception {
            try (PluginSession s = TestPlugins.launch(TestPlugins.pythonEcho());
                    Subscription sub = s.subscribe()) {
                JsonNode params = JSON.readTree("{\"text\":\"hi\"}");
                assertEquals(params, s.call("echo", params, CALL).await());
                s.ping(Duration.ofSeconds(2));
                JsonNode result = s.call("stream", obj().put("count", 3), CALL).await();
                assertEquals(3, result.path("count").asInt(), result.toString());
                int seen = 0;
                while (seen < 3) {
                    if (sub.next(Duration.ofSeconds(5)) instanceof SubscriptionEvent.Delivered d
                            && d.notification().method().equals("$/progress")) {
                        seen++;
                    }
                }
                JsonNode env = s.call("env", obj(), CALL).await();
                assertFalse(env.has("SECRET_TOKEN"));
            }
        }
    }

    @Nested
    class HandshakeFailures {
        @TempDir
        Path dir;

        @Test
        void anotherProtocolMajorIsRefusedNamingBothVersions() throws Exception {
            Path p = TestPlugins.python(dir, "major2", """
                    import json, sys
                    for line in sys.stdin:
                        m = json.loads(line)
                        if m.get("method") == "initialize":
                            r = {"protocol_version": "2.0.0", "plugin_info": {"name": "major2", "version": "1.0.0",
                                 "plugin_kind": "custom"}, "capabilities": {"methods": []}}
                            print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}), flush=True)
                    """);
            LaunchFailed e = assertThrows(LaunchFailed.class, () -> TestPlugins.launch(p));
            assertTrue(e.getMessage().contains("2.0.0") && e.getMessage().contains("1.1.0"), e.getMessage());
        }

        @Test
        @Timeout(value = 60, unit = TimeUnit.SECONDS)
        void aPluginThatNeverAnswersInitializeFailsWithinTheLaunchTimeoutWithItsStderr() throws Exception {
            Path p = TestPlugins.python(dir, "mute", """
                    import sys, time
                    print("waiting for a database that is not there", file=sys.stderr, flush=True)
                    time.sleep(3600)
                    """);
            // the plugin sleeps an hour: only the launch timeout ends the launch
            LaunchFailed e = assertThrows(
                    LaunchFailed.class,
                    () -> PluginSession.launch(TestPlugins.spec(p), TestPlugins.HELLO, Duration.ofMillis(1500)));
            assertTrue(e.getMessage().contains("initialize") && e.getMessage().contains("database"), e.getMessage());
        }

        @Test
        void anInvalidInitializeResultNamesTheField() throws Exception {
            Path p = TestPlugins.python(dir, "noinfo", """
                    import json, sys
                    for line in sys.stdin:
                        m = json.loads(line)
                        if m.get("method") == "initialize":
                            print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": {"protocol_version": "1.1.0"}}), flush=True)
                    """);
            LaunchFailed e = assertThrows(LaunchFailed.class, () -> TestPlugins.launch(p));
            assertTrue(e.getMessage().contains("plugin_info"), e.getMessage());
        }

        @Test
        void aMissingExecutableIsALaunchFailureNamingThePath() {
            Path missing = dir.resolve("animus-plugin-ghost");
            LaunchFailed e = assertThrows(LaunchFailed.class, () -> TestPlugins.launch(missing));
            assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        }
    }

    static boolean isZombie(ProcessHandle h) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(h.pid()), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (IOException e) {
            return true; // gone
        }
    }
}
