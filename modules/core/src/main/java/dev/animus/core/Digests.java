package dev.animus.core;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** SHA-256 digests as this project writes them: 64 lowercase hex digits. */
public final class Digests {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private Digests() {}

    /** Whether {@code text} is a digest in the one accepted form. */
    public static boolean isSha256(String text) {
        return text != null && SHA256.matcher(text).matches();
    }

    /**
     * {@code text}, checked.
     *
     * @throws IllegalArgumentException naming {@code what} when it is not 64 lowercase hex digits
     */
    public static String requireSha256(String text, String what) {
        if (!isSha256(text)) {
            throw new IllegalArgumentException(what + " is not a SHA-256 digest (64 lowercase hex digits): "
                    + (text == null ? "missing" : ManifestRules.quote(text)));
        }
        return text;
    }

    /** The SHA-256 of {@code bytes}, in the one accepted form. */
    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from the JDK", e);
        }
    }

    /** The first 12 digits, for tables. */
    public static String shortForm(String digest) {
        return digest.length() > 12 ? digest.substring(0, 12) : digest;
    }
}
