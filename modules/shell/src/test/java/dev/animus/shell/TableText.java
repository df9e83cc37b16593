package dev.animus.shell;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The human output of a command made comparable across runs, for the table goldens: the test's
 * temporary directory becomes {@code <tmp>}, every digest a placeholder of its own length
 * ({@code digest1xxxxx}, the same placeholder for a digest's full and short forms, numbered by
 * first sight), every time {@code YYYY-MM-DDThh:mm:ssZ} (with {@code .fff} when it had a
 * fraction), and the cells of the named columns (a pid, an uptime) a fixed word. A table (its
 * first line a header of words in capitals) is cut into cells at its header's column starts and aligned
 * again after, so a value whose length changes from run to run does not move the columns.
 */
final class TableText {
    private static final Pattern FULL = Pattern.compile("(?<![0-9a-zA-Z])[0-9a-f]{64}(?![0-9a-zA-Z])");
    private static final Pattern SHORT = Pattern.compile("(?<![0-9a-zA-Z])[0-9a-f]{12}(?![0-9a-zA-Z])");
    private static final Pattern TIME =
            Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)");
    private static final Pattern HEADER = Pattern.compile("[A-Z][A-Z0-9]*( {1,}[A-Z][A-Z0-9]*)+");
    private static final Pattern HEADER_CELL = Pattern.compile("[A-Z0-9]+( [A-Z0-9]+)*");

    private final List<String> roots;
    private final Map<String, String> fixedColumns;
    private final Map<String, Integer> digests = new LinkedHashMap<>();

    /**
     * @param root the test's temporary directory
     * @param fixedColumns header → the word every cell of that column becomes
     */
    TableText(Path root, Map<String, String> fixedColumns) {
        List<String> r = new ArrayList<>();
        r.add(root.toAbsolutePath().normalize().toString());
        try {
            r.add(root.toRealPath().toString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        this.roots =
                r.stream().distinct().sorted((a, b) -> b.length() - a.length()).toList();
        this.fixedColumns = Map.copyOf(fixedColumns);
    }

    /**
     * {@code out} normalized; from its first header line (words in capitals) on as a table, the
     * lines before it (a file name above the table) line by line.
     */
    String normalize(String out) {
        List<String> all = out.lines().toList();
        int at = 0;
        while (at < all.size() && !HEADER.matcher(all.get(at)).matches()) {
            at++;
        }
        String before = String.join(
                "", all.subList(0, at).stream().map(l -> value(l) + "\n").toList());
        if (at == all.size()) {
            return before;
        }
        return before + table(all.subList(at, all.size()));
    }

    private String table(List<String> lines) {
        String header = lines.getFirst();
        List<Integer> starts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Matcher m = HEADER_CELL.matcher(header);
        while (m.find()) {
            starts.add(m.start());
            names.add(m.group());
        }
        int n = starts.size();
        List<String[]> rows = new ArrayList<>();
        for (String line : lines) {
            String[] cells = new String[n];
            for (int c = 0; c < n; c++) {
                int from = Math.min(starts.get(c), line.length());
                int to = c == n - 1 ? line.length() : Math.min(starts.get(c + 1), line.length());
                String cell = line.substring(from, to).strip();
                boolean isHeader = rows.isEmpty();
                cells[c] = isHeader || cell.isEmpty()
                        ? cell
                        : fixedColumns.containsKey(names.get(c)) ? fixedColumns.get(names.get(c)) : value(cell);
            }
            rows.add(cells);
        }
        int[] widths = new int[n];
        for (String[] row : rows) {
            for (int c = 0; c < n; c++) {
                widths[c] = Math.max(widths[c], row[c].codePointCount(0, row[c].length()));
            }
        }
        StringBuilder b = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < n; c++) {
                line.append(row[c]);
                if (c < n - 1) {
                    line.append(" ".repeat(widths[c] - row[c].codePointCount(0, row[c].length()) + 2));
                }
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        return b.toString();
    }

    private String value(String s) {
        String v = s;
        for (String root : roots) {
            v = v.replace(root, "<tmp>");
        }
        v = FULL.matcher(v).replaceAll(m -> placeholder(m.group(), 64));
        v = SHORT.matcher(v).replaceAll(m -> placeholder(m.group(), 12));
        v = TIME.matcher(v).replaceAll(m -> "YYYY-MM-DDThh:mm:ss" + (m.group(1) == null ? "" : ".fff") + "Z");
        return v;
    }

    private String placeholder(String hex, int length) {
        int n = digests.computeIfAbsent(hex.substring(0, 12), k -> digests.size() + 1);
        String p = "digest" + n;
        return p + "x".repeat(length - p.length());
    }
}
