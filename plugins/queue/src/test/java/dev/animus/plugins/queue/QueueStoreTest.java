package dev.animus.plugins.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The store in this JVM, on a fake clock: leases, their expiry, and what each status allows. */
class QueueStoreTest {
    static final Duration MINUTE = Duration.ofMinutes(1);

    @TempDir
    Path project;

    FakeClock clock = new FakeClock(Instant.parse("2026-12-02T10:00:00Z"));
    QueueStore store;

    @BeforeEach
    void open() {
        Database.useBuildLibrary();
        store = QueueStore.open(Database.file(project), clock);
    }

    @AfterEach
    void close() {
        store.close();
    }

    static ObjectNode empty() {
        return JsonNodeFactory.instance.objectNode();
    }

    Entry enqueue(String subject, int priority) {
        return store.enqueue(subject, empty(), priority).entry();
    }

    @Test
    void aSubjectWithAnOpenEntryIsNotQueuedTwiceButIsAgainOnceItsEntryIsDone() {
        var first = store.enqueue("task:1", empty().put("why", "ready"), 100);
        assertTrue(first.created());
        assertEquals("q:1", first.entry().id());
        assertEquals("{\"why\":\"ready\"}", first.entry().payload().toString());
        var again = store.enqueue("task:1", empty(), 5);
        assertFalse(again.created());
        assertEquals(first.entry(), again.entry());
        Entry leased = store.lease("w", MINUTE, 1).getFirst();
        assertFalse(store.enqueue("task:1", empty(), 100).created(), "a leased entry is open");
        store.complete(1, leased.lease().orElseThrow().leaseId(), Outcome.DONE, Optional.of("ok"));
        var next = store.enqueue("task:1", empty(), 100);
        assertTrue(next.created());
        assertEquals("q:2", next.entry().id());
    }

    @Test
    void leasesGoByPriorityLowerFirstThenAgeAndNeverTwice() {
        enqueue("a", 100);
        clock.advance(1);
        enqueue("b", 7);
        clock.advance(1);
        enqueue("c", 100);
        enqueue("d", 7);
        List<Entry> got = store.lease("w", MINUTE, 3);
        assertEquals(List.of("b", "d", "a"), got.stream().map(Entry::subjectId).toList());
        for (Entry e : got) {
            assertEquals(Status.LEASED, e.status());
            assertEquals(1, e.attempts());
            Entry.Lease l = e.lease().orElseThrow();
            assertEquals("w", l.worker());
            assertEquals(clock.instant().plus(MINUTE), l.expiresAt());
            assertTrue(l.leaseId().matches("[0-9a-f]{32}"), l.leaseId());
        }
        assertEquals(
                3,
                got.stream()
                        .map(e -> e.lease().orElseThrow().leaseId())
                        .distinct()
                        .count());
        assertEquals(
                List.of("c"),
                store.lease("v", MINUTE, 5).stream().map(Entry::subjectId).toList());
        assertEquals(List.of(), store.lease("v", MINUTE, 5));
    }

    @Test
    void anExpiredLeaseReturnsTheEntryToPendingAndItsCompletionFails() {
        enqueue("task:9", 100);
        Entry first = store.lease("a", MINUTE, 1).getFirst();
        String old = first.lease().orElseThrow().leaseId();
        clock.advance(MINUTE.toMillis() - 1);
        assertEquals(1, store.stats().leased(), "a lease holds until its expires_at");
        store.heartbeat(1, old, MINUTE);
        clock.advance(MINUTE.toMillis());
        Stats s = store.stats();
        assertEquals(new Stats(1, 0, 0, 0, 0, 1), s, "expired at expires_at, counted");
        Entry pending = store.list(Set.of(), Optional.empty(), 10, 0).entries().getFirst();
        assertEquals(Status.PENDING, pending.status());
        assertEquals(1, pending.attempts(), "attempts counts leases given");
        assertEquals(clock.instant(), pending.updatedAt());

        Refused lost = assertThrows(Refused.class, () -> store.complete(1, old, Outcome.DONE, Optional.empty()));
        assertEquals("lease " + old + " of entry q:1 is no longer held", lost.getMessage());
        Entry second = store.lease("b", MINUTE, 1).getFirst();
        assertEquals(2, second.attempts());
        assertNotEquals(old, second.lease().orElseThrow().leaseId());
        assertThrows(Refused.class, () -> store.heartbeat(1, old, MINUTE), "a re-leased entry is not the old lease's");
        Entry done = store.complete(1, second.lease().orElseThrow().leaseId(), Outcome.FAILED, Optional.of("boom"));
        assertEquals(Status.FAILED, done.status());
        assertEquals(Optional.of(Outcome.FAILED), done.outcome());
        assertEquals(Optional.of("boom"), done.message());
        assertEquals(Optional.empty(), done.lease());
    }

