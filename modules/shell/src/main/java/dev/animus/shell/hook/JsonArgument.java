package dev.animus.shell.hook;

import dev.animus.runtime.JsonInput;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** A JSON object given on the command line as {@code JSON}, {@code -} (stdin) or {@code @FILE}. */
final class JsonArgument {
    private JsonArgument() {}

    /**
     * @param option the option's name, for the errors ({@code --input})
     * @param code the error code's stem ({@code input})
     */
    static JsonNode object(AnimusCommand root, String option, String code, String value) {
        String text;
        if (value.equals("-")) {
            if (root.context().commandsOnStdin()) {
                throw new CommandFailed(
                        ExitCodes.USAGE,
                        code + "_from_stdin",
                        option + " - reads stdin, which holds the commands here; give the JSON inline");
            }
            text = read(root.terminal().in(), option, code);
        } else if (value.startsWith("@")) {
            try {
                text = Files.readString(Path.of(value.substring(1)), StandardCharsets.UTF_8);
            } catch (IOException | InvalidPathException e) {
                throw new CommandFailed(
                        ExitCodes.USAGE,
                        code + "_unreadable",
                        option + " " + value + ": cannot read it (is it a readable text file?)");
            }
        } else {
            text = value;
        }
        JsonNode node;
        try {
            node = JsonInput.parse(text);
        } catch (JacksonException e) {
            var at = e.getLocation();
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    code + "_invalid_json",
                    option + " is not JSON: "
                            + (at == null || at.getLineNr() < 1
                                    ? "it cannot be read"
                                    : "it stops being JSON at line " + at.getLineNr() + ", column "
                                            + at.getColumnNr()));
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(
                    ExitCodes.USAGE, code + "_invalid_json", option + " is not JSON: " + e.getMessage());
        }
        if (node == null || !node.isObject()) {
            throw new CommandFailed(ExitCodes.USAGE, code + "_not_object", option + " must be a JSON object");
        }
        return node;
    }

    private static String read(InputStream in, String option, String code) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CommandFailed(ExitCodes.USAGE, code + "_unreadable", option + " -: cannot read stdin");
        }
    }
}
