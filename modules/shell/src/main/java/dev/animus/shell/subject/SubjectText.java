package dev.animus.shell.subject;

import dev.animus.core.OneLine;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Table;
import dev.animus.subjects.KindRow;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectChange;
import java.time.DateTimeException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * The human form of subjects (docs/cli.md#subjects): pure functions from the model to lines, fitted
 * to the layout's width. Every value a backend wrote goes through {@link OneLine} (the table does it
 * for its cells), so a title can neither break a line nor send control sequences.
 */
final class SubjectText {
    /**
     * The room the title keeps before ASSIGNEE and LABELS give theirs up: a list is read by its
     * titles, a cut label list is worth less than 30 characters of title.
     */
    static final int TITLE_ROOM = 30;

    /** The width of the keys of the detail view ({@code priority}, {@code assignee}, ...). */
    private static final int KEY = 10;

    private SubjectText() {}

    /** The routing table: one row per pattern; NATIVE is what an aliased plugin declared, else {@code -}. */
    static List<String> kinds(List<KindRow> rows, Layout layout) {
        Table t = Table.of("PATTERN", "PLUGIN", "NATIVE");
        rows.forEach(r -> t.row(r.pattern(), r.plugin(), r.aliased() ? r.nativePattern() : "-"));
        return t.lines(layout.width());
    }

    /**
     * A page of subjects as a table: ID, KIND (when {@code withKind}: a list across backends),
     * STATUS, PRI and TITLE (cut at its end to fit), then ASSIGNEE and LABELS while the title keeps
     * {@value #TITLE_ROOM} characters (or all of it, when shorter): LABELS is left out first, then
     * ASSIGNEE, and either is left out when no subject of the page has one.
     */
    static List<String> list(List<Subject> subjects, boolean withKind, Layout layout) {
        boolean assignees = subjects.stream().anyMatch(s -> s.assignee().isPresent());
        boolean labels = subjects.stream().anyMatch(s -> !s.labels().isEmpty());
        List<Table> choices = new ArrayList<>();
        choices.add(table(subjects, withKind, assignees, labels));
        if (labels) {
            choices.add(table(subjects, withKind, assignees, false));
        }
        if (assignees) {
            choices.add(table(subjects, withKind, false, false));
        }
        int widestTitle = Stream.concat(Stream.of("TITLE"), subjects.stream().map(s -> OneLine.of(s.title())))
                .mapToInt(t -> t.codePointCount(0, t.length()))
                .max()
                .orElse(0);
        int wanted = Math.min(widestTitle, TITLE_ROOM);
        int titleColumn = withKind ? 4 : 3;
        for (Table t : choices) {
            if (t.widths(layout.width())[titleColumn] >= wanted && t.fits(layout.width())) {
                return t.lines(layout.width());
            }
        }
        return choices.getLast().lines(layout.width());
    }

    private static Table table(List<Subject> subjects, boolean withKind, boolean assignees, boolean labels) {
        List<Object> columns = new ArrayList<>(List.of("ID"));
        if (withKind) {
            columns.add("KIND");
        }
        columns.addAll(List.of("STATUS", "PRI", Table.end("TITLE")));
        if (assignees) {
            columns.add(Table.end("ASSIGNEE"));
        }
        if (labels) {
            columns.add(Table.end("LABELS"));
        }
        Table t = Table.of(columns.toArray());
        for (Subject s : subjects) {
            List<String> cells = new ArrayList<>(List.of(s.id()));
            if (withKind) {
                cells.add(s.kind());
            }
            cells.addAll(List.of(s.status().wire(), priority(s), s.title()));
            if (assignees) {
                cells.add(s.assignee().orElse("-"));
            }
            if (labels) {
                cells.add(s.labels().isEmpty() ? "-" : String.join(",", s.labels()));
            }
            t.row(cells.toArray(String[]::new));
        }
        return t;
    }

    private static String priority(Subject s) {
        OptionalInt p = s.priority();
        return p.isPresent() ? Integer.toString(p.getAsInt()) : "-";
    }