    @Test
    void retryPutsTheEntryBackToPendingAndHeldEntriesAreNeverLeased() {
        enqueue("s", 100);
        Entry e = store.lease("w", MINUTE, 1).getFirst();
        Entry retried = store.complete(1, e.lease().orElseThrow().leaseId(), Outcome.RETRY, Optional.of("later"));
        assertEquals(Status.PENDING, retried.status());
        assertEquals(Optional.of(Outcome.RETRY), retried.outcome());
        assertEquals(Status.HELD, store.hold(1).status());
        assertEquals(List.of(), store.lease("w", MINUTE, 1));
        assertEquals(Status.PENDING, store.release(1).status());
        Entry again = store.lease("w", MINUTE, 1).getFirst();
        assertEquals(2, again.attempts());
        assertEquals(Status.HELD, store.hold(1).status(), "holding a leased entry takes the lease back");
        assertThrows(
                Refused.class,
                () -> store.complete(1, again.lease().orElseThrow().leaseId(), Outcome.DONE, Optional.empty()));
        store.release(1);
        Entry third = store.lease("w", MINUTE, 1).getFirst();
        store.complete(1, third.lease().orElseThrow().leaseId(), Outcome.DONE, Optional.empty());
        Refused r = assertThrows(Refused.class, () -> store.hold(1));
        assertEquals("entry_id: entry q:1 is done; only a pending or leased entry can be held", r.getMessage());
        assertThrows(Refused.class, () -> store.release(1));
    }

    @Test
    void anUnknownEntryIsNamedAndADroppedOneIsGone() {
        enqueue("s", 100);
        store.drop(1);
        for (Runnable call : List.<Runnable>of(
                () -> store.drop(1),
                () -> store.hold(1),
                () -> store.release(1),
                () -> store.heartbeat(1, "x", MINUTE),
                () -> store.complete(1, "x", Outcome.DONE, Optional.empty()))) {
            NoSuchEntry e = assertThrows(NoSuchEntry.class, call::run);
            assertEquals("q:1", e.id());
        }
        assertEquals(new Stats(0, 0, 0, 0, 0, 0), store.stats());
    }

    @Test
    void listPagesByIdWithFiltersAndNeverRepeats() {
        for (int i = 0; i < 7; i++) {
            enqueue("s" + i, 100);
        }
        store.hold(3);
        store.hold(5);
        var page = store.list(Set.of(), Optional.empty(), 3, 0);
        assertEquals(
                List.of(1L, 2L, 3L), page.entries().stream().map(Entry::number).toList());
        assertEquals(Optional.of(3L), page.after());
        var rest = store.list(Set.of(), Optional.empty(), 10, 3);
        assertEquals(
                List.of(4L, 5L, 6L, 7L),
                rest.entries().stream().map(Entry::number).toList());
        assertEquals(Optional.empty(), rest.after());
        assertEquals(
                List.of(3L, 5L),
                store.list(Set.of(Status.HELD), Optional.empty(), 10, 0).entries().stream()
                        .map(Entry::number)
                        .toList());
        assertEquals(
                List.of(6L),
                store.list(Set.of(), Optional.of("s5"), 10, 0).entries().stream()
                        .map(Entry::number)
                        .toList());
    }

    @Test
    void theEarliestExpiryIsThatOfTheFirstLeaseToEnd() {
        assertEquals(Optional.empty(), store.earliestExpiry());
        enqueue("a", 1);
        enqueue("b", 2);
        store.lease("w", Duration.ofSeconds(30), 1);
        store.lease("w", Duration.ofSeconds(10), 1);
        assertEquals(Optional.of(clock.instant().plusSeconds(10)), store.earliestExpiry());
    }
}
