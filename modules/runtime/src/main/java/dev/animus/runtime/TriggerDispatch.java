package dev.animus.runtime;

import dev.animus.host.Supervisor;
import dev.animus.subjects.NewSubject;
import dev.animus.subjects.Subject;
import dev.animus.triggers.AckStatus;
import dev.animus.triggers.Dispatcher;
import dev.animus.triggers.EventAction;
import dev.animus.triggers.TriggerConfig;
import dev.animus.triggers.TriggerEvent;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * What the daemon does with a trigger's event (docs/daemon.md#triggers): the {@link EventAction} of
 * it carried out, a {@code create_task} through the subject use cases, a {@code run_workflow} as
 * {@code queue/enqueue {subject_id}} to the enabled queue. A failure (no queue, the backend refused)
 * is the exception the session counts as {@code failed}.
 */
final class TriggerDispatch implements Dispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(TriggerDispatch.class);

    private final String plugin;
    private final TriggerConfig config;
    private final Subjects subjects;
    private final Supplier<Optional<Supervisor>> queue;

    TriggerDispatch(String plugin, TriggerConfig config, Subjects subjects, Supplier<Optional<Supervisor>> queue) {
        this.plugin = plugin;
        this.config = config;
        this.subjects = subjects;
        this.queue = queue;
    }

    @Override
    public AckStatus dispatch(TriggerEvent event) {
        return switch (EventAction.of(event, config)) {
            case EventAction.CreateTask t -> {
                Subject s = subjects.create(new NewSubject(
                        t.kind(),
                        t.title(),
                        t.description(),
                        t.labels(),
                        OptionalInt.empty(),
                        Optional.empty(),
                        Optional.empty()));
                LOG.info("trigger {}: event {} created {}", plugin, event.eventId(), s.id());
                yield AckStatus.DISPATCHED;
            }
            case EventAction.RunWorkflow w -> {
                Supervisor q = queue.get()
                        .orElseThrow(() -> new IllegalStateException(
                                "run_workflow needs an enabled queue plugin; none is installed"));
                q.call("queue/enqueue", JsonNodeFactory.instance.objectNode().put("subject_id", w.subjectId()));
                LOG.info("trigger {}: event {} queued {}", plugin, event.eventId(), w.subjectId());
                yield AckStatus.QUEUED;
            }
            case EventAction.Unmatched u -> {
                LOG.info(
                        "trigger {}: event {} unmatched (action_hint {})",
                        plugin,
                        event.eventId(),
                        u.actionHint().orElse("none"));
                yield AckStatus.UNMATCHED;
            }
            case EventAction.Unusable u -> throw new IllegalArgumentException(u.reason());
        };
    }
}
