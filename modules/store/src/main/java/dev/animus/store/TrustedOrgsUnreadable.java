package dev.animus.store;

import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.OneLine;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The trust-on-first-use decisions ({@code trusted-orgs.toml}) could not be read: not UTF-8, not
 * TOML, the wrong shape, an owner decided twice, or a schema this animus does not know. Fails
 * closed: no owner counts as trusted, nothing is recorded or revoked, and the file is left
 * byte-identical.
 *
 * <p>The message is one line: the file, what is wrong, that it was left unchanged, and the next step.
 */
public final class TrustedOrgsUnreadable extends RuntimeException implements StoreFailure {
    private static final long serialVersionUID = 1L;

    /** The next step for a file that is damaged. */
    static final String FIX_OR_REMOVE = "fix it by hand, or remove it (every GitHub owner is then asked about again)";
    /** The next step for a file from a newer animus. */
    static final Guidance UPGRADE = Guidance.of(new Fix.UpgradeAnimus(), " to one that reads it");

    private final transient Path file;
    private final transient Guidance guidance;

    TrustedOrgsUnreadable(Path file, String problem, String nextStep) {
        this(file, problem, Guidance.text(nextStep));
    }

    TrustedOrgsUnreadable(Path file, String problem, Guidance nextStep) {
        this(
                Guidance.text(OneLine.of(Objects.requireNonNull(file, "file") + ": " + problem
                                + "; the file was left unchanged: "))
                        .then(nextStep),
                file);
    }

    private TrustedOrgsUnreadable(Guidance guidance, Path file) {
        super(guidance.toString());
        this.guidance = guidance;
        this.file = file;
    }

    @Override
    public Guidance guidance() {
        return guidance;
    }

    /** The file that could not be read. */
    public Path file() {
        return file;
    }
}
