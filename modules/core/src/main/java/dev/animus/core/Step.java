package dev.animus.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The outcome of one trigger: the lifecycle after it and what its owner must do, in order.
 *
 * @param next the lifecycle after the trigger (the same value when nothing changed)
 * @param effects the effects, in the order they must be carried out
 */
public record Step(Lifecycle next, List<LifecycleEffect> effects) {
    public Step {
        Objects.requireNonNull(next, "next");
        effects = List.copyOf(effects);
    }

    /** The transitions this step made, oldest first (a crash at the threshold makes two). */
    public List<StatusChange> changes() {
        List<StatusChange> changes = new ArrayList<>(2);
        for (LifecycleEffect e : effects) {
            if (e instanceof LifecycleEffect.Emit(StatusChange c)) {
                changes.add(c);
            }
        }
        return List.copyOf(changes);
    }
}
