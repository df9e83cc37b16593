package dev.animus.runtime;

import dev.animus.core.Guidance;
import java.util.Objects;

/**
 * A failure of an adapter (the store, fetch, sigstore, process or rpc module) as the front ends
 * need it, without naming the adapter's types: which kind of outcome it is, and the one line for
 * people with its fixes as values, and a stable snake_case {@code code} naming the kind of failure
 * (for a program that reads the front end's error, docs/cli.md#errors-a-program-can-read).
 * {@link AdapterFailures} makes them.
 */
public record FailureReport(Category category, String code, Guidance line) {

    /** What kind of outcome: a front end maps it to its own status (the shell to an exit code). */
    public enum Category {
        /** Bad input or an unmet requirement the operator can change. */
        USAGE,
        /** A digest, lock or signature did not match. */
        VERIFICATION,
        /** A deadline passed. */
        TIMEOUT,
        /** The caller gave up (cancelled). */
        INTERRUPTED,
        /** Anything else: the environment, the network, a document that cannot be read. */
        FAILED
    }

    public FailureReport {
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(line, "line");
    }

    static FailureReport of(Category category, String code, String message) {
        return new FailureReport(category, code, Guidance.text(message));
    }
}
