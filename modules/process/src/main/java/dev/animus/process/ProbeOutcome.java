package dev.animus.process;

import java.time.Duration;
import java.util.Objects;

/** What a {@link ManifestProbe} produced: the text the binary printed, or why it did not. */
public sealed interface ProbeOutcome {

    /** How long the probe took, from before the spawn to the outcome. */
    Duration took();

    /**
     * The binary exited 0.
     *
     * @param stdout everything it wrote on stdout, decoded as UTF-8 (malformed bytes become
     *               U+FFFD); not yet parsed nor validated
     */
    record Printed(String stdout, Duration took) implements ProbeOutcome {
        public Printed {
            Objects.requireNonNull(stdout, "stdout");
            Objects.requireNonNull(took, "took");
        }
    }

    /**
     * The probe gave no manifest.
     *
     * @param message one printable line for a warning row: names the executable and says what
     *                happened (the bound, the exit code, the stderr excerpt)
     */
    record Failed(Reason reason, String message, Duration took) implements ProbeOutcome {
        public Failed {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(took, "took");
        }
    }

    /** Why a probe failed. */
    enum Reason {
        /** The file is missing or not executable, or the OS (or setsid) could not execute it. */
        SPAWN_FAILED,
        /** The probe outlived its timeout (or the calling thread was interrupted); its tree was killed. */
        TIMED_OUT,
        /** It wrote more than the stdout cap; its tree was killed at once. */
        STDOUT_TOO_LARGE,
        /** It wrote more than the stderr cap; its tree was killed at once. */
        STDERR_TOO_LARGE,
        /** It exited with a non-zero code. */
        EXITED_NONZERO,
        /** It was ended by a signal it did not get from the probe. */
        KILLED_BY_SIGNAL
    }
}
