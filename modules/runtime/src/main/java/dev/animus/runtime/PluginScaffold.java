package dev.animus.runtime;

import dev.animus.scaffold.PluginProject;
import dev.animus.scaffold.Scaffold;
import dev.animus.scaffold.TemplateKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * {@code plugin new}: a plugin project of a kind and a language, written where the author says
 * (docs/plugin-authoring.md#a-new-plugin). Nothing is installed or trusted.
 */
public final class PluginScaffold {
    /** The languages a project is written in. */
    public static final List<String> LANGUAGES = List.of("python");

    private PluginScaffold() {}

    /** The kinds there is a template for ({@code custom}, {@code provider}, ..., {@code hooks}). */
    public static List<String> kinds() {
        return TemplateKind.words();
    }

    /**
     * Writes the project of plugin {@code name} into {@code parent/name}.
     *
     * @throws IllegalArgumentException for a kind or language without a template, one line naming
     *     those there are
     * @throws dev.animus.core.ManifestInvalid when {@code name} is not a plugin name
     * @throws IllegalStateException when {@code parent/name} exists and is not empty
     */
    public static PluginProject write(String name, String kind, String language, Path parent) {
        Objects.requireNonNull(name, "name");
        TemplateKind template = TemplateKind.of(kind.toLowerCase(Locale.ROOT))
                .orElseThrow(() -> new IllegalArgumentException(
                        "no template for the kind " + kind + ": name one of " + String.join(", ", kinds())));
        return switch (language.toLowerCase(Locale.ROOT)) {
            case "python" -> Scaffold.python(name, template, parent);
            case "java" ->
                throw new IllegalArgumentException("a Java project is not written yet: start from"
                        + " examples/java-echo and the sdk (docs/plugin-authoring.md#in-java-with-the-sdk-modulessdk-module-devanimussdk),"
                        + " or write it in python");
            default ->
                throw new IllegalArgumentException(
                        "no template for the language " + language + ": name one of " + String.join(", ", LANGUAGES));
        };
    }
}
