package dev.animus.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A shell command line cut into the simple commands it runs, as the built-in risk classifier needs
 * it ({@link BuiltinCommandRisk}): quotes and backslashes removed the way a POSIX shell removes them
 * (so {@code r''m} is {@code rm}), split at {@code ;}, {@code &&}, {@code ||}, {@code &}, {@code |}
 * and newlines, redirect targets set apart. It never runs or expands anything: what it cannot see
 * through (a command substitution, an unbalanced quote) is reported as a problem, which the
 * classifier treats as high risk.
 *
 * @param segments the simple commands in order
 * @param redirects the targets of output redirects ({@code >}, {@code >>}, {@code &>}, {@code 2>})
 * @param problem what hides the command from the host, if anything
 */
record ShellSegments(List<Segment> segments, List<String> redirects, Optional<String> problem) {

    /**
     * One simple command.
     *
     * @param words its words after quote removal
     * @param piped whether a pipe feeds it the output of the previous one
     */
    record Segment(List<String> words, boolean piped) {
        Segment {
            words = List.copyOf(words);
        }
    }

    ShellSegments {
        segments = List.copyOf(segments);
        redirects = List.copyOf(redirects);
    }

    static ShellSegments parse(String line) {
        return new Scanner(line).run();
    }

    private static final class Scanner {
        private final String s;
        private final List<Segment> segments = new ArrayList<>();
        private final List<String> redirects = new ArrayList<>();
        private List<String> words = new ArrayList<>();
        private StringBuilder word;
        private boolean piped;
        private boolean redirectNext;
        private String problem;

        Scanner(String s) {
            this.s = s;
        }

        ShellSegments run() {
            int i = 0;
            while (i < s.length() && problem == null) {
                i = step(i);
            }
            endWord();
            endSegment(false);
            return new ShellSegments(segments, redirects, Optional.ofNullable(problem));
        }

        private int step(int i) {
            char c = s.charAt(i);
            char next = i + 1 < s.length() ? s.charAt(i + 1) : '\0';
            switch (c) {
                case '\'' -> {
                    int end = s.indexOf('\'', i + 1);
                    if (end < 0) {
                        problem = "an unbalanced single quote";
                        return s.length();
                    }
                    text().append(s, i + 1, end);
                    return end + 1;
                }
                case '"' -> {
                    return doubleQuoted(i + 1);
                }
                case '\\' -> {
                    if (next != '\0' && next != '\n') {
                        text().append(next);
                    }
                    return i + 2;
                }
                case '`' -> {
                    problem = "a command substitution (`...`)";
                    return s.length();
                }
                case '$' -> {
                    if (next == '(' || next == '{' || Character.isLetter(next) || next == '_') {
                        problem = next == '(' ? "a command substitution $(...)" : "a variable expansion";
                        return s.length();
                    }
                    text().append(c);
                    return i + 1;
                }
                case ';', '\n' -> {
                    endWord();
                    endSegment(false);
                    return i + 1;
                }
                case '&' -> {
                    if (next == '>') { // &> file
                        endWord();
                        redirectNext = true;
                        return next(i + 2, '>');
                    }
                    endWord();
                    endSegment(false);
                    return next == '&' ? i + 2 : i + 1;
                }
                case '|' -> {
                    endWord();
                    endSegment(next != '|');
                    return next == '|' ? i + 2 : i + 1;
                }
                case '>' -> {
                    String fd = word == null ? "" : word.toString();
                    if (!fd.isEmpty() && fd.chars().allMatch(Character::isDigit)) {
                        word = null; // 2> file: the digits name the descriptor
                    }
                    endWord();
                    if (next == '&') { // >&2: a descriptor, not a file
                        return i + 2;
                    }
                    if (next == '(') {
                        problem = "a process substitution >(...)";
                        return s.length();
                    }
                    redirectNext = true;
                    return next == '>' || next == '|' ? i + 2 : i + 1;
                }
                case '<' -> {
                    if (next == '(') {
                        problem = "a process substitution <(...)";
                        return s.length();
                    }
                    endWord();
                    return i + 1;
                }
                case '(', ')', '{', '}' -> {
                    if (word == null && (c == '(' || c == ')')) {
                        problem = "a subshell or group";
                        return s.length();
                    }
                    text().append(c);
                    return i + 1;
                }
                default -> {
                    if (Character.isWhitespace(c)) {
                        endWord();
                    } else {
                        text().append(c);
                    }
                    return i + 1;
                }
            }
        }

        private int next(int i, char skip) {
            return i < s.length() && s.charAt(i) == skip ? i + 1 : i;
        }

        private int doubleQuoted(int i) {
            StringBuilder b = text();
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == '"') {
                    return i + 1;
                }
                if (c == '`'
                        || (c == '$' && i + 1 < s.length() && "({_".indexOf(s.charAt(i + 1)) >= 0)
                        || (c == '$' && i + 1 < s.length() && Character.isLetter(s.charAt(i + 1)))) {
                    problem = c == '`' || s.charAt(i + 1) == '(' ? "a command substitution" : "a variable expansion";
                    return s.length();
                }
                if (c == '\\' && i + 1 < s.length() && "$`\"\\\n".indexOf(s.charAt(i + 1)) >= 0) {
                    b.append(s.charAt(i + 1));
                    i += 2;
                    continue;
                }
                b.append(c);
                i++;
            }
            problem = "an unbalanced double quote";
            return s.length();
        }

        private StringBuilder text() {
            if (word == null) {
                word = new StringBuilder();
            }
            return word;
        }

        private void endWord() {
            if (word == null) {
                return;
            }
            if (redirectNext) {
                redirects.add(word.toString());
                redirectNext = false;
            } else {
                words.add(word.toString());
            }
            word = null;
        }

        private void endSegment(boolean nextPiped) {
            if (redirectNext) { // "> " with no target
                problem = problem == null ? "a redirect without a target" : problem;
            }
            if (!words.isEmpty()) {
                segments.add(new Segment(words, piped));
            }
            words = new ArrayList<>();
            piped = nextPiped;
        }
    }
}
