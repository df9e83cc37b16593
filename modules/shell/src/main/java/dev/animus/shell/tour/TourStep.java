package dev.animus.shell.tour;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One step of the tour: a heading, a sentence on what it shows, and the {@code animus} command line
 * it runs (without the program name).
 *
 * @param title the step's name in the heading ("Trust")
 * @param note what the step shows, in one sentence
 * @param args the command's words, exactly as run and shown
 * @param mustShow what the command's output must hold for the step to count as done, beyond its
 *     exit status (discovery exits 0 with a warning when it cannot use the example)
 */
record TourStep(String title, String note, List<String> args, Optional<String> mustShow) {
    /** What the call step sends. */
    static final String GREETING = "{\"text\":\"hello from the tour\"}";

    TourStep {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(note, "note");
        args = List.copyOf(args);
        Objects.requireNonNull(mustShow, "mustShow");
    }

    TourStep(String title, String note, List<String> args) {
        this(title, note, args, Optional.empty());
    }

    /** Discovery, install, trust, consent, enable, a call, status, stop and status again, for {@code example}. */
    static List<TourStep> of(TourExample example) {
        String name = example.name();
        return List.of(
                new TourStep(
                        "Discover",
                        "discovery finds the example; untrusted, it is listed but never run (--wide: whole paths)",
                        List.of("plugin", "list", "--wide"),
                        Optional.of(example.executable().toString())),
                new TourStep(
                        "Install",
                        "its bytes go into the digest-addressed store, pinned in plugins.lock; nothing runs"
                                + " (--no-trust: the tour takes the steps one by one; without it, install does"
                                + " all four after one question)",
                        List.of(
                                "plugin",
                                "install",
                                "--path",
                                example.executable().toString(),
                                "--no-trust")),
                new TourStep(
                        "Trust",
                        "you allow this exact sha256 to run; it runs once, to print its manifest",
                        List.of("plugin", "trust", name, "--yes")),
                new TourStep(
                        "Consent",
                        "you accept what its manifest declares, pinned by a digest",
                        List.of("plugin", "consent", name, "--yes")),
                new TourStep(
                        "Enable", "agents (here the default one) may now launch it", List.of("plugin", "enable", name)),
                new TourStep(
                        "Call",
                        "it launches on first use, after its stored code is re-verified, and answers",
                        List.of("plugin", "call", name, "echo", "--params", GREETING)),
                new TourStep("Status", "the process stays warm for the next call", List.of("plugin", "status")),
                new TourStep(
                        "Stop",
                        "disabling it stops its process; trust and consent are kept",
                        List.of("plugin", "disable", name)),
                new TourStep("Status again", "no process of it is left", List.of("plugin", "status")));
    }

    /**
     * The words as run: those {@link #shown} (without the program name) after {@code --project-root
     * <project>}, which stands for the {@code cd} the printed set-up does.
     */
    List<String> run(Path project, boolean json) {
        List<String> shown = shown(json);
        List<String> words = new ArrayList<>(List.of("--project-root", project.toString()));
        words.addAll(shown.subList(1, shown.size()));
        return words;
    }

    /** The line a user types for the same effect (in the tour's project directory). */
    List<String> shown(boolean json) {
        List<String> words = new ArrayList<>();
        words.add("animus");
        words.addAll(args);
        if (json) {
            words.add("--json");
        }
        return words;
    }
}
