package dev.animus.testhttps;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;

/**
 * Answers part of a response and then blocks until the server closes: headers only (or nothing at
 * all), or headers and the first bytes of a longer declared body. A latch, not a timer, ends it.
 */
final class Stall implements Handler {
    private final OptionalLong declaredLength;
    private final Optional<byte[]> sentFirst;
    private final CountDownLatch released = new CountDownLatch(1);

    /** Headers declaring {@code declaredLength}, then {@code sentFirst}, then nothing. */
    Stall(long declaredLength, byte[] sentFirst) {
        if (declaredLength <= sentFirst.length) {
            throw new IllegalArgumentException(
                    "a stall declares more than it sends: " + declaredLength + " <= " + sentFirst.length);
        }
        this.declaredLength = OptionalLong.of(declaredLength);
        this.sentFirst = Optional.of(sentFirst.clone());
    }

    /** Not even a status line. */
    Stall() {
        this.declaredLength = OptionalLong.empty();
        this.sentFirst = Optional.empty();
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        if (declaredLength.isPresent()) {
            exchange.sendResponseHeaders(200, declaredLength.getAsLong());
            OutputStream body = exchange.getResponseBody();
            body.write(sentFirst.orElseThrow());
            body.flush();
        }
        try {
            released.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void release() {
        released.countDown();
    }
}
