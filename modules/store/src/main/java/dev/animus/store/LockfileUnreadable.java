package dev.animus.store;

import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.OneLine;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A lockfile could not be read: it is not UTF-8, not TOML, has the wrong shape (a missing or
 * mistyped key, a bad value, a plugin locked twice), or was written with a major schema this animus
 * does not know. Saves fail closed on it (docs/security.md#the-lockfile): the file was left
 * unchanged.
 *
 * <p>The message is one line: the file, what is wrong (the entry and key when known), that the
 * file was left unchanged, and the next step: fix it or pass {@code --rewrite-lockfile}; for a
 * newer schema, upgrade animus.
 */
public final class LockfileUnreadable extends RuntimeException implements StoreFailure {
    private static final long serialVersionUID = 1L;

    /** The next step for a file that is damaged. */
    static final Guidance FIX_OR_REWRITE = Guidance.of(
            "fix it by hand, or pass ",
            new Fix.Choose(Fix.Choice.REWRITE_LOCKFILE),
            " to replace it with only the entries this command writes"
                    + " (every other locked plugin is then dropped from it)");
    /** The next step for a file from a newer animus. */
    static final Guidance UPGRADE = Guidance.of(
            new Fix.UpgradeAnimus(),
            " to one that reads it (or pass ",
            new Fix.Choose(Fix.Choice.REWRITE_LOCKFILE),
            " to replace it with only the entries this command writes," + " dropping every other locked plugin)");

    private final transient Path file;
    private final transient Guidance guidance;
    private final String problem;

    LockfileUnreadable(Path file, String problem, String nextStep) {
        this(file, problem, Guidance.text(nextStep));
    }

    LockfileUnreadable(Path file, String problem, Guidance nextStep) {
        this(
                Guidance.text(OneLine.of(Objects.requireNonNull(file, "file") + ": " + problem
                                + "; the file was left unchanged: "))
                        .then(nextStep),
                file,
                OneLine.of(problem));
    }

    private LockfileUnreadable(Guidance guidance, Path file, String problem) {
        super(guidance.toString());
        this.guidance = guidance;
        this.file = file;
        this.problem = problem;
    }

    /** What is wrong with the file, without the next step. */
    public String problem() {
        return problem;
    }

    @Override
    public Guidance guidance() {
        return guidance;
    }

    /** The lockfile that could not be read. */
    public Path file() {
        return file;
    }
}
