package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.AgentScope;
import dev.animus.core.HostFailure;
import dev.animus.discovery.AnimusPaths;
import dev.animus.host.PluginCallFailed;
import dev.animus.install.InstallRequest;
import dev.animus.install.PluginInstaller;
import dev.animus.router.NoSubjectBackend;
import dev.animus.router.RouterConflict;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import dev.animus.runtime.SubjectEndpoint;
import dev.animus.runtime.SubjectWatch;
import dev.animus.subjects.ChangeKind;
import dev.animus.subjects.NewSubject;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectChange;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectPatch;
import dev.animus.subjects.SubjectStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code subject/} group through a real daemon (docs/daemon.md#subjects) with the in-memory
 * Python backend (docs/protocol.md#subjects): the verbs from one client, a second client's watch
 * seeing the changes in order, a list without kind merged over two backends, and the routing
 * failures arriving typed with their messages.
 */
class DaemonSubjectsTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private static Path memo(Path dir, String name, String kind, boolean watch) throws IOException {
        Path src = Path.of(System.getProperty("animus.testproviders.dir"), "animus-subject-memo");
        String body = Files.readString(src)
                .replace("NAME = \"memo\"", "NAME = \"" + name + "\"")
                .replace("KIND = \"memo\"", "KIND = \"" + kind + "\"")
                .replace("WATCH = True", "WATCH = " + (watch ? "True" : "False"));
        Path d = Files.createDirectories(dir.resolve(name));
        Path p = d.resolve("animus-subject-" + name);
        Files.writeString(p, body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
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

    @Test
    void theVerbsAWatchAndAMergedListGoThroughTheDaemon() throws Exception {
        Map<String, String> env = Map.of(
                "HOME", dir.toString(),
                "ANIMUS_HOME", dir.resolve("home").toString(),
                "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Path socket = dir.resolve("d.sock");
        Animus animus = Animus.open(AnimusPaths.from(env, project), env);
        ready(animus, memo(dir.resolve("src"), "memo", "memo", true));
        ready(animus, memo(dir.resolve("src"), "other", "other", true));
        try (Daemon daemon = Daemon.start(
                        animus,
                        Plugins.start(),
                        new Daemon.Options(
                                project, socket, Optional.empty(), "test", InstantSource.system(), s -> {}));
                DaemonLink one = DaemonLink.connect(socket);
                DaemonLink two = DaemonLink.connect(socket)) {
            SubjectEndpoint a = one.subjects("default");
            SubjectEndpoint b = two.subjects("default");
            assertEquals(
                    List.of("memo", "other"),
                    a.kinds().stream().map(k -> k.pattern()).toList());

            BlockingQueue<SubjectChange> seen = new LinkedBlockingQueue<>();
            try (SubjectWatch watch = b.watch(Optional.of("memo"), SubjectFilter.all(), seen::add)) {
                Subject s = a.create(NewSubject.of("memo", "through the daemon"));
                assertEquals(
                        List.of(s.id()),
                        a.list(SubjectFilter.all().withKinds(List.of("memo"))).subjects().stream()
                                .map(Subject::id)
                                .toList());
                a.update(
                        s.id(),
                        new SubjectPatch(
                                Optional.empty(),
                                Optional.of(new SubjectPatch.Assignee.Set("ann")),
                                List.of(),
                                List.of(),
                                Optional.empty(),
                                Optional.empty()));
                assertEquals(
                        SubjectStatus.IN_PROGRESS,
                        a.status(s.id(), SubjectStatus.IN_PROGRESS).status());
                assertEquals(Optional.empty(), a.next("memo"));
                assertEquals("ann", a.get(s.id()).assignee().orElseThrow());
                a.delete(s.id());
                for (ChangeKind k : List.of(
                        ChangeKind.CREATED, ChangeKind.UPDATED, ChangeKind.STATUS_CHANGED, ChangeKind.DELETED)) {
                    SubjectChange c = seen.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
                    assertEquals(k, c == null ? null : c.change());
                    assertEquals(s.id(), c.subjectId());
                }
                assertEquals(Optional.empty(), watch.await(Duration.ofMillis(1)));

                PluginCallFailed gone = assertThrows(PluginCallFailed.class, () -> a.get(s.id()));
                assertEquals(
                        -32602,
                        assertInstanceOf(HostFailure.Rpc.class, gone.failure()).code());
            }

            Set<String> made = new HashSet<>();
            for (int i = 0; i < 3; i++) {
                made.add(a.create(NewSubject.of("memo", "m" + i)).id());
                made.add(a.create(NewSubject.of("other", "o" + i)).id());
            }
            Set<String> listed = new HashSet<>();
            a.list(SubjectFilter.all()).subjects().forEach(x -> listed.add(x.id()));
            assertEquals(made, listed);

            NoSubjectBackend none = assertThrows(NoSubjectBackend.class, () -> a.next("ghost"));
            assertTrue(none.getMessage().startsWith("no subject backend for kind 'ghost'"), none.getMessage());

            ready(animus, memo(dir.resolve("src"), "memo2", "memo", true));
            RouterConflict both = assertThrows(RouterConflict.class, a::kinds);
            assertTrue(
                    both.getMessage().contains("animus-subject-memo")
                            && both.getMessage().contains("animus-subject-memo2"),
                    both.getMessage());
            assertTrue(daemon.server().accepted() >= 2);
        }
    }
}
