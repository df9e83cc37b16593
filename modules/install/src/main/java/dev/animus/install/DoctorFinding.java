package dev.animus.install;

import java.util.Objects;

/**
 * One thing that would stop a plugin from launching, with the command that fixes it.
 *
 * @param problem one line: what is wrong
 * @param fix the exact command (or act) that fixes it
 */
public record DoctorFinding(String plugin, String problem, String fix) {
    public DoctorFinding {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(fix, "fix");
    }
}
