package dev.animus.shell.render;

import dev.animus.core.OneLine;
import dev.animus.core.Redaction;
import dev.animus.json.TreeWriter;
import java.io.Console;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.IntSupplier;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.io.CharacterEscapes;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The standard streams, owned by the shell: results to stdout, warnings and errors to stderr
 * (docs/cli.md#output-streams). Colour only on a terminal and never with {@code NO_COLOR}.
 *
 * <p>Nothing a plugin wrote reaches the terminal raw: the one-line messages ({@link #warn},
 * {@link #error}, {@link #info}, {@link #result}) go through {@link OneLine} after masking, JSON
 * is written with {@link TerminalSafeEscapes}, and the renderers that print to {@link #out()}
 * themselves ({@link Table}, {@link DevInfo#row}) pass every plugin-supplied value through
 * {@link OneLine}.
 */
public final class Terminal {
    /**
     * Jackson, built on first use: its mapper loads some 500 classes, a good part of the start-up
     * time of a command that prints no JSON ({@code --version}, a plain {@code plugin list}).
     */
    private static final class Json {
        static final JsonMapper MAPPER = JsonMapper.shared();
        static final DefaultPrettyPrinter PRETTY = Printing.PRETTY;

        private Json() {}
    }

    /** The generator side of {@link #pretty}: the factory alone, the printer and escapes of {@link Json}. */
    private static final class Printing {
        static final JsonFactory FACTORY = new JsonFactory();
        static final ObjectWriteContext CONTEXT = new ObjectWriteContext.Base() {
            @Override
            public PrettyPrinter getPrettyPrinter() {
                return PRETTY.createInstance();
            }

            @Override
            public boolean hasPrettyPrinter() {
                return true;
            }

            @Override
            public CharacterEscapes getCharacterEscapes() {
                return TerminalSafeEscapes.INSTANCE;
            }
        };
        /** Two-space indent, {@code "name": value}: what people expect from gh and kubectl. */
        static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance().withObjectNameValueSpacing(Separators.Spacing.AFTER))
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));

        private Printing() {}
    }

    private final InputStream in;
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean colour;
    private final boolean interactive;
    private final HiddenInput hidden;
    /** The terminal's width in columns, 0 when unknown (not a terminal, or it does not say). */
    private final IntSupplier columns;

    private final boolean quiet;

    /** Reads one line that is not echoed (a secret's value). */
    @FunctionalInterface
    public interface HiddenInput {
        /**
         * Shows {@code prompt} and reads one line without echoing it.
         *
         * @return the characters typed (the caller wipes them); empty at the end of input or when
         *     there is no terminal to read from
         */
        Optional<char[]> read(String prompt);
    }

    public Terminal(InputStream in, PrintWriter out, PrintWriter err, boolean colour, boolean interactive) {
        this(in, out, err, colour, interactive, Terminal::fromConsole, () -> 0, false);
    }

    private Terminal(
            InputStream in,
            PrintWriter out,
            PrintWriter err,
            boolean colour,
            boolean interactive,
            HiddenInput hidden,
            IntSupplier columns,
            boolean quiet) {
        this.in = in;
        this.out = out;
        this.err = err;
        this.colour = colour;
        this.interactive = interactive;
        this.hidden = hidden;
        this.columns = columns;
        this.quiet = quiet;
    }

    /**
     * This terminal for {@code -q}/{@code --quiet}: the same streams, without the {@link #info}
     * lines and progress bars; warnings, errors, questions and results stay.
     */
    public Terminal quieted() {
        return quiet ? this : new Terminal(in, out, err, colour, interactive, hidden, columns, true);
    }

    /** Whether info lines and progress are left out ({@code -q}). */
    public boolean quiet() {
        return quiet;
    }

    /**
     * The interactive shell's terminal: the line editor's input and output instead of the raw
     * standard streams (so nothing typed ahead is lost between them), the same stderr and colour.
     */
    public Terminal forShell(InputStream editorIn, PrintWriter editorOut, HiddenInput editorHidden) {
        return new Terminal(editorIn, editorOut, err, colour, true, editorHidden, columns, quiet);
    }

    /**
     * The same streams on a terminal {@code columns} wide (asked each time a table is printed, so
     * a resized window counts; 0 or less when it is not known): the shell's line editor knows.
     */
    public Terminal withColumns(IntSupplier columns) {
        return new Terminal(in, out, err, colour, interactive, hidden, columns, quiet);
    }

    /**
     * How many columns the terminal has: empty when stdout is not a terminal or its width is not
     * known. Tables fit this unless a width is configured (docs/cli.md#table-width).
     */
    public OptionalInt columns() {
        if (!interactive) {
            return OptionalInt.empty();
        }
        int n = columns.getAsInt();
        return n > 0 ? OptionalInt.of(n) : OptionalInt.empty();
    }

    /**
     * {@code $COLUMNS} as a width: what a one-shot command at a terminal knows of its width (a
     * shell sets it, but exports it only when told to: {@code export COLUMNS}); 0 when unset or
     * not a positive number.
     */
    static int columnsVariable(Map<String, String> env) {
        String value = env.getOrDefault("COLUMNS", "").strip();
        try {
            return value.isEmpty() ? 0 : Math.max(0, Integer.parseInt(value));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The same terminal, painting diagnostics or not as {@code colour} says (the {@code color} setting). */
    public Terminal withColour(boolean colour) {
        return colour == this.colour ? this : new Terminal(in, out, err, colour, interactive, hidden, columns, quiet);
    }

    /** The same, with stderr replaced too (the shell passes it through its spinner). */
    public Terminal forShell(
            InputStream editorIn, PrintWriter editorOut, PrintWriter shellErr, HiddenInput editorHidden) {
        return new Terminal(editorIn, editorOut, shellErr, colour, true, editorHidden, columns, quiet);
    }

    /** Whether diagnostics are painted (a terminal, and no {@code NO_COLOR}). */
    public boolean colour() {
        return colour;
    }

    /** Reads one line without echo at the terminal (see {@link HiddenInput#read}). */
    public Optional<char[]> readHidden(String prompt) {
        return hidden.read(prompt);
    }

    private static Optional<char[]> fromConsole(String prompt) {
        Console console = System.console();
        return console == null ? Optional.empty() : Optional.ofNullable(console.readPassword("%s", prompt));
    }

    /** Not interactive: what tests and pipes get. */
    public Terminal(InputStream in, PrintWriter out, PrintWriter err, boolean colour) {
        this(in, out, err, colour, false);
    }

    public static Terminal system(Map<String, String> env) {
        // Console.isTerminal(): stdin and stdout both a terminal (JDK 22+).
        boolean tty = System.console() != null && System.console().isTerminal();
        boolean colour = tty && !env.containsKey("NO_COLOR") && !"dumb".equals(env.get("TERM"));
        int columns = columnsVariable(env);
        return new Terminal(
                System.in,
                new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8),
                colour,
                tty,
                Terminal::fromConsole,
                () -> columns,
                false);
    }

    /** Whether a person is typing at a terminal (then commands read from stdin get a prompt). */
    public boolean interactive() {
        return interactive;
    }

    /** stdin, for {@code --params -}. */
    public InputStream in() {
        return in;
    }

    public PrintWriter out() {
        return out;
    }

    public PrintWriter err() {
        return err;
    }

    /**
     * Prints {@code json} pretty-printed (two-space indent, {@code "a": 1}) on stdout, every
     * character {@link OneLine#isUnsafe unsafe} on a terminal written as a JSON unicode escape
     * (the same document, read back).
     */
    public void printJson(JsonNode json) {
        out.println(pretty(json));
        out.flush();
    }

    /**
     * {@code json} as {@link #printJson} prints it. A tree of plain values goes through the
     * streaming generator alone ({@link TreeWriter}), with the same printer and escapes as the
     * mapper: a command that prints one document then never builds the mapper.
     */
    static String pretty(JsonNode json) {
        if (!TreeWriter.writable(json)) {
            return prettyByMapper(json);
        }
        StringWriter text = new StringWriter();
        try (JsonGenerator g = Printing.FACTORY.createGenerator(Printing.CONTEXT, text)) {
            TreeWriter.write(json, g);
        }
        return text.toString();
    }

    /** {@link #pretty} through Jackson's mapper: the same text, for trees that hold POJO nodes. */
    static String prettyByMapper(JsonNode json) {
        return Json.MAPPER
                .writer()
                .with(Json.PRETTY)
                .with(TerminalSafeEscapes.INSTANCE)
                .writeValueAsString(json);
    }

    /**
     * Prints {@code json} compact on one line of stdout and flushes (a stream of documents, one a
     * line), every character {@link OneLine#isUnsafe unsafe} on a terminal written as a JSON
     * unicode escape.
     */
    public void printJsonLine(JsonNode json) {
        writeJsonLine(json);
        out.flush();
    }

    /** {@link #printJsonLine} without the flush: the caller flushes (a stream of events, {@link PacedFlush}). */
    public void writeJsonLine(JsonNode json) {
        // write, not println: an autoflushing writer flushes at every println
        out.write(Json.MAPPER.writer().with(TerminalSafeEscapes.INSTANCE).writeValueAsString(json));
        out.write(System.lineSeparator());
    }

    /** A versioned envelope {@code {"schema": "animus.<command>.v1"}} to add fields to. */
    public static ObjectNode envelope(String command) {
        return JsonNodeFactory.instance.objectNode().put("schema", "animus." + command + ".v1");
    }

    /** Diagnostics never show a secret this process handed to a plugin, whatever echoed it. */
    public void warn(String message) {
        err.println(paint("warning:", "33") + " " + shown(message));
        err.flush();
    }

    public void error(String message) {
        err.println(paint("error:", "31") + " " + shown(message));
        err.flush();
    }

    /**
     * A result in words, on stdout: what a listing says when it lists nothing ("no plugins ..."),
     * so stdout answers the command and stderr stays free of it.
     */
    public void result(String message) {
        out.println(shown(message));
        out.flush();
    }

    /** A note or progress line on stderr; none with {@code -q}. */
    public void info(String message) {
        if (quiet) {
            return;
        }
        err.println(shown(message));
        err.flush();
    }

    /** A message as the terminal gets it: known secrets masked, then made one safe line. */
    static String shown(String message) {
        return OneLine.of(Redaction.maskKnown(message));
    }

    private String paint(String text, String sgr) {
        return colour ? "\u001b[" + sgr + "m" + text + "\u001b[0m" : text;
    }

    public static JsonMapper json() {
        return Json.MAPPER;
    }
}
