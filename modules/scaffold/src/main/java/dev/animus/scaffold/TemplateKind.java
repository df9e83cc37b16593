package dev.animus.scaffold;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The kinds {@code plugin new} writes a plugin for, each with its template and manifest. */
public enum TemplateKind {
    CUSTOM("custom", "a custom plugin: an echo method and a cancellable wait"),
    PROVIDER("provider", "a provider: streams a reply to each prompt"),
    SUBJECT_BACKEND("subject_backend", "a subject backend: work items in a JSON file of the project"),
    TRIGGER_BACKEND("trigger_backend", "a trigger: an event every interval"),
    TRANSPORT_BACKEND("transport_backend", "a transport: HTTP on a loopback port, behind the web token"),
    LOG_STORAGE_BACKEND("log_storage_backend", "a log store: entries in a JSON-lines file of the project"),
    /** A custom plugin that answers the command-risk hook and receives lifecycle events. */
    HOOKS("custom", "hooks: classifies commands by risk, receives lifecycle events");

    private final String pluginKind;
    private final String description;

    TemplateKind(String pluginKind, String description) {
        this.pluginKind = pluginKind;
        this.description = description;
    }

    /** What {@code --kind} calls it: {@code custom}, {@code provider}, ..., {@code hooks}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The manifest's {@code plugin_kind}. */
    public String pluginKind() {
        return pluginKind;
    }

    public String description() {
        return description;
    }

    public static Optional<TemplateKind> of(String word) {
        return Arrays.stream(values()).filter(k -> k.word().equals(word)).findFirst();
    }

    public static List<String> words() {
        return Arrays.stream(values()).map(TemplateKind::word).toList();
    }
}
