package dev.animus.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The digest an operator's consent is keyed by: SHA-256 over the UTF-8 bytes of
 * {@link Disclosure#canonical()}, as 64 lowercase hex digits. The same disclosure always gives the
 * same digest, on every machine and in every version that writes {@link Disclosure#FORMAT}.
 */
public final class ConsentDigest {
    private ConsentDigest() {}

    /** The consent digest of {@code disclosure}. */
    public static String of(Disclosure disclosure) {
        Objects.requireNonNull(disclosure, "disclosure");
        return HexFormat.of().formatHex(sha256().digest(disclosure.canonical().getBytes(StandardCharsets.UTF_8)));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            // every Java platform must provide SHA-256 (MessageDigest's contract)
            throw new IllegalStateException("this Java runtime has no SHA-256", e);
        }
    }
}
