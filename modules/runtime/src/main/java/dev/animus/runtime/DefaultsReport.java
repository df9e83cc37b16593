package dev.animus.runtime;

import dev.animus.install.InstallChain;
import java.util.List;
import java.util.Objects;

/** What {@link Animus#installDefaults} did with each default of its plan, in the plan's order. */
public record DefaultsReport(String origin, List<Outcome> outcomes) {
    public DefaultsReport {
        Objects.requireNonNull(origin, "origin");
        outcomes = List.copyOf(outcomes);
    }

    /** What became of one default. */
    public sealed interface Outcome {
        PluginDefaults.Entry entry();

        /** Left alone, as planned. */
        record Skipped(PluginDefaults.Entry entry, String reason) implements Outcome {}

        /** Installed, trusted, consented and enabled. */
        record Installed(PluginDefaults.Entry entry, InstallChain.Report report) implements Outcome {}

        /** Not installed: {@code error} says why; nothing of it was left behind. */
        record Failed(PluginDefaults.Entry entry, RuntimeException error) implements Outcome {}
    }

    public long installed() {
        return outcomes.stream().filter(o -> o instanceof Outcome.Installed).count();
    }

    public long skipped() {
        return outcomes.stream().filter(o -> o instanceof Outcome.Skipped).count();
    }

    public long failed() {
        return outcomes.stream().filter(o -> o instanceof Outcome.Failed).count();
    }
}
