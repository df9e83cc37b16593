package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.control.ControlClient;
import dev.animus.control.ControlError;
import dev.animus.core.AgentScope;
import dev.animus.discovery.AnimusPaths;
import dev.animus.host.ProjectBinding;
import dev.animus.install.InstallRequest;
import dev.animus.install.PluginInstaller;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The work loop end to end through real processes (docs/daemon.md#the-work-loop): a daemon in a
 * temporary project with the first-party tasks backend, queue and workflow runner, and the cli
 * provider (a harmless {@code cat}).
 */
class WorkLoopTest {
    private static final Duration WAIT = Duration.ofSeconds(25);
    private static final Duration T = Duration.ofSeconds(30);
    private static final int N = 3;
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @TempDir
    Path dir;

    private static Path launcher(String property) {
        String value = System.getProperty(property);
        if (value == null || !Files.isExecutable(Path.of(value))) {
            throw new IllegalStateException(
                    "no launcher at " + property + "=" + value + "; run through Maven with -am");
        }
        return Path.of(value);
    }

    private static String ready(Animus animus, Path plugin) {
        String name = animus.install(
                        InstallRequest.local(plugin, Optional.empty(), new PluginInstaller.PinPolicy(false, false)))
                .name();
        animus.trust(name, Animus.sha256(plugin), false);
        animus.consent(
                name,
                animus.inspect(name, "default").inspection().consentDigest().orElseThrow());
        animus.enable(name, new AgentScope.One("default"));
        return name;
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static List<JsonNode> tasks(ControlClient c, String status) {
        ObjectNode filter = JSON.objectNode();
        filter.putArray("kind").add("task");
        filter.putArray("status").add(status);
        filter.put("limit", 1000);
        ObjectNode p = JSON.objectNode();
        p.set("filter", filter);
        return c.call("subject/list", p, T).path("subjects").valueStream().toList();
    }

    private static Optional<Long> pid(Plugins plugins, String name) {
        return plugins.status().stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .flatMap(s -> s.pid().isPresent() ? Optional.of(s.pid().getAsLong()) : Optional.empty());
    }

    @Test
    void twentyTasksEndDoneAtMostNAtOnceAKilledRunnerLosesNoneAndAStopLeavesNothing() throws Exception {
        Map<String, String> env = Map.of(
                "HOME", dir.toString(),
                "ANIMUS_HOME", dir.resolve("home").toString(),
                "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Animus animus = Animus.open(AnimusPaths.from(env, project), env);
        ready(animus, launcher("animus.tasks.launcher"));
        String cli = ready(animus, launcher("animus.cli.launcher"));
        ready(animus, launcher("animus.queue.launcher"));
        String runner = ready(animus, launcher("animus.workflow.launcher"));
        write(
                project.resolve(".animus/providers/cli.toml"),
                "command = [\"/bin/sh\", \"-c\", \"printf 'did: '; cat; sleep 0.15\"]\n");
        write(
                project.resolve(".animus/workflow.toml"),
                "provider = \"" + cli + "\"\nlease_ms = 2000\nprompt = \"{{title}}\"\n");
        write(
                project.resolve(".animus/daemon.toml"),
                "[dispatch]\ninterval = \"200ms\"\nlabel = \"dispatch\"\nconcurrency = " + N + "\n");
        Path socket = dir.resolve("d.sock");
        Plugins plugins = Plugins.start(Plugins.Options.defaults().withProjectBinding(new ProjectBinding(project)));
        Set<Long> seen = new HashSet<>();
        Daemon daemon = Daemon.start(
                animus,
                plugins,
                new Daemon.Options(project, socket, Optional.empty(), "test", InstantSource.system(), s -> {}));
        try (ControlClient c = ControlClient.connect(socket)) {
            for (int i = 0; i < 20; i++) {
                ObjectNode p = JSON.objectNode().put("kind", "task").put("title", "task number " + i);
                p.putArray("labels").add("dispatch");
                c.call("subject/create", p, T);
            }
            ObjectNode undispatched = JSON.objectNode().put("kind", "task").put("title", "not for the loop");
            c.call("subject/create", undispatched, T);

            int most = 0;
            boolean killed = false;
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (tasks(c, "done").size() < 20) {
                assertTrue(
                        System.nanoTime() < deadline,
                        "not all done in time: " + c.call("queue/stats", JSON.objectNode(), T));
                plugins.status().forEach(s -> s.pid().ifPresent(seen::add));
                try {
                    JsonNode status = c.call("workflow/status", JSON.objectNode(), T);
                    most = Math.max(most, status.path("running").size());
                    if (!killed
                            && status.path("done").asInt() >= 3
                            && status.path("running").size() > 0) {
                        long pid = pid(plugins, runner).orElseThrow();
                        ProcessHandle.of(pid).orElseThrow().destroyForcibly(); // SIGKILL mid-run
                        killed = true;
                    }
                } catch (ControlError e) {
                    // the runner is being restarted
                }
                Thread.sleep(50); // polling a real system's progress, not timing logic
            }
            assertTrue(killed, "the runner was killed mid-run");
            assertTrue(most <= N, "at most " + N + " ran at once, saw " + most);
            assertTrue(most >= 2, "runs went on at once, saw " + most);
            for (JsonNode t : tasks(c, "done")) {
                JsonNode got = c.call(
                                "subject/get",
                                JSON.objectNode().put("id", t.path("id").asString()),
                                T)
                        .path("subject");
                String comments = got.path("comments").toString();
                assertTrue(comments.contains("did: " + got.path("title").asString()), got.toString());
            }
            assertEquals(1, tasks(c, "ready").size(), "the subject without the label stays ready");
            JsonNode stats = c.call("queue/stats", JSON.objectNode(), T);
            assertEquals(20, stats.path("done").asInt(), stats.toString());
            assertTrue(stats.path("expired").asInt() >= 1, "the killed runner's lease expired: " + stats);

            // a stop mid-run: the runner gives its runs back, nothing is left running
            for (int i = 0; i < 6; i++) {
                ObjectNode p = JSON.objectNode().put("kind", "task").put("title", "late " + i);
                p.putArray("labels").add("dispatch");
                c.call("subject/create", p, T);
            }
            long until = System.nanoTime() + WAIT.toNanos();
            while (c.call("workflow/status", JSON.objectNode(), T)
                    .path("running")
                    .isEmpty()) {
                assertTrue(System.nanoTime() < until, "no run started");
                Thread.sleep(20);
            }
            plugins.status().forEach(s -> s.pid().ifPresent(seen::add));
        } finally {
            daemon.close();
        }
        for (long pid : seen) {
            Optional<ProcessHandle> h = ProcessHandle.of(pid);
            assertFalse(h.isPresent() && h.get().isAlive(), "plugin process " + pid + " outlived the daemon");
        }
        try (Plugins after =
                Plugins.start(Plugins.Options.defaults().withProjectBinding(new ProjectBinding(project)))) {
            var subjects = animus.subjects(after, "default", Optional.empty());
            var stuck = subjects.list(SubjectFilter.all().withStatuses(List.of(SubjectStatus.IN_PROGRESS)))
                    .subjects();
            assertEquals(List.of(), stuck, "no task is left in-progress without a lease");
        }
    }
}
