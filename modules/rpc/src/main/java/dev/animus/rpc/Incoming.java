package dev.animus.rpc;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.databind.JsonNode;

/**
 * The {@link IncomingRequest} of a {@link Connection}: answered at most once (the first of
 * {@link #respond}, {@link #fail}, the connection's -32002 on cancellation or its -32603 for the
 * handler wins), cancelled at most once. Thread-safe.
 */
final class Incoming implements IncomingRequest {
    private final Connection connection;
    private final JsonNode id;
    private final String method;
    private final JsonNode params;
    private final AtomicBoolean answered = new AtomicBoolean();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final CompletableFuture<Void> whenCancelled = new CompletableFuture<>();

    Incoming(Connection connection, JsonNode id, String method, JsonNode params) {
        this.connection = connection;
        this.id = id;
        this.method = method;
        this.params = params;
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
    public boolean respond(JsonNode result) {
        Objects.requireNonNull(result, "result");
        return claim() && connection.answerPeer(this, Outbound.result(id, result));
    }

    @Override
    public boolean fail(int code, String message, JsonNode data) {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(data, "data");
        return claim() && connection.answerPeer(this, Outbound.error(id, code, message, data));
    }

    @Override
    public void notify(String method, JsonNode params) {
        connection.notify(method, params);
    }

    @Override
    public boolean cancelled() {
        return cancelled.get();
    }

    @Override
    public CompletableFuture<Void> whenCancelled() {
        return whenCancelled.copy();
    }

    /** Takes the one answer for the caller; false if somebody answered already. */
    boolean claim() {
        return answered.compareAndSet(false, true);
    }

    /** Cancels the request: {@link #cancelled()} is true from now on. False if it was already. */
    boolean markCancelled() {
        return cancelled.compareAndSet(false, true);
    }

    /**
     * Completes {@link #whenCancelled()} (after {@link #markCancelled()}), on a thread of its own:
     * its dependents are the handler's code, which must not run on the connection's reader.
     */
    void tellCancelled() {
        RpcThreads.runTask("animus-rpc-cancelled-" + method, () -> whenCancelled.complete(null));
    }
}
