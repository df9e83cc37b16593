package dev.animus.shell.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.OneLine;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link Table} fitted to a width: examples, and the property that no line is longer than the
 * width unless the cells that never shrink (with the others at their narrowest) need more, on
 * random tables (a seeded loop: {@code -Dfuzz.seed} replays a run, {@code -Dfuzz.inputs} sets
 * how many tables).
 */
class TableTest {
    private static final String[] WORDS = {
        "a", "to", "the", "plugin", "sha256", "/home/user/.animus/store", "é", "𝄞𝄞", "—", "x".repeat(30), "0123456789"
    };

    @Test
    void aTableThatFitsIsPrintedAsItIs() {
        Table t = Table.of("NAME", Table.end("DESCRIPTION"), Table.middle("PATH"))
                .row("echo", "echoes", "/a/b")
                .row("pyecho", "echoes, in Python", "/a/b/c");
        List<String> expected = List.of(
                "NAME    DESCRIPTION        PATH",
                "echo    echoes             /a/b",
                "pyecho  echoes, in Python  /a/b/c");
        assertEquals(expected, t.lines(OptionalInt.of(80)));
        assertEquals(expected, t.lines(OptionalInt.empty()));
        assertTrue(t.fits(OptionalInt.of(32)));
    }

    @Test
    void theWidestShrinkingColumnGivesWayFirst() {
        Table t = Table.of("NAME", Table.end("DESCRIPTION"), Table.middle("PATH"))
                .row(
                        "pyecho",
                        "echoes and streams, in Python (written from the protocol)",
                        "/home/u/plugins/animus-plugin-pyecho");
        List<String> lines = t.lines(OptionalInt.of(60));
        assertEquals(
                List.of(
                        "NAME    DESCRIPTION                PATH",
                        "pyecho  echoes and streams, in P…  /home/u/…us-plugin-pyecho"),
                lines);
        lines.forEach(l -> assertTrue(l.length() <= 60, l));
    }

    @Test
    void aWrappingColumnBreaksAtSpacesOntoFurtherLines() {
        Table t = Table.of("PLUGIN", Table.wrap("PROBLEM"), "FIX")
                .row("echo", "not trusted: its code has never been trusted here", "animus plugin trust echo");
        assertEquals(
                List.of(
                        "PLUGIN  PROBLEM                   FIX",
                        "echo    not trusted: its code     animus plugin trust echo",
                        "        has never been trusted",
                        "        here"),
                t.lines(OptionalInt.of(58)));
    }

    @Test
    void cellsThatNeverShrinkRunPastTheWidth() {
        Table t = Table.of("NAME", "SHA256").row("echo", "f".repeat(64));
        assertEquals("echo  " + "f".repeat(64), t.lines(OptionalInt.of(30)).get(1));
        assertTrue(!t.fits(OptionalInt.of(30)) && t.fits(OptionalInt.empty()));
    }

    @Test
    void aCellFromAPluginStaysOneSafeLine() {
        Table t = Table.of("NAME", Table.end("LAST ERROR")).row("evil", "boom\n\u001b[2Jforged line");
        List<String> lines = t.lines(OptionalInt.of(80));
        assertEquals(2, lines.size());
        assertTrue(lines.get(1).endsWith(OneLine.of("boom\n\u001b[2Jforged line")), lines.get(1));
    }

