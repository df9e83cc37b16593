package dev.animus.core;

import java.util.Objects;

/**
 * A manifest breaks a rule of docs/protocol.md#the-manifest. The message is one line,
 * {@code <source>: <field>: <reason>}: {@code source} names where the manifest came from (a
 * {@code Plugin.toml} path, a {@code --manifest} probe), {@code field} the path of the offending
 * value ({@code name}, {@code network.destinations[2]}, {@code env_required[0].name},
 * {@code timeouts.launch}), or a parenthesised pseudo-field such as {@code (syntax)} when the
 * document could not be read at all, and {@code reason} says what is wrong and what to do.
 *
 * <p>Plugin-supplied text is passed through {@link OneLine}, so a hostile manifest cannot forge
 * extra output lines through an error message. The records of the manifest model throw this too,
 * with the source {@code manifest}, when code builds them against a rule.
 */
public final class ManifestInvalid extends IllegalArgumentException implements CoreFailure {
    private static final long serialVersionUID = 1L;

    /** The source named when code, not a document, breaks a rule. */
    static final String IN_CODE = "manifest";

    private final String source;
    private final String field;
    private final String reason;

    /** A rule break in {@code source} at {@code field}, because of {@code reason}. */
    public ManifestInvalid(String source, String field, String reason) {
        super(OneLine.of(Objects.requireNonNull(source, "source") + ": "
                + Objects.requireNonNull(field, "field") + ": "
                + Objects.requireNonNull(reason, "reason")));
        this.source = source;
        this.field = field;
        this.reason = reason;
    }

    /** Where the manifest came from, as given to the validator. */
    public String source() {
        return source;
    }

    /** The path of the offending value, e.g. {@code secrets[1].env}. */
    public String field() {
        return field;
    }

    /** What is wrong and what to do, without source and field. */
    public String reason() {
        return reason;
    }

    /** The same reason, reported against {@code newSource} at {@code newField}. */
    ManifestInvalid at(String newSource, String newField) {
        return new ManifestInvalid(newSource, newField, reason);
    }

    /** The same reason, reported against {@code newSource} with this field nested under {@code prefix}. */
    ManifestInvalid within(String newSource, String prefix) {
        return new ManifestInvalid(newSource, prefix + "." + field, reason);
    }
}
