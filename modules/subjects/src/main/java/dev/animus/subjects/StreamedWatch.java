package dev.animus.subjects;

import dev.animus.host.Supervisor;
import dev.animus.rpc.Notification;
import dev.animus.rpc.SubscriptionEvent;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A backend's own watch: its {@code subject/changed} notifications whose {@code id} is the watch
 * request's, turned into {@link SubjectChange}s in arrival order on one reader thread. While it is
 * open it holds the backend's process from its idle shutdown ({@link Supervisor#hold()}); it ends
 * when that process exits (a crash, a deadline); closing it sends {@code subject/unwatch {watch_id}}.
 */
final class StreamedWatch implements BackendWatch {
    private static final Duration POLL = Duration.ofSeconds(1);

    private final Supervisor supervisor;
    private final SubjectRoute route;
    private final Supervisor.KeptStream kept;
    private final Supervisor.Hold hold;
    private final Consumer<SubjectChange> sink;
    private final SubjectWatching owner;
    private final AtomicBoolean closed = new AtomicBoolean();

    private StreamedWatch(
            Supervisor supervisor,
            SubjectRoute route,
            Supervisor.KeptStream kept,
            Supervisor.Hold hold,
            Consumer<SubjectChange> sink,
            SubjectWatching owner) {
        this.supervisor = supervisor;
        this.route = route;
        this.kept = kept;
        this.hold = hold;
        this.sink = sink;
        this.owner = owner;
    }

    static StreamedWatch start(
            Supervisor supervisor,
            SubjectRoute route,
            Supervisor.KeptStream kept,
            Supervisor.Hold hold,
            Consumer<SubjectChange> sink,
            SubjectWatching owner) {
        StreamedWatch w = new StreamedWatch(supervisor, route, kept, hold, sink, owner);
        Thread.ofPlatform()
                .daemon()
                .name("animus-subject-watch-" + route.plugin())
                .start(w::read);
        return w;
    }

    @Override
    public boolean polled() {
        return false;
    }

    private void read() {
        String reason = "the watch of plugin " + route.plugin() + " ended: its process exited";
        try {
            while (true) {
                SubscriptionEvent e = kept.notifications().next(POLL);
                if (e instanceof SubscriptionEvent.Ended) {
                    break;
                }
                if (e instanceof SubscriptionEvent.Delivered d && mine(d.notification())) {
                    sink.accept(change(route.inbound(d.notification().params()).path("event")));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SubjectInvalid e) {
            reason = "the watch of plugin " + route.plugin() + " ended: " + e.getMessage();
        } finally {
            kept.notifications().close();
            hold.close();
        }
        if (!closed.get()) {
            owner.ended(reason);
        }
    }

    private boolean mine(Notification n) {
        JsonNode id = n.params().path("id");
        return n.method().equals("subject/changed") && id.isIntegralNumber() && id.asLong() == kept.requestId();
    }

    private SubjectChange change(JsonNode event) {
        if (!event.path("id").isString() || !event.path("change_kind").isString()) {
            throw new SubjectInvalid("subject/changed needs event.id and event.change_kind, got " + event);
        }
        ChangeKind kind;
        try {
            kind = ChangeKind.parse(event.path("change_kind").asString());
        } catch (IllegalArgumentException e) {
            throw new SubjectInvalid(e.getMessage());
        }
        Optional<Subject> subject =
                event.path("subject").isObject() ? Optional.of(Subject.of(event.path("subject"))) : Optional.empty();
        return new SubjectChange(event.path("id").asString(), kind, subject, route.plugin());
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            ObjectNode p = SubjectCalls.object();
            p.put("watch_id", kept.requestId());
            supervisor.notifyOn(kept.incarnation(), "subject/unwatch", p);
            kept.notifications().close();
            hold.close();
        }
    }
}
