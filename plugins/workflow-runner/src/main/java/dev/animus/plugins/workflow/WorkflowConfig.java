package dev.animus.plugins.workflow;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The project's {@code .animus/workflow.toml}: which provider runs a subject, with which model, the
 * prompt template, and the queue lease. A missing file means the defaults.
 *
 * @param provider the provider's name for {@code agent/run} (default {@code cli})
 * @param model the model, if one is named
 * @param prompt the template: {@code {{id}}}, {@code {{title}}}, {@code {{description}}},
 *     {@code {{labels}}} (comma-separated) are replaced, nothing else is
 * @param leaseMs how long a lease lasts; heartbeats renew it every third of it
 */
record WorkflowConfig(String provider, Optional<String> model, String prompt, long leaseMs) {
    static final Path FILE = Path.of(".animus", "workflow.toml");
    static final String DEFAULT_PROMPT = "{{title}}\n\n{{description}}";
    static final long DEFAULT_LEASE_MS = 300_000;
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(id|title|description|labels)}}");
    private static final Set<String> KEYS = Set.of("provider", "model", "prompt", "lease_ms");

    static WorkflowConfig defaults() {
        return new WorkflowConfig("cli", Optional.empty(), DEFAULT_PROMPT, DEFAULT_LEASE_MS);
    }

    /**
     * The file under {@code projectRoot}, or the defaults when there is none.
     *
     * @throws BadConfig naming the file, the line and what to write
     */
    static WorkflowConfig read(Path projectRoot) {
        Path file = projectRoot.resolve(FILE);
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            return defaults();
        } catch (IOException e) {
            throw new BadConfig(file, "cannot be read: " + e.getMessage());
        }
        return parse(file, text);
    }

    static WorkflowConfig parse(Path file, String text) {
        Map<String, Object> values = new LinkedHashMap<>();
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int n = i + 1;
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new BadConfig(file, "line " + n + ": expected key = value, e.g. provider = \"cli\"");
            }
            String key = line.substring(0, eq).strip();
            if (!KEYS.contains(key)) {
                throw new BadConfig(
                        file, "line " + n + ": unknown key " + key + " (known: provider, model, prompt, lease_ms)");
            }
            if (values.containsKey(key)) {
                throw new BadConfig(file, "line " + n + ": " + key + " is set twice");
            }
            String value = line.substring(eq + 1).strip();
            if (value.startsWith("\"\"\"")) {
                StringBuilder body = new StringBuilder(value.substring(3));
                int end;
                while ((end = body.indexOf("\"\"\"")) < 0) {
                    if (++i >= lines.size()) {
                        throw new BadConfig(file, "line " + n + ": the \"\"\" string of " + key + " is never closed");
                    }
                    body.append('\n').append(lines.get(i));
                }
                String raw = body.substring(0, end);
                values.put(key, unescape(file, n, raw.startsWith("\n") ? raw.substring(1) : raw));
            } else if (value.startsWith("\"")) {
                int end = closingQuote(value);
                if (end < 0 || !trailing(value.substring(end + 1))) {
                    throw new BadConfig(file, "line " + n + ": " + key + " must be one quoted string");
                }
                values.put(key, unescape(file, n, value.substring(1, end)));
            } else {
                String digits = value.replaceFirst("\\s*#.*$", "").replace("_", "");
                try {
                    values.put(key, Long.parseLong(digits));
                } catch (NumberFormatException e) {
                    throw new BadConfig(
                            file, "line " + n + ": " + key + " = " + value + " is neither a string nor a number");
                }
            }
        }
        String provider = string(file, values, "provider").orElse("cli");
        if (provider.isBlank()) {
            throw new BadConfig(file, "provider must name a provider, e.g. provider = \"cli\"");
        }
        Optional<String> model = string(file, values, "model");
        String prompt = string(file, values, "prompt").orElse(DEFAULT_PROMPT);
        Object lease = values.getOrDefault("lease_ms", DEFAULT_LEASE_MS);
        if (!(lease instanceof Long ms) || ms < 1000 || ms > 86_400_000) {
            throw new BadConfig(file, "lease_ms must be a whole number of milliseconds from 1000 to 86400000");
        }
        return new WorkflowConfig(provider, model, prompt, ms);
    }

    private static Optional<String> string(Path file, Map<String, Object> values, String key) {
        Object v = values.get(key);
        if (v == null) {
            return Optional.empty();
        }
        if (v instanceof String s) {
            return Optional.of(s);
        }
        throw new BadConfig(file, key + " must be a quoted string");
    }

    private static int closingQuote(String value) {
        for (int i = 1; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    private static boolean trailing(String rest) {
        String r = rest.strip();
        return r.isEmpty() || r.startsWith("#");
    }

    private static String unescape(Path file, int line, String raw) {
        StringBuilder out = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (++i >= raw.length()) {
                throw new BadConfig(file, "line " + line + ": a string ends in a lone backslash");
            }
            switch (raw.charAt(i)) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case '"' -> out.append('"');
                case '\\' -> out.append('\\');
                default ->
                    throw new BadConfig(
                            file,
                            "line " + line + ": unknown escape \\" + raw.charAt(i) + " (use \\n, \\t, \\\" or \\\\)");
            }
        }
        return out.toString();
    }

    /** The prompt for {@code subject} (a subject object of docs/protocol.md#subjects). */
    String render(JsonNode subject) {
        StringBuilder labels = new StringBuilder();
        for (JsonNode l : subject.path("labels")) {
            if (!labels.isEmpty()) {
                labels.append(", ");
            }
            labels.append(l.asString(""));
        }
        Map<String, String> fields = Map.of(
                "id", subject.path("id").asString(""),
                "title", subject.path("title").asString(""),
                "description", subject.path("description").asString(""),
                "labels", labels.toString());
        // one pass: a title holding "{{description}}" stays as written
        return PLACEHOLDER.matcher(prompt).replaceAll(m -> Matcher.quoteReplacement(fields.get(m.group(1))));
    }

    /** The file is not what this runner reads: the message names the file and what to write. */
    static final class BadConfig extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Path file;

        BadConfig(Path file, String problem) {
            super(file + ": " + problem);
            this.file = file;
        }

        Path file() {
            return file;
        }
    }
}
