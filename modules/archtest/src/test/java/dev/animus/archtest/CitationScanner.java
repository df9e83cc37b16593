package dev.animus.archtest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the citations of a repository that do not resolve (CONTRIBUTING.md#citing-the-docs).
 *
 * <p>In source files (comments only, in test code): a reference to a Markdown document must be
 * {@code docs/<file>.md} or {@code docs/<file>.md#<anchor>}, the file must exist and the anchor must
 * be one of its headings; the bare name of a design note or of a docs/ page (without its
 * {@code docs/} directory) is a leftover citation; a section sign is a section number, allowed only
 * after an RFC number; a path through the shared directory beside the repository names files
 * outside it. Any other path with an anchor is resolved from the root too.
 *
 * <p>In Markdown files: the same rules for the prose outside links, code spans and code blocks
 * (section numbers and outside paths count everywhere), and every
 * relative link ({@code [text](path#anchor)}, {@code (#anchor)}) must name a file that exists and,
 * for a Markdown file, one of its headings.
 */
final class CitationScanner {
    /** A path ending in {@code .md}, with an optional anchor; it starts where no path character precedes it. */
    private static final Pattern DOC_REFERENCE =
            Pattern.compile("(?<![\\w./-])((?:[\\w.-]+/)*)([\\w-]+)\\.md(?![\\w])(#[\\w-]*)?");

    private static final Pattern SECTION = Pattern.compile("§");
    private static final Pattern RFC_SECTION = Pattern.compile("RFC\\s*\\d+\\s*§$");
    private static final Pattern OUTSIDE = Pattern.compile("\\.\\./shared");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\(([^)\\s]*)(?:\\s+\"[^\"]*\")?\\)");
    /** The names that were design notes or are docs/ pages: cited bare, they are leftovers. */
    private static final Set<String> DOC_NAMES = Set.of(
            "architecture",
            "protocol",
            "lifecycle",
            "security",
            "cli",
            "daemon",
            "kinds",
            "mcp",
            "toolchain",
            "operations",
            "performance",
            "plugin-authoring");

    private final Path root;
    private final Map<Path, Set<String>> anchors = new HashMap<>();

    CitationScanner(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** The findings of a source file: Java test code by its comments, everything else whole. */
    List<Finding> scanSource(Path file) {
        String text = read(file);
        String relative = relative(file);
        boolean javaTest = relative.endsWith(".java") && relative.contains("/src/test/");
        return scanText(relative, javaTest ? JavaComments.of(text) : text);
    }

    /** The findings of a Markdown file: its prose and its relative links. */
    List<Finding> scanMarkdown(Path file) {
        String relative = relative(file);
        List<Finding> found = new ArrayList<>();
        String[] lines = read(file).split("\n", -1);
        boolean fenced = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (Headings.Fences.isFence(line)) {
                fenced = !fenced;
                continue;
            }
            outsideAndSections(relative, i + 1, line, found);
            if (fenced) {
                continue;
            }
            int lineNumber = i + 1;
            String outsideCode = INLINE_CODE.matcher(line).replaceAll(" "); // an example, not a link
            Matcher link = LINK.matcher(outsideCode);
            StringBuilder prose = new StringBuilder();
            int last = 0;
            while (link.find()) {
                prose.append(outsideCode, last, link.start()).append(' ');
                last = link.end();
                String cited = link.group();
                linkProblem(file, link.group(2))
                        .ifPresent(why -> found.add(new Finding(relative, lineNumber, cited, why)));
            }
            prose.append(outsideCode.substring(last));
            docReferences(relative, i + 1, prose.toString(), found);
        }
        return found;
    }

    /** The findings of {@code text}, which stands for the file {@code relative}. */
    List<Finding> scanText(String relative, String text) {
        List<Finding> found = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            outsideAndSections(relative, i + 1, lines[i], found);
            docReferences(relative, i + 1, lines[i], found);
        }
        return found;
    }

    private void outsideAndSections(String relative, int line, String text, List<Finding> found) {
        Matcher outside = OUTSIDE.matcher(text);
        while (outside.find()) {
            found.add(new Finding(
                    relative,
                    line,
                    excerpt(text, outside.start()),
                    "names a file outside the repository; bring what it says into docs/ and cite"
                            + " docs/<file>.md#<heading>"));
        }
        Matcher section = SECTION.matcher(text);
        while (section.find()) {
            if (!RFC_SECTION.matcher(text.substring(0, section.end())).find()) {
                found.add(new Finding(
                        relative,
                        line,
                        excerpt(text, section.start()),
                        "a section number; cite docs/<file>.md#<heading> instead (only RFCs are cited by section)"));
            }
        }
    }

    private void docReferences(String relative, int line, String text, List<Finding> found) {
        Matcher m = DOC_REFERENCE.matcher(text);
        while (m.find()) {
            String dirs = m.group(1);
            String name = m.group(2);
            Optional<String> anchor = Optional.ofNullable(m.group(3)).map(a -> a.substring(1));
            if (dirs.startsWith("docs/")) {
                String cited = m.group();
                problem(dirs + name + ".md", anchor)
                        .ifPresent(why -> found.add(new Finding(relative, line, cited, why)));
            } else if (dirs.isEmpty() && DOC_NAMES.contains(name)) {
                found.add(new Finding(
                        relative,
                        line,
                        m.group(),
                        "not a path in this repository; cite docs/" + name + ".md#<heading> (a heading that exists)"));
            } else if (anchor.isPresent()) {
                String cited = m.group();
                problem(dirs + name + ".md", anchor)
                        .ifPresent(why -> found.add(new Finding(relative, line, cited, why)));
            }
        }
    }

    /** Why {@code target} of a Markdown link in {@code file} does not resolve, if it does not. */
    private Optional<String> linkProblem(Path file, String target) {
        if (target.isEmpty() || target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            return Optional.empty(); // https:, mailto: ...
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Optional<String> anchor = hash < 0 ? Optional.empty() : Optional.of(target.substring(hash + 1));
        Path here = file.toAbsolutePath().normalize();
        Path resolved = path.isEmpty() ? here : here.getParent().resolve(path).normalize();
        if (!resolved.startsWith(root)) {
            return Optional.of("links outside the repository");
        }
        if (!path.endsWith(".md") && !path.isEmpty()) {
            return Files.exists(resolved)
                    ? Optional.empty()
                    : Optional.of("links to " + path + ", which does not exist");
        }
        return problem(root.relativize(resolved).toString(), anchor);
    }

    /** Why {@code docPath} (relative to the root) with {@code anchor} does not resolve, if it does not. */
    Optional<String> problem(String docPath, Optional<String> anchor) {
        Path doc = root.resolve(docPath).normalize();
        if (!Files.isRegularFile(doc)) {
            return Optional.of(docPath + " does not exist");
        }
        if (anchor.isEmpty()) {
            return Optional.empty();
        }
        Set<String> known = anchors.computeIfAbsent(doc, d -> Headings.anchors(read(d)));
        if (known.contains(anchor.get())) {
            return Optional.empty();
        }
        return Optional.of(
                docPath + " has no heading #" + anchor.get() + " (its anchors: " + String.join(", ", known) + ")");
    }

    private static String excerpt(String text, int at) {
        int from = Math.max(0, at - 30);
        int to = Math.min(text.length(), at + 30);
        return text.substring(from, to).strip();
    }

    private String relative(Path file) {
        return root.relativize(file.toAbsolutePath().normalize()).toString();
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
