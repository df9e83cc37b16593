package dev.animus.runtime;

import dev.animus.install.Inspection;
import java.util.List;
import java.util.Optional;

/**
 * Everything known of one installed plugin for one agent: the installer's {@link Inspection} with
 * its store values in the application API's own records.
 *
 * @param inspection the record, grants and disclosure
 * @param artifact what re-hashing the stored code found
 * @param pin the lockfile's pin of it, if any
 * @param problems why a recorded install record no longer validates, if it does not
 */
public record PluginInspection(
        Inspection inspection, ArtifactCheck artifact, Optional<Pin> pin, List<RecordFault> problems) {
    /** Copies {@code problems}. */
    public PluginInspection {
        problems = List.copyOf(problems);
    }

    static PluginInspection of(Inspection i) {
        return new PluginInspection(
                i,
                ArtifactCheck.of(i.artifact()),
                i.pin().map(Pin::of),
                i.problems().stream()
                        .map(p -> new RecordFault(p.plugin(), p.slot(), p.reason()))
                        .toList());
    }

    /**
     * An install record that no longer validates.
     *
     * @param plugin the plugin
     * @param slot {@code current} or {@code previous}
     * @param reason why
     */
    public record RecordFault(String plugin, String slot, String reason) {}
}
