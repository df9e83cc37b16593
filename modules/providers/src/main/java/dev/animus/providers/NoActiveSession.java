package dev.animus.providers;

import java.util.Objects;

/** {@code agent/cancel} of a control session id no run has (never had, or one that ended). */
public final class NoActiveSession extends ProviderFailure {
    private static final long serialVersionUID = 1L;
    private final String controlSessionId;

    public NoActiveSession(String controlSessionId) {
        super("no active session " + Objects.requireNonNull(controlSessionId, "controlSessionId")
                + "; nothing to cancel");
        this.controlSessionId = controlSessionId;
    }

    public String controlSessionId() {
        return controlSessionId;
    }

    @Override
    public String code() {
        return "no_active_session";
    }
}
