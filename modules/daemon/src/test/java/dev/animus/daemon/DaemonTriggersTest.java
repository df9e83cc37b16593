package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.AgentScope;
import dev.animus.discovery.AnimusPaths;
import dev.animus.install.InstallRequest;
import dev.animus.install.PluginInstaller;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectFilter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Trigger sessions in a real daemon (docs/daemon.md#triggers): the test trigger's create_task
 * events become subjects of the in-memory backend, with the labels of its table in
 * {@code .animus/triggers.toml}; {@code ANIMUS_DAEMON_DISABLE_TRIGGERS=1} starts none.
 */
class DaemonTriggersTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private static Path script(Path dir, String name, String body) throws IOException {
        Path d = Files.createDirectories(dir.resolve(name));
        Path p = d.resolve(name);
        Files.writeString(p, body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private static String python(String file) throws IOException {
        return Files.readString(Path.of(System.getProperty("animus.testproviders.dir"), file));
    }

    private static void ready(Animus animus, Path plugin) {
        String name = animus.install(
                        InstallRequest.local(plugin, Optional.empty(), new PluginInstaller.PinPolicy(false, false)))
                .name();
        animus.trust(name, Animus.sha256(plugin), false);
        animus.consent(
                name,
                animus.inspect(name, "default").inspection().consentDigest().orElseThrow());
        animus.enable(name, new AgentScope.One("default"));
    }

    private Daemon daemon(Map<String, String> extra, Path project) throws IOException {
        Map<String, String> env = new HashMap<>(Map.of(
                "HOME", dir.toString(),
                "ANIMUS_HOME", dir.resolve("home").toString(),
                "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")));
        env.putAll(extra);
        Animus animus = Animus.open(AnimusPaths.from(env, project), env);
        ready(animus, script(dir.resolve("src"), "animus-subject-memo", python("animus-subject-memo")));
        ready(animus, script(dir.resolve("src"), "animus-trigger-replay", python("animus-trigger-replay")));
        Files.createDirectories(project.resolve(".animus"));
        Files.writeString(project.resolve(".animus/triggers.toml"), """
                [animus-trigger-replay]
                total = 5
                kind = "memo"
                labels = ["from-trigger"]
                acks = "%s"
                """.formatted(dir.resolve("acks.txt")));
        return Daemon.start(
                animus,
                Plugins.start(),
                new Daemon.Options(
                        project, dir.resolve("d.sock"), Optional.empty(), "test", InstantSource.system(), s -> {}));
    }

    /** Waits, woken by the directory's changes, until {@code file} has {@code lines} lines or {@code end} passes. */
    private static void awaitLines(Path file, int lines, long end) throws IOException, InterruptedException {
        try (WatchService watch = file.getParent().getFileSystem().newWatchService()) {
            file.getParent()
                    .register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            while (!Files.exists(file) || Files.readAllLines(file).size() < lines) {
                long left = end - System.nanoTime();
                WatchKey key = left <= 0 ? null : watch.poll(left, TimeUnit.NANOSECONDS);
                if (key == null) {
                    return; // the assertions below say what is missing
                }
                key.pollEvents();
                key.reset();
            }
        }
    }

    @Test
    void createTaskEventsBecomeSubjectsWithTheLabelsOfTheTriggersTable() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        try (Daemon d = daemon(Map.of(), project);
                DaemonLink link = DaemonLink.connect(dir.resolve("d.sock"))) {
            assertEquals(project, d.options().projectRoot());
            // an event is acked after its subject is made, its cursor forced to the disk and the
            // dispatch counted: the fifth ack in the plugin's file means all five are done
            awaitLines(dir.resolve("acks.txt"), 5, System.nanoTime() + WAIT.toNanos());
            List<Subject> made =
                    link.subjects("default").list(SubjectFilter.all()).subjects();
            assertEquals(5, made.size(), "subjects made: " + made);
            assertTrue(made.stream().allMatch(s -> s.labels().equals(List.of("from-trigger"))), made.toString());
            assertEquals(
                    List.of("event 0", "event 1", "event 2", "event 3", "event 4"),
                    made.stream().map(Subject::title).sorted().toList());
            JsonNode replay = link.request("trigger/status", JsonNodeFactory.instance.objectNode())
                    .path("triggers")
                    .path(0);
            assertEquals("animus-trigger-replay", replay.path("plugin").asString());
            assertEquals("watching", replay.path("state").asString());
            assertEquals(5, replay.path("dispatched").asInt());
            assertTrue(Files.exists(project.resolve(".animus/triggers/animus-trigger-replay.journal")));
        }
    }

    @Test
    void theKillSwitchStartsNoTrigger() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        try (Daemon d = daemon(Map.of("ANIMUS_DAEMON_DISABLE_TRIGGERS", "1"), project);
                DaemonLink link = DaemonLink.connect(dir.resolve("d.sock"))) {
            assertEquals(project, d.options().projectRoot());
            JsonNode status = link.request("trigger/status", JsonNodeFactory.instance.objectNode());
            assertEquals(0, status.path("triggers").size());
            assertEquals(
                    List.of(),
                    link.subjects("default").list(SubjectFilter.all()).subjects());
        }
    }
}
