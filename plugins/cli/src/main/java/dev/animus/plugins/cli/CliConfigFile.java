package dev.animus.plugins.cli;

import dev.animus.plugins.cli.CliConfig.Command;
import dev.animus.plugins.cli.CliConfig.PromptMode;
import dev.animus.plugins.cli.CliConfig.StderrMode;
import dev.animus.sdk.PluginError;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads {@code <project>/.animus/providers/cli.toml}, the only place the command comes from. Every
 * problem is a {@code -32602} {@link PluginError} whose message names the file and says what to
 * write, with {@code data {category: "config", file}}.
 */
final class CliConfigFile {

    /** Where the file lies, relative to the project root. */
    static final Path RELATIVE = Path.of(".animus", "providers", "cli.toml");

    /** A configuration file is small; anything bigger is not one. */
    static final int MAX_BYTES = 64 * 1024;

    static final String EXAMPLE = "command = [\"claude\", \"-p\"]";

    private static final Set<String> COMMAND_KEYS = Set.of("command", "prompt", "stderr", "timeout");
    private static final Set<String> TOP_KEYS = Set.of("command", "prompt", "stderr", "timeout", "models");
    private static final Pattern DURATION = Pattern.compile("([1-9][0-9]{0,8})(ms|s|m|h)");

    private final Path file;

    private CliConfigFile(Path file) {
        this.file = file;
    }

    /** The file of the project at {@code root}. */
    static Path of(Path root) {
        return root.resolve(RELATIVE);
    }

    /** Reads and checks the file of the project at {@code root}. */
    static CliConfig read(Path root) {
        return new CliConfigFile(of(root)).read();
    }

    private CliConfig read() {
        String text = text();
        Map<String, Object> doc;
        try {
            doc = Toml.parse(text);
        } catch (TomlException e) {
            throw problem(e.getMessage());
        }
        unknownKeys(doc, TOP_KEYS, "");
        Optional<Command> fallback =
                doc.containsKey("command") ? Optional.of(command(doc, Map.of(), "")) : Optional.empty();
        Map<String, Command> models = new LinkedHashMap<>();
        Object modelsValue = doc.get("models");
        if (modelsValue != null) {
            if (!(modelsValue instanceof Map<?, ?> table)) {
                throw problem("'models' must be tables such as [models.fast] with their own command = [...]");
            }
            for (var entry : table.entrySet()) {
                String name = (String) entry.getKey();
                if (!(entry.getValue() instanceof Map<?, ?> model)) {
                    throw problem("models." + name + " must be a table: [models." + name + "] command = [...]");
                }
                Map<String, Object> typed = typed(model);
                unknownKeys(typed, COMMAND_KEYS, "models." + name + ".");
                if (!typed.containsKey("command")) {
                    throw problem("[models." + name + "] has no command; add command = [\"program\", \"arg\"]");
                }
                models.put(name, command(typed, doc, "models." + name + "."));
            }
        }
        if (fallback.isEmpty() && models.isEmpty()) {
            throw problem("no command is configured; write the agent CLI to run, e.g. " + EXAMPLE);
        }
        return new CliConfig(fallback, models);
    }

    private String text() {
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw problem("the file is over " + MAX_BYTES / 1024 + " KiB; it holds a few lines such as " + EXAMPLE);
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw problem("the file does not exist; create it with the agent CLI to run, e.g. " + EXAMPLE
                    + " (prompt = \"stdin\" or \"argument\", stderr = \"thinking\" or \"log\", timeout = \"10m\")");
        } catch (IOException e) {
            throw problem("cannot be read: " + e.getMessage());
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw problem("is not UTF-8 text");
        }
    }

    /** A command from {@code table}, its unset options from {@code defaults} (the top level). */
    private Command command(Map<String, Object> table, Map<String, Object> defaults, String prefix) {
        Object raw = table.get("command");
        if (!(raw instanceof List<?> list) || list.isEmpty()) {
            throw problem(prefix + "command must be a non-empty array of strings, e.g. " + EXAMPLE);
        }
        List<String> argv = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof String s) || s.indexOf('\0') >= 0) {
                throw problem(prefix + "command must hold strings only (without NUL), e.g. " + EXAMPLE);
            }
            argv.add(s);
        }
        if (argv.getFirst().isBlank()) {
            throw problem(prefix + "command[0] must name a program, e.g. " + EXAMPLE);
        }
        String prompt = option(table, defaults, "prompt", prefix, "stdin");
        String stderr = option(table, defaults, "stderr", prefix, "thinking");
        return new Command(
                argv,
                switch (prompt) {
                    case "stdin" -> PromptMode.STDIN;
                    case "argument" -> PromptMode.ARGUMENT;
                    default ->
                        throw problem(prefix + "prompt must be \"stdin\" or \"argument\", not \"" + prompt + "\"");
                },
                switch (stderr) {
                    case "thinking" -> StderrMode.THINKING;
                    case "log" -> StderrMode.LOG;
                    default -> throw problem(prefix + "stderr must be \"thinking\" or \"log\", not \"" + stderr + "\"");
                },
                timeout(table, defaults, prefix));
    }

    private String option(
            Map<String, Object> table, Map<String, Object> defaults, String key, String prefix, String dflt) {
        Object value = table.containsKey(key) ? table.get(key) : defaults.get(key);
        if (value == null) {
            return dflt;
        }
        if (!(value instanceof String s)) {
            throw problem((table.containsKey(key) ? prefix : "") + key + " must be a quoted string");
        }
        return s;
    }

    private Optional<Duration> timeout(Map<String, Object> table, Map<String, Object> defaults, String prefix) {
        boolean own = table.containsKey("timeout");
        Object value = own ? table.get("timeout") : defaults.get("timeout");
        if (value == null) {
            return Optional.empty();
        }
        Matcher m = value instanceof String s ? DURATION.matcher(s) : null;
        if (m == null || !m.matches()) {
            throw problem(
                    (own ? prefix : "") + "timeout must be a duration such as \"90s\", \"10m\", \"2h\" or \"500ms\"");
        }
        long n = Long.parseLong(m.group(1));
        return Optional.of(
                switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    default -> Duration.ofHours(n);
                });
    }

    private void unknownKeys(Map<String, Object> table, Set<String> known, String prefix) {
        for (String key : table.keySet()) {
            if (!known.contains(key)) {
                throw problem("unknown key '" + prefix + key + "'; the keys are "
                        + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> typed(Map<?, ?> map) {
        return (Map<String, Object>) map;
    }

    private PluginError problem(String what) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("category", "config");
        data.put("file", file.toString());
        return new PluginError(PluginError.INVALID_PARAMS, "cli provider: " + file + ": " + what, data);
    }
}
