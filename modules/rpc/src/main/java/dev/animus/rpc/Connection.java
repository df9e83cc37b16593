package dev.animus.rpc;

import dev.animus.core.ErrorCodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/** The {@link RpcConnection} over a pair of streams; see the interface for the contract. */
final class Connection implements RpcConnection {
    private static final Logger LOG = LoggerFactory.getLogger(Connection.class);

    private final RpcOptions options;
    private final String peer;
    private final InputStream fromPeer;
    private final FrameWriter writer;
    private final FrameReader reader;
    private final PendingCalls calls = new PendingCalls();
    private final Broadcast broadcast = new Broadcast();
    private final Handlers handlers;
    private final InFlight inFlight;
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicReference<ConnectionLost> cause = new AtomicReference<>();
    private final CompletableFuture<ConnectionLost> closed = new CompletableFuture<>();
    private final AtomicBoolean endOfStreamAsked = new AtomicBoolean();
    private final CompletableFuture<ConnectionLost> endOfStream = new CompletableFuture<>();
    private volatile boolean peerCancels;

    /** Written by the reader thread only. */
    private volatile long invalidEnvelopes;

    private volatile long droppedResponses;
    private volatile long rejectedRequests;
    private volatile long cancelledRequests;
    private final AtomicLong answeredRequests = new AtomicLong();
    private volatile long laggedNotifications;

    private Connection(InputStream fromPeer, OutputStream toPeer, RpcOptions options, Handlers handlers) {
        this.options = Objects.requireNonNull(options, "options");
        this.handlers = Objects.requireNonNull(handlers, "handlers");
        this.inFlight = new InFlight(handlers.maxInFlight());
        this.peer = options.peerName();
        this.fromPeer = Objects.requireNonNull(fromPeer, "fromPeer");
        this.writer = new FrameWriter(toPeer, options.writeTimeout(), peer, this::writerDied);
        this.reader = new FrameReader(fromPeer, options.maxFrameBytes(), new Dispatch(), peer);
    }

    static Connection start(InputStream fromPeer, OutputStream toPeer, RpcOptions options, Handlers handlers) {
        Connection connection = new Connection(fromPeer, toPeer, options, handlers);
        Thread readerThread = RpcThreads.newReader(connection.peer, connection::readLoop);
        connection.writer.deferFlushesOn(readerThread);
        readerThread.start();
        return connection;
    }

    @Override
    public PendingCall call(String method, JsonNode params, Duration timeout) {
        Objects.requireNonNull(method, "method");
        Outbound.checkParams(Objects.requireNonNull(params, "params"));
        Objects.requireNonNull(timeout, "timeout");
        Call call = new Call(this, nextId.getAndIncrement(), method, timeout, System.nanoTime());
        calls.add(call);
        ConnectionLost dead = cause.get();
        if (dead != null) {
            calls.remove(call);
            call.reject(dead);
            return call;
        }
        try {
            writer.write(Outbound.request(call.id(), method, params), call.writeDeadline());
            call.written();
        } catch (ConnectionLost lost) {
            calls.remove(call);
            call.reject(causeOr(lost));
        } catch (RuntimeException unsendable) {
            calls.remove(call);
            throw unsendable;
        }
        return call;
    }

    @Override
    public void notify(String method, JsonNode params) {
        Objects.requireNonNull(method, "method");
        Outbound.checkParams(Objects.requireNonNull(params, "params"));
        try {
            writer.write(Outbound.notification(method, params));
        } catch (ConnectionLost lost) {
            throw causeOr(lost);
        }
    }

    @Override
    public Subscription subscribe() {
        return broadcast.subscribe(options.broadcastCapacity());
    }

    @Override
    public Subscription subscribe(int capacity) {
        return broadcast.subscribe(capacity);
    }

    @Override
    public Subscription subscribe(int capacity, String method) {
        return broadcast.subscribe(capacity, Objects.requireNonNull(method, "method"));
    }

    @Override
    public Subscription subscribeWaiting(int capacity) {
        return broadcast.subscribe(capacity, true);
    }

    @Override
    public void peerSupportsCancellation(boolean supported) {
        peerCancels = supported;
    }

    @Override
    public void fail(ConnectionLost failure) {
        Objects.requireNonNull(failure, "failure");
        if (!cause.compareAndSet(null, failure)) {
            return;
        }
        LOG.debug("{}: connection dead: {}", peer, failure.getMessage());
        writer.kill(failure);
        calls.failAll(failure);
        for (Incoming request : inFlight.close()) {
            request.claim();
            if (request.markCancelled()) {
                request.tellCancelled();
            }
        }
        broadcast.end(failure);
        try {
            fromPeer.close();
        } catch (IOException e) {
            LOG.debug("{}: closing the input stream failed: {}", peer, e.toString());
        }
        closed.complete(failure);
    }

    @Override
    public boolean isOpen() {
        return cause.get() == null;
    }

    @Override
    public CompletableFuture<ConnectionLost> whenClosed() {
        return closed.copy();
    }

