package dev.animus.host;

import dev.animus.core.HostFailure;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A launch in progress that other callers wait for: done with no failure, or with one. */
final class PendingLaunch {
    private final long incarnation;
    private final CompletableFuture<Optional<HostFailure>> done = new CompletableFuture<>();

    PendingLaunch(long incarnation) {
        this.incarnation = incarnation;
    }

    long incarnation() {
        return incarnation;
    }

    void succeeded() {
        done.complete(Optional.empty());
    }

    void failed(HostFailure failure) {
        done.complete(Optional.of(failure));
    }

    boolean isDone() {
        return done.isDone();
    }

    /** The launch's failure; empty when it succeeded or is still running after {@code timeout}. */
    Optional<HostFailure> await(Duration timeout) {
        try {
            return done.get(Math.max(1, timeout.toNanos()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(new HostFailure.Cancelled("initialize"));
        } catch (ExecutionException e) {
            throw new IllegalStateException("a launch never fails exceptionally", e);
        }
    }
}