    /**
     * One subject, a field a line ({@code get}, {@code next}): the shared fields that are set, the
     * description indented below, and any {@code custom} fields as compact JSON. Long values are
     * broken at spaces to fit the width.
     */
    static List<String> detail(Subject s, Layout layout) {
        List<String> out = new ArrayList<>();
        row(out, "id", s.id(), layout);
        row(out, "kind", s.kind(), layout);
        row(out, "title", s.title(), layout);
        row(out, "status", s.status().wire(), layout);
        row(out, "priority", priority(s), layout);
        row(out, "assignee", s.assignee().orElse("-"), layout);
        row(out, "labels", s.labels().isEmpty() ? "-" : String.join(", ", s.labels()), layout);
        text(s.json(), "parent").ifPresent(p -> row(out, "parent", p, layout));
        List<String> children = strings(s.json().path("children"));
        if (!children.isEmpty()) {
            row(out, "children", String.join(", ", children), layout);
        }
        text(s.json(), "url").ifPresent(u -> row(out, "url", u, layout));
        s.createdAt().ifPresent(t -> row(out, "created", time(t, layout), layout));
        s.updatedAt().ifPresent(t -> row(out, "updated", time(t, layout), layout));
        JsonNode custom = s.json().path("custom");
        if (custom.isObject() && !custom.isEmpty()) {
            row(out, "custom", custom.toString(), layout); // the backend's own fields, compact JSON
        }
        s.description().filter(d -> !d.isBlank()).ifPresent(d -> {
            out.add("");
            int room = layout.width().isPresent() ? layout.width().getAsInt() - 2 : Integer.MAX_VALUE;
            d.lines()
                    .forEach(line -> Table.fitted(OneLine.of(line), room, Table.Fit.WRAP)
                            .forEach(part -> out.add(("  " + part).stripTrailing())));
        });
        comments(s, layout, out);
        return out;
    }

    /**
     * The comments a backend sends with the subject ({@code comments[{text, at?}]}, as the tasks
     * backend does), oldest first, under a heading: each its time, then its text indented.
     */
    private static void comments(Subject s, Layout layout, List<String> out) {
        JsonNode comments = s.json().path("comments");
        if (!comments.isArray() || comments.isEmpty()) {
            return;
        }
        out.add("");
        out.add("comments");
        int room = layout.width().isPresent() ? layout.width().getAsInt() - 4 : Integer.MAX_VALUE;
        for (JsonNode c : comments) {
            String at = c.path("at").isString() ? time(c.path("at").asString(), layout) : "-";
            out.add("  " + OneLine.of(at));
            String text = c.path("text").isString() ? c.path("text").asString() : c.toString();
            text.lines()
                    .forEach(line -> Table.fitted(OneLine.of(line), room, Table.Fit.WRAP)
                            .forEach(part -> out.add(("    " + part).stripTrailing())));
        }
    }

    private static void row(List<String> out, String key, String value, Layout layout) {
        String pad = " ".repeat(KEY + 1);
        String k = key + " ".repeat(Math.max(1, KEY + 1 - key.length()));
        int room = layout.width().isPresent() ? Math.max(layout.width().getAsInt() - KEY - 1, 10) : Integer.MAX_VALUE;
        List<String> parts = Table.fitted(OneLine.of(value), room, Table.Fit.WRAP);
        out.add((k + parts.getFirst()).stripTrailing());
        parts.subList(1, parts.size()).forEach(p -> out.add(pad + p));
    }

    /** An RFC 3339 time as the layout shows times (in UTC, to the second); as written with --wide or when it does not parse. */
    static String time(String rfc3339, Layout layout) {
        if (layout.wide()) {
            return rfc3339;
        }
        try {
            return layout.time(OffsetDateTime.parse(rfc3339).toInstant());
        } catch (DateTimeException e) {
            return rfc3339;
        }
    }

    /**
     * One change of a watch, one line: what happened, the id, and (when the backend sent the
     * subject) its status and title, the title cut to fit the width.
     */
    static String change(SubjectChange c, Layout layout) {
        String head = c.change().wire() + " " + OneLine.of(c.subjectId());
        if (c.subject().isEmpty()) {
            return head;
        }
        Subject s = c.subject().get();
        String withStatus = head + " (" + s.status().wire() + ") ";
        String title = OneLine.of(s.title());
        if (layout.width().isPresent()) {
            int room = Math.max(layout.width().getAsInt() - withStatus.codePointCount(0, withStatus.length()), 10);
            title = Table.fitted(title, room, Table.Fit.END).getFirst();
        }
        return withStatus + title;
    }

    /** The one line {@code update} and {@code status} print: the id, its status and its title. */
    static String summary(Subject s) {
        return OneLine.of(s.id()) + " (" + s.status().wire() + ") " + OneLine.of(s.title());
    }

    private static Optional<String> text(JsonNode json, String field) {
        JsonNode v = json.path(field);
        return v.isString() && !v.asString().isEmpty() ? Optional.of(v.asString()) : Optional.empty();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> {
            if (v.isString()) {
                out.add(v.asString());
            }
        });
        return out;
    }
}