    @Override
    public RpcStats stats() {
        FrameStats frames = reader.stats();
        return new RpcStats(
                frames.frames(),
                writer.framesWritten(),
                frames.malformed(),
                frames.oversized(),
                invalidEnvelopes,
                droppedResponses,
                rejectedRequests,
                answeredRequests.get(),
                cancelledRequests,
                laggedNotifications);
    }

    @Override
    public void close() {
        fail(new ConnectionLost("connection closed"));
    }

    /** Tells the peer to stop working on a request, if it advertised cancellation. Best effort. */
    void sendCancelNotice(long id) {
        if (!peerCancels || !isOpen()) {
            return;
        }
        try {
            writer.write(Outbound.cancelRequest(id));
        } catch (ConnectionLost lost) {
            LOG.debug("{}: $/cancelRequest for {} not sent: {}", peer, id, lost.getMessage());
        }
    }

    private void readLoop() {
        try {
            reader.run();
            if (isOpen()) {
                fail(peerGone());
            }
        } catch (UncheckedIOException readFailed) {
            if (isOpen()) {
                fail(withPeerExit(readFailed.getMessage(), readFailed));
            }
        } catch (RuntimeException | Error bug) {
            LOG.error("{}: the reader thread failed", peer, bug);
            fail(new ConnectionLost("the reader of " + peer + " failed: " + bug, bug));
        }
    }

    private void writerDied(ConnectionLost writerCause) {
        if (!isOpen()) {
            return;
        }
        fail(writerCause.getCause() instanceof IOException io ? withPeerExit(writerCause.reason(), io) : writerCause);
    }

    /** An I/O failure usually means the peer exited: add its exit code and stderr tail. */
    private ConnectionLost withPeerExit(String what, Exception failure) {
        ConnectionLost gone = peerGone();
        ConnectionLost lost = new ConnectionLost(what + "; " + gone.reason(), gone.exitCode(), gone.stderrTail());
        lost.initCause(failure);
        return lost;
    }

    /** The end-of-stream cause from the options' supplier, asked at most once. */
    private ConnectionLost peerGone() {
        if (endOfStreamAsked.compareAndSet(false, true)) {
            try {
                endOfStream.complete(
                        Objects.requireNonNull(options.endOfStream().get(), "endOfStream value"));
            } catch (RuntimeException supplierFailed) {
                LOG.warn("{}: the end-of-stream supplier failed", peer, supplierFailed);
                endOfStream.complete(new ConnectionLost(peer + " closed its stdout"));
            }
        }
        return endOfStream.join();
    }

    private ConnectionLost causeOr(ConnectionLost fallback) {
        ConnectionLost dead = cause.get();
        return dead != null ? dead : fallback;
    }

    private void handle(Inbound message) {
        switch (message) {
            case Inbound.Response response -> {
                Call call = calls.take(response.id());
                if (call == null) {
                    dropResponse(response.id());
                } else if (!call.resolve(response.result())) {
                    answeredAfterCancel(call);
                }
            }
            case Inbound.ErrorResponse error -> {
                Call call = calls.take(error.id());
                if (call == null) {
                    dropResponse(error.id());
                } else if (!call.answerWithError(
                        new RemoteError(error.code(), error.message(), error.data(), call.method()))) {
                    answeredAfterCancel(call);
                }
            }
            case Inbound.PeerNotification notification -> {
                if (!cancelledIncoming(notification.notification())) {
                    laggedNotifications += broadcast.publish(notification.notification());
                }
            }
            case Inbound.PeerRequest request -> dispatch(request);
            case Inbound.InvalidRequest invalid -> {
                invalidEnvelopes++;
                LOG.warn("{}: answered an invalid request with -32600: {}", peer, invalid.why());
                writeQuietly(
                        Outbound.error(
                                invalid.id(),
                                ErrorCodes.INVALID_REQUEST,
                                "invalid request: " + invalid.why(),
                                MissingNode.getInstance()),
                        invalid.method());
            }
            case Inbound.Unmatched unmatched -> {
                droppedResponses++;
                LOG.warn(
                        "{}: dropped a response with id {}, which the host never sends ({})",
                        peer,
                        unmatched.id(),
                        unmatched.summary());
            }
            case Inbound.Invalid invalid -> {
                invalidEnvelopes++;
                LOG.warn("{}: dropped an invalid message: {}", peer, invalid.why());
            }
        }
    }

    /** The expected answer to a cancelled call (often -32002): it settles the call, nobody reads it. */
    private void answeredAfterCancel(Call call) {
        LOG.debug("{}: request {} ({}) answered after it was cancelled", peer, call.id(), call.method());
    }

    private void dropResponse(long id) {
        droppedResponses++;
        LOG.warn("{}: dropped a response to id {}: no call waits for it (late, duplicate or unknown)", peer, id);
    }

