package dev.animus.runtime;

import dev.animus.subjects.ChangeKind;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectChange;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectStatus;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Waiting for one subject to reach a status (docs/cli.md#subjects): a watch of its kind opened
 * first, then one read of the subject, so no change between the two is missed; then its changes
 * until one brings a wanted status, it is deleted, the watch ends, or the time is up.
 */
public final class SubjectWait {
    /** How often the wait looks whether the watch ended on its own. */
    private static final Duration LOOK = Duration.ofMillis(250);

    /** How a wait ended. */
    public sealed interface Outcome {}

    /** The subject has a wanted status. */
    public record Reached(Subject subject) implements Outcome {}

    /** The subject was deleted. */
    public record Deleted(String id) implements Outcome {}

    /** The time was up; {@code last} is the subject as last seen. */
    public record TimedOut(Subject last, Duration waited) implements Outcome {}

    /** The watch ended on its own (its backend or the daemon stopped). */
    public record Ended(Subject last, String reason) implements Outcome {}

    private SubjectWait() {}

    /**
     * Waits for {@code id} to have one of {@code wanted}, telling {@code waiting} the subject as
     * first read when it has none of them (the watch is open by then), and {@code seen} each change
     * of it.
     *
     * @param nanoTime the clock the deadline is measured on
     * @throws InterruptedException when the waiting thread is interrupted (Ctrl-C)
     */
    public static Outcome await(
            SubjectEndpoint endpoint,
            String id,
            Set<SubjectStatus> wanted,
            Duration timeout,
            Consumer<Subject> waiting,
            Consumer<SubjectChange> seen,
            LongSupplier nanoTime)
            throws InterruptedException {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(id, "id");
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("no status to wait for");
        }
        int colon = id.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("a subject id is <kind>:<id>, got '" + id + "'");
        }
        BlockingQueue<SubjectChange> changes = new LinkedBlockingQueue<>();
        long start = nanoTime.getAsLong();
        try (SubjectWatch watch = endpoint.watch(Optional.of(id.substring(0, colon)), SubjectFilter.all(), c -> {
            if (c.subjectId().equals(id)) {
                changes.add(c);
            }
        })) {
            Subject last = endpoint.get(id);
            if (wanted.contains(last.status())) {
                return new Reached(last);
            }
            waiting.accept(last);
            while (true) {
                long left = timeout.toNanos() - (nanoTime.getAsLong() - start);
                if (left <= 0) {
                    return new TimedOut(last, timeout);
                }
                SubjectChange c = changes.poll(Math.min(left, LOOK.toNanos()), TimeUnit.NANOSECONDS);
                if (c == null) {
                    Optional<String> ended = watch.await(Duration.ZERO);
                    if (ended.isPresent()) {
                        return new Ended(last, ended.get());
                    }
                    continue;
                }
                seen.accept(c);
                if (c.change() == ChangeKind.DELETED) {
                    return new Deleted(id);
                }
                if (c.subject().isPresent()) {
                    last = c.subject().get();
                    if (wanted.contains(last.status())) {
                        return new Reached(last);
                    }
                }
            }
        }
    }
}
