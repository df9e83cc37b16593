package dev.animus.testoai;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A scripted {@code 200 text/event-stream} answer (chunked transfer encoding), for one request.
 * Each step of the script is written as one HTTP chunk and flushed. A {@linkplain
 * Builder#paced() paced} reply writes a step only after the test {@linkplain #release(int)
 * released} it, so a test decides exactly what the client has seen (no sleeps). The reply also
 * reports when the client closed the connection, which is how a test sees a cancellation reach the
 * server.
 *
 * <p>Thread-safe: the server thread plays the script while the test thread releases steps and
 * waits.
 */
public final class SseReply implements Reply {
    /** One step: bytes for one chunk, or the end of the connection without the last chunk. */
    sealed interface Step {
        record Chunk(String text) implements Step {}

        record Cut() implements Step {}
    }

    /** Permits enough for any script (a Semaphore overflows near Integer.MAX_VALUE). */
    private static final int ALL = 1 << 20;

    private final List<Step> steps;
    private final boolean paced;
    private final Semaphore permits = new Semaphore(0);
    private final AtomicBoolean used = new AtomicBoolean();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private int sent;
    private boolean clientClosed;

    private SseReply(List<Step> steps, boolean paced) {
        this.steps = List.copyOf(steps);
        this.paced = paced;
    }

    /** A script to fill in, step by step. */
    public static Builder builder() {
        return new Builder();
    }

    /** Lets {@code steps} more steps of a paced reply go; no effect on an unpaced one. */
    public void release(int steps) {
        if (steps < 0) {
            throw new IllegalArgumentException("release: negative step count " + steps);
        }
        permits.release(steps);
    }

    /** Lets every remaining step go. */
    public void releaseAll() {
        permits.release(ALL);
    }

    /** How many steps were written and flushed so far. */
    public int sent() {
        lock.lock();
        try {
            return sent;
        } finally {
            lock.unlock();
        }
    }

    /** Waits until at least {@code steps} steps were written and flushed; false on timeout. */
    public boolean awaitSent(int steps, Duration timeout) throws InterruptedException {
        return await(() -> sent >= steps, timeout);
    }

    /**
     * Waits until the client closed (or reset) its connection while the reply was still being
     * written (a cut or the normal end of the script is the server closing, not the client).
     */
    public boolean awaitClientClosed(Duration timeout) throws InterruptedException {
        return await(() -> clientClosed, timeout);
    }

    /** Whether the client closed its connection before the script ended. */
    public boolean clientClosed() {
        lock.lock();
        try {
            return clientClosed;
        } finally {
            lock.unlock();
        }
    }

    private interface Check {
        boolean holds();
    }

    private boolean await(Check check, Duration timeout) throws InterruptedException {
        long left = timeout.toNanos();
        lock.lock();
        try {
            while (!check.holds()) {
                if (left <= 0) {
                    return false;
                }
                left = changed.awaitNanos(left);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    List<Step> steps() {
        return steps;
    }

    /** Claims the reply for one request; false if it already answered one. */
    boolean claim() {
        return used.compareAndSet(false, true);
    }

    /**
     * Waits for the permit of the next step (paced replies); false when the client closed its
     * connection or the server is closing ({@link #abort}), which both release every waiter.
     */
    boolean awaitTurn(AtomicBoolean stopping) throws InterruptedException {
        if (paced) {
            permits.acquire();
        }
        return !stopping.get() && !clientClosed();
    }

    /** Releases a paced script's waiting step: the server is closing. */
    void abort() {
        permits.release(ALL);
    }

    void stepSent() {
        lock.lock();
        try {
            sent++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    void markClientClosed() {
        lock.lock();
        try {
            clientClosed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        abort();
    }

    /**
     * The script of an {@link SseReply}. The {@code content}, {@code reasoning}, {@code toolCall},
     * {@code finish} and {@code usage} steps each write one {@code chat.completion.chunk} event the
     * way llama.cpp, vLLM and OpenAI do; {@code data}, {@code comment} and {@code raw} write what
     * they are given.
     */
    public static final class Builder {
        private final List<Step> steps = new ArrayList<>();
        private boolean paced;

        private Builder() {}

        /** A delta with {@code content}: output text. */
        public Builder content(String text) {
            return delta("{\"content\":" + JsonText.quote(text) + "}");
        }

        /** A delta with {@code reasoning_content}: thinking (llama.cpp, DeepSeek). */
        public Builder reasoning(String text) {
            return delta("{\"reasoning_content\":" + JsonText.quote(text) + "}");
        }

        /**
         * A delta with one tool-call fragment at {@code index}; {@code id} and {@code name} are
         * written only when not empty (servers send them in the first fragment only).
         */
        public Builder toolCall(int index, String id, String name, String argumentsFragment) {
            StringBuilder call = new StringBuilder("{\"index\":").append(index);
            if (!id.isEmpty()) {
                call.append(",\"id\":").append(JsonText.quote(id)).append(",\"type\":\"function\"");
            }
            call.append(",\"function\":{");
            if (!name.isEmpty()) {
                call.append("\"name\":").append(JsonText.quote(name)).append(',');
            }
            call.append("\"arguments\":")
                    .append(JsonText.quote(argumentsFragment))
                    .append("}}");
            return delta("{\"tool_calls\":[" + call + "]}");
        }

        /** An empty delta with {@code finish_reason}. */
        public Builder finish(String reason) {
            return data(chunk("{}", JsonText.quote(reason)));
        }

        /** A chunk with no choices and a {@code usage} object (as with {@code include_usage}). */
        public Builder usage(int promptTokens, int completionTokens) {
            return data("{\"id\":\"chatcmpl-fake\",\"object\":\"chat.completion.chunk\",\"model\":\"fake\","
                    + "\"choices\":[],\"usage\":{\"prompt_tokens\":" + promptTokens + ",\"completion_tokens\":"
                    + completionTokens + ",\"total_tokens\":" + (promptTokens + completionTokens) + "}}");
        }

        /** An error object in the stream, as llama.cpp sends when generation fails mid-way. */
        public Builder error(String message) {
            return data(
                    "{\"error\":{\"code\":500,\"message\":" + JsonText.quote(message) + ",\"type\":\"server_error\"}}");
        }

        /** One event {@code data: <json>} followed by a blank line. */
        public Builder data(String json) {
            return raw("data: " + json + "\n\n");
        }

        /** The end marker {@code data: [DONE]}. */
        public Builder done() {
            return raw("data: [DONE]\n\n");
        }

        /** A comment line ({@code : text}), as servers send to keep a connection alive. */
        public Builder comment(String text) {
            return raw(": " + text + "\n");
        }

        /** Exactly {@code text} as one chunk (UTF-8). */
        public Builder raw(String text) {
            if (text.isEmpty()) {
                throw new IllegalArgumentException("raw: an empty chunk would end the body");
            }
            steps.add(new Step.Chunk(text));
            return this;
        }

        /** Closes the connection here, without the terminating chunk: a stream cut mid-way. */
        public Builder cut() {
            steps.add(new Step.Cut());
            return this;
        }

        /** Writes each step only once the test {@linkplain SseReply#release(int) released} it. */
        public Builder paced() {
            paced = true;
            return this;
        }

        /** The reply. */
        public SseReply build() {
            return new SseReply(steps, paced);
        }

        private Builder delta(String delta) {
            return data(chunk(delta, "null"));
        }

        private static String chunk(String delta, String finishReason) {
            return "{\"id\":\"chatcmpl-fake\",\"object\":\"chat.completion.chunk\",\"created\":0,\"model\":\"fake\","
                    + "\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":" + finishReason + "}]}";
        }
    }
}
