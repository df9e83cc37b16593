package dev.animus.runtime;

import dev.animus.core.NameRule;
import dev.animus.core.OneLine;
import dev.animus.install.SignaturePolicy;
import dev.animus.store.ConfigFile;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The operator's defaults in {@code <animus_home>/config.toml}
 * (docs/operations.md#defaults-in-configtoml): which agent a command is for, the signature policy
 * of release installs, colour, and the width tables are fitted to. A value is taken from the
 * command line, else the environment (only {@code NO_COLOR}, for colour), else the file, else the
 * built-in default; {@link #value} says which.
 *
 * <p>A file that cannot be read, or holds an unknown key or a value its key does not allow, is
 * ignored as a whole: {@link #problem} is the one-line warning, and every key has its built-in
 * default. {@link #set} refuses a value a key does not allow, and changes nothing then.
 *
 * <p>Immutable: a snapshot of the file when it was loaded; {@link #set} and {@link #unset} write
 * the file and return nothing, load again to see the result.
 */
public final class Settings {
    /** The keys, by their dotted name in the file. */
    public enum Key {
        /** The agent a plugin is called, enabled or disabled for ({@code --agent}). */
        AGENT("agent", "an agent name (lowercase letters, digits, . _ -; e.g. default)", "default"),
        /** Colour of diagnostics: {@code auto} (on a terminal), {@code always}, {@code never}. */
        COLOR("color", "auto, always or never", "auto"),
        /** The signature policy of release installs ({@code --signature-policy}). */
        INSTALL_SIGNATURE_POLICY("install.signature_policy", "strict, warn or disabled", "warn"),
        /** The width tables are fitted to: a number of columns, or {@code auto} (the terminal's). */
        TABLE_WIDTH("table.width", "a number of columns from 40 to 1000, or auto", "auto");

        private final String dotted;
        private final String allowed;
        private final String builtIn;

        Key(String dotted, String allowed, String builtIn) {
            this.dotted = dotted;
            this.allowed = allowed;
            this.builtIn = builtIn;
        }

        /** The key as written in the file and on the command line ({@code install.signature_policy}). */
        public String dotted() {
            return dotted;
        }

        /** What the key allows, in words. */
        public String allowed() {
            return allowed;
        }

        /** The built-in default. */
        public String builtIn() {
            return builtIn;
        }

        /** The key named {@code dotted}, if any. */
        public static Optional<Key> named(String dotted) {
            return Arrays.stream(values()).filter(k -> k.dotted.equals(dotted)).findFirst();
        }

        /** Every key's name, comma separated, for a message. */
        public static String names() {
            return Arrays.stream(values()).map(Key::dotted).collect(Collectors.joining(", "));
        }

        /** The value in its one written form, or empty when this key does not allow it. */
        Optional<String> normalise(String value) {
            String v = value.strip();
            return switch (this) {
                case AGENT -> NameRule.isValid(v) ? Optional.of(v) : Optional.empty();
                case COLOR -> Colour.ofWord(v).map(Colour::word);
                case INSTALL_SIGNATURE_POLICY -> SignaturePolicy.ofWord(v).map(SignaturePolicy::word);
                case TABLE_WIDTH -> width(v);
            };
        }

        private static Optional<String> width(String v) {
            if (v.equals("auto")) {
                return Optional.of(v);
            }
            if (!v.matches("[0-9]{1,4}")) {
                return Optional.empty();
            }
            int n = Integer.parseInt(v);
            return n >= 40 && n <= 1000 ? Optional.of(Integer.toString(n)) : Optional.empty();
        }
    }

    /** The {@code color} setting. */
    public enum Colour {
        /** On a terminal (and not {@code TERM=dumb}). */
        AUTO,
        /** Always, also into a pipe. */
        ALWAYS,
        /** Never. */
        NEVER;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Optional<Colour> ofWord(String word) {
            return Arrays.stream(values()).filter(c -> c.word().equals(word)).findFirst();
        }
    }

    /** Where an effective value came from, highest precedence first. */
    public enum Origin {
        /** A command-line option. */
        FLAG,
        /** An environment variable. */
        ENVIRONMENT,
        /** {@code config.toml}. */
        FILE,
        /** Nothing set it: the built-in default. */
        DEFAULT
    }

    /**
     * One key's effective value.
     *
     * @param source what set it, in words: the option ({@code --agent}), the variable
     *     ({@code NO_COLOR}), the file's name and line ({@code config.toml line 3}), or
     *     {@code built-in}
     */
    public record Value(Key key, String value, Origin origin, String source) {}

    /** A key or value refused; the message is one line naming the key and what it allows. */
    public static final class Refused extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    private static final String UNTIL_FIXED = "; built-in defaults apply until it is fixed";

    private final ConfigFile file;
    private final Map<String, String> environment;
    private final Map<Key, Value> fromFile;
    private final Optional<String> problem;

    private Settings(ConfigFile file, Map<String, String> environment) {
        this.file = file;
        this.environment = Map.copyOf(environment);
        Map<Key, Value> values = new EnumMap<>(Key.class);
        Optional<String> trouble = Optional.empty();
        try {
            for (ConfigFile.Entry e : file.read()) {
                String line = e.line() > 0 ? " line " + e.line() : "";
                String at = file.file() + line;
                Key key = Key.named(e.key())
                        .orElseThrow(() -> new Refused(
                                at + ": unknown key '" + OneLine.of(e.key()) + "' (keys: " + Key.names() + ")"));
                String text =
                        e.value() instanceof String || e.value() instanceof Number ? String.valueOf(e.value()) : "";
                String value = key.normalise(text)
                        .orElseThrow(() -> new Refused(at + ": " + key.dotted() + " = "
                                + OneLine.of(String.valueOf(e.value())) + " is not allowed (" + key.allowed() + ")"));
                values.put(key, new Value(key, value, Origin.FILE, file.file().getFileName() + line));
            }
        } catch (ConfigFile.Broken | Refused | UncheckedIOException e) {
            values.clear();
            trouble = Optional.of(e.getMessage() + UNTIL_FIXED);
        }
        this.fromFile = Map.copyOf(values);
        this.problem = trouble;
    }

    /** The settings of the home {@code home}, for a caller whose environment is {@code environment}. */
    public static Settings load(Path home, Map<String, String> environment) {
        return new Settings(
                new ConfigFile(home.resolve("config.toml"), Duration.ofSeconds(10)),
                Objects.requireNonNull(environment, "environment"));
    }

    /** The config file (which need not exist). */
    public Path file() {
        return file.file();
    }

    /** Why the file was ignored, as one line naming it (and the line), if it was. */
    public Optional<String> problem() {
        return problem;
    }

    /** The key named {@code dotted}, or a {@link Refused} naming the keys there are. */
    public static Key key(String dotted) {
        return Key.named(dotted)
                .orElseThrow(() ->
                        new Refused("unknown config key '" + OneLine.of(dotted) + "' (keys: " + Key.names() + ")"));
    }

    /** {@code key}'s effective value when the command line does not name it. */
    public Value value(Key key) {
        return value(key, Optional.empty());
    }

    /**
     * {@code key}'s effective value: {@code flag} (the command line's, with the option that gave
     * it), else the environment, else the file, else the built-in default.
     */
    public Value value(Key key, Optional<Flag> flag) {
        if (flag.isPresent()) {
            return new Value(key, flag.get().value(), Origin.FLAG, flag.get().option());
        }
        if (key == Key.COLOR && environment.containsKey("NO_COLOR")) {
            return new Value(key, Colour.NEVER.word(), Origin.ENVIRONMENT, "NO_COLOR");
        }
        Value v = fromFile.get(key);
        return v != null ? v : new Value(key, key.builtIn(), Origin.DEFAULT, "built-in");
    }

    /** A value given on the command line, and the option that gave it ({@code --agent}). */
    public record Flag(String option, String value) {}

    /** Every key's effective value, in key order. */
    public List<Value> list(Map<Key, Flag> flags) {
        return Arrays.stream(Key.values())
                .map(k -> value(k, Optional.ofNullable(flags.get(k))))
                .toList();
    }

    /** The agent when {@code --agent} is not given. */
    public String agent() {
        return value(Key.AGENT).value();
    }

    /** The colour choice ({@code NO_COLOR} makes it {@link Colour#NEVER}). */
    public Colour colour() {
        return Colour.ofWord(value(Key.COLOR).value()).orElse(Colour.AUTO);
    }

    /** The signature policy when {@code --signature-policy} is not given. */
    public SignaturePolicy signaturePolicy() {
        return SignaturePolicy.ofWord(value(Key.INSTALL_SIGNATURE_POLICY).value())
                .orElse(SignaturePolicy.WARN);
    }

    /** The width tables are fitted to, when one is set; empty for {@code auto}. */
    public Optional<Integer> tableWidth() {
        String v = value(Key.TABLE_WIDTH).value();
        return v.equals("auto") ? Optional.empty() : Optional.of(Integer.parseInt(v));
    }

    /**
     * Writes {@code key = value} into the file.
     *
     * @return the value as written (normalised: {@code " Strict"} is not allowed, {@code "120"} is 120)
     * @throws Refused naming the key and the values it allows, when it does not allow {@code value};
     *     or naming the file, when the file as it is cannot be read (it is then not written)
     */
    public String set(Key key, String value) {
        String normal = key.normalise(value)
                .filter(v -> v.equals(value))
                .orElseThrow(() -> new Refused("config key " + key.dotted() + " cannot be '" + OneLine.of(value)
                        + "': allowed are " + key.allowed()));
        ensureReadable();
        file.put(
                key.dotted(),
                key == Key.TABLE_WIDTH && !normal.equals("auto") ? (Object) Long.parseLong(normal) : normal);
        return normal;
    }

    /**
     * Removes {@code key} from the file: the built-in default applies again.
     *
     * @return whether the file had it
     * @throws Refused naming the file when it cannot be read (it is then not written)
     */
    public boolean unset(Key key) {
        ensureReadable();
        return file.remove(key.dotted());
    }

    /** Refuses to write over a file that is ignored now (unreadable, an unknown key, a value not allowed). */
    private void ensureReadable() {
        Settings now = new Settings(file, environment);
        if (now.problem.isPresent()) {
            throw new Refused(now.problem.get().replace(UNTIL_FIXED, "") + "; fix or remove it first");
        }
    }
}
