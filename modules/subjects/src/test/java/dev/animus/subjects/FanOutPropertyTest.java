package dev.animus.subjects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The fan-out's paging against a reference: random backends (each its own page size cap and
 * cursor), random limits; paging with the composite cursor shows every subject exactly once, and
 * each backend's subjects in that backend's own order.
 */
class FanOutPropertyTest {

    private static Subject subject(String kind, int n, long seconds) {
        ObjectNode o = JsonNodeFactory.instance
                .objectNode()
                .put("id", kind + ":" + n)
                .put("kind", kind)
                .put("title", "t" + n)
                .put("status", "ready")
                .put("updated_at", Instant.ofEpochSecond(seconds).toString());
        return Subject.of(o);
    }

    /** A backend that pages its list by offset, at most {@code cap} a page. */
    private static SubjectPage page(List<Subject> all, int cap, SubjectFilter f) {
        int start = f.cursor().map(Integer::parseInt).orElse(0);
        int n = Math.min(cap, f.limit().orElse(Integer.MAX_VALUE));
        int end = Math.min(all.size(), start + n);
        return new SubjectPage(
                all.subList(Math.min(start, all.size()), end),
                end < all.size() ? Optional.of(Integer.toString(end)) : Optional.empty());
    }

    @Test
    void pagingShowsEverySubjectOnceInEachBackendsOrder() {
        for (long seed = 0; seed < 300; seed++) {
            Random rnd = new Random(seed);
            int backends = 1 + rnd.nextInt(4);
            Map<String, List<Subject>> data = new HashMap<>();
            Map<String, Integer> caps = new HashMap<>();
            List<FanOut.Source> sources = new ArrayList<>();
            for (int b = 0; b < backends; b++) {
                String kind = "k" + b;
                List<Subject> mine = new ArrayList<>();
                long t = 10_000;
                for (int i = rnd.nextInt(12); i > 0; i--) {
                    t -= rnd.nextInt(3); // the backend's order: newest first, ties allowed
                    mine.add(subject(kind, mine.size(), t));
                }
                data.put("p" + b, mine);
                caps.put("p" + b, 1 + rnd.nextInt(5));
                sources.add(new FanOut.Source(
                        new SubjectRoute("p" + b, kind, kind, Optional.empty()), SubjectFilter.all()));
            }
            SubjectFilter f = rnd.nextBoolean()
                    ? SubjectFilter.all()
                    : SubjectFilter.all().withLimit(1 + rnd.nextInt(6));
            List<Subject> shown = new ArrayList<>();
            for (int pages = 0; pages < 500; pages++) {
                SubjectPage p = FanOut.page(
                        sources,
                        f,
                        (route, filter) -> page(data.get(route.plugin()), caps.get(route.plugin()), filter));
                assertTrue(
                        f.limit().isEmpty() || p.subjects().size() <= f.limit().getAsInt(), "a page over its limit");
                shown.addAll(p.subjects());
                if (p.nextCursor().isEmpty()) {
                    break;
                }
                f = f.withCursor(p.nextCursor());
            }
            for (Map.Entry<String, List<Subject>> e : data.entrySet()) {
                String kind = "k" + e.getKey().substring(1);
                List<String> mine = shown.stream()
                        .filter(s -> s.kind().equals(kind))
                        .map(Subject::id)
                        .toList();
                assertEquals(e.getValue().stream().map(Subject::id).toList(), mine, "seed " + seed);
            }
            assertEquals(data.values().stream().mapToInt(List::size).sum(), shown.size(), "seed " + seed);
        }
    }
}
