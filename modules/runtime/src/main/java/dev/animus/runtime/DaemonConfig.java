package dev.animus.runtime;

import dev.animus.core.DurationText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * A project's {@code .animus/daemon.toml} (docs/daemon.md#the-work-loop): how the daemon feeds its
 * work loop. A missing file, or a missing key, means the default.
 *
 * @param dispatch the {@code [dispatch]} table
 */
public record DaemonConfig(Dispatch dispatch) {
    /** Where the file lives, relative to the project root. */
    public static final Path FILE = Path.of(".animus", "daemon.toml");

    private static final TomlMapper TOML = TomlMapper.builder().build();
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}");
    private static final Duration MIN_INTERVAL = Duration.ofMillis(100);
    private static final Duration MAX_INTERVAL = Duration.ofHours(24);

    /**
     * {@code [dispatch]}: every {@code interval} the daemon queues the ready subjects carrying
     * {@code label}; the workflow runner runs {@code concurrency} at once.
     */
    public record Dispatch(Duration interval, String label, int concurrency, boolean enabled) {
        public static final Dispatch DEFAULTS = new Dispatch(Duration.ofSeconds(5), "dispatch", 4, true);

        public Dispatch {
            Objects.requireNonNull(interval, "interval");
            Objects.requireNonNull(label, "label");
        }
    }

    public DaemonConfig {
        Objects.requireNonNull(dispatch, "dispatch");
    }

    /** No file: every default. */
    public static final DaemonConfig DEFAULTS = new DaemonConfig(Dispatch.DEFAULTS);

    /**
     * A {@code daemon.toml} the daemon refuses to start with: names the file, the key and the
     * allowed values. An {@link IllegalArgumentException} to its callers (the class is this
     * package's).
     */
    static final class Invalid extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Invalid(Path file, String key, String what) {
            super(file + ": " + (key.isEmpty() ? "" : key + ": ") + what);
        }
    }

    /**
     * The file of {@code projectRoot}, or the defaults when there is none.
     *
     * @throws IllegalArgumentException for a file that is not TOML, an unknown key or a bad value,
     *     in one line naming the file, the key and the values allowed
     */
    public static DaemonConfig read(Path projectRoot) {
        Path file = projectRoot.resolve(FILE);
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            return DEFAULTS;
        } catch (IOException e) {
            throw new Invalid(file, "", "cannot be read: " + e.getMessage());
        }
        return parse(file, text);
    }

    static DaemonConfig parse(Path file, String text) {
        JsonNode root;
        try {
            root = TOML.readTree(text);
        } catch (JacksonException e) {
            throw new Invalid(file, "", "is not TOML: " + e.getOriginalMessage());
        }
        for (String key : root.propertyNames()) {
            if (!key.equals("dispatch")) {
                throw new Invalid(file, key, "unknown table or key (known: [dispatch])");
            }
        }
        JsonNode d = root.path("dispatch");
        if (d.isMissingNode()) {
            return DEFAULTS;
        }
        if (!d.isObject()) {
            throw new Invalid(file, "dispatch", "must be a table: [dispatch]");
        }
        Set<String> known = Set.of("interval", "label", "concurrency", "enabled");
        for (Iterator<Map.Entry<String, JsonNode>> it = d.properties().iterator(); it.hasNext(); ) {
            String key = it.next().getKey();
            if (!known.contains(key)) {
                throw new Invalid(
                        file, "dispatch." + key, "unknown key (known: interval, label, concurrency, enabled)");
            }
        }
        Dispatch def = Dispatch.DEFAULTS;
        Duration interval = def.interval();
        JsonNode i = d.path("interval");
        if (!i.isMissingNode()) {
            String allowed = "a duration from 100ms to 24h, e.g. \"5s\"";
            if (!i.isString()) {
                throw new Invalid(file, "dispatch.interval", "must be " + allowed);
            }
            try {
                interval = DurationText.parseWithin(i.stringValue(), MIN_INTERVAL, MAX_INTERVAL);
            } catch (IllegalArgumentException e) {
                throw new Invalid(file, "dispatch.interval", "\"" + i.stringValue() + "\" is not " + allowed);
            }
        }
        String label = def.label();
        JsonNode l = d.path("label");
        if (!l.isMissingNode()) {
            if (!l.isString() || !LABEL.matcher(l.stringValue()).matches()) {
                throw new Invalid(
                        file,
                        "dispatch.label",
                        "must be a label of letters, digits and . _ : / - (at most 64), e.g. \"dispatch\"");
            }
            label = l.stringValue();
        }
        int concurrency = def.concurrency();
        JsonNode c = d.path("concurrency");
        if (!c.isMissingNode()) {
            if (!c.isIntegralNumber() || c.asLong() < 1 || c.asLong() > 64) {
                throw new Invalid(file, "dispatch.concurrency", "must be a whole number from 1 to 64");
            }
            concurrency = c.asInt();
        }
        boolean enabled = def.enabled();
        JsonNode e = d.path("enabled");
        if (!e.isMissingNode()) {
            if (!e.isBoolean()) {
                throw new Invalid(file, "dispatch.enabled", "must be true or false");
            }
            enabled = e.booleanValue();
        }
        return new DaemonConfig(new Dispatch(interval, label, concurrency, enabled));
    }
}
