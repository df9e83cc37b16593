package dev.animus.plugins.http;

import dev.animus.sdk.control.ControlException;
import dev.animus.sdk.control.ControlStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One subscription of the daemon shared by every browser: a control stream ({@link Kind}) whose
 * values are published as one SSE event type, opened when the transport starts and opened again
 * after 1, 2, 4 … at most 30 s whenever it ends or cannot start (a run of 60 s resets the wait).
 * Only new values reach the browsers: {@code daemon/logs} is asked for no history, and the replay
 * that {@code daemon/events} sends first (events stamped before the subscription was asked for) is
 * skipped. States: running (from {@link #start}) → closed ({@link #close}, idempotent). A failure
 * is logged once until the stream opens again. Thread-safe.
 */
final class Upstream implements AutoCloseable {
    static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    static final Duration STEADY = Duration.ofSeconds(60);
    private static final Duration ACK_TIMEOUT = Duration.ofSeconds(30);

    /** The three subscriptions, each with its control method, params and SSE event name. */
    enum Kind {
        STATUS("status", "daemon/events", params().put("follow", true)),
        SUBJECT("subject", "subject/watch", params()),
        LOG("log", "daemon/logs", params().put("follow", true).put("lines", 0));

        final String event;
        final String method;
        final ObjectNode params;

        Kind(String event, String method, ObjectNode params) {
            this.event = event;
            this.method = method;
            this.params = params;
        }

        private static ObjectNode params() {
            return JsonNodeFactory.instance.objectNode();
        }
    }

    private final Kind kind;
    private final ControlLink link;
    private final Broadcast broadcast;
    private final InstantSource clock;
    private final PrintStream log;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicReference<ControlStream> open = new AtomicReference<>();
    private Thread thread;

    Upstream(Kind kind, ControlLink link, Broadcast broadcast, InstantSource clock, PrintStream log) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.link = Objects.requireNonNull(link, "link");
        this.broadcast = Objects.requireNonNull(broadcast, "broadcast");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.log = Objects.requireNonNull(log, "log");
    }

    void start() {
        thread = Threads.start(kind.method, this::run);
    }

    private void run() {
        Duration wait = Duration.ofSeconds(1);
        boolean failing = false;
        while (closed.getCount() > 0) {
            Instant asked = clock.instant().truncatedTo(ChronoUnit.MILLIS);
            try (ControlStream stream = link.socket().stream(kind.method, kind.params, ACK_TIMEOUT)) {
                open.set(stream);
                if (closed.getCount() == 0) {
                    return;
                }
                failing = false;
                relay(stream, asked);
                if (Duration.between(asked, clock.instant()).compareTo(STEADY) >= 0) {
                    wait = Duration.ofSeconds(1);
                }
            } catch (ControlException e) {
                if (!failing && closed.getCount() > 0) {
                    log.println("animus-transport-http: " + kind.method + " for GET /events failed: " + e.getMessage()
                            + "; asking again every " + MAX_BACKOFF.toSeconds() + " s at most");
                }
                failing = true;
            } finally {
                open.set(null);
            }
            if (pause(wait)) {
                return;
            }
            wait = wait.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : wait.multipliedBy(2);
        }
    }

    private void relay(ControlStream stream, Instant asked) {
        Optional<JsonNode> next;
        while ((next = stream.next()).isPresent()) {
            JsonNode value = next.get();
            if (kind == Kind.STATUS && before(value, asked)) {
                continue; // the replay of the recent events: the page read the state already
            }
            broadcast.publish(kind.event, value.toString());
        }
    }

    private static boolean before(JsonNode event, Instant asked) {
        try {
            return OffsetDateTime.parse(event.path("at").asString(""))
                    .toInstant()
                    .isBefore(asked);
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** Waits {@code wait}; true when closed meanwhile. */
    private boolean pause(Duration wait) {
        try {
            return closed.await(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    /** Ends the subscription (cancelling the stream) and waits for its thread, at most 2 s. */
    @Override
    public void close() {
        closed.countDown();
        ControlStream stream = open.get();
        if (stream != null) {
            stream.close();
        }
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
