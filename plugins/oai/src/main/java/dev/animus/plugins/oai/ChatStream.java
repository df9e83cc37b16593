package dev.animus.plugins.oai;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One streamed {@code POST <base>/chat/completions}: sends the body, reads the event stream and
 * hands each {@link StreamEvent} to the caller's sink as it arrives, and returns what the stream
 * came to once {@code data: [DONE]} is read.
 *
 * <p>Bounded: the connect and silence bounds of {@link ChatLimits}, a cap on the body, no
 * redirects (a 3xx is a {@link ChatFailure.Redirected}). HTTP/1.1 on purpose: closing the
 * connection is how servers such as llama.cpp learn that a client went away and stop generating.
 *
 * <p>States: ready → reading ({@link #read}) → closed. {@link #cancel()} may come from any thread
 * at any time: it closes the connection (the server sees it closed) and {@link #read} then fails
 * with {@link ChatFailure.Cancelled}. One HTTP client per stream, shut down at {@link #close()}.
 */
final class ChatStream implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** How much of an error answer is read for its message. */
    private static final int MAX_ERROR_BODY = 64 * 1024;

    private final ChatEndpoint endpoint;
    private final ChatLimits limits;
    private final String body;
    private final URI url;
    private final HttpClient client;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicReference<InputStream> openBody = new AtomicReference<>();

    /**
     * @param body the request JSON ({@code model}, {@code messages}, {@code stream: true}, ...)
     */
    ChatStream(ChatEndpoint endpoint, ChatLimits limits, String body) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.body = Objects.requireNonNull(body, "body");
        this.url = endpoint.chatCompletions();
        this.client = HttpClient.newBuilder()
                .connectTimeout(limits.connect())
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /**
     * Sends the request and reads the whole stream, handing events to {@code sink} in order on
     * this thread.
     *
     * @return what the stream came to
     * @throws ChatFailed with the reason, after which the connection is closed
     */
    StreamSummary read(Consumer<StreamEvent> sink) {
        HttpRequest.Builder request = HttpRequest.newBuilder(url)
                .timeout(limits.idle())
                .header("Content-Type", "application/json")
                .header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        endpoint.apiKey().ifPresent(key -> request.header("Authorization", "Bearer " + key));
        HttpResponse<InputStream> response = send(request.build());
        try (InputStream in = response.body();
                Silence silence = Silence.start(limits.idle(), this::abort)) {
            openBody.set(in);
            if (cancelled.get()) {
                throw new ChatFailed(new ChatFailure.Cancelled(url));
            }
            int status = response.statusCode();
            if (status >= 300 && status < 400) {
                throw new ChatFailed(new ChatFailure.Redirected(url, status, locationHost(response)));
            }
            if (status < 200 || status >= 300) {
                throw new ChatFailed(new ChatFailure.Status(url, status, errorMessage(in, silence, status)));
            }
            if (response.headers().firstValue("Content-Type").orElse("").startsWith("application/json")) {
                return whole(in, silence, sink);
            }
            return stream(in, silence, sink);
        } catch (IOException e) {
            throw new ChatFailed(new ChatFailure.Cut(url, describe(e)), e); // from close only
        }
    }

    private HttpResponse<InputStream> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (HttpConnectTimeoutException e) {
            throw failure(
                    new ChatFailure.Unreachable(
                            url, "no connection within " + limits.connect().toMillis() + " ms"),
                    e);
        } catch (HttpTimeoutException e) {
            throw failure(new ChatFailure.Silent(url, limits.idle(), false), e);
        } catch (ConnectException e) {
            throw failure(new ChatFailure.Unreachable(url, "connection refused"), e);
        } catch (IOException e) {
            throw failure(new ChatFailure.Unreachable(url, describe(e)), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abort();
            throw new ChatFailed(new ChatFailure.Cancelled(url), e);
        }
    }

    /** {@code fallback}, unless the stream was cancelled meanwhile. */
    private ChatFailed failure(ChatFailure fallback, Throwable cause) {
        return new ChatFailed(cancelled.get() ? new ChatFailure.Cancelled(url) : fallback, cause);
    }

    private StreamSummary stream(InputStream in, Silence silence, Consumer<StreamEvent> sink) {
        SseParser parser = new SseParser(limits.maxLineBytes());
        ChunkInterpreter interpreter = new ChunkInterpreter();
        byte[] buffer = new byte[16 * 1024];
        long total = 0;
        while (true) {
            int n;
            try {
                n = in.read(buffer);
            } catch (IOException e) {
                throw failure(
                        silence.expired()
                                ? new ChatFailure.Silent(url, limits.idle(), true)
                                : new ChatFailure.Cut(url, describe(e)),
                        e);
            }
            if (n < 0) {
                break;
            }
            silence.heard();
            total += n;
            if (total > limits.maxResponseBytes()) {
                abort();
                throw new ChatFailed(new ChatFailure.TooLarge(url, limits.maxResponseBytes()));
            }
            if (deliver(parser.feed(buffer, 0, n), interpreter, sink)) {
                return interpreter.summary();
            }
        }
        if (deliver(parser.finish(), interpreter, sink)) {
            return interpreter.summary();
        }
        throw failure(
                silence.expired()
                        ? new ChatFailure.Silent(url, limits.idle(), true)
                        : new ChatFailure.Cut(url, "the server closed the connection"),
                null);
    }

    /** Hands {@code items} on; true once the stream is done. */
    private boolean deliver(Iterable<SseItem> items, ChunkInterpreter interpreter, Consumer<StreamEvent> sink) {
        for (SseItem item : items) {
            switch (item) {
                case SseItem.Problem problem -> sink.accept(new StreamEvent.Problem(problem.message()));
                case SseItem.Event event -> {
                    for (StreamEvent e : interpreter.accept(event)) {
                        if (e instanceof StreamEvent.ServerError error) {
                            abort();
                            throw new ChatFailed(new ChatFailure.InStream(url, error.message()));
                        }
                        sink.accept(e);
                    }
                    if (interpreter.done()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * A server that ignored {@code stream: true} answers one JSON completion: its {@code message}
     * is read as one chunk's {@code delta}, then the stream is done; an error object is the
     * server's failure; anything else is not an answer.
     */
    private StreamSummary whole(InputStream in, Silence silence, Consumer<StreamEvent> sink) {
        String text = new String(readBounded(in, silence, limits.maxResponseBytes(), true), StandardCharsets.UTF_8);
        JsonNode completion;
        try {
            completion = JSON.readTree(text);
        } catch (JacksonException e) {
            throw new ChatFailed(new ChatFailure.Cut(url, "the server answered application/json that is not JSON"));
        }
        JsonNode choice = completion.path("choices").path(0);
        if (choice.path("message").isObject()) {
            ((ObjectNode) choice).set("delta", choice.path("message"));
        } else if (!completion.has("error")) {
            throw new ChatFailed(new ChatFailure.Cut(
                    url,
                    "the server answered JSON that is not a chat completion: " + ChunkInterpreter.clip(text.strip())));
        }
        ChunkInterpreter interpreter = new ChunkInterpreter();
        deliver(
                List.of(new SseItem.Event("message", completion.toString()), new SseItem.Event("message", "[DONE]")),
                interpreter,
                sink);
        return interpreter.summary();
    }

    private String errorMessage(InputStream in, Silence silence, int status) {
        byte[] bytes = readBounded(in, silence, MAX_ERROR_BODY, false);
        String text = new String(bytes, StandardCharsets.UTF_8).strip();
        try {
            return ServerMessage.of(JSON.readTree(text));
        } catch (JacksonException e) {
            return text.isEmpty()
                    ? "(no message; HTTP " + status + ")"
                    : ChunkInterpreter.clip(text.lines().findFirst().orElse(""));
        }
    }

    /**
     * At most {@code cap} bytes of the body, each read keeping the silence watchdog quiet; past the
     * cap a {@link ChatFailure.TooLarge} when {@code overIsFailure}, else the first {@code cap} bytes.
     */
    private byte[] readBounded(InputStream in, Silence silence, long cap, boolean overIsFailure) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[16 * 1024];
        try {
            int n;
            while (out.size() <= cap && (n = in.read(buffer)) >= 0) {
                silence.heard();
                out.write(buffer, 0, (int) Math.min(n, cap + 1 - out.size()));
            }
        } catch (IOException e) {
            throw failure(
                    silence.expired()
                            ? new ChatFailure.Silent(url, limits.idle(), true)
                            : new ChatFailure.Cut(url, describe(e)),
                    e);
        }
        if (out.size() > cap) {
            if (overIsFailure) {
                abort();
                throw new ChatFailed(new ChatFailure.TooLarge(url, cap));
            }
            return Arrays.copyOf(out.toByteArray(), (int) cap);
        }
        return out.toByteArray();
    }

    private String locationHost(HttpResponse<?> response) {
        String location = response.headers().firstValue("Location").orElse("");
        try {
            URI target = url.resolve(location);
            return target.getHost() == null ? "" : target.getHost();
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    private static String describe(IOException e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    /**
     * Closes the connection now, from any thread; idempotent. A {@link #read} in progress fails
     * with {@link ChatFailure.Cancelled}.
     */
    void cancel() {
        cancelled.set(true);
        abort();
    }

    private void abort() {
        InputStream in = openBody.get();
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                // the client's shutdown below closes the connection anyway
            }
        }
        client.shutdownNow();
    }

    /** Idempotent: closes the connection and the HTTP client. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            abort();
            client.close();
        }
    }
}
