package dev.animus.plugins.tasks;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The SQL of one {@link Filter}: a {@code WHERE} over {@code subjects s} with its parameters, by row
 * number after the cursor, one row more than the page to tell whether another page follows.
 */
record SubjectQuery(String sql, List<Object> params) {
    SubjectQuery {
        params = List.copyOf(params);
    }

    static SubjectQuery of(Filter f) {
        StringBuilder sql = new StringBuilder(" WHERE s.id > ?");
        List<Object> params = new ArrayList<>();
        params.add(f.after());
        in(sql, params, "s.status", f.status().stream().map(Status::wire).toList());
        in(sql, params, "s.kind", f.kinds());
        in(sql, params, "s.assignee", f.assignees());
        f.updatedSince().ifPresent(t -> {
            sql.append(" AND s.updated_at >= ?");
            params.add(t);
        });
        if (!f.labelsAny().isEmpty()) {
            sql.append(" AND EXISTS (SELECT 1 FROM labels l WHERE l.subject = s.id");
            in(sql, params, "l.label", f.labelsAny());
            sql.append(')');
        }
        if (!f.labelsAll().isEmpty()) {
            sql.append(" AND (SELECT count(*) FROM labels l WHERE l.subject = s.id");
            in(sql, params, "l.label", f.labelsAll());
            sql.append(") = ?");
            params.add(f.labelsAll().size());
        }
        sql.append(" ORDER BY s.id LIMIT ?");
        params.add(f.limit() + 1);
        return new SubjectQuery(sql.toString(), params);
    }

    private static void in(StringBuilder sql, List<Object> params, String column, Collection<String> values) {
        if (values.isEmpty()) {
            return;
        }
        sql.append(" AND ").append(column).append(" IN (");
        sql.append(String.join(", ", values.stream().map(v -> "?").toList()));
        sql.append(')');
        params.addAll(values);
    }

    void bind(PreparedStatement s) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            s.setObject(i + 1, params.get(i));
        }
    }
}
