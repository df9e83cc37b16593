package dev.animus.daemon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * The daemon's web token (docs/daemon.md#transports, decision 044): 32 bytes of
 * {@link SecureRandom}, base64url without padding (43 characters), made anew for each daemon life,
 * kept in {@link DaemonScope#webTokenFile()} (0600, written atomically) while the daemon runs and
 * handed to each transport in {@code transport/start} as {@code auth_token}. A front end reads it to
 * open the UI. Stateless; thread-safe.
 */
public final class WebToken {
    /** The token's length in characters. */
    public static final int LENGTH = 43;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int BYTES = 32;

    private WebToken() {}

    /** A fresh token, stored nowhere. */
    public static String generate() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * A fresh token, written to {@code file} (0600, atomically, replacing what was there).
     *
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    public static String create(Path file) {
        String token = generate();
        try {
            AtomicWrite.write(file, (token + "\n").getBytes(StandardCharsets.US_ASCII), AtomicWrite.PRIVATE);
        } catch (IOException e) {
            throw new UncheckedIOException("the web token " + file + " cannot be written: " + e.getMessage(), e);
        }
        return token;
    }

    /**
     * The token in {@code file}; empty when there is none (no daemon runs) or it is not a token.
     *
     * @throws UncheckedIOException naming the file when it exists but cannot be read
     */
    public static Optional<String> read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII).strip();
        } catch (NoSuchFileException | CharacterCodingException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("the web token " + file + " cannot be read: " + e.getMessage(), e);
        }
        return text.matches("[A-Za-z0-9_-]{" + LENGTH + "}") ? Optional.of(text) : Optional.empty();
    }
}
