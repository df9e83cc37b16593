package dev.animus.runtime;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Failed input or output in words for people: what happened to which file, never the JDK's
 * exception text ({@code java.nio.file.NoSuchFileException: /x}), so that no message of a front
 * end quotes Java internals (docs/cli.md#errors). Stateless.
 */
public final class IoText {
    /** A Java package or exception class name in a text: such a text is not shown as it is. */
    private static final Pattern JAVA_TEXT = Pattern.compile(
            "\\b(java|javax|jdk|sun|com\\.sun|tools\\.jackson|dev\\.animus)\\.[a-z]|\\b[A-Z]\\w*(Exception|Error)\\b");

    private IoText() {}

    /** Whether {@code text} quotes a Java package or exception class name. */
    public static boolean quotesJava(String text) {
        return JAVA_TEXT.matcher(text).find();
    }

    /** {@code e} in words: the file and what went wrong with it. */
    public static String of(IOException e) {
        return switch (e) {
            case NoSuchFileException f -> "no such file or directory: " + file(f);
            case AccessDeniedException f -> "permission denied: " + file(f);
            case FileAlreadyExistsException f -> "it already exists: " + file(f);
            case DirectoryNotEmptyException f -> "the directory is not empty: " + file(f);
            case NotDirectoryException f -> "not a directory: " + file(f);
            case FileSystemLoopException f -> "a loop of symbolic links: " + file(f);
            case FileSystemException f
            when f.getReason() != null && !quotesJava(f.getReason()) ->
                f.getReason().strip() + ": " + file(f);
            case FileSystemException f -> "cannot be used: " + file(f);
            case EOFException eof -> "the input ended early";
            default -> plain(e.getMessage()).orElse("an input or output error");
        };
    }

    /** {@code e} in words: its own message (when it has one of its own) and what the cause says. */
    public static String of(UncheckedIOException e) {
        IOException cause = e.getCause();
        String said = of(cause);
        String message = e.getMessage();
        if (message == null || quotesJava(message) || message.equals(String.valueOf(cause))) {
            return said;
        }
        String own = message.strip();
        String causeMessage = cause.getMessage();
        if (own.contains(said) || (causeMessage != null && own.contains(causeMessage))) {
            return own;
        }
        return own + ": " + said;
    }

    private static String file(FileSystemException f) {
        String file = f.getFile();
        String other = f.getOtherFile();
        String both = file == null ? "(unnamed)" : file;
        return other == null ? both : both + " -> " + other;
    }

    private static Optional<String> plain(String message) {
        if (message == null || message.isBlank() || quotesJava(message)) {
            return Optional.empty();
        }
        return Optional.of(message.strip());
    }
}
