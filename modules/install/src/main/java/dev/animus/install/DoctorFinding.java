package dev.animus.install;

import dev.animus.core.Guidance;
import java.util.Objects;

/**
 * One thing that would stop a plugin from launching, with what fixes it.
 *
 * @param problem one line: what is wrong
 * @param fix the act that fixes it, its fixes as values for the front end to render
 */
public record DoctorFinding(String plugin, String problem, Guidance fix) {
    public DoctorFinding {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(fix, "fix");
    }
}
