package dev.animus.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A line for people whose next steps are values: plain text, and {@link Fix}es that each front end
 * renders in its own terms (the shell as the command line to type). Core and the services build
 * their advice this way, so that none of them holds command text.
 *
 * @param parts the text and the fixes, in reading order
 */
public record Guidance(List<Part> parts) {

    /** One piece of the line. */
    public sealed interface Part {}

    /** Words, shown as they are. */
    public record Text(String text) implements Part {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /** A fix, shown as the front end renders it. */
    public record Step(Fix fix) implements Part {
        public Step {
            Objects.requireNonNull(fix, "fix");
        }
    }

    public Guidance {
        parts = List.copyOf(parts);
    }

    /**
     * The line made of {@code pieces}: each a {@link String} (text), a {@link Fix} or a {@link Part}.
     *
     * @throws IllegalArgumentException for a piece of another type
     */
    public static Guidance of(Object... pieces) {
        List<Part> parts = new ArrayList<>();
        for (Object piece : pieces) {
            parts.add(
                    switch (piece) {
                        case String s -> new Text(s);
                        case Fix f -> new Step(f);
                        case Part p -> p;
                        case Guidance g -> throw new IllegalArgumentException("nest a guidance with then(), not of()");
                        default -> throw new IllegalArgumentException("not text nor a fix: " + piece);
                    });
        }
        return new Guidance(parts);
    }

    /** Plain text with no fix in it. */
    public static Guidance text(String text) {
        return of(text);
    }

    /** This line followed by {@code more}. */
    public Guidance then(Guidance more) {
        List<Part> all = new ArrayList<>(parts);
        all.addAll(more.parts);
        return new Guidance(all);
    }

    /** This line followed by {@code pieces}, as {@link #of}. */
    public Guidance then(Object... pieces) {
        return then(of(pieces));
    }

    /** The same line with {@code f} applied to each text part (the fixes are values, left as they are). */
    public Guidance mapText(UnaryOperator<String> f) {
        return new Guidance(parts.stream()
                .<Part>map(p -> switch (p) {
                    case Text t -> new Text(f.apply(t.text()));
                    case Step s -> s;
                })
                .toList());
    }

    /** The fixes in the line, in reading order. */
    public List<Fix> fixes() {
        return parts.stream()
                .<Fix>mapMulti((p, out) -> {
                    if (p instanceof Step s) {
                        out.accept(s.fix());
                    }
                })
                .toList();
    }

    /** The line with each fix rendered by {@code fixText}. */
    public String render(Function<Fix, String> fixText) {
        StringBuilder line = new StringBuilder();
        for (Part p : parts) {
            line.append(
                    switch (p) {
                        case Text t -> t.text();
                        case Step s -> fixText.apply(s.fix());
                    });
        }
        return line.toString();
    }

    /** The line for logs and debugging, each fix as its value ({@code Trust[plugin=echo]}). */
    @Override
    public String toString() {
        return render(f -> "<" + f + ">");
    }
}
