package dev.animus.archtest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every citation of the repository resolves to a heading in docs/ (CONTRIBUTING.md#citing-the-docs):
 * comments and build files cite {@code docs/<file>.md#<anchor>}, and the Markdown files link to
 * files and headings that exist. A failure lists each broken citation as {@code file:line}.
 */
class CitationTest {
    private static final Path ROOT = RepositoryFiles.root();
    private static final CitationScanner SCANNER = new CitationScanner(ROOT);

    @Test
    void everyCitationInTheSourcesResolves() {
        List<Path> sources = RepositoryFiles.sources(ROOT);
        assertTrue(sources.size() > 500, "found only " + sources.size() + " source files under " + ROOT);
        assertNone(sources.stream().flatMap(f -> SCANNER.scanSource(f).stream()).toList());
    }

    @Test
    void everyLinkAndCitationInTheDocsResolves() {
        List<Path> docs = RepositoryFiles.markdown(ROOT);
        assertTrue(
                docs.contains(ROOT.resolve("docs/lifecycle.md")) && docs.contains(ROOT.resolve("CONTRIBUTING.md")),
                "found only " + docs);
        assertNone(docs.stream().flatMap(f -> SCANNER.scanMarkdown(f).stream()).toList());
    }

    private static void assertNone(List<Finding> findings) {
        assertTrue(
                findings.isEmpty(),
                findings.size() + " citations do not resolve:\n"
                        + findings.stream().map(Finding::toString).collect(Collectors.joining("\n")));
    }
}
