package dev.animus.providers;

/**
 * What a provider session refuses or fails with, closed: the provider is not installed
 * ({@link ProviderMissing}), a run failed ({@link RunFailed}: with what it streamed so far),
 * {@code agent/cancel} names no active run ({@link NoActiveSession}) or goes to a provider that did
 * not advertise cancellation ({@link CancelNotSupported}). Front ends branch with an exhaustive
 * {@code switch}.
 */
public abstract sealed class ProviderFailure extends RuntimeException
        permits ProviderMissing, RunFailed, NoActiveSession, CancelNotSupported {
    private static final long serialVersionUID = 1L;

    ProviderFailure(String message) {
        super(message);
    }

    /** The stable code front ends and the control protocol name this failure with. */
    public abstract String code();
}
