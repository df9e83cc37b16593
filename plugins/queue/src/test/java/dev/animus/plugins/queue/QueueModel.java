package dev.animus.plugins.queue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The queue's state machine in a few lines, for QueueModelTest: entries in a map, time a number of
 * milliseconds. Lease ids are random in the store, so a lease takes the ids the store gave.
 */
final class QueueModel {
    /** What a call does to the model: its entries, or the failure the store must throw. */
    sealed interface Answer {
        record Entries(List<Entry> entries) implements Answer {}

        record Missing() implements Answer {}

        record Refusal() implements Answer {}
    }

    private static final class Row {
        final long n;
        final String subject;
        final int priority;
        final long enqueuedAt;
        Status status = Status.PENDING;
        int attempts;
        String leaseId;
        String worker;
        long expiresAt;
        long updatedAt;
        Outcome outcome;
        String message;

        Row(long n, String subject, int priority, long now) {
            this.n = n;
            this.subject = subject;
            this.priority = priority;
            this.enqueuedAt = now;
            this.updatedAt = now;
        }

        void set(Status s, long now) {
            status = s;
            updatedAt = now;
            if (s != Status.LEASED) {
                leaseId = null;
                worker = null;
            }
        }

        Entry entry() {
            Optional<Entry.Lease> lease = status == Status.LEASED
                    ? Optional.of(new Entry.Lease(leaseId, worker, Instant.ofEpochMilli(expiresAt)))
                    : Optional.empty();
            return new Entry(
                    n,
                    subject,
                    JsonNodeFactory.instance.objectNode().put("n", "q" + n),
                    priority,
                    status,
                    attempts,
                    lease,
                    Instant.ofEpochMilli(enqueuedAt),
                    Instant.ofEpochMilli(updatedAt),
                    Optional.ofNullable(outcome),
                    Optional.ofNullable(message));
        }
    }

    private final TreeMap<Long, Row> rows = new TreeMap<>();
    private long next = 1;
    private long expired;

    /** What every store call does first: leases expired by {@code now} back to pending. */
    void reclaim(long now) {
        for (Row r : rows.values()) {
            if (r.status == Status.LEASED && r.expiresAt <= now) {
                r.set(Status.PENDING, now);
                expired++;
            }
        }
    }

    /** The number the next created entry gets (its payload is {@code {"n": "q<number>"}}). */
    long nextNumber() {
        return next;
    }

    Answer enqueue(String subject, int priority, long now) {
        reclaim(now);
        for (Row r : rows.values()) {
            if (r.subject.equals(subject) && r.status.open()) {
                return new Answer.Entries(List.of(r.entry()));
            }
        }
        Row r = new Row(next++, subject, priority, now);
        rows.put(r.n, r);
        return new Answer.Entries(List.of(r.entry()));
    }

    /** The numbers a lease of {@code max} takes, in order. */
    List<Long> leasable(int max, long now) {
        reclaim(now);
        return rows.values().stream()
                .filter(r -> r.status == Status.PENDING)
                .sorted(Comparator.<Row>comparingInt(r -> r.priority).thenComparingLong(r -> r.n))
                .limit(max)
                .map(r -> r.n)
                .toList();
    }

    /** Applies the lease the store gave: {@code ids} the lease ids of {@link #leasable}'s entries. */
    Answer lease(List<Long> numbers, List<String> ids, String worker, long leaseMs, long now) {
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < numbers.size(); i++) {
            Row r = rows.get(numbers.get(i));
            r.set(Status.LEASED, now);
            r.attempts++;
            r.leaseId = ids.get(i);
            r.worker = worker;
            r.expiresAt = now + leaseMs;
            out.add(r.entry());
        }
        return new Answer.Entries(out);
    }

    Answer heartbeat(long n, String leaseId, long leaseMs, long now) {
        reclaim(now);
        Row r = rows.get(n);
        if (r == null) {
            return new Answer.Missing();
        }
        if (r.status != Status.LEASED || !r.leaseId.equals(leaseId)) {
            return new Answer.Refusal();
        }
        r.expiresAt = now + leaseMs;
        r.updatedAt = now;
        return new Answer.Entries(List.of(r.entry()));
    }

    Answer complete(long n, String leaseId, Outcome outcome, String message, long now) {
        reclaim(now);
        Row r = rows.get(n);
        if (r == null) {
            return new Answer.Missing();
        }
        if (r.status != Status.LEASED || !r.leaseId.equals(leaseId)) {
            return new Answer.Refusal();
        }
        r.set(outcome.status(), now);
        r.outcome = outcome;
        r.message = message;
        return new Answer.Entries(List.of(r.entry()));
    }

    Answer hold(long n, long now) {
        reclaim(now);
        Row r = rows.get(n);
        if (r == null) {
            return new Answer.Missing();
        }
        if (r.status == Status.DONE || r.status == Status.FAILED) {
            return new Answer.Refusal();
        }
        if (r.status != Status.HELD) {
            r.set(Status.HELD, now);
        }
        return new Answer.Entries(List.of(r.entry()));
    }

    Answer release(long n, long now) {
        reclaim(now);
        Row r = rows.get(n);
        if (r == null) {
            return new Answer.Missing();
        }
        if (r.status != Status.HELD && r.status != Status.PENDING) {
            return new Answer.Refusal();
        }
        if (r.status == Status.HELD) {
            r.set(Status.PENDING, now);
        }
        return new Answer.Entries(List.of(r.entry()));
    }

    Answer drop(long n, long now) {
        reclaim(now);
        return rows.remove(n) == null ? new Answer.Missing() : new Answer.Entries(List.of());
    }

    /** The lease id entry {@code n} holds now, if leased. */
    Optional<String> leaseOf(long n) {
        Row r = rows.get(n);
        return r == null || r.status != Status.LEASED ? Optional.empty() : Optional.of(r.leaseId);
    }

    List<Long> numbers() {
        return List.copyOf(rows.keySet());
    }

    List<Entry> entries(long now) {
        reclaim(now);
        return rows.values().stream().map(Row::entry).toList();
    }

    Stats stats(long now) {
        reclaim(now);
        long[] c = new long[Status.values().length];
        rows.values().forEach(r -> c[r.status.ordinal()]++);
        return new Stats(
                c[Status.PENDING.ordinal()],
                c[Status.LEASED.ordinal()],
                c[Status.HELD.ordinal()],
                c[Status.DONE.ordinal()],
                c[Status.FAILED.ordinal()],
                expired);
    }
}
