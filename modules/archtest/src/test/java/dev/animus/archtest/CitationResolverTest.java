package dev.animus.archtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The citation rules on a small repository of their own, broken on purpose. */
class CitationResolverTest {
    @TempDir
    Path root;

    private CitationScanner scanner() throws IOException {
        Files.createDirectories(root.resolve("docs/decisions"));
        Files.writeString(root.resolve("docs/security.md"), """
                # Security (as built)
                ## Trust is per digest
                ```
                ## not a heading: inside a code block
                ```
                ## The store: `<animus_home>/store/<sha256>/`
                ## Results
                ## Results
                ### A [linked](other.md) heading ###
                """);
        Files.writeString(root.resolve("docs/decisions/001-x.md"), "# 001 — x\n");
        return new CitationScanner(root);
    }

    @Test
    void anchorsAreTheLowercasedWordsOfTheHeadingWithHyphens() {
        assertEquals("trust-is-per-digest", Headings.anchor("Trust is per digest"));
        assertEquals("the-store-animus_homestoresha256", Headings.anchor("The store: `<animus_home>/store/<sha256>/`"));
        assertEquals(
                "start-up-and-image-benchstartup-issue-10",
                Headings.anchor("Start-up and image (`bench/startup`, issue 10)"));
        assertEquals("a-linked-heading", Headings.anchor("A [linked](other.md) heading"));
        assertEquals("help-and---json-are-under-test", Headings.anchor("Help and `--json` are under test"));
    }

    @Test
    void repeatedHeadingsGetNumberedAnchorsAndCodeBlocksHaveNone() throws IOException {
        scanner();
        assertEquals(
                Set.of(
                        "security-as-built",
                        "trust-is-per-digest",
                        "the-store-animus_homestoresha256",
                        "results",
                        "results-1",
                        "a-linked-heading"),
                Headings.anchors(Files.readString(root.resolve("docs/security.md"))));
    }

    @Test
    void aCitationOfAnExistingHeadingResolves() throws IOException {
        CitationScanner s = scanner();
        assertEquals(
                List.of(),
                s.scanText(
                        "A.java", " * The store (docs/security.md#trust-is-per-digest, docs/security.md#results-1)."));
        assertEquals(List.of(), s.scanText("A.java", " * Whole documents: docs/security.md, docs/decisions/001-x.md."));
        assertEquals(List.of(), s.scanText("A.java", " * Merkle proofs (RFC 9162 §2.1.3.2), RFC 6962 §2.1."));
        assertEquals(List.of(), s.scanText("build.sh", "cp \"$src/examples/echo/README.md\" \"$image/\""));
    }

    @Test
    void aCitationOfAMissingHeadingFailsNamingFileLineAndHeading() throws IOException {
        List<Finding> found =
                scanner().scanText("modules/x/A.java", "/**\n * See docs/security.md#trust-per-digest.\n */");
        assertEquals(1, found.size(), found.toString());
        Finding f = found.getFirst();
        assertEquals("modules/x/A.java", f.file());
        assertEquals(2, f.line());
        assertEquals("docs/security.md#trust-per-digest", f.cited());
        assertTrue(f.why().contains("has no heading #trust-per-digest"), f.why());
        assertTrue(f.toString().startsWith("modules/x/A.java:2: 'docs/security.md#trust-per-digest'"), f.toString());
    }

    @Test
    void aCitationOfAMissingDocumentFails() throws IOException {
        List<Finding> found = scanner().scanText("A.java", " * docs/lifecycle.md#installation-lifecycle");
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.getFirst().why().contains("docs/lifecycle.md does not exist"), found.toString());
    }

    @Test
    void designNoteCitationsSectionNumbersAndSharedPathsFail() throws IOException {
        CitationScanner s = scanner();
        assertEquals(
                2, s.scanText("A.java", " * The retry rule of lifecycle.md §3.").size());
        assertEquals(1, s.scanText("A.java", " * Framing (protocol §1).").size());
        assertEquals(1, s.scanText("A.java", " * Confirmations (cli.md).").size());
        assertEquals(1, s.scanText("run.sh", "# see ../shared/design/notes").size());
        assertEquals(1, s.scanText("A.java", " * (architecture.md)").size());
    }

    @Test
    void testCodeIsReadByItsCommentsOnly() throws IOException {
        CitationScanner s = scanner();
        Path test = root.resolve("modules/x/src/test/java/ATest.java");
        Files.createDirectories(test.getParent());
        Files.writeString(test, """
                class ATest {
                    String data = "docs/usage.md and security.md §5";
                    char c = '"';
                    String block = \"""
                        docs/lifecycle.md
                        \""";
                    // but a comment is read: docs/security.md#nowhere
                }
                """);
        List<Finding> found = s.scanSource(test);
        assertEquals(1, found.size(), found.toString());
        assertEquals(7, found.getFirst().line());
    }

    @Test
    void markdownLinksMustReachFilesAndHeadings() throws IOException {
        CitationScanner s = scanner();
        Path page = root.resolve("docs/page.md");
        Files.writeString(page, """
                # Page
                Good: [trust](security.md#trust-is-per-digest), [here](#page), [001](decisions/001-x.md),
                [web](https://example.com/x.md#y).
                Broken: [gone](security.md#gone), [none](missing.md), [self](#nowhere).
                Prose: the [security.md](security.md) link text is not a citation, but security.md is.
                Code spans are examples: `[x](nowhere.md)`, `security.md`; but not `lifecycle.md §2`.
                ```
                [in code](nowhere.md) lifecycle.md
                ```
                """);
        List<Finding> found = s.scanMarkdown(page);
        assertEquals(List.of(4, 4, 4, 5, 6), found.stream().map(Finding::line).toList(), found.toString());
        assertEquals(Optional.empty(), s.problem("docs/security.md", Optional.of("the-store-animus_homestoresha256")));
    }
}
