package dev.animus.testbrowser;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One DevTools connection: the browser's WebSocket, commands answered by id, events handed to
 * subscribers. Flattened sessions: a command for a page carries its {@code sessionId}, and so does
 * each event of that page.
 *
 * <p>Thread-safe. Subscribers run on the WebSocket's listener thread and must not block. States:
 * open → closed ({@link #close()}, or the browser closing the socket); once closed every pending and
 * later command fails.
 */
final class DevTools implements AutoCloseable {
    static final JsonMapper JSON = JsonMapper.shared();

    private final HttpClient client;
    private final ExecutorService executor;
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<Subscription> subscribers = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();
    private final ReentrantLock sending = new ReentrantLock();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile WebSocket socket;

    private DevTools(HttpClient client, ExecutorService executor) {
        this.client = client;
        this.executor = executor;
    }

    /** Connects to {@code ws://127.0.0.1:PORT/devtools/browser/ID}. */
    static DevTools connect(URI endpoint, Duration timeout) {
        ExecutorService executor = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("devtools-", 0).factory());
        HttpClient client = HttpClient.newBuilder()
                .executor(executor)
                .connectTimeout(timeout)
                .build();
        DevTools tools = new DevTools(client, executor);
        try {
            tools.socket = client.newWebSocketBuilder()
                    .connectTimeout(timeout)
                    .buildAsync(endpoint, tools.new Listener())
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return tools;
        } catch (ExecutionException | TimeoutException e) {
            tools.close();
            throw new BrowserFailure("cannot connect to DevTools at " + endpoint + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            tools.close();
            throw new BrowserFailure("interrupted connecting to DevTools at " + endpoint, e);
        }
    }

    /**
     * Sends {@code method} (to the page of {@code session}, or to the browser) and waits for its
     * answer's {@code result}.
     *
     * @throws BrowserFailure when the browser answers an error, does not answer in {@code timeout},
     *     or the connection is closed
     */
    JsonNode call(Optional<String> session, String method, ObjectNode params, Duration timeout) {
        long id = ids.incrementAndGet();
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", params);
        session.ifPresent(s -> message.put("sessionId", s));
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        try {
            if (closed.get()) {
                throw new BrowserFailure(method + ": the DevTools connection is closed");
            }
            send(message.toString(), timeout);
            return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new BrowserFailure(method + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new BrowserFailure(method + ": no answer within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrowserFailure(method + ": interrupted", e);
        } finally {
            pending.remove(id);
        }
    }

    /**
     * Hands each later event {@code method} of {@code session} (or of the browser) to {@code sink},
     * until the returned action is run.
     */
    Runnable subscribe(Optional<String> session, String method, Consumer<JsonNode> sink) {
        Subscription subscription = new Subscription(session, method, sink);
        subscribers.add(subscription);
        return () -> subscribers.remove(subscription);
    }

    boolean isOpen() {
        return !closed.get();
    }

    /** Closes the socket (without waiting for the browser) and fails every pending command. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        WebSocket ws = socket;
        if (ws != null) {
            ws.abort();
        }
        failPending("the DevTools connection was closed");
        client.close();
        executor.shutdownNow();
    }

    private void send(String text, Duration timeout) throws InterruptedException, ExecutionException, TimeoutException {
        // one message at a time: WebSocket.sendText must not be called before the previous completes
        sending.lock();
        try {
            socket.sendText(text, true).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            sending.unlock();
        }
    }

    private void receive(String text) {
        JsonNode message = JSON.readTree(text);
        JsonNode id = message.get("id");
        if (id != null) {
            CompletableFuture<JsonNode> answer = pending.get(id.asLong());
            if (answer == null) {
                return;
            }
            JsonNode error = message.get("error");
            if (error != null) {
                answer.completeExceptionally(
                        new BrowserFailure(error.path("message").asString("error")
                                + (error.has("data") ? " (" + error.get("data").asString() + ")" : "")));
            } else {
                answer.complete(message.path("result"));
            }
            return;
        }
        String method = message.path("method").asString("");
        Optional<String> session = Optional.ofNullable(message.get("sessionId")).map(JsonNode::asString);
        JsonNode params = message.path("params");
        for (Subscription s : subscribers) {
            if (s.method.equals(method) && s.session.equals(session)) {
                s.sink.accept(params);
            }
        }
    }

    private void failPending(String why) {
        for (CompletableFuture<JsonNode> answer : pending.values()) {
            answer.completeExceptionally(new BrowserFailure(why));
        }
    }

    private record Subscription(Optional<String> session, String method, Consumer<JsonNode> sink) {}

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                receive(text);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closed.set(true);
            failPending("the browser closed the DevTools connection (" + statusCode + " " + reason + ")");
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            closed.set(true);
            failPending("the DevTools connection failed: " + error);
        }
    }
}