    @Test
    void noLineIsLongerThanTheWidthUnlessTheCellsThatKeepTheirWidthForceIt() {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        int inputs = Integer.getInteger("fuzz.inputs", 3000);
        System.out.println("TableTest seed: -Dfuzz.seed=" + seed);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < inputs; i++) {
            int n = 1 + random.nextInt(6);
            List<Table.Column> columns = new ArrayList<>();
            for (int c = 0; c < n; c++) {
                Table.Fit fit = Table.Fit.values()[random.nextInt(Table.Fit.values().length)];
                columns.add(new Table.Column(header(random), fit));
            }
            List<String[]> rows = new ArrayList<>();
            int count = random.nextInt(6);
            for (int r = 0; r < count; r++) {
                String[] row = new String[n];
                for (int c = 0; c < n; c++) {
                    row[c] = cell(random);
                }
                rows.add(row);
            }
            OptionalInt width = random.nextInt(8) == 0 ? OptionalInt.empty() : OptionalInt.of(1 + random.nextInt(120));
            int index = i;
            Supplier<String> which = () -> "table " + index + " of seed " + seed + " at width " + width + ": "
                    + columns + " "
                    + rows.stream().map(List::of).toList();
            check(columns, rows, width, which);
        }
    }

    private static void check(
            List<Table.Column> columns, List<String[]> rows, OptionalInt width, Supplier<String> which) {
        Table table = Table.of(columns.toArray());
        rows.forEach(table::row);
        int n = columns.size();
        int[] natural = new int[n];
        int[] narrowest = new int[n];
        for (int c = 0; c < n; c++) {
            natural[c] = length(columns.get(c).header());
            for (String[] row : rows) {
                natural[c] = Math.max(natural[c], length(OneLine.of(row[c])));
            }
            narrowest[c] = columns.get(c).fit() == Table.Fit.KEEP
                    ? natural[c]
                    : Math.min(
                            natural[c],
                            Math.max(Table.NARROWEST, length(columns.get(c).header())));
        }
        int gaps = 2 * (n - 1);
        int minimal = sum(narrowest) + gaps;
        List<String> lines = table.lines(width);
        int bound = width.isEmpty() ? sum(natural) + gaps : Math.max(width.getAsInt(), minimal);
        for (String line : lines) {
            assertTrue(
                    length(line) <= bound,
                    () -> which.get() + ": a line of " + length(line) + " > " + bound + ": " + line);
            assertEquals(line.stripTrailing(), line, which);
        }
        int[] widths = table.widths(width);
        for (int c = 0; c < n; c++) {
            int col = c;
            assertTrue(narrowest[c] <= widths[c] && widths[c] <= natural[c], () -> which.get() + ": column " + col);
        }
        if (width.isEmpty() || sum(natural) + gaps <= width.getAsInt()) {
            assertArrayEquals(natural, widths, () -> which.get() + ": a table that fits keeps its widths");
        } else if (sum(widths) + gaps > width.getAsInt()) {
            assertArrayEquals(narrowest, widths, () -> which.get() + ": too wide while a column could still shrink");
        }
        // every cell is where its column starts, whole or fitted as its column says
        int at = 0;
        List<String[]> all = new ArrayList<>();
        all.add(columns.stream().map(Table.Column::header).toArray(String[]::new));
        rows.forEach(all::add);
        for (int r = 0; r < all.size(); r++) {
            List<List<String>> parts = new ArrayList<>();
            int height = 1;
            for (int c = 0; c < n; c++) {
                String cell = OneLine.of(all.get(r)[c]);
                Table.Fit fit = r == 0 ? Table.Fit.KEEP : columns.get(c).fit();
                List<String> p = Table.fitted(cell, widths[c], fit);
                checkFitted(cell, widths[c], fit, p, which);
                parts.add(p);
                height = Math.max(height, p.size());
            }
            for (int h = 0; h < height; h++) {
                assertTrue(at < lines.size(), which);
                int[] line = lines.get(at++).codePoints().toArray();
                int start = 0;
                for (int c = 0; c < n; c++) {
                    int end = c == n - 1 ? line.length : Math.min(line.length, start + widths[c]);
                    String got = start >= line.length ? "" : new String(line, start, Math.max(0, end - start));
                    String expected = h < parts.get(c).size() ? parts.get(c).get(h) : "";
                    int row = r;
                    int lineOfRow = h;
                    int col = c;
                    assertEquals(
                            expected.stripTrailing(),
                            got.stripTrailing(),
                            () -> which.get() + ": row " + row + " line " + lineOfRow + " column " + col);
                    if (c < n - 1 && end < line.length) {
                        assertEquals("  ", new String(line, end, Math.min(2, line.length - end)), which);
                    }
                    start += widths[c] + 2;
                }
            }
        }
        assertEquals(lines.size(), at, which);
    }

    private static void checkFitted(String cell, int width, Table.Fit fit, List<String> parts, Supplier<String> which) {
        int[] cps = cell.codePoints().toArray();
        if (fit == Table.Fit.KEEP || cps.length <= width) {
            assertEquals(List.of(cell), parts, which);
            return;
        }
        switch (fit) {
            case END -> {
                assertEquals(1, parts.size(), which);
                assertEquals(width, length(parts.getFirst()), which);
                assertTrue(parts.getFirst().endsWith("…"), which);
                assertTrue(
                        cell.startsWith(
                                parts.getFirst().substring(0, parts.getFirst().length() - 1)),
                        which);
            }
            case MIDDLE -> {
                assertEquals(1, parts.size(), which);
                String p = parts.getFirst();
                assertEquals(width, length(p), which);
                int mark = p.indexOf('…', p.offsetByCodePoints(0, (width - 1) / 3));
                assertTrue(cell.startsWith(p.substring(0, mark)) && cell.endsWith(p.substring(mark + 1)), which);
            }
            case WRAP -> {
                parts.forEach(p -> assertTrue(length(p) <= width, which));
                assertEquals(cell.replace(" ", ""), String.join("", parts).replace(" ", ""), which);
            }
            case KEEP -> throw new AssertionError();
        }
    }

    private static String header(SplittableRandom random) {
        StringBuilder b = new StringBuilder();
        int words = 1 + random.nextInt(2);
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                b.append(' ');
            }
            int len = 1 + random.nextInt(10);
            for (int k = 0; k < len; k++) {
                b.append((char) ('A' + random.nextInt(26)));
            }
        }
        return b.toString();
    }

    private static String cell(SplittableRandom random) {
        StringBuilder b = new StringBuilder();
        int words = random.nextInt(12);
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                b.append(" ".repeat(1 + random.nextInt(random.nextInt(8) == 0 ? 3 : 1)));
            }
            b.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return b.toString();
    }

    private static int sum(int[] values) {
        int s = 0;
        for (int v : values) {
            s += v;
        }
        return s;
    }

    private static int length(String s) {
        return s.codePointCount(0, s.length());
    }
}
