package dev.animus.plugins.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The store's state machine against {@link QueueModel}, as a seeded property: random enqueues,
 * leases, heartbeats, completions, holds, releases, drops and moves of a fake clock (across lease
 * expiries); after every step the store's entries and stats are the model's.
 * {@code -Danimus.queue.model.seed=N} replays a run, {@code -Danimus.queue.model.runs=N} and
 * {@code -Danimus.queue.model.steps=N} change its size.
 */
class QueueModelTest {
    @TempDir
    Path dir;

    @Test
    void theStoreBehavesAsTheModelUnderRandomCallsAndClockMoves() {
        long seed = Long.getLong("animus.queue.model.seed", System.nanoTime());
        int runs = Integer.getInteger("animus.queue.model.runs", 5);
        int steps = Integer.getInteger("animus.queue.model.steps", 200);
        System.out.println("QueueModelTest seed " + seed + " (rerun with -Danimus.queue.model.seed=" + seed + ")");
        Random seeds = new Random(seed);
        Database.useBuildLibrary();
        for (int run = 0; run < runs; run++) {
            long runSeed = seeds.nextLong();
            FakeClock clock = new FakeClock(Instant.parse("2026-12-02T10:00:00Z"));
            try (QueueStore store = QueueStore.open(dir.resolve("run" + run + ".db"), clock)) {
                check(store, clock, new Random(runSeed), steps, "run " + run + " (seed " + seed + ")");
            }
        }
    }

    private static void check(QueueStore store, FakeClock clock, Random r, int steps, String where) {
        QueueModel model = new QueueModel();
        for (int step = 0; step < steps; step++) {
            long now = clock.millis();
            String at = where + ", step " + step;
            List<Long> known = model.numbers();
            // an id that exists, or sometimes one that does not
            long n = known.isEmpty() || r.nextInt(8) == 0 ? 1 + r.nextInt(60) : known.get(r.nextInt(known.size()));
            String lease = model.leaseOf(n).filter(l -> r.nextInt(6) != 0).orElse("0".repeat(32));
            long leaseMs = 1 + r.nextInt(200);
            int op = r.nextInt(10);
            switch (op) {
                case 0, 1 -> {
                    String subject = "task:" + r.nextInt(25);
                    int priority = r.nextInt(4) * 50;
                    var payload = JsonNodeFactory.instance.objectNode().put("n", "q" + model.nextNumber());
                    var expected = model.enqueue(subject, priority, now);
                    var got = store.enqueue(subject, payload, priority);
                    same(at + " enqueue " + subject, expected, () -> List.of(got.entry()));
                }
                case 2, 3 -> {
                    int max = 1 + r.nextInt(3);
                    String worker = "w" + r.nextInt(3);
                    List<Long> numbers = model.leasable(max, now);
                    List<Entry> got = store.lease(worker, Duration.ofMillis(leaseMs), max);
                    List<String> ids = got.stream()
                            .map(e -> e.lease().orElseThrow().leaseId())
                            .toList();
                    assertEquals(numbers, got.stream().map(Entry::number).toList(), at + " lease");
                    assertEquals(ids.size(), ids.stream().distinct().count(), at + " lease ids are distinct");
                    var expected = model.lease(numbers, ids, worker, leaseMs, now);
                    same(at + " lease", expected, () -> got);
                }
                case 4 ->
                    same(
                            at + " heartbeat q:" + n,
                            model.heartbeat(n, lease, leaseMs, now),
                            () -> List.of(store.heartbeat(n, lease, Duration.ofMillis(leaseMs))));
                case 5 -> {
                    Outcome o = Outcome.values()[r.nextInt(3)];
                    String message = r.nextBoolean() ? "m" + step : null;
                    same(
                            at + " completion " + o + " q:" + n,
                            model.complete(n, lease, o, message, now),
                            () -> List.of(store.complete(n, lease, o, Optional.ofNullable(message))));
                }
                case 6 -> same(at + " hold q:" + n, model.hold(n, now), () -> List.of(store.hold(n)));
                case 7 -> same(at + " release q:" + n, model.release(n, now), () -> List.of(store.release(n)));
                case 8 -> {
                    if (r.nextInt(3) == 0) {
                        same(at + " drop q:" + n, model.drop(n, now), () -> {
                            store.drop(n);
                            return List.of();
                        });
                    }
                }
                default -> clock.advance(r.nextInt(4) == 0 ? 0 : r.nextInt(120));
            }
            long after = clock.millis();
            assertEquals(
                    model.entries(after),
                    store.list(Set.of(), Optional.empty(), Params.MAX_LIMIT, 0).entries(),
                    at + ": the entries");
            assertEquals(model.stats(after), store.stats(), at + ": the stats");
        }
    }

    /** The store's call gives what the model says: those entries, or its failure. */
    private static void same(String at, QueueModel.Answer expected, Supplier<List<Entry>> call) {
        switch (expected) {
            case QueueModel.Answer.Entries e -> assertEquals(e.entries(), call.get(), at);
            case QueueModel.Answer.Missing m -> {
                try {
                    fail(at + ": expected no such entry, got " + call.get());
                } catch (NoSuchEntry ok) {
                    // the model's answer
                }
            }
            case QueueModel.Answer.Refusal f -> {
                try {
                    fail(at + ": expected a refusal, got " + call.get());
                } catch (Refused ok) {
                    // the model's answer
                }
            }
        }
    }
}
