package dev.animus.providers;

import java.util.Objects;

/** {@code agent/cancel} refused: the provider's {@code initialize} result did not advertise {@code capabilities.cancellation}. */
public final class CancelNotSupported extends ProviderFailure {
    private static final long serialVersionUID = 1L;
    private final String provider;
    private final String controlSessionId;

    public CancelNotSupported(String provider, String controlSessionId) {
        super("provider " + Objects.requireNonNull(provider, "provider")
                + " does not support cancellation (its initialize result has no capabilities.cancellation);"
                + " session " + Objects.requireNonNull(controlSessionId, "controlSessionId")
                + " runs until it ends or times out");
        this.provider = provider;
        this.controlSessionId = controlSessionId;
    }

    public String provider() {
        return provider;
    }

    public String controlSessionId() {
        return controlSessionId;
    }

    @Override
    public String code() {
        return "not_supported";
    }
}
