package dev.animus.testoai;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An OpenAI-compatible chat-completions server on {@code 127.0.0.1} and an ephemeral port, for
 * tests: each {@code POST /v1/chat/completions} is answered by the next {@linkplain #reply(Reply)
 * scripted reply} (in order; none left → a 500 with an OpenAI error body saying so), any other path
 * by a 404 with an OpenAI error body. Every request is {@linkplain #requests() recorded}. HTTP/1.1,
 * one request per connection ({@code Connection: close}).
 *
 * <p>States: running (from {@link #start()}) → closed. {@link #close()} stops accepting, closes
 * every open connection, releases paced replies and waits for the connection threads (virtual, one
 * per connection). Thread-safe.
 */
public final class FakeChat implements AutoCloseable {
    /** The path every scripted reply answers. */
    public static final String CHAT_PATH = "/v1/chat/completions";

    private static final long THREAD_EXIT_SECONDS = 10;

    private final ServerSocket server;
    private final ExecutorService threads;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final Deque<Reply> replies = new ArrayDeque<>();
    private final List<Reply> everScripted = new ArrayList<>();
    private final List<RecordedRequest> requests = new ArrayList<>();

    private FakeChat(ServerSocket server, ExecutorService threads) {
        this.server = server;
        this.threads = threads;
    }

    /** Starts a server with no replies scripted. */
    public static FakeChat start() {
        ExecutorService threads = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("fake-chat-", 0).factory());
        try {
            ServerSocket server = new ServerSocket();
            server.bind(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0));
            FakeChat chat = new FakeChat(server, threads);
            threads.execute(chat::acceptLoop);
            return chat;
        } catch (IOException e) {
            threads.shutdownNow();
            throw new UncheckedIOException("could not bind a chat server on 127.0.0.1", e);
        }
    }

    /** The base URL a client is configured with: {@code http://127.0.0.1:<port>/v1}. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + port() + "/v1");
    }

    /** The port the server listens on. */
    public int port() {
        return server.getLocalPort();
    }

    /** Scripts the answer to the next chat request not yet answered (replies queue in call order). */
    public FakeChat reply(Reply reply) {
        Objects.requireNonNull(reply, "reply");
        lock.lock();
        try {
            replies.addLast(reply);
            everScripted.add(reply);
        } finally {
            lock.unlock();
        }
        return this;
    }

    /** Every request received so far, in arrival order. */
    public List<RecordedRequest> requests() {
        lock.lock();
        try {
            return List.copyOf(requests);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The {@code index}-th request (from 0), waiting for it up to {@code timeout}.
     *
     * @throws AssertionError if it did not arrive in time
     */
    public RecordedRequest awaitRequest(int index, Duration timeout) throws InterruptedException {
        long left = timeout.toNanos();
        lock.lock();
        try {
            while (requests.size() <= index) {
                if (left <= 0) {
                    throw new AssertionError("request " + index + " did not reach the chat server on port " + port()
                            + " within " + timeout + "; received " + requests.size());
                }
                left = arrived.awaitNanos(left);
            }
            return requests.get(index);
        } finally {
            lock.unlock();
        }
    }

    /** Idempotent: stops the server, closes its connections and waits for their threads. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException("could not close the chat server on port " + port(), e);
        } finally {
            open.forEach(FakeChat::closeQuietly);
            lock.lock();
            try {
                everScripted.forEach(r -> {
                    if (r instanceof SseReply sse) {
                        sse.abort();
                    }
                });
            } finally {
                lock.unlock();
            }
            threads.shutdown();
            awaitThreads();
        }
    }

    private void awaitThreads() {
        try {
            if (!threads.awaitTermination(THREAD_EXIT_SECONDS, TimeUnit.SECONDS)) {
                threads.shutdownNow();
                throw new IllegalStateException("a connection of the chat server on port " + port() + " still runs "
                        + THREAD_EXIT_SECONDS + " s after close");
            }
        } catch (InterruptedException e) {
            threads.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private void acceptLoop() {
        while (!closed.get()) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            open.add(socket);
            if (closed.get()) {
                closeQuietly(socket);
                return;
            }
            threads.execute(() -> serve(socket));
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = new BufferedOutputStream(socket.getOutputStream());
            socket.setSoTimeout((int) Duration.ofSeconds(10).toMillis());
            RecordedRequest request;
            try {
                request = HttpWire.readRequest(in);
            } catch (HttpWire.BadRequest e) {
                HttpWire.writeFixed(out, 400, List.of(), new ErrorReply(400, e.getMessage()).body());
                return;
            }
            Reply reply = record(request);
            switch (reply) {
                case ErrorReply error -> HttpWire.writeFixed(out, error.status(), List.of(), error.body());
                case RawReply raw ->
                    HttpWire.writeFixed(
                            out, raw.status(), List.copyOf(raw.headers().entrySet()), raw.body());
                case SseReply sse -> new SsePlayback(socket, in, out, sse, threads, closed).play();
            }
        } catch (IOException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            // the client went away or the server is closing: nothing more to answer
        } finally {
            open.remove(socket);
        }
    }

    private Reply record(RecordedRequest request) {
        lock.lock();
        try {
            requests.add(request);
            arrived.signalAll();
            if (!request.method().equals("POST") || !request.path().equals(CHAT_PATH)) {
                return new ErrorReply(
                        404,
                        "no route for " + request.method() + " " + request.path()
                                + " (the fake chat server answers POST " + CHAT_PATH + ")");
            }
            Reply next = replies.pollFirst();
            if (next == null) {
                return new ErrorReply(500, "no reply scripted for request " + (requests.size() - 1));
            }
            if (next instanceof SseReply sse && !sse.claim()) {
                return new ErrorReply(500, "this SseReply already answered a request; script a new one");
            }
            return next;
        } finally {
            lock.unlock();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing to unblock a reader; a failure leaves nothing to do
        }
    }
}