    /**
     * A request from the peer: to its handler on a thread of its own, once a place is free (the
     * reader waits for one: back-pressure), or -32601 when no handler answers the method.
     */
    private void dispatch(Inbound.PeerRequest message) {
        RequestHandler handler = handlers.handlers().get(message.method());
        if (handler == null) {
            rejectedRequests++;
            LOG.debug("{}: answered its request {} with -32601", peer, message.method());
            writeQuietly(Outbound.methodNotFound(message.id(), message.method()), message.method());
            return;
        }
        Incoming request = new Incoming(this, message.id(), message.method(), message.params());
        InFlight.Admission admission = inFlight.tryAdmit(request);
        if (admission == InFlight.Admission.FULL) {
            // The answers this reader wrote so far must not wait behind it: a peer may wait for them.
            flushDeferredQuietly();
            admission = inFlight.admit(request);
        }
        switch (admission) {
            case ADMITTED -> RpcThreads.startHandler(peer, message.method(), () -> runHandler(request, handler));
            case DUPLICATE -> {
                invalidEnvelopes++;
                LOG.warn(
                        "{}: answered its request {} with -32600: id {} is in use",
                        peer,
                        message.method(),
                        message.id());
                writeQuietly(
                        Outbound.error(
                                message.id(),
                                ErrorCodes.INVALID_REQUEST,
                                "invalid request: id " + message.id() + " is already in use by a request being handled",
                                MissingNode.getInstance()),
                        message.method());
            }
            case CLOSED, FULL ->
                LOG.debug("{}: dropped its request {}: the connection is dead", peer, message.method());
        }
    }

    private void runHandler(Incoming request, RequestHandler handler) {
        try {
            handler.handle(request);
            if (request.claim()) {
                LOG.warn("{}: the handler of {} returned without answering", peer, request.method());
                answerPeer(request, internalError(request, "the handler gave no answer"));
            }
        } catch (RuntimeException | Error failure) {
            LOG.error("{}: the handler of {} failed", peer, request.method(), failure);
            if (request.claim()) {
                answerPeer(request, internalError(request, "internal error"));
            }
        } finally {
            inFlight.end(request);
            Thread.interrupted(); // a pooled handler thread starts its next request uninterrupted
        }
    }

    private static JsonNode internalError(Incoming request, String message) {
        return Outbound.error(request.id(), ErrorCodes.INTERNAL_ERROR, message, MissingNode.getInstance());
    }

    /**
     * Writes the one answer to {@code request} (the caller claimed it). Returns false when the
     * connection is dead or died during the write. An answer that cannot be serialized is replaced
     * by -32603 and the {@link IllegalArgumentException} is rethrown to the handler.
     */
    boolean answerPeer(Incoming request, JsonNode frame) {
        answeredRequests.incrementAndGet(); // before the write: a peer that saw the answer sees the count
        try {
            writer.write(frame);
            return true;
        } catch (ConnectionLost lost) {
            answeredRequests.decrementAndGet();
            LOG.debug("{}: could not answer {}: {}", peer, request.method(), lost.getMessage());
            return false;
        } catch (IllegalArgumentException unsendable) {
            answeredRequests.decrementAndGet();
            LOG.error("{}: the answer to {} cannot be sent; answered -32603", peer, request.method(), unsendable);
            answerPeer(request, internalError(request, "internal error"));
            throw unsendable;
        }
    }

    /**
     * A {@code $/cancelRequest} naming a request being handled: answers -32002 unless it was
     * answered (a stream), cancels it; true when it matched one (then it is not published).
     */
    private boolean cancelledIncoming(Notification notification) {
        if (!"$/cancelRequest".equals(notification.method())) {
            return false;
        }
        JsonNode id = notification.params().path("id");
        if (id.isMissingNode()) {
            return false;
        }
        Incoming request = inFlight.get(id);
        if (request == null) {
            return false;
        }
        boolean unanswered = request.claim();
        if (!request.markCancelled()) {
            return true;
        }
        cancelledRequests++;
        if (unanswered) {
            writeQuietly(
                    Outbound.error(
                            request.id(), ErrorCodes.REQUEST_CANCELLED, "request cancelled", MissingNode.getInstance()),
                    request.method());
        }
        request.tellCancelled();
        return true;
    }

    /** Writes an answer of the connection itself; a dead connection answers nothing. */
    private void writeQuietly(JsonNode frame, String method) {
        try {
            writer.write(frame);
        } catch (ConnectionLost lost) {
            LOG.debug("{}: could not answer {}: {}", peer, method, lost.getMessage());
        }
    }

    private void flushDeferredQuietly() {
        try {
            writer.flushDeferred();
        } catch (ConnectionLost lost) {
            LOG.debug("{}: deferred frames not flushed: {}", peer, lost.getMessage());
        }
    }

    /** The reader thread's view: dispatches each frame, flushes the answers once per chunk. */
    private final class Dispatch implements FrameSink {
        @Override
        public void frame(JsonNode frame) {
            if (frame.isArray() && !frame.isEmpty()) {
                for (JsonNode message : frame) {
                    handle(Inbound.classify(message));
                }
            } else {
                handle(Inbound.classify(frame));
            }
        }

        @Override
        public void batchEnd() {
            flushDeferredQuietly();
        }
    }
}
