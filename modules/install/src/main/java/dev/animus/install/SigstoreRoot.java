package dev.animus.install;

import dev.animus.sigstore.TrustedRoot;
import java.nio.file.Path;
import java.util.Map;

/**
 * The Sigstore trusted root in force: the file {@code ANIMUS_SIGSTORE_TRUSTED_ROOT} names, else the
 * production root built into the sigstore module (its snapshot date is in docs/security.md).
 */
public final class SigstoreRoot {
    /** The variable that replaces the built-in root. */
    public static final String VARIABLE = "ANIMUS_SIGSTORE_TRUSTED_ROOT";

    private SigstoreRoot() {}

    /**
     * @throws dev.animus.sigstore.VerificationFailed (malformed trusted root) naming the file
     */
    public static TrustedRoot fromEnvironment(Map<String, String> env) {
        String file = env.get(VARIABLE);
        return file == null || file.isBlank() ? TrustedRoot.production() : TrustedRoot.read(Path.of(file));
    }
}
