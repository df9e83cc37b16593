package dev.animus.conformance;

import java.util.Objects;
import java.util.Optional;

/**
 * When a scenario applies to a plugin: each given part must hold (a kind it serves, a kind it does
 * not, a capability flag of its {@code initialize} answer, a method it advertises, a hook or any
 * event its manifest declares). A scenario that does not apply is skipped, saying which part failed.
 */
record Requirement(
        Optional<String> kind,
        Optional<String> notKind,
        Optional<String> capability,
        Optional<String> method,
        Optional<String> hook,
        boolean events) {

    static final Requirement NONE = new Requirement(
            Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), false);

    Requirement {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(notKind, "notKind");
        Objects.requireNonNull(capability, "capability");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(hook, "hook");
    }

    /** Why {@code facts} does not meet this, or empty when it does; {@code vars} resolves a method's placeholders. */
    Optional<String> unmetBy(PluginFacts facts, Variables vars) {
        if (kind.isPresent() && !facts.serves(kind.get())) {
            return Optional.of("the plugin does not serve the kind " + kind.get());
        }
        if (notKind.isPresent() && facts.serves(notKind.get())) {
            return Optional.of("the " + notKind.get() + " pack checks this for a " + notKind.get());
        }
        if (capability.isPresent() && !facts.flag(capability.get())) {
            return Optional.of("initialize did not advertise capabilities." + capability.get());
        }
        if (method.isPresent()) {
            String m;
            try {
                m = vars.interpolate(method.get());
            } catch (IllegalArgumentException e) {
                return Optional.of(e.getMessage());
            }
            if (!facts.methods().contains(m)) {
                return Optional.of("the plugin does not advertise the method " + m);
            }
        }
        if (hook.isPresent() && !facts.hooks().contains(hook.get())) {
            return Optional.of("the manifest does not declare the hook " + hook.get());
        }
        if (events && facts.events().isEmpty()) {
            return Optional.of("the manifest declares no lifecycle events");
        }
        return Optional.empty();
    }
}
