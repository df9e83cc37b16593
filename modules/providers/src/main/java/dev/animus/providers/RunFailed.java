package dev.animus.providers;

import dev.animus.core.HostFailure;
import java.util.Objects;

/**
 * A run ended without a result: the provider answered with an error, died, timed out, or crashed
 * too often ({@link HostFailure.TooManyRestarts}). A death after output is never retried; the
 * caller then gets the failure ({@link #failure()}, as the host has it) and the {@code agent/output}
 * text that reached it before ({@link #outputSoFar()}).
 */
public final class RunFailed extends ProviderFailure {
    private static final long serialVersionUID = 1L;
    private final String provider;
    private final String controlSessionId;
    private final transient HostFailure failure;
    private final String outputSoFar;

    public RunFailed(String provider, String controlSessionId, HostFailure failure, String outputSoFar) {
        super("provider " + Objects.requireNonNull(provider, "provider") + ": "
                + Objects.requireNonNull(failure, "failure").message());
        this.provider = provider;
        this.controlSessionId = Objects.requireNonNull(controlSessionId, "controlSessionId");
        this.failure = failure;
        this.outputSoFar = Objects.requireNonNull(outputSoFar, "outputSoFar");
    }

    public String provider() {
        return provider;
    }

    public String controlSessionId() {
        return controlSessionId;
    }

    public HostFailure failure() {
        return failure;
    }

    public String outputSoFar() {
        return outputSoFar;
    }

    @Override
    public String code() {
        return "run_failed";
    }
}
