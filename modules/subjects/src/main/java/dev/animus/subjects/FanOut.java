package dev.animus.subjects;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BiFunction;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A list over several backends (docs/protocol.md#subjects): each backend is asked with the same
 * filter (minus the kinds it does not serve), and the pages are merged by taking, again and
 * again, the head of the backend lists that sorts first: {@code updated_at} newest first, then
 * {@code id}. So each backend's subjects are used as a prefix of its own order, never reordered
 * among themselves, and the page's {@code next_cursor} is a composite one ({@code fan:} and
 * base64url JSON): per backend, the backend cursor its next page starts from and how many of
 * that page were already shown, or that it is exhausted. Given that cursor back, every backend
 * resumes exactly where it stopped: no subject is skipped or shown twice while the backends'
 * data stays put.
 */
final class FanOut {
    static final String PREFIX = "fan:";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The order of a merged list: updated_at newest first (missing last), then id. */
    static final Comparator<Subject> ORDER = Comparator.comparing(
                    (Subject s) -> updated(s), Comparator.nullsLast(Comparator.<Instant>reverseOrder()))
            .thenComparing(Subject::id);

    private FanOut() {}

    /** One backend of a fan-out and the filter it is asked with (no cursor, no limit yet). */
    record Source(SubjectRoute route, SubjectFilter filter) {}

    static boolean isComposite(Optional<String> cursor) {
        return cursor.isPresent() && cursor.get().startsWith(PREFIX);
    }

    static SubjectPage page(
            List<Source> sources, SubjectFilter filter, BiFunction<SubjectRoute, SubjectFilter, SubjectPage> lister) {
        ObjectNode state = decode(filter.cursor());
        OptionalInt limit = filter.limit();
        List<Lane> lanes = new ArrayList<>();
        for (Source s : sources) {
            JsonNode at = state.path(s.route().plugin());
            if (at.path("done").asBoolean(false)) {
                continue;
            }
            Optional<String> cursor =
                    at.path("cursor").isString() ? Optional.of(at.path("cursor").asString()) : Optional.empty();
            int skip = at.path("skip").asInt(0);
            SubjectFilter f = s.filter().withCursor(cursor);
            f = limit.isPresent() ? f.withLimit(limit.getAsInt() + skip) : f.withoutLimit();
            lanes.add(new Lane(s.route().plugin(), cursor, skip, lister.apply(s.route(), f)));
        }
        List<Subject> merged = new ArrayList<>();
        while (limit.isEmpty() || merged.size() < limit.getAsInt()) {
            Lane best = null;
            for (Lane lane : lanes) {
                if (lane.hasHead() && (best == null || ORDER.compare(lane.head(), best.head()) < 0)) {
                    best = lane;
                }
            }
            if (best == null) {
                break;
            }
            merged.add(best.take());
        }
        ObjectNode next = JSON.createObjectNode();
        boolean more = false;
        for (Source s : sources) {
            JsonNode before = state.path(s.route().plugin());
            if (before.path("done").asBoolean(false)) {
                next.putObject(s.route().plugin()).put("done", true);
            }
        }
        for (Lane lane : lanes) {
            ObjectNode at = next.putObject(lane.plugin);
            if (lane.hasHead()) {
                lane.cursor.ifPresent(c -> at.put("cursor", c));
                at.put("skip", lane.position);
                more = true;
            } else if (lane.page.nextCursor().isPresent()) {
                at.put("cursor", lane.page.nextCursor().get());
                at.put("skip", 0);
                more = true;
            } else {
                at.put("done", true);
            }
        }
        return new SubjectPage(merged, more ? Optional.of(encode(next)) : Optional.empty());
    }

    /** One backend's page and how far into it the merge got. */
    private static final class Lane {
        final String plugin;
        final Optional<String> cursor;
        final SubjectPage page;
        int position;

        Lane(String plugin, Optional<String> cursor, int skip, SubjectPage page) {
            this.plugin = plugin;
            this.cursor = cursor;
            this.page = page;
            this.position = skip;
        }

        boolean hasHead() {
            return position < page.subjects().size();
        }

        Subject head() {
            return page.subjects().get(position);
        }

        Subject take() {
            return page.subjects().get(position++);
        }
    }

    private static Instant updated(Subject s) {
        try {
            return s.updatedAt().map(Instant::parse).orElse(null);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static String encode(ObjectNode state) {
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(JSON.writeValueAsBytes(state));
    }

    private static ObjectNode decode(Optional<String> cursor) {
        if (cursor.isEmpty()) {
            return JSON.createObjectNode();
        }
        String c = cursor.get();
        if (!c.startsWith(PREFIX)) {
            throw new IllegalArgumentException(
                    "cursor '" + c + "' is not a list's next_cursor over several backends (fan:…)");
        }
        try {
            JsonNode n = JSON.readTree(
                    new String(Base64.getUrlDecoder().decode(c.substring(PREFIX.length())), StandardCharsets.UTF_8));
            if (n instanceof ObjectNode o) {
                return o;
            }
        } catch (IllegalArgumentException | JacksonException e) {
            // falls through to the one message
        }
        throw new IllegalArgumentException(
                "cursor '" + c + "' is damaged: give the next_cursor a list answered, unchanged");
    }
}
