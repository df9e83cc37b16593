package dev.animus.archtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No command-line text in the modules below the front ends: core, host, providers, discovery,
 * install and runtime name what to do as {@code dev.animus.core.Fix} values, and each front end renders them
 * (the shell as the command to type). This reads the string literals of those modules' main
 * sources (comments left out, concatenated literals joined) and fails on a command of the shell
 * ({@code animus plugin ...}) or an option spelling ({@code --path}). {@code --manifest} is not the
 * shell's: it is the flag of the plugin protocol's manifest probe; the built-in command-risk classifier
 * is exempt (its option spellings are other programs' options, which it matches).
 */
class NoCommandTextTest {
    /** The modules that must hold no command text; the ones not (yet) in the tree are skipped. */
    private static final List<String> MODULES = List.of(
            "core",
            "host",
            "providers",
            "subjects",
            "triggers",
            "hooks",
            "transports",
            "discovery",
            "conformance",
            "scaffold",
            "install",
            "runtime");

    /**
     * Files whose option spellings are data about other programs, never text of ours: the built-in
     * command-risk classifier matches the options of {@code git}, {@code rm} or {@code sed}
     * ({@code --force}, {@code --recursive}) in the commands an agent proposes.
     */
    private static final List<String> OTHER_PROGRAMS_OPTIONS =
            List.of("modules/core/src/main/java/dev/animus/core/BuiltinCommandRisk.java");

    private static final Pattern COMMAND = Pattern.compile(
            "animus (plugin|secret|trust-orgs|verify-bundle|completion|help|tour)\\b|--(?!manifest\\b)[a-z][a-z0-9-]*");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    @Test
    void noModuleBelowTheFrontEndsHoldsCommandText() throws IOException {
        Path root = repositoryRoot();
        List<String> hits = new ArrayList<>();
        int files = 0;
        for (String module : MODULES) {
            Path main = root.resolve("modules").resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(main)) {
                continue;
            }
            try (Stream<Path> sources = Files.walk(main)) {
                for (Path source :
                        sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                    files++;
                    if (OTHER_PROGRAMS_OPTIONS.contains(root.relativize(source).toString())) {
                        continue;
                    }
                    for (String hit : hits(Files.readString(source))) {
                        hits.add(root.relativize(source) + ": " + hit);
                    }
                }
            }
        }
        assertTrue(files > 100, "read only " + files + " source files under " + root + "; is that the repository?");
        assertEquals(List.of(), hits, "command text in a module below the front ends; name a Fix instead");
    }

    /** The scanner finds what it is meant to, so that the test above can fail. */
    @Test
    void theScannerFindsCommandsAndOptionsInStringsButNotInComments() {
        String source = """
                /** run 'animus plugin trust x' (a comment, allowed) */
                class A {
                    // --path in a comment is allowed too
                    String a = "run 'animus" + " plugin trust " + name + "'";
                    String b = "pass --force if you are sure";
                    String c = exe + " --manifest";
                    String d = "the animus home";
                }
                """;
        assertEquals(
                List.of(
                        "'animus plugin' in \"run 'animus plugin trust \"",
                        "'--force' in \"pass --force if you are sure\""),
                hits(source));
    }

    /** Each command or option spelling in a string literal of {@code source}. */
    static List<String> hits(String source) {
        String code = joinConcatenations(withoutComments(source));
        List<String> found = new ArrayList<>();
        Matcher literal = LITERAL.matcher(code);
        while (literal.find()) {
            Matcher m = COMMAND.matcher(literal.group(1));
            while (m.find()) {
                found.add("'" + m.group() + "' in \"" + literal.group(1) + "\"");
            }
        }
        return found;
    }

    /** {@code source} without its comments (string literals are kept, a comment marker in one too). */
    private static String withoutComments(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (c == '"' || c == '\'') {
                int end = i + 1;
                while (end < source.length() && source.charAt(end) != c && source.charAt(end) != '\n') {
                    end += source.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end + 1, source.length());
                out.append(source, i, end);
                i = end;
            } else if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                i = end < 0 ? source.length() : end;
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? source.length() : end + 2;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** {@code "a" + "b"} (across lines too) as {@code "ab"}, so that a command split over literals is found. */
    private static String joinConcatenations(String code) {
        return code.replaceAll("\"\\s*\\+\\s*\"", "");
    }

    /** The repository's root: the first directory up from the working directory with a {@code modules/core}. */
    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("modules/core/src/main/java"))) {
                return p;
            }
        }
        throw new UncheckedIOException(
                new IOException("no modules/core above " + Path.of("").toAbsolutePath()));
    }
}
