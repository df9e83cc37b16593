package dev.animus.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Objects;

/**
 * A secret's value (docs/security.md#secrets). Its {@link #toString()} never shows it, so a value
 * that ends up in a log line, a record's rendering or an error message by mistake reads
 * {@code ***}; the value itself comes out only through {@link #reveal()}, at the one place that
 * hands it on.
 */
public final class SecretValue {
    private final String value;

    private SecretValue(String value) {
        this.value = value;
    }

    /**
     * @throws IllegalArgumentException for an empty value or one holding a NUL (no environment
     *     variable can carry it)
     */
    public static SecretValue of(String value) {
        Objects.requireNonNull(value, "value");
        if (value.isEmpty()) {
            throw new IllegalArgumentException("a secret's value is empty");
        }
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(
                    "a secret's value holds a NUL character, which no environment variable can carry");
        }
        return new SecretValue(value);
    }

    /** The value, for the one place that hands it on (a plugin's environment, a backend). */
    public String reveal() {
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SecretValue s
                && MessageDigest.isEqual(
                        value.getBytes(StandardCharsets.UTF_8), s.value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return "SecretValue[" + Redaction.MASK + "]";
    }
}
