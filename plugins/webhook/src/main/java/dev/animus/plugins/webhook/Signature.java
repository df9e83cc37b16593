package dev.animus.plugins.webhook;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * GitHub's delivery signature: {@code X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw
 * body under the secret>}. The comparison takes the same time whatever bytes differ. Immutable;
 * thread-safe.
 */
final class Signature {
    static final String HEADER = "X-Hub-Signature-256";
    private static final String PREFIX = "sha256=";
    private static final String ALGORITHM = "HmacSHA256";

    private final SecretKeySpec key;

    /** @throws IllegalArgumentException if {@code secret} is empty */
    Signature(String secret) {
        Objects.requireNonNull(secret, "secret");
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("the webhook secret is empty");
        }
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
    }

    /** The header value a sender with this secret puts on {@code body}. */
    String sign(byte[] body) {
        return PREFIX + HexFormat.of().formatHex(mac(body));
    }

    /** Whether {@code header} (the header's value, null when absent) signs {@code body} with this secret. */
    boolean verifies(String header, byte[] body) {
        if (header == null || !header.startsWith(PREFIX)) {
            return false;
        }
        byte[] given;
        try {
            given = HexFormat.of()
                    .parseHex(header.substring(PREFIX.length()).strip().toLowerCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(mac(body), given);
    }

    private byte[] mac(byte[] body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(body);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 is part of every JDK", e);
        }
    }
}
