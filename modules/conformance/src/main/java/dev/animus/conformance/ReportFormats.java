package dev.animus.conformance;

import java.util.Locale;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@link Report} as documents for machines: the JSON of {@code --json} (schema
 * {@value Report#SCHEMA}) and JUnit XML for CI systems (one {@code testsuite}, one
 * {@code testcase} per check, {@code failure} and {@code skipped} elements as JUnit's Ant schema
 * has them). Pure.
 */
public final class ReportFormats {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ReportFormats() {}

    public static ObjectNode json(Report report) {
        ObjectNode o = JSON.createObjectNode();
        o.put("schema", Report.SCHEMA);
        o.put("executable", report.executable().toString());
        o.put("plugin", report.name());
        ArrayNode kinds = o.putArray("kinds");
        report.kinds().forEach(kinds::add);
        o.put("passed", report.passed());
        ObjectNode counts = o.putObject("counts");
        for (CheckResult.Outcome outcome : CheckResult.Outcome.values()) {
            counts.put(outcome.name().toLowerCase(Locale.ROOT), report.count(outcome));
        }
        o.put("took_ms", report.took().toMillis());
        ArrayNode checks = o.putArray("checks");
        for (CheckResult r : report.results()) {
            ObjectNode c = checks.addObject();
            c.put("pack", r.pack());
            c.put("id", r.id());
            c.put("title", r.title());
            c.put("outcome", r.outcome().name().toLowerCase(Locale.ROOT));
            c.put("detail", r.detail());
            if (r.failed()) {
                c.put("hint", r.hint());
                ArrayNode t = c.putArray("transcript");
                r.transcript().forEach(t::add);
                ArrayNode e = c.putArray("stderr");
                r.stderr().forEach(e::add);
            }
            c.put("took_ms", r.took().toMillis());
        }
        return o;
    }

    public static String junit(Report report) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<testsuites name=\"animus conformance\" tests=\"")
                .append(report.results().size())
                .append("\" failures=\"")
                .append(report.count(CheckResult.Outcome.FAILED))
                .append("\" skipped=\"")
                .append(report.count(CheckResult.Outcome.SKIPPED))
                .append("\" time=\"")
                .append(seconds(report.took().toMillis()))
                .append("\">\n");
        x.append("  <testsuite name=\"")
                .append(attr("conformance." + report.name()))
                .append("\" tests=\"")
                .append(report.results().size())
                .append("\" failures=\"")
                .append(report.count(CheckResult.Outcome.FAILED))
                .append("\" errors=\"0\" skipped=\"")
                .append(report.count(CheckResult.Outcome.SKIPPED))
                .append("\" time=\"")
                .append(seconds(report.took().toMillis()))
                .append("\">\n");
        x.append("    <properties>\n      <property name=\"executable\" value=\"")
                .append(attr(report.executable().toString()))
                .append("\"/>\n      <property name=\"kinds\" value=\"")
                .append(attr(String.join(",", report.kinds())))
                .append("\"/>\n    </properties>\n");
        for (CheckResult r : report.results()) {
            x.append("    <testcase classname=\"")
                    .append(attr("conformance." + r.pack()))
                    .append("\" name=\"")
                    .append(attr(r.id() + ": " + r.title()))
                    .append("\" time=\"")
                    .append(seconds(r.took().toMillis()))
                    .append('"');
            switch (r.outcome()) {
                case PASSED -> x.append("/>\n");
                case SKIPPED ->
                    x.append(">\n      <skipped message=\"")
                            .append(attr(r.detail()))
                            .append("\"/>\n    </testcase>\n");
                case FAILED -> {
                    x.append(">\n      <failure message=\"")
                            .append(attr(r.detail()))
                            .append("\" type=\"conformance\">");
                    StringBuilder body = new StringBuilder(r.detail())
                            .append("\nfix: ")
                            .append(r.hint())
                            .append('\n');
                    r.transcript().forEach(l -> body.append(l).append('\n'));
                    if (!r.stderr().isEmpty()) {
                        body.append("stderr:\n");
                        r.stderr().forEach(l -> body.append(l).append('\n'));
                    }
                    x.append(text(body.toString())).append("</failure>\n    </testcase>\n");
                }
            }
        }
        return x.append("  </testsuite>\n</testsuites>\n").toString();
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
    }

    private static String attr(String s) {
        return text(s).replace("\"", "&quot;").replace("\n", "&#10;");
    }

    /** XML 1.0 text: the five escapes, and characters XML cannot hold (most C0 controls) as U+FFFD. */
    private static String text(String s) {
        StringBuilder out = new StringBuilder(s.length());
        s.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                default -> {
                    boolean allowed = c == 0x9
                            || c == 0xA
                            || c == 0xD
                            || (c >= 0x20 && c <= 0xD7FF)
                            || (c >= 0xE000 && c <= 0xFFFD)
                            || c >= 0x10000;
                    out.appendCodePoint(allowed ? c : 0xFFFD);
                }
            }
        });
        return out.toString();
    }
}
