package dev.animus.core;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The hooks a plugin may answer (docs/lifecycle.md#hooks-and-events): three advisory ones and one
 * policy hook. The host calls a hook as the request {@code hook/<name>} with the hook's input as
 * params; lifecycle events go out as the notification {@link #EVENT_METHOD}.
 */
public enum HookId {
    /** Which skill fits a request. */
    ROUTE_SKILLS("route.skills"),
    /** Whether a page asks for credentials, payment, a captcha, or addresses the agent. */
    CLASSIFY_PAGE("classify.page"),
    /** Which page elements matter for a request. */
    ROUTE_SNAPSHOT("route.snapshot"),
    /** How risky a shell command is (the policy hook). */
    COMMAND_RISK("classify.command-risk");

    /** The notification that carries a lifecycle event to the plugins that observe it. */
    public static final String EVENT_METHOD = "hook/event";

    private final String wire;

    HookId(String wire) {
        this.wire = wire;
    }

    /** Its name in manifests and on the wire, e.g. {@code route.skills}. */
    public String wire() {
        return wire;
    }

    /** The request the host sends: {@code hook/<name>}. */
    public String method() {
        return "hook/" + wire;
    }

    /** Whether a manifest declares it under {@code policy_hooks} (else under {@code hooks}). */
    public boolean policy() {
        return this == COMMAND_RISK;
    }

    /** The hook named {@code wire}, if there is one. */
    public static Optional<HookId> of(String wire) {
        return Arrays.stream(values()).filter(h -> h.wire.equals(wire)).findFirst();
    }

    /** The hook named {@code wire}, or a one-line refusal listing the hooks. */
    public static HookId parse(String wire) {
        return of(wire).orElseThrow(() -> new IllegalArgumentException(ManifestRules.quote(OneLine.escape(wire))
                + " is not a hook: use one of " + String.join(", ", wires())));
    }

    /** Every hook's name, in declaration order. */
    public static List<String> wires() {
        return Arrays.stream(values()).map(HookId::wire).toList();
    }

    /** The hooks {@code manifest} declares (advisory and policy), in declaration order. */
    public static List<HookId> declaredBy(Manifest manifest) {
        return Arrays.stream(values())
                .filter(h -> (h.policy() ? manifest.policyHooks() : manifest.hooks()).contains(h.wire))
                .toList();
    }

    /** The lifecycle events, in the vocabulary's order. */
    public static List<String> events() {
        return ManifestVocabulary.EVENTS;
    }
}
