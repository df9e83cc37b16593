package dev.animus.store;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The one hash of the store: SHA-256, written as lowercase hex. */
final class Sha256 {
    private Sha256() {}

    static MessageDigest start() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Completes {@code md} (which is reset) as 64 lowercase hex digits. */
    static String finish(MessageDigest md) {
        return HexFormat.of().formatHex(md.digest());
    }
}
