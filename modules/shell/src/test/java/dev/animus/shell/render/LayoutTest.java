package dev.animus.shell.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The one place the width of tables is decided, and how a layout shows digests, paths and times. */
class LayoutTest {
    private static final Map<String, String> ENV = Map.of("HOME", "/home/alice");
    private static final String DIGEST = "0123456789abcdef".repeat(4);

    @Test
    void wideBeatsAConfiguredWidthWhichBeatsTheTerminalsWhichBeatsEighty() {
        assertEquals(
                OptionalInt.empty(),
                Layout.resolve(true, OptionalInt.of(100), OptionalInt.of(120), ENV)
                        .width());
        assertEquals(
                OptionalInt.of(100),
                Layout.resolve(false, OptionalInt.of(100), OptionalInt.of(120), ENV)
                        .width());
        assertEquals(
                OptionalInt.of(120),
                Layout.resolve(false, OptionalInt.empty(), OptionalInt.of(120), ENV)
                        .width());
        assertEquals(
                OptionalInt.of(80),
                Layout.resolve(false, OptionalInt.empty(), OptionalInt.empty(), ENV)
                        .width());
        assertEquals(
                OptionalInt.of(20),
                Layout.resolve(false, OptionalInt.empty(), OptionalInt.of(3), ENV)
                        .width());
    }

    @Test
    void onlyATerminalHasColumns() {
        PrintWriter none = new PrintWriter(Writer.nullWriter());
        var in = new ByteArrayInputStream(new byte[0]);
        assertEquals(
                OptionalInt.empty(),
                new Terminal(in, none, none, false, false)
                        .withColumns(() -> 132)
                        .columns());
        assertEquals(
                OptionalInt.of(132),
                new Terminal(in, none, none, false, true).withColumns(() -> 132).columns());
        assertEquals(
                OptionalInt.empty(),
                new Terminal(in, none, none, false, true).withColumns(() -> 0).columns());
        assertEquals(OptionalInt.empty(), new Terminal(in, none, none, false, true).columns());
        assertEquals(132, Terminal.columnsVariable(Map.of("COLUMNS", "132")));
        assertEquals(0, Terminal.columnsVariable(Map.of("COLUMNS", "wide")));
        assertEquals(0, Terminal.columnsVariable(Map.of("COLUMNS", "-5")));
        assertEquals(0, Terminal.columnsVariable(Map.of()));
    }

    @Test
    void digestsAreShortAndWholeWhenWide() {
        Layout narrow = Layout.resolve(false, OptionalInt.empty(), OptionalInt.empty(), ENV);
        assertEquals("0123456789ab", narrow.digest(DIGEST));
        assertEquals("abc", narrow.digest("abc"));
        assertEquals(
                DIGEST,
                Layout.resolve(true, OptionalInt.empty(), OptionalInt.empty(), ENV)
                        .digest(DIGEST));
    }

    @Test
    void pathsUnderHomeStartWithATildeAndTheirDigestsAreShortAndMarked() {
        Layout narrow = Layout.resolve(false, OptionalInt.empty(), OptionalInt.empty(), ENV);
        assertEquals(
                "~/.animus/store/0123456789ab…/animus-plugin-echo",
                narrow.path("/home/alice/.animus/store/" + DIGEST + "/animus-plugin-echo"));
        assertEquals("/home/alicebob/x", narrow.path("/home/alicebob/x"));
        assertEquals("/opt/plugins/x", narrow.path("/opt/plugins/x"));
        Layout wide = Layout.resolve(true, OptionalInt.empty(), OptionalInt.empty(), ENV);
        assertEquals("/home/alice/.animus/store/" + DIGEST, wide.path("/home/alice/.animus/store/" + DIGEST));
        // no HOME, or HOME=/: paths as they are
        assertEquals(
                "/home/alice/x",
                Layout.resolve(false, OptionalInt.empty(), OptionalInt.empty(), Map.of())
                        .path("/home/alice/x"));
        assertEquals(
                "/etc/x",
                Layout.resolve(false, OptionalInt.empty(), OptionalInt.empty(), Map.of("HOME", "/"))
                        .path("/etc/x"));
    }

    @Test
    void aSentenceGetsShortDigestsAndATildeWherePathsStart() {
        Layout narrow = Layout.resolve(false, OptionalInt.empty(), OptionalInt.empty(), Map.of("HOME", "/home/alice/"));
        assertEquals(
                "path ~/dl/x: expected sha256 0123456789ab, found fedcba987654 (see ~/a)",
                narrow.text("path /home/alice/dl/x: expected sha256 " + DIGEST + ", found "
                        + new StringBuilder(DIGEST).reverse() + " (see /home/alice/a)"));
        // a home inside another path, and a longer hex run, are left alone
        assertEquals("/srv/home/alice/x " + DIGEST + "0", narrow.text("/srv/home/alice/x " + DIGEST + "0"));
    }

    @Test
    void timesAreToTheSecondUnlessWide() {
        Instant at = Instant.parse("2026-01-02T03:04:05.123456Z");
        assertEquals(
                "2026-01-02T03:04:05Z",
                Layout.resolve(false, OptionalInt.empty(), OptionalInt.empty(), ENV)
                        .time(at));
        assertEquals("2026-01-02T03:04:05.123456Z", Layout.full().time(at));
    }

    @Test
    void aTablePrintedThroughALayoutFitsItsWidth() {
        StringWriter w = new StringWriter();
        Table.of("NAME", Table.middle("PATH"))
                .row("echo", "/home/alice/" + "deep/".repeat(20) + "animus-plugin-echo")
                .print(new PrintWriter(w), Layout.resolve(false, OptionalInt.of(40), OptionalInt.empty(), ENV));
        w.toString().lines().forEach(l -> assertTrue(l.length() <= 40, l));
        assertTrue(w.toString().contains("…"), w.toString());
    }
}
