package dev.animus.runtime;

import dev.animus.core.Fix;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@link Animus#preflight} found (docs/operations.md#preflight): which roles a usable plugin
 * serves, which required roles none does (with the fix), what was installed on the way, and the
 * optional roles no plugin serves.
 *
 * @param satisfied the roles served, required ones first, each with its plugins in precedence order
 * @param missing the required roles no usable plugin serves
 * @param autoInstalled the defaults installed before this check ({@code --auto-install})
 * @param warnings the optional roles no usable plugin serves, and what else is worth saying
 */
public record PreflightReport(
        List<Satisfied> satisfied, List<Missing> missing, List<AutoInstalled> autoInstalled, List<String> warnings) {

    /** The roles every daemon needs, in the order they are reported. */
    public static final List<String> REQUIRED = List.of("provider", "subject_backend", "workflow_runner", "queue");

    /** The optional roles ({@code subject_kind:<kind>} is one per kind served). */
    public static final List<String> OPTIONAL = List.of("transport_enabled", "config_source", "subject_kind:<kind>");

    public PreflightReport {
        satisfied = List.copyOf(satisfied);
        missing = List.copyOf(missing);
        autoInstalled = List.copyOf(autoInstalled);
        warnings = List.copyOf(warnings);
    }

    /** A role and the usable plugins that serve it. */
    public record Satisfied(String role, boolean required, List<String> plugins) {
        public Satisfied {
            Objects.requireNonNull(role, "role");
            plugins = List.copyOf(plugins);
        }
    }

    /**
     * A required role no usable plugin serves.
     *
     * @param fix the commands that make it served, in order, each after the one before succeeded;
     *     empty when no plugin is known that serves it ({@code reason} then says what to do)
     * @param reason why it is missing, in one sentence
     */
    public record Missing(String role, List<Fix> fix, String reason) {
        public Missing {
            Objects.requireNonNull(role, "role");
            fix = List.copyOf(fix);
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** A default installed for a role that was missing: the plugin's name and where its code came from. */
    public record AutoInstalled(String role, String plugin, String source) {
        public AutoInstalled {
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(source, "source");
        }
    }

    /** Whether every required role is served. */
    public boolean passed() {
        return missing.isEmpty();
    }

    /**
     * This report of the check after {@code installed} ran ({@code --auto-install}): the defaults
     * that were installed, and a warning per default that failed.
     */
    public PreflightReport after(DefaultsReport installed) {
        List<AutoInstalled> auto = new ArrayList<>(autoInstalled);
        List<String> notes = new ArrayList<>(warnings);
        for (DefaultsReport.Outcome o : installed.outcomes()) {
            switch (o) {
                case DefaultsReport.Outcome.Installed i ->
                    auto.add(new AutoInstalled(
                            i.entry().role(),
                            i.entry().name(),
                            i.entry().source().describe()));
                case DefaultsReport.Outcome.Failed f ->
                    notes.add("the default " + f.entry().name() + " for "
                            + f.entry().role() + " was not installed: "
                            + f.error().getMessage());
                case DefaultsReport.Outcome.Skipped s -> {}
            }
        }
        return new PreflightReport(satisfied, missing, auto, notes);
    }
}
