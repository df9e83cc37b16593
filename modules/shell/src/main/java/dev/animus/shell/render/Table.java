package dev.animus.shell.render;

import dev.animus.core.OneLine;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Aligned columns, two spaces apart, the last one unpadded (kubectl's look), fitted to a width
 * (docs/cli.md#table-width). Every cell is shown through {@link OneLine}: a cell that came from a
 * plugin (a version, a last error, a cache entry) can neither break the row nor send control
 * sequences.
 *
 * <p>When the table is wider than the width, the columns that may {@link Fit shrink} give up
 * columns, the widest first, down to {@value #NARROWEST} (or their header, or their widest cell
 * if that is narrower); the others keep every character. So no line is longer than the width
 * unless the cells that do not shrink, with the shrinking ones at their narrowest, need more.
 * Widths are counted in code points (a character two columns wide counts as one).
 */
public final class Table {
    /** The narrowest a shrinking column gets. */
    static final int NARROWEST = 10;

    private static final String ELLIPSIS = "…";

    /** What a column does when the table is too wide. */
    public enum Fit {
        /** Never shortened: names, digests, states, commands to paste. */
        KEEP,
        /** Cut at the end, marked {@code …}: descriptions, last errors. */
        END,
        /** Cut after its first third, marked {@code …}, keeping both ends: paths (the file name stays). */
        MIDDLE,
        /** Broken at spaces onto further lines of the row: a problem or a detail to be read whole. */
        WRAP
    }

    /** A column: its header and how it fits. */
    public record Column(String header, Fit fit) {
        public Column {
            Objects.requireNonNull(header, "header");
            Objects.requireNonNull(fit, "fit");
        }

        public static Column keep(String header) {
            return new Column(header, Fit.KEEP);
        }
    }

    private final List<Column> columns;
    private final List<String[]> rows = new ArrayList<>();

    private Table(List<Column> columns) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a table needs a column");
        }
        this.columns = List.copyOf(columns);
    }

    /** A table with these columns; a header given as a plain string keeps its cells whole. */
    public static Table of(Object... columns) {
        return new Table(Arrays.stream(columns)
                .map(c -> c instanceof Column col ? col : Column.keep((String) c))
                .toList());
    }

    public static Column end(String header) {
        return new Column(header, Fit.END);
    }

    public static Column middle(String header) {
        return new Column(header, Fit.MIDDLE);
    }

    public static Column wrap(String header) {
        return new Column(header, Fit.WRAP);
    }

    /** Adds a row, one cell per column. */
    public Table row(String... cells) {
        if (cells.length != columns.size()) {
            throw new IllegalArgumentException(
                    "a row of " + cells.length + " cells in a table of " + columns.size() + " columns");
        }
        rows.add(Arrays.stream(cells).map(OneLine::of).toArray(String[]::new));
        return this;
    }

    /** Prints the table fitted to {@code layout}'s width (none with {@code --wide}). */
    public void print(PrintWriter out, Layout layout) {
        lines(layout.width()).forEach(out::println);
        out.flush();
    }

    /**
     * The lines of the table, the header first, each fitted to {@code width} as far as the
     * columns that shrink allow (no limit when empty), with no trailing spaces.
     */
    public List<String> lines(OptionalInt width) {
        int n = columns.size();
        List<String[]> all = all();
        int[] widths = widths(width);
        List<String> lines = new ArrayList<>();
        for (int r = 0; r < all.size(); r++) {
            List<List<String>> cells = new ArrayList<>();
            int height = 1;
            for (int c = 0; c < n; c++) {
                Fit fit = r == 0 ? Fit.KEEP : columns.get(c).fit();
                List<String> parts = fitted(all.get(r)[c], widths[c], fit);
                cells.add(parts);
                height = Math.max(height, parts.size());
            }
            for (int h = 0; h < height; h++) {
                StringBuilder line = new StringBuilder();
                for (int c = 0; c < n; c++) {
                    String part = h < cells.get(c).size() ? cells.get(c).get(h) : "";
                    line.append(part);
                    if (c < n - 1) {
                        line.append(" ".repeat(widths[c] - length(part) + 2));
                    }
                }
                lines.add(line.toString().stripTrailing());
            }
        }
        return lines;
    }

    /** The header (through {@link OneLine}) and the rows. */
    private List<String[]> all() {
        List<String[]> all = new ArrayList<>();
        all.add(columns.stream().map(c -> OneLine.of(c.header())).toArray(String[]::new));
        all.addAll(rows);
        return all;
    }

    /**
     * The width of each column fitted to {@code width} (no limit when empty): its widest cell, less
     * what it gives up. For a caller that picks its columns by the room one of them gets.
     */
    public int[] widths(OptionalInt width) {
        int n = columns.size();
        List<String[]> all = all();
        int[] widths = new int[n];
        int[] narrowest = new int[n];
        for (int c = 0; c < n; c++) {
            for (String[] row : all) {
                widths[c] = Math.max(widths[c], length(row[c]));
            }
            narrowest[c] = columns.get(c).fit() == Fit.KEEP
                    ? widths[c]
                    : Math.min(widths[c], Math.max(NARROWEST, length(all.getFirst()[c])));
        }
        if (width.isPresent()) {
            shrink(widths, narrowest, width.getAsInt() - 2 * (n - 1));
        }
        return widths;
    }

    /** Takes columns off the widest shrinking column, one at a time, until the cells fit {@code room}. */
    private static void shrink(int[] widths, int[] narrowest, int room) {
        int total = Arrays.stream(widths).sum();
        while (total > room) {
            int widest = -1;
            for (int c = 0; c < widths.length; c++) {
                if (widths[c] > narrowest[c] && (widest < 0 || widths[c] > widths[widest])) {
                    widest = c;
                }
            }
            if (widest < 0) {
                return;
            }
            widths[widest]--;
            total--;
        }
    }

    /**
     * Whether every line of the table is within {@code width} (always, when empty): else a cell
     * that never shrinks, or the narrowest the others get, needs more.
     */
    public boolean fits(OptionalInt width) {
        return width.isEmpty() || lines(width).stream().allMatch(l -> length(l) <= width.getAsInt());
    }

    /** {@code cell} (one line) in {@code width} columns: whole, cut, or broken into lines. */
    public static List<String> fitted(String cell, int width, Fit fit) {
        int[] cps = cell.codePoints().toArray();
        if (cps.length <= width || fit == Fit.KEEP) {
            return List.of(cell);
        }
        return switch (fit) {
            case KEEP -> List.of(cell);
            case END -> List.of(text(cps, 0, width - 1) + ELLIPSIS);
            case MIDDLE -> {
                // a third before the mark, two after: a path's file name says more than its root
                int head = (width - 1) / 3;
                int tail = width - 1 - head;
                yield List.of(text(cps, 0, head) + ELLIPSIS + text(cps, cps.length - tail, cps.length));
            }
            case WRAP -> wrapped(cps, width);
        };
    }

    /** Greedy wrapping at spaces; a word longer than the width is broken where the width ends. */
    private static List<String> wrapped(int[] cps, int width) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (start < cps.length) {
            while (start < cps.length && cps[start] == ' ') {
                start++;
            }
            if (start == cps.length) {
                break;
            }
            if (cps.length - start <= width) {
                lines.add(text(cps, start, cps.length));
                break;
            }
            int cut = -1;
            for (int i = start + width; i > start; i--) {
                if (cps[i] == ' ') {
                    cut = i;
                    break;
                }
            }
            if (cut < 0) {
                lines.add(text(cps, start, start + width));
                start += width;
            } else {
                lines.add(text(cps, start, cut).stripTrailing());
                start = cut + 1;
            }
        }
        return lines.isEmpty() ? List.of("") : lines;
    }

    private static String text(int[] cps, int from, int to) {
        return new String(cps, from, to - from);
    }

    private static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /** Prints {@code given} (the header first) with every cell whole and no width: the table as it was. */
    public static void print(PrintWriter out, List<String[]> given) {
        Table t = of((Object[]) given.getFirst());
        given.subList(1, given.size()).forEach(t::row);
        t.print(out, Layout.full());
    }
}
