package dev.animus.sigstore;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** A trusted-root validity window: from {@code start}, to {@code end} inclusive when there is one. */
public record Validity(Instant start, Optional<Instant> end) {
    public Validity {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
    }

    /** Whether {@code time} lies in the window (both ends inclusive). */
    public boolean contains(Instant time) {
        return !time.isBefore(start) && end.map(e -> !time.isAfter(e)).orElse(true);
    }

    @Override
    public String toString() {
        return "[" + start + ", " + end.map(Instant::toString).orElse("open") + "]";
    }
}
