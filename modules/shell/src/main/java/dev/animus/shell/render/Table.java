package dev.animus.shell.render;

import dev.animus.core.OneLine;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;

/**
 * Aligned columns, two spaces apart, the last one unpadded (kubectl's look). Every cell is shown
 * through {@link OneLine}: a cell that came from a plugin (a version, a last error, a cache entry)
 * can neither break the row nor send control sequences.
 */
public final class Table {
    private Table() {}

    public static void print(PrintWriter out, List<String[]> given) {
        List<String[]> rows = given.stream()
                .map(row -> Arrays.stream(row).map(OneLine::of).toArray(String[]::new))
                .toList();
        int columns = rows.getFirst().length;
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(c == columns - 1 ? row[c] : pad(row[c], width[c] + 2));
            }
            out.println(line.toString().stripTrailing());
        }
        out.flush();
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(width - s.length());
    }
}
