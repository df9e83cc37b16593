package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ControlSubscription;
import dev.animus.control.StreamEvent;
import dev.animus.runtime.SubjectEndpoint;
import dev.animus.runtime.SubjectWatch;
import dev.animus.subjects.KindRow;
import dev.animus.subjects.NewSubject;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectChange;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectPage;
import dev.animus.subjects.SubjectPatch;
import dev.animus.subjects.SubjectStatus;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The daemon's subject use cases over its control socket (docs/daemon.md#subjects): the same
 * results and failures as the in-process {@link dev.animus.runtime.Subjects}. A watch's changes
 * are read by a thread of its own and handed to the sink in order.
 */
final class RemoteSubjects implements SubjectEndpoint {
    /**
     * The backend's deadline (2 minutes, docs/protocol.md#subjects) plus the round trip, so the
     * daemon's deadline wins.
     */
    private static final Duration TIMEOUT = Duration.ofMinutes(2).plusSeconds(10);

    private final DaemonLink link;
    private final String agent;

    RemoteSubjects(DaemonLink link, String agent) {
        this.link = link;
        this.agent = agent;
    }

    private ObjectNode params() {
        return JsonNodeFactory.instance.objectNode().put("agent", agent);
    }

    private JsonNode call(String method, ObjectNode params) {
        return link.request(method, params, TIMEOUT);
    }

    @Override
    public List<KindRow> kinds() {
        return SubjectWire.readKinds(call("subject/kinds", params()));
    }

    @Override
    public SubjectPage list(SubjectFilter filter) {
        ObjectNode p = params();
        p.set("filter", SubjectWire.filter(filter));
        return SubjectWire.readPage(call("subject/list", p));
    }

    @Override
    public Subject get(String id) {
        return Subject.of(call("subject/get", params().put("id", id)).path("subject"));
    }

    @Override
    public Subject create(NewSubject subject) {
        ObjectNode p = SubjectWire.newSubject(subject);
        p.put("agent", agent);
        return Subject.of(call("subject/create", p).path("subject"));
    }

    @Override
    public Subject update(String id, SubjectPatch patch) {
        ObjectNode p = params().put("id", id);
        p.set("patch", patch.toJson());
        return Subject.of(call("subject/update", p).path("subject"));
    }

    @Override
    public Subject status(String id, SubjectStatus status) {
        return Subject.of(call("subject/status", params().put("id", id).put("status", status.wire()))
                .path("subject"));
    }

    @Override
    public void delete(String id) {
        call("subject/delete", params().put("id", id));
    }

    @Override
    public Optional<Subject> next(String kind) {
        return SubjectWire.readMaybe(call("subject/next", params().put("kind", kind)));
    }

    @Override
    public JsonNode schema(String kind) {
        return call("subject/schema", params().put("kind", kind));
    }

    @Override
    public SubjectWatch watch(Optional<String> kind, SubjectFilter filter, Consumer<SubjectChange> sink) {
        ObjectNode p = params();
        kind.ifPresent(k -> p.put("kind", k));
        p.set("filter", SubjectWire.filter(filter));
        ControlSubscription sub;
        try {
            sub = link.client().follow("subject/watch", p, SubjectMethods.STREAM_CAPACITY);
        } catch (ControlError e) {
            throw DaemonLink.typed(e);
        }
        CountDownLatch ended = new CountDownLatch(1);
        AtomicReference<String> why = new AtomicReference<>("closed");
        Thread.ofVirtual().name("animus-subject-watch").start(() -> {
            try (sub) {
                while (true) {
                    var next = sub.next(Duration.ofSeconds(1));
                    if (next.isEmpty()) {
                        continue;
                    }
                    switch (next.get()) {
                        case StreamEvent.Data d -> sink.accept(SubjectWire.readChange(d.data()));
                        case StreamEvent.Lagged l -> {
                            why.set("this client missed " + l.missed() + " changes: it read them too slowly");
                            return;
                        }
                        case StreamEvent.Closed c -> {
                            why.compareAndSet("closed", c.reason());
                            return;
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                why.set("the daemon's watch stream failed: " + e.getMessage());
            } finally {
                ended.countDown();
            }
        });
        return new SubjectWatch() {
            @Override
            public Optional<String> await(Duration timeout) throws InterruptedException {
                return ended.await(timeout.toNanos(), TimeUnit.NANOSECONDS) ? Optional.of(why.get()) : Optional.empty();
            }

            @Override
            public void close() {
                sub.close();
            }
        };
    }
}
