package dev.animus.shell;

import dev.animus.core.Redaction;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A command failed in a way the user should read: one line, the exit code to end with, and what a
 * program reads from the error document of docs/cli.md#errors-a-program-can-read ({@link
 * #category()}, {@link #code()}, {@link #fix()}, {@link #plugin()}). The message never holds a
 * secret this process handed to a plugin (a plugin may echo it in an error): such values are masked
 * here, once, for every place the message goes (the error line, the error document, a stack trace
 * at debug level).
 */
public final class CommandFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final Pattern CODE = Pattern.compile("[a-z][a-z0-9]*(_[a-z0-9]+)*");

    /** What kind of outcome: each has one exit code (docs/cli.md#exit-codes). */
    public enum Category {
        /** Bad input or an unmet requirement the operator can change (exit 2). */
        USAGE(ExitCodes.USAGE),
        /** The operation failed (exit 1). */
        FAILED(ExitCodes.FAILED),
        /** A digest, lock, checksum or signature did not match (exit 3). */
        VERIFICATION(ExitCodes.VERIFICATION_FAILED),
        /** A deadline passed (exit 124). */
        TIMEOUT(ExitCodes.TIMEOUT),
        /** Interrupted or cancelled (exit 130). */
        INTERRUPTED(ExitCodes.INTERRUPTED);

        private final int exitCode;

        Category(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }

        /** The word of the error document: {@code usage}, {@code failed}, ... */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The category whose exit code is {@code exitCode}. */
        public static Category ofExitCode(int exitCode) {
            for (Category c : values()) {
                if (c.exitCode == exitCode) {
                    return c;
                }
            }
            throw new IllegalArgumentException("not a failure's exit code: " + exitCode);
        }
    }

    private final Category category;
    private final String code;
    private final String fix;
    private final String plugin;
    private final boolean documentPrinted;

    /**
     * @param exitCode one of {@link ExitCodes} but {@code OK}: it gives the category
     * @param code the stable snake_case name of this kind of failure ({@code not_trusted})
     */
    public CommandFailed(int exitCode, String code, String message) {
        this(Category.ofExitCode(exitCode), code, message, null, null, false);
    }

    private CommandFailed(
            Category category, String code, String message, String fix, String plugin, boolean documentPrinted) {
        super(Redaction.maskKnown(message));
        this.category = Objects.requireNonNull(category, "category");
        if (!CODE.matcher(code).matches()) {
            throw new IllegalArgumentException("an error code is snake_case: " + code);
        }
        this.code = code;
        this.fix = fix == null ? null : Redaction.maskKnown(fix);
        this.plugin = plugin;
        this.documentPrinted = documentPrinted;
    }

    /** The same failure, naming {@code command} as the one that fixes it (empty: none). */
    public CommandFailed withFix(Optional<String> command) {
        return new CommandFailed(category, code, getMessage(), command.orElse(null), plugin, documentPrinted);
    }

    /** The same failure, about {@code name} (a plugin's name; empty or blank: none). */
    public CommandFailed withPlugin(String name) {
        return new CommandFailed(
                category, code, getMessage(), fix, name == null || name.isBlank() ? null : name, documentPrinted);
    }

    /** The same failure with another message (a wording added in front or behind). */
    public CommandFailed withMessage(String message) {
        return new CommandFailed(category, code, message, fix, plugin, documentPrinted);
    }

    /**
     * The same failure of a command that printed its own {@code --json} document about it (a
     * rejected bundle): no error document follows it, stdout keeps one document.
     */
    public CommandFailed withDocumentPrinted() {
        return new CommandFailed(category, code, getMessage(), fix, plugin, true);
    }

    /** Whether the command printed its own {@code --json} document about this failure. */
    public boolean documentPrinted() {
        return documentPrinted;
    }

    public int exitCode() {
        return category.exitCode();
    }

    public Category category() {
        return category;
    }

    /** The stable snake_case name of this kind of failure. */
    public String code() {
        return code;
    }

    /** The exact command that fixes it, when there is one. */
    public Optional<String> fix() {
        return Optional.ofNullable(fix);
    }

    /** The plugin the failure is about, when there is one. */
    public Optional<String> plugin() {
        return Optional.ofNullable(plugin);
    }
}
