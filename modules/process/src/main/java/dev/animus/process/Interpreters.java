package dev.animus.process;

import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.Guidance;
import dev.animus.core.Interpreter;
import dev.animus.core.OneLine;
import dev.animus.core.Shebang;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Resolves a script's {@code #!} line to the {@link Interpreter} recorded with its trust, and
 * checks a recorded one before a launch. Resolution looks only at absolute {@code PATH} entries
 * of the caller's environment (glibc's default {@code /bin:/usr/bin} when there is none), never
 * at the working directory, and refuses a relative interpreter.
 *
 * <p>Stateless; thread-safe.
 */
public final class Interpreters {
    /** What {@code execvp} searches when {@code PATH} is unset. */
    public static final String DEFAULT_PATH = "/bin:/usr/bin";

    private Interpreters() {}

    /** Why a script's interpreter cannot be resolved or used; the message is one line. */
    public static final class Unresolved extends RuntimeException implements ProcessFailure {
        private static final long serialVersionUID = 1L;

        private final transient Guidance guidance;

        public Unresolved(String message) {
            this(Guidance.text(message));
        }

        public Unresolved(Guidance guidance) {
            super(guidance.toString());
            this.guidance = guidance;
        }

        /** Why, with what to do as values. */
        public Guidance guidance() {
            return guidance;
        }
    }

    /**
     * The interpreter {@code script} runs on; empty for a native executable.
     *
     * @throws Unresolved when its {@code #!} line cannot be run safely or names nothing that exists
     */
    public static Optional<Interpreter> resolve(Path script, Map<String, String> callerEnvironment) {
        return resolve(head(script), callerEnvironment);
    }

    /** {@link #resolve(Path, Map)} from the first bytes of the file. */
    public static Optional<Interpreter> resolve(byte[] head, Map<String, String> callerEnvironment) {
        Optional<Shebang> shebang;
        Shebang.Plan plan;
        try {
            shebang = Shebang.parse(head);
            if (shebang.isEmpty()) {
                return Optional.empty();
            }
            plan = shebang.get().plan();
        } catch (Shebang.Invalid e) {
            throw new Unresolved(e.getMessage());
        }
        return Optional.of(
                switch (plan) {
                    case Shebang.Plan.Absolute a -> {
                        requireUsable(a.interpreter());
                        yield new Interpreter(a.interpreter(), a.arguments());
                    }
                    case Shebang.Plan.Search s ->
                        new Interpreter(search(s.command(), callerEnvironment), s.arguments());
                });
    }

    /** Whether the file starts with {@code #!}: it needs a recorded interpreter to run. */
    public static boolean isScript(Path file) {
        return Shebang.isScript(head(file));
    }

    /**
     * {@code interpreter} may run now.
     *
     * @throws Unresolved when it is gone or no longer an executable file
     */
    public static void check(Interpreter interpreter) {
        requireUsable(interpreter.path());
    }

    private static String search(String command, Map<String, String> callerEnvironment) {
        String path = Optional.ofNullable(callerEnvironment.get("PATH"))
                .flatMap(EnvironmentPolicy::absoluteEntries)
                .orElse(DEFAULT_PATH);
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir).resolve(command);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new Unresolved("its #! line runs '" + OneLine.of(command) + "' through env, and no absolute PATH entry"
                + " holds it (searched " + OneLine.of(path)
                + "); install it, or write its absolute path in the #! line");
    }

    private static void requireUsable(String interpreter) {
        Path p = Path.of(interpreter);
        if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
            throw new Unresolved("its interpreter " + OneLine.of(interpreter)
                    + (Files.exists(p) ? " is not an executable file" : " does not exist"));
        }
    }

    private static byte[] head(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(Shebang.HEAD_BYTES);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The command that runs {@code executable}: its interpreter first, when it has one. */
    public static List<String> command(Optional<Interpreter> interpreter, Path executable) {
        if (interpreter.isEmpty()) {
            return List.of(executable.toString());
        }
        List<String> command = new java.util.ArrayList<>(interpreter.get().command());
        command.add(executable.toAbsolutePath().toString());
        return List.copyOf(command);
    }
}
