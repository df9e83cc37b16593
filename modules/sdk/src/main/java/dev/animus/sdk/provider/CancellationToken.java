package dev.animus.sdk.provider;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Whether a run was cancelled, and what to do when it is. States: live → cancelled, once. {@link
 * ProviderPlugin} cancels a run's token on {@code agent/cancel} of its control session id and on
 * {@code $/cancelRequest} of its request; a test may cancel one itself. Thread-safe.
 */
public final class CancellationToken {

    private final ReentrantLock lock = new ReentrantLock();
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final List<Runnable> callbacks = new ArrayList<>();

    /** A live token. */
    public CancellationToken() {}

    /** Whether the run was cancelled. */
    public boolean isCancelled() {
        return cancelled.getCount() == 0;
    }

    /** @throws CancellationException if the run was cancelled */
    public void throwIfCancelled() {
        if (isCancelled()) {
            throw new CancellationException("the run was cancelled");
        }
    }

    /**
     * Runs {@code callback} when the token is cancelled, on the thread that cancels it (the
     * {@code agent/cancel} handler, which answers only after every callback returned), in the order
     * registered; at once on the calling thread if the token is already cancelled. Keep callbacks
     * short and bounded: stop the work, do not wait for the run to end.
     */
    public void onCancel(Runnable callback) {
        Objects.requireNonNull(callback, "callback");
        lock.lock();
        try {
            if (!isCancelled()) {
                callbacks.add(callback);
                return;
            }
        } finally {
            lock.unlock();
        }
        callback.run();
    }

    /**
     * Waits until the token is cancelled or {@code timeout} passes.
     *
     * @return true if it was cancelled
     * @throws InterruptedException if the thread is interrupted first
     */
    public boolean await(Duration timeout) throws InterruptedException {
        return cancelled.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Cancels the token and runs its callbacks. A callback that throws does not stop the others;
     * the first exception is rethrown after all ran, the later ones suppressed in it.
     *
     * @return true if this call cancelled it, false if it was cancelled already
     */
    public boolean cancel() {
        List<Runnable> toRun;
        lock.lock();
        try {
            if (isCancelled()) {
                return false;
            }
            cancelled.countDown();
            toRun = List.copyOf(callbacks);
            callbacks.clear();
        } finally {
            lock.unlock();
        }
        RuntimeException failure = null;
        for (Runnable callback : toRun) {
            try {
                callback.run();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        return true;
    }
}
