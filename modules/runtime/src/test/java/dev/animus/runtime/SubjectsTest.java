package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.AgentScope;
import dev.animus.core.HostFailure;
import dev.animus.core.PluginKind;
import dev.animus.host.PluginCallFailed;
import dev.animus.install.AnimusHome;
import dev.animus.subjects.ChangeKind;
import dev.animus.subjects.KindRow;
import dev.animus.subjects.NewSubject;
import dev.animus.subjects.Polling;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectChange;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectPage;
import dev.animus.subjects.SubjectPatch;
import dev.animus.subjects.SubjectStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Subject calls in this process with real backends (Python scripts written from
 * docs/protocol.md#subjects): the verbs routed by kind and by id, the backend's own error passed
 * through, a watch, the polling fallback driven by a hand timer, a fan-out list paged with its
 * composite cursor, two backends claiming one kind, a kind nobody serves.
 */
class SubjectsTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private AnimusHome home;
    private Animus animus;
    private Plugins plugins;
    private final SubjectBackends.HandTimer timer = new SubjectBackends.HandTimer();
    private Subjects subjects;

    @BeforeEach
    void install() throws IOException {
        home = Installs.home(dir);
        Installs.ready(home, SubjectBackends.memo(dir.resolve("src"), "memo", "memo", true));
        Installs.ready(home, SubjectBackends.memo(dir.resolve("src"), "nowatch", "nowatch", false));
        animus = Animus.open(home.paths(), home.callerEnvironment());
        plugins = Plugins.start(TestPlugins.HELLO);
        subjects = animus.subjects(plugins, "default", Optional.empty())
                .withPolling(new Polling(Duration.ofSeconds(2), timer));
    }

    @AfterEach
    void stop() {
        plugins.close();
    }

    @Test
    void theVerbsRouteByKindAndById() {
        assertEquals(
                List.of(
                        new KindRow("memo", "animus-subject-memo", "memo"),
                        new KindRow("nowatch", "animus-subject-nowatch", "nowatch")),
                subjects.kinds());
        Subject a = subjects.create(NewSubject.of("memo", "write the router"));
        assertEquals("memo", a.kind());
        assertTrue(a.id().startsWith("memo:"), a.id());
        Subject b = subjects.create(NewSubject.of("memo", "test it"));
        assertEquals(
                List.of(b.id(), a.id()), ids(subjects.list(SubjectFilter.all().withKinds(List.of("memo")))));

        Subject labelled = subjects.update(
                a.id(),
                new SubjectPatch(
                        Optional.empty(),
                        Optional.empty(),
                        List.of("core"),
                        List.of(),
                        Optional.of("begun"),
                        Optional.empty()));
        assertEquals(List.of("core"), labelled.labels());
        assertEquals(
                SubjectStatus.IN_PROGRESS,
                subjects.status(a.id(), SubjectStatus.IN_PROGRESS).status());
        assertEquals(b.id(), subjects.next("memo").orElseThrow().id());
        assertEquals(SubjectStatus.IN_PROGRESS, subjects.get(a.id()).status());
        assertTrue(subjects.schema("memo").path("supports_watch").asBoolean());

        subjects.delete(a.id());
        PluginCallFailed gone = assertThrows(PluginCallFailed.class, () -> subjects.get(a.id()));
        HostFailure.Rpc rpc = assertInstanceOf(HostFailure.Rpc.class, gone.failure());
        assertEquals(-32602, rpc.code());
        assertTrue(gone.getMessage().contains("no memo subject " + a.id()), gone.getMessage());
    }

    @Test
    void aWatchSeesTheChangesInOrder() throws InterruptedException {
        BlockingQueue<SubjectChange> seen = new LinkedBlockingQueue<>();
        try (SubjectWatch watch = subjects.watch(Optional.of("memo"), SubjectFilter.all(), seen::add)) {
            Subject a = subjects.create(NewSubject.of("memo", "watched"));
            subjects.update(
                    a.id(),
                    new SubjectPatch(
                            Optional.empty(),
                            Optional.empty(),
                            List.of("x"),
                            List.of(),
                            Optional.empty(),
                            Optional.empty()));
            subjects.status(a.id(), SubjectStatus.DONE);
            subjects.delete(a.id());
            List<ChangeKind> kinds = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                SubjectChange c = seen.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
                assertEquals(a.id(), c.subjectId());
                assertEquals("animus-subject-memo", c.plugin());
                kinds.add(c.change());
            }
            assertEquals(
                    List.of(ChangeKind.CREATED, ChangeKind.UPDATED, ChangeKind.STATUS_CHANGED, ChangeKind.DELETED),
                    kinds);
            assertEquals(Optional.empty(), watch.await(Duration.ofMillis(1)));
        }
        assertEquals(0, timer.scheduled());
    }

    @Test
    void aBackendThatCannotWatchIsPolled() throws InterruptedException {
        List<SubjectChange> seen = new ArrayList<>();
        Subject before = subjects.create(NewSubject.of("nowatch", "there before"));
        try (SubjectWatch watch = subjects.watch(Optional.of("nowatch"), SubjectFilter.all(), seen::add)) {
            assertEquals(List.of(Duration.ofSeconds(2)), timer.intervals());
            timer.tick();
            assertEquals(List.of(), seen, "the first snapshot is the baseline");
            Subject a = subjects.create(NewSubject.of("nowatch", "polled"));
            timer.tick();
            subjects.update(
                    a.id(),
                    new SubjectPatch(
                            Optional.empty(),
                            Optional.empty(),
                            List.of("x"),
                            List.of(),
                            Optional.empty(),
                            Optional.empty()));
            timer.tick();
            subjects.status(a.id(), SubjectStatus.BLOCKED);
            timer.tick();
            subjects.delete(before.id());
            timer.tick();
            timer.tick();
            assertEquals(
                    List.of(
                            a.id() + " created",
                            a.id() + " updated",
                            a.id() + " status-changed",
                            before.id() + " deleted"),
                    seen.stream()
                            .map(c -> c.subjectId() + " " + c.change().wire())
                            .toList());
            assertEquals(
                    SubjectStatus.BLOCKED, seen.get(2).subject().orElseThrow().status());
            assertEquals(Optional.empty(), watch.await(Duration.ofMillis(1)));
        }
        assertEquals(0, timer.scheduled());
    }

    @Test
    void aListWithoutKindMergesEveryBackendAndPagesWithoutLossOrRepeat() {
        Set<String> created = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            created.add(subjects.create(NewSubject.of("memo", "m" + i)).id());
            created.add(subjects.create(NewSubject.of("nowatch", "n" + i)).id());
        }
        SubjectPage all = subjects.list(SubjectFilter.all());
        assertEquals(created, new HashSet<>(ids(all)));
        assertEquals(Optional.empty(), all.nextCursor());
        List<Subject> sorted = new ArrayList<>(all.subjects());
        sorted.sort(
                (x, y) -> y.updatedAt().orElseThrow().compareTo(x.updatedAt().orElseThrow()));
        assertEquals(ids(new SubjectPage(sorted, Optional.empty())), ids(all), "newest first");

        List<String> paged = new ArrayList<>();
        SubjectFilter f = SubjectFilter.all().withLimit(3);
        for (int pages = 0; pages < 10; pages++) {
            SubjectPage p = subjects.list(f);
            paged.addAll(ids(p));
            if (p.nextCursor().isEmpty()) {
                break;
            }
            f = f.withCursor(p.nextCursor());
        }
        assertEquals(ids(all), paged);
    }

    @Test
    void pluginsOfAKindAreTheEnabledOnesDeclaringItByName() {
        assertEquals(
                List.of("animus-subject-memo", "animus-subject-nowatch"),
                animus.pluginsOfKind(PluginKind.Routed.SUBJECT_BACKEND, "default"));
        assertEquals(List.of(), animus.pluginsOfKind(PluginKind.Routed.QUEUE, "default"));
        animus.disable("animus-subject-memo", new AgentScope.All());
        assertEquals(
                List.of("animus-subject-nowatch"), animus.pluginsOfKind(PluginKind.Routed.SUBJECT_BACKEND, "default"));
    }

    @Test
    void twoBackendsClaimingOneKindFailNamingBoth() throws IOException {
        Installs.ready(home, SubjectBackends.memo(dir.resolve("src"), "memo2", "memo", true));
        RuntimeException e = assertThrows(RuntimeException.class, () -> subjects.list(SubjectFilter.all()));
        assertTrue(e.getMessage().contains("memo") && e.getMessage().contains("memo2"), e.getMessage());
        assertEquals(
                e.getMessage(),
                assertThrows(RuntimeException.class, subjects::kinds).getMessage());
    }

    @Test
    void anAliasGivenAtInstallMakesBothClaimantsRoutable() throws IOException {
        Installs.ready(home, SubjectBackends.memo(dir.resolve("src"), "memo2", "memo", true));
        assertThrows(RuntimeException.class, subjects::kinds);
        animus.aliasKinds("animus-subject-memo2", List.of("memo-b"));

        assertTrue(
                subjects.kinds().stream()
                        .anyMatch(r -> r.pattern().equals("memo-b")
                                && r.plugin().equals("animus-subject-memo2")
                                && r.nativePattern().equals("memo")),
                subjects.kinds().toString());
        Subject mine = subjects.create(NewSubject.of("memo", "in memo"));
        Subject theirs = subjects.create(NewSubject.of("memo-b", "in memo2"));
        assertTrue(mine.id().startsWith("memo:"), mine.id());
        assertEquals("memo", mine.kind());
        assertTrue(theirs.id().startsWith("memo-b:"), theirs.id());
        assertEquals("memo-b", theirs.kind(), "the kind comes back under its alias");
        assertEquals("in memo2", subjects.get(theirs.id()).title());
        assertEquals("in memo", subjects.get(mine.id()).title());
        assertEquals(List.of(theirs.id()), ids(subjects.list(SubjectFilter.all().withKinds(List.of("memo-b")))));
    }

    @Test
    void aKindNobodyServesSaysWhatInstallsOne() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> subjects.next("ghost"));
        assertTrue(e.getMessage().contains("no subject backend for kind 'ghost'"), e.getMessage());
        assertTrue(e.getMessage().contains("animus plugin install"), e.getMessage());
    }

    private static List<String> ids(SubjectPage page) {
        return page.subjects().stream().map(Subject::id).toList();
    }
}
