package dev.animus.sdk;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;

/**
 * A request whose handler is running: the {@link RequestContext} handed to it, and the state that
 * decides its answer. States: running → done (the handler's outcome is the answer), or running →
 * cancelled (the answer is {@code -32002} whatever the handler does). Thread-safe.
 */
final class InFlightRequest implements RequestContext {

    private enum State {
        RUNNING,
        CANCELLED,
        DONE
    }

    private final JsonNode id;
    private final String method;
    private final JsonNode params;
    private final JsonNode initializeParams;
    private final FrameWriter writer;
    private final Diagnostics diagnostics;
    private final ReentrantLock callbacksLock = new ReentrantLock();
    private final List<Runnable> callbacks = new ArrayList<>();
    private final AtomicReference<State> state = new AtomicReference<>(State.RUNNING);
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private volatile Thread thread;

    InFlightRequest(
            JsonNode id,
            String method,
            JsonNode params,
            JsonNode initializeParams,
            FrameWriter writer,
            Diagnostics diagnostics) {
        this.id = id;
        this.method = method;
        this.params = params;
        this.initializeParams = initializeParams;
        this.writer = writer;
        this.diagnostics = diagnostics;
    }

    /** Names the thread that runs the handler, so that {@link #cancel()} can interrupt it. */
    void runOn(Thread handlerThread) {
        this.thread = handlerThread;
    }

    /**
     * Cancels the request if its handler is still running: the context reports it and the handler
     * thread is interrupted, then the {@link #onCancel} callbacks run on a thread of their own (the
     * caller is the reader thread, which a slow callback must not hold up). Later calls, and calls
     * after {@link #finish()}, do nothing.
     */
    void cancel() {
        if (state.compareAndSet(State.RUNNING, State.CANCELLED)) {
            List<Runnable> toRun;
            callbacksLock.lock();
            try {
                cancelled.countDown();
                toRun = List.copyOf(callbacks);
                callbacks.clear();
            } finally {
                callbacksLock.unlock();
            }
            Thread t = thread;
            if (t != null) {
                t.interrupt();
            }
            if (!toRun.isEmpty()) {
                PluginThreads.unstarted("cancel " + method, () -> toRun.forEach(this::runCallback))
                        .start();
            }
        }
    }

    @Override
    public void onCancel(Runnable callback) {
        Objects.requireNonNull(callback, "callback");
        callbacksLock.lock();
        try {
            if (!isCancelled()) {
                callbacks.add(callback);
                return;
            }
        } finally {
            callbacksLock.unlock();
        }
        runCallback(callback);
    }

    private void runCallback(Runnable callback) {
        try {
            callback.run();
        } catch (RuntimeException e) {
            diagnostics.warn("a cancellation callback of '" + method + "' failed", e);
        }
    }

    /**
     * Marks the handler finished.
     *
     * @return true if its outcome is the answer, false if the request was cancelled first
     */
    boolean finish() {
        return state.compareAndSet(State.RUNNING, State.DONE);
    }

    @Override
    public JsonNode id() {
        return id;
    }

    @Override
    public String method() {
        return method;
    }

    @Override
    public JsonNode params() {
        return params;
    }

    @Override
    public JsonNode initializeParams() {
        return initializeParams;
    }

    @Override
    public void progress(Object value) {
        var params = Frames.object();
        params.set("id", id);
        params.set("value", Frames.toTree(value));
        writer.send(Frames.notification("$/progress", params));
    }

    @Override
    public void notify(String method, Object params) {
        Objects.requireNonNull(method, "method");
        writer.send(Frames.notification(method, Frames.toTree(params)));
    }

    @Override
    public boolean isCancelled() {
        return cancelled.getCount() == 0;
    }

    @Override
    public void checkCancelled() {
        if (isCancelled()) {
            throw new CancellationException("request " + id + " (" + method + ") was cancelled");
        }
    }

    @Override
    public boolean awaitCancellation(Duration timeout) throws InterruptedException {
        try {
            return cancelled.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            if (isCancelled()) {
                Thread.currentThread().interrupt(); // the cancellation's interrupt: keep it visible
                return true;
            }
            throw e;
        }
    }
}
