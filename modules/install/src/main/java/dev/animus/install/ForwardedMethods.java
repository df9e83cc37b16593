package dev.animus.install;

import dev.animus.core.HookId;
import dev.animus.core.HostFailure;
import dev.animus.core.Manifest;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The methods a caller may have the host send to an installed plugin: those its consented manifest
 * declares (the operator saw them in the disclosure they consented to), and the protocol's two
 * read-only checks every plugin answers, {@code $/ping} and {@code health/check}
 * (docs/protocol.md#methods-every-plugin-understands; {@code plugin ping} sends the first), and
 * the host's own notices of the streams it opens ({@code trigger/ack}, {@code subject/unwatch}). Never
 * forwarded, declared or not: the lifecycle the host drives itself ({@code initialize},
 * {@code initialized}, {@code shutdown}, {@code exit}) and every other {@code $/} name, reserved
 * for the protocol ({@code $/cancelRequest} is the host's to send). Immutable, with value equality
 * (it is part of a guard's).
 *
 * @param declared the manifest's methods ({@link Manifest#methods()})
 */
record ForwardedMethods(Set<String> declared) {
    /** Always forwarded. */
    static final Set<String> CHECKS = Set.of("$/ping", "health/check");
    /**
     * The host's own notices of a stream it opened, always sent whether declared or not: they grant
     * nothing (docs/protocol.md#triggers, docs/protocol.md#subjects).
     */
    static final Set<String> HOST_NOTICES = Set.of("trigger/ack", "subject/unwatch");
    /** Never forwarded, besides every other {@code $/} name. */
    static final Set<String> LIFECYCLE = Set.of("initialize", "initialized", "shutdown", "exit");

    ForwardedMethods {
        declared = Set.copyOf(declared);
    }

    /**
     * The manifest's methods, and the hook requests its declared hooks are called by
     * ({@code hook/<name>}) and the events notification if it observes any: what the disclosure
     * showed the operator (docs/lifecycle.md#hooks-and-events).
     */
    static ForwardedMethods of(Manifest manifest) {
        Set<String> methods = new java.util.HashSet<>(manifest.methods());
        HookId.declaredBy(manifest).forEach(h -> methods.add(h.method()));
        if (!manifest.events().isEmpty()) {
            methods.add(HookId.EVENT_METHOD);
        }
        return new ForwardedMethods(methods);
    }

    /** Why {@code method} is not forwarded to {@code plugin}; empty when it is. */
    Optional<HostFailure> refusal(String plugin, String method) {
        Objects.requireNonNull(method, "method");
        if (CHECKS.contains(method) || HOST_NOTICES.contains(method)) {
            return Optional.empty();
        }
        if (LIFECYCLE.contains(method) || method.startsWith("$/")) {
            return Optional.of(new HostFailure.Undisclosed(plugin, method, true));
        }
        return declared.contains(method)
                ? Optional.empty()
                : Optional.of(new HostFailure.Undisclosed(plugin, method, false));
    }
}
