package dev.animus.plugins.cli;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code .animus/providers/cli.toml} says: the command of a run without a model, and one per
 * named model.
 *
 * @param fallback the command of a run that names no model, if configured
 * @param models the command of each model name
 */
record CliConfig(Optional<Command> fallback, Map<String, Command> models) {

    /** Where the prompt goes. */
    enum PromptMode {
        /** Written to the command's stdin, which is then closed. */
        STDIN,
        /** Appended to the command line as its last argument; stdin is empty. */
        ARGUMENT
    }

    /** Where the command's stderr goes. */
    enum StderrMode {
        /** {@code agent/thinking}, in chunks as it arrives. */
        THINKING,
        /** {@code log/entry} at level info, one per line. */
        LOG
    }

    /**
     * One configured command.
     *
     * @param argv the program and its arguments, never empty
     * @param prompt where the prompt goes
     * @param stderr where stderr goes
     * @param timeout how long a run may take, if bounded
     */
    record Command(List<String> argv, PromptMode prompt, StderrMode stderr, Optional<Duration> timeout) {
        Command {
            argv = List.copyOf(argv);
            if (argv.isEmpty()) {
                throw new IllegalArgumentException("argv must not be empty");
            }
            Objects.requireNonNull(prompt, "prompt");
            Objects.requireNonNull(stderr, "stderr");
            Objects.requireNonNull(timeout, "timeout");
        }
    }

    CliConfig {
        Objects.requireNonNull(fallback, "fallback");
        models = Map.copyOf(models);
    }
}
