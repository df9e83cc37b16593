package dev.animus.shell.trust;

import dev.animus.core.SecretValue;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a secret's value the way {@code secret set} takes it: from a prompt that does not echo at a
 * terminal, else from stdin (one trailing newline dropped), never from an argument.
 */
final class SecretInput {
    private SecretInput() {}

    static SecretValue read(AnimusCommand root, String what) {
        Terminal t = root.terminal();
        if (root.context().scriptMode()) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "secret_from_stdin",
                    "secret set reads the value from stdin, which holds this script's"
                            + " commands; run it as its own command: printf %s \"$VALUE\" | animus secret set <plugin> <name>");
        }
        if (t.interactive()) {
            char[] typed = t.readHidden(what + " (input hidden): ")
                    .orElseThrow(() -> new CommandFailed(
                            ExitCodes.FAILED, "secret_not_typed", "no value was typed; nothing was stored"));
            try {
                return of(new String(typed));
            } finally {
                Arrays.fill(typed, '\0');
            }
        }
        return of(fromStream(t.in()));
    }

    private static SecretValue of(String text) {
        try {
            return SecretValue.of(text);
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "secret_value_invalid", e.getMessage() + "; nothing was stored");
        }
    }

    /** All of stdin as strict UTF-8, at most {@link SecretCommand#MAX_VALUE_BYTES}, without one trailing newline. */
    private static String fromStream(InputStream in) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                bytes.write(buffer, 0, n);
                if (bytes.size() > SecretCommand.MAX_VALUE_BYTES) {
                    throw new CommandFailed(
                            ExitCodes.USAGE,
                            "secret_value_too_long",
                            "the value on stdin is longer than " + SecretCommand.MAX_VALUE_BYTES
                                    + " bytes; nothing was stored");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading the secret from stdin failed: " + e.getMessage(), e);
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "secret_value_invalid",
                    "the value on stdin is not UTF-8 text; nothing was stored");
        }
        if (text.endsWith("\r\n")) {
            return text.substring(0, text.length() - 2);
        }
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }
}
