package dev.animus.core;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A role a plugin declares ({@code plugin_kind}, {@code plugin_kinds}), kept exactly as declared so
 * that a kind this host does not know survives a round trip; {@link #routed()} says how the host
 * treats it.
 *
 * @param declared the kind as written, {@code ^[a-z][a-z0-9_]{0,63}$}
 */
public record PluginKind(String declared) {

    private static final Pattern KIND = Pattern.compile("[a-z][a-z0-9_]{0,63}");

    /** The host's routing of a kind (docs/protocol.md#kinds). */
    public enum Routed {
        PROVIDER,
        SUBJECT_BACKEND,
        TRIGGER_BACKEND,
        TRANSPORT_BACKEND,
        /** Legacy {@code web_ui}: a transport that serves a browser UI. */
        WEB_UI,
        LOG_STORAGE_BACKEND,
        WORKFLOW_RUNNER,
        QUEUE,
        /** {@code custom}, and every kind this host does not know. */
        CUSTOM
    }

    /** @throws ManifestInvalid at field {@code plugin_kind} when {@code declared} breaks the pattern */
    public PluginKind {
        Objects.requireNonNull(declared, "declared");
        if (!KIND.matcher(declared).matches()) {
            throw new ManifestInvalid(
                    ManifestInvalid.IN_CODE,
                    "plugin_kind",
                    ManifestRules.quote(declared) + " is not a kind: use lowercase letters, digits and _,"
                            + " starting with a letter, e.g. provider, subject_backend, custom");
        }
    }

    /** The kind of routing {@code r} under its canonical name, e.g. {@code subject_backend}. */
    public static PluginKind of(Routed r) {
        return new PluginKind(r.name().toLowerCase(Locale.ROOT));
    }

    /**
     * How the host routes this kind: {@code task_backend} is the legacy alias of
     * {@code subject_backend}; unknown kinds route as {@link Routed#CUSTOM}.
     */
    public Routed routed() {
        return switch (declared) {
            case "provider" -> Routed.PROVIDER;
            case "subject_backend", "task_backend" -> Routed.SUBJECT_BACKEND;
            case "trigger_backend" -> Routed.TRIGGER_BACKEND;
            case "transport_backend" -> Routed.TRANSPORT_BACKEND;
            case "web_ui" -> Routed.WEB_UI;
            case "log_storage_backend" -> Routed.LOG_STORAGE_BACKEND;
            case "workflow_runner" -> Routed.WORKFLOW_RUNNER;
            case "queue" -> Routed.QUEUE;
            default -> Routed.CUSTOM;
        };
    }

    @Override
    public String toString() {
        return declared;
    }
}
