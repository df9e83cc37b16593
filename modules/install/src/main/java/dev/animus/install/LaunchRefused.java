package dev.animus.install;

import dev.animus.core.HostFailure;
import java.util.Objects;

/** The launch gate refused a plugin: {@link #failure()} says why and names the command that fixes it. */
public final class LaunchRefused extends RuntimeException implements InstallationFailure {
    private static final long serialVersionUID = 1L;

    private final transient HostFailure failure;

    LaunchRefused(HostFailure failure) {
        super(failure.message());
        this.failure = Objects.requireNonNull(failure, "failure");
    }

    /** The refusal as another process reported it (the daemon, over its control socket). */
    public static LaunchRefused reported(HostFailure failure) {
        return new LaunchRefused(failure);
    }

    public HostFailure failure() {
        return failure;
    }
}
