package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ControlStream;
import dev.animus.control.ErrorCategory;
import dev.animus.rpc.Handlers;
import dev.animus.rpc.IncomingRequest;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import dev.animus.runtime.SubjectWatch;
import dev.animus.runtime.Subjects;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The {@code subject/} group of the control protocol (docs/daemon.md#subjects): the subject verbs
 * routed to the daemon's backends, with the in-process {@link Subjects}' results and failures;
 * {@code subject/watch} as a stream that unwatches when its client goes away or cancels it.
 */
final class SubjectMethods {
    /** Changes held for a client that reads slowly. */
    static final int STREAM_CAPACITY = 4096;

    private final Animus animus;
    private final Plugins plugins;
    private final Map<String, Subjects> byAgent = new ConcurrentHashMap<>();

    SubjectMethods(Animus animus, Plugins plugins) {
        this.animus = animus;
        this.plugins = plugins;
    }

    void addTo(Handlers.Builder table) {
        table.on("subject/kinds", r -> answer(r, s -> SubjectWire.kinds(s.kinds())));
        table.on(
                "subject/list",
                r -> answer(
                        r,
                        s -> SubjectWire.page(
                                s.list(SubjectWire.readFilter(r.params().path("filter"))))));
        table.on("subject/get", r -> answer(r, s -> SubjectWire.subject(s.get(Params.text(r.params(), "id")))));
        table.on("subject/create", r -> answer(r, s -> SubjectWire.subject(s.create(SubjectWire.readNew(r.params())))));
        table.on(
                "subject/update",
                r -> answer(
                        r,
                        s -> SubjectWire.subject(s.update(
                                Params.text(r.params(), "id"),
                                SubjectWire.readPatch(r.params().path("patch"))))));
        table.on(
                "subject/status",
                r -> answer(
                        r,
                        s -> SubjectWire.subject(
                                s.status(Params.text(r.params(), "id"), SubjectWire.readStatus(r.params())))));
        table.on(
                "subject/delete",
                r -> answer(r, s -> {
                    s.delete(Params.text(r.params(), "id"));
                    return JsonNodeFactory.instance.objectNode().put("ok", true);
                }));
        table.on("subject/next", r -> answer(r, s -> SubjectWire.maybe(s.next(Params.text(r.params(), "kind")))));
        table.on("subject/schema", r -> answer(r, s -> s.schema(Params.text(r.params(), "kind"))));
        table.on("subject/watch", this::watch);
    }

    private Subjects subjects(IncomingRequest r) {
        String agent = Params.optionalText(r.params(), "agent").orElse("default");
        return byAgent.computeIfAbsent(agent, a -> animus.subjects(plugins, a, Optional.empty()));
    }

    private interface Verb {
        JsonNode run(Subjects s);
    }

    private void answer(IncomingRequest r, Verb verb) {
        PluginMethods.answer(r, () -> {
            try {
                return verb.run(subjects(r));
            } catch (IllegalArgumentException e) { // an id without a kind, a damaged cursor
                throw new ControlError(ErrorCategory.INVALID_REQUEST, e.getMessage());
            }
        });
    }

    /**
     * {@code subject/watch {kind?, filter?}}: refused before the ack when the watch cannot start;
     * else the ack, then each change as {@code subject/event} data {@code {id, change_kind,
     * subject?, plugin}} in order; {@code subscription/closed} when the watch ends (a backend's
     * process exited). Socket EOF or {@code $/cancelRequest} closes the watch (unwatching).
     */
    private void watch(IncomingRequest r) {
        StreamRelay relay = new StreamRelay();
        SubjectWatch watch;
        try {
            watch = subjects(r)
                    .watch(
                            Params.optionalText(r.params(), "kind"),
                            SubjectWire.readFilter(r.params().path("filter")),
                            c -> relay.accept(SubjectWire.change(c)));
        } catch (RuntimeException e) {
            throw FailureWire.toWire(e).orElseThrow(() -> e);
        }
        ControlStream stream;
        try {
            stream = ControlStream.open(r, "subject", STREAM_CAPACITY);
        } catch (RuntimeException e) {
            watch.close();
            throw e;
        }
        stream.whenEnded().thenRun(watch::close);
        relay.attach(stream, List.of());
        Thread.ofVirtual().name("animus-subject-watch-end").start(() -> {
            try {
                Optional<String> why = Optional.empty();
                while (why.isEmpty() && !stream.isEnded()) {
                    why = watch.await(Duration.ofSeconds(1));
                }
                stream.close(why.orElse("end"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stream.awaitEnd();
        watch.close();
    }
}
