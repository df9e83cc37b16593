package dev.animus.runtime;

import dev.animus.core.NameRule;
import dev.animus.core.OneLine;
import dev.animus.install.SignaturePolicy;
import dev.animus.store.ConfigFile;
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
 * default. {@link #set} refuses a value a key does not allow ({@link NotAllowed}), and changes
 * nothing then.
 *
 * <p>Immutable: a snapshot of the file when it was loaded; {@link #set} and {@link #unset} write
 * the file, load again to see the result.
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

    /** What {@link #set} or {@link #unset} did. */
    public sealed interface Change {}

    /** The file now holds {@code value} for the key ({@link #unset}: the key is gone, {@code had} says whether it was there). */
    public record Changed(Key key, String value, boolean had) implements Change {}

    /** The key does not allow {@code value}; nothing was written. */
    public record NotAllowed(Key key, String value) implements Change {}

    /** The file as it is cannot be used ({@code problem} names it and the line); nothing was written. */
    public record FileUnreadable(String problem) implements Change {}

    private static final String UNTIL_FIXED = "; built-in defaults apply until it is fixed";

    private final ConfigFile file;
    private final Map<String, String> environment;
    private final Map<Key, Value> fromFile;
    private final Optional<String> problem;

    private Settings(ConfigFile file, Map<String, String> environment) {
        this.file = file;
        this.environment = Map.copyOf(environment);
        Map<Key, Value> values = new EnumMap<>(Key.class);
        ConfigFile.Contents contents = file.read();
        Optional<String> trouble = contents.problem();
        for (ConfigFile.Entry e : contents.entries()) {
            String line = e.line() > 0 ? " line " + e.line() : "";
            String at = file.file() + line;
            Optional<Key> key = Key.named(e.key());
            if (key.isEmpty()) {
                trouble = Optional.of(at + ": unknown key '" + OneLine.of(e.key()) + "' (keys: " + Key.names() + ")");
                break;
            }
            String text = e.value() instanceof String || e.value() instanceof Number ? String.valueOf(e.value()) : "";
            Optional<String> value = key.get().normalise(text);
            if (value.isEmpty()) {
                trouble = Optional.of(at + ": " + key.get().dotted() + " = " + OneLine.of(String.valueOf(e.value()))
                        + " is not allowed (" + key.get().allowed() + ")");
                break;
            }
            values.put(
                    key.get(),
                    new Value(key.get(), value.get(), Origin.FILE, file.file().getFileName() + line));
        }
        if (trouble.isPresent()) {
            values.clear();
            trouble = Optional.of(trouble.get() + UNTIL_FIXED);
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
     * Writes {@code key = value} into the file, unless the key does not allow {@code value}
     * exactly as given ({@code " strict"} is not allowed) or the file as it is cannot be used.
     */
    public Change set(Key key, String value) {
        Optional<String> normal = key.normalise(value).filter(v -> v.equals(value));
        if (normal.isEmpty()) {
            return new NotAllowed(key, value);
        }
        Optional<String> problem = currentProblem();
        if (problem.isPresent()) {
            return new FileUnreadable(problem.get());
        }
        boolean had = new Settings(file, environment).fromFile.containsKey(key);
        file.put(
                key.dotted(), key == Key.TABLE_WIDTH && !value.equals("auto") ? (Object) Long.parseLong(value) : value);
        return new Changed(key, value, had);
    }

    /** Removes {@code key} from the file (the built-in default applies again), unless the file cannot be used. */
    public Change unset(Key key) {
        Optional<String> problem = currentProblem();
        if (problem.isPresent()) {
            return new FileUnreadable(problem.get());
        }
        return new Changed(key, key.builtIn(), file.remove(key.dotted()));
    }

    /** Why the file as it is now cannot be written over, if it cannot: unreadable, an unknown key, a value not allowed. */
    private Optional<String> currentProblem() {
        return new Settings(file, environment).problem.map(p -> p.replace(UNTIL_FIXED, ""));
    }
}
