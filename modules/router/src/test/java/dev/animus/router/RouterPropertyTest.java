package dev.animus.router;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The router against a naive reference (a linear scan over the registrations), over random
 * registration sets from a small alphabet so that collisions and nested globs are common; the
 * conflicts of every type; and the aliases' round trips. Every failure names its seed; {@code
 * check(seed)} replays it.
 */
class RouterPropertyTest {
    private static final int SEEDS = 400;
    private static final String[] SEGMENTS = {"a", "b", "ab", "task", "x1"};
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private interface Check {
        void run(Random random);
    }

    private static void forSeeds(Check check) {
        for (long seed = 0; seed < SEEDS; seed++) {
            try {
                check.run(new Random(seed));
            } catch (AssertionError | RuntimeException e) {
                fail("seed " + seed + ": " + e, e);
            }
        }
    }

    private static String kind(Random r, int maxSegments) {
        StringBuilder k = new StringBuilder(SEGMENTS[r.nextInt(SEGMENTS.length)]);
        for (int n = r.nextInt(maxSegments); n > 0; n--) {
            k.append('.').append(SEGMENTS[r.nextInt(SEGMENTS.length)]);
        }
        return k.toString();
    }

    private static KindPattern pattern(Random r) {
        int t = r.nextInt(10);
        return t == 0
                ? new KindPattern.CatchAll()
                : t < 5 ? new KindPattern.Glob(kind(r, 2)) : new KindPattern.Exact(kind(r, 3));
    }

    /** A pattern of the same type as {@code p}, sometimes itself (then no alias). */
    private static KindPattern sameType(Random r, KindPattern p) {
        if (r.nextBoolean()) {
            return p;
        }
        return switch (p) {
            case KindPattern.Exact e -> new KindPattern.Exact("n" + kind(r, 2));
            case KindPattern.Glob g -> new KindPattern.Glob("n" + kind(r, 1));
            case KindPattern.CatchAll c -> c;
        };
    }

    private static List<Registration> registrations(Random r) {
        List<Registration> out = new ArrayList<>();
        for (int n = r.nextInt(12); n > 0; n--) {
            KindPattern p = pattern(r);
            out.add(new Registration("p" + r.nextInt(6), p, sameType(r, p)));
        }
        return out;
    }

    /** The reference: the first conflict in order, as {pattern, first, second}. */
    private static Optional<List<String>> referenceConflict(List<Registration> regs) {
        for (int j = 0; j < regs.size(); j++) {
            for (int i = 0; i < j; i++) {
                Registration a = regs.get(i);
                Registration b = regs.get(j);
                if (a.pattern().equals(b.pattern()) && !a.equals(b)) {
                    return Optional.of(List.of(b.pattern().text(), a.plugin(), b.plugin()));
                }
            }
        }
        return Optional.empty();
    }

    /** The reference resolution: a scan for matches, ranked exact, then glob by prefix length, then *. */
    private static Optional<Route> referenceResolve(List<Registration> regs, String kind) {
        Registration best = null;
        int bestRank = -1;
        for (Registration reg : regs) {
            int rank = switch (reg.pattern()) {
                case KindPattern.Exact e -> e.kind().equals(kind) ? 1000 : -1;
                case KindPattern.Glob g ->
                    kind.startsWith(g.prefix() + ".")
                                    && kind.length() > g.prefix().length() + 1
                            ? g.prefix().length()
                            : -1;
                case KindPattern.CatchAll c -> 0;
            };
            if (rank > bestRank) {
                best = reg;
                bestRank = rank;
            }
        }
        if (best == null || !KindPattern.isKind(kind)) {
            return Optional.empty();
        }
        String nativeKind = switch (best.nativePattern()) {
            case KindPattern.Exact e -> e.kind();
            case KindPattern.Glob g ->
                g.prefix()
                        + kind.substring(
                                ((KindPattern.Glob) best.pattern()).prefix().length());
            case KindPattern.CatchAll c -> kind;
        };
        return Optional.of(new Route(best, nativeKind));
    }

    private static String probe(Random r) {
        return switch (r.nextInt(12)) {
            case 0 -> "";
            case 1 -> kind(r, 2) + ".";
            case 2 -> kind(r, 2).toUpperCase();
            case 3 -> kind(r, 1) + "..a";
            default -> kind(r, 4);
        };
    }

    @Test
    void resolutionAgreesWithALinearScanAndConflictsWithTheFirstClash() {
        forSeeds(r -> {
            List<Registration> regs = registrations(r);
            Optional<List<String>> clash = referenceConflict(regs);
            if (clash.isPresent()) {
                RouterConflict e = assertThrows(RouterConflict.class, () -> SubjectRouter.of(regs), regs::toString);
                assertEquals(clash.get(), List.of(e.pattern(), e.first(), e.second()));
                assertMessageNamesBoth(e);
                return;
            }
            SubjectRouter router = SubjectRouter.of(regs);
            for (int i = 0; i < 20; i++) {
                String kind = probe(r);
                assertEquals(referenceResolve(regs, kind), router.resolve(kind), "kind " + kind + " over " + regs);
                assertEquals(router.resolve(kind), router.forMethod(kind + "/get"));
                assertEquals(router.resolve(kind), router.forId(kind + ":" + r.nextInt(100)));
            }
            List<Registration> distinct = regs.stream().distinct().toList();
            assertEquals(distinct.size(), router.table().size());
            assertTrue(router.table().containsAll(distinct));
            assertEquals(
                    distinct.stream()
                            .map(Registration::plugin)
                            .distinct()
                            .sorted()
                            .toList(),
                    List.copyOf(router.plugins()));
        });
    }

    @Test
    void aGlobNeverMatchesItsOwnPrefix() {
        forSeeds(r -> {
            String prefix = kind(r, 3);
            KindPattern.Glob g = new KindPattern.Glob(prefix);
            assertFalse(g.matches(prefix), prefix);
            assertFalse(g.matches(prefix + SEGMENTS[r.nextInt(SEGMENTS.length)]), prefix);
            assertTrue(g.matches(prefix + "." + kind(r, 2)), prefix);
            SubjectRouter router = SubjectRouter.of(List.of(Registration.of("g", g)));
            assertEquals(Optional.empty(), router.resolve(prefix));
        });
    }

    private static void assertMessageNamesBoth(RouterConflict e) {
        String m = e.getMessage();
        assertFalse(m.contains("\n"), m);
        if (e.first().equals(e.second())) {
            assertTrue(m.contains("claimed twice by '" + e.first() + "'"), m);
        } else {
            assertTrue(m.contains("claimed by both '" + e.first() + "' and '" + e.second() + "'"), m);
        }
    }

    @Test
    void everyDuplicateTypeFailsNamingBothPlugins() {
        forSeeds(r -> {
            KindPattern dup = switch ((int) (r.nextLong() & 0xff) % 3) {
                case 0 -> new KindPattern.Exact(kind(r, 3));
                case 1 -> new KindPattern.Glob(kind(r, 2));
                default -> new KindPattern.CatchAll();
            };
            List<Registration> base = new ArrayList<>();
            registrations(r).stream()
                    .filter(x -> !x.pattern().equals(dup))
                    .filter(x -> base.stream().noneMatch(y -> y.pattern().equals(x.pattern())))
                    .forEach(base::add);
            int i = r.nextInt(base.size() + 1);
            base.add(i, Registration.of("first", dup));
            base.add(i + 1 + r.nextInt(base.size() - i), Registration.of("second", dup));
            RouterConflict e = assertThrows(RouterConflict.class, () -> SubjectRouter.of(base), base::toString);
            assertEquals(dup.text(), e.pattern());
            assertEquals("first", e.first());
            assertEquals("second", e.second());
            assertMessageNamesBoth(e);
        });
    }

    private static KindAlias alias(Random r) {
        while (true) {
            try {
                return r.nextBoolean()
                        ? new KindAlias(new KindPattern.Exact(kind(r, 2)), new KindPattern.Exact(kind(r, 2)))
                        : new KindAlias(new KindPattern.Glob(kind(r, 2)), new KindPattern.Glob(kind(r, 2)));
            } catch (IllegalArgumentException overlapping) {
                // draw again
            }
        }
    }

    /** A kind the host may send this plugin: anything but one of the plugin's own names the alias hides. */
    private static String hostKind(Random r, KindAlias a) {
        while (true) {
            String k = r.nextInt(3) == 0 ? aliasKind(r, a.alias()) : kind(r, 3);
            if (!a.nativePattern().matches(k)) {
                return k;
            }
        }
    }

    private static String aliasKind(Random r, KindPattern p) {
        return switch (p) {
            case KindPattern.Exact e -> e.kind();
            case KindPattern.Glob g -> g.prefix() + "." + kind(r, 1);
            case KindPattern.CatchAll c -> kind(r, 2);
        };
    }

    private static JsonNode id(Random r, String kind) {
        return NODES.stringNode(kind + ":" + (r.nextBoolean() ? r.nextInt(1000) : "x:" + r.nextInt(9)));
    }

    private static ObjectNode subject(Random r, KindAlias a) {
        ObjectNode s = NODES.objectNode();
        String k = hostKind(r, a);
        s.set("id", id(r, k));
        s.put("kind", k);
        if (r.nextBoolean()) {
            s.set("parent", id(r, hostKind(r, a)));
        }
        ArrayNode children = s.putArray("children");
        for (int n = r.nextInt(3); n > 0; n--) {
            children.add(id(r, hostKind(r, a)));
        }
        s.putObject("custom").put("kind", hostKind(r, a));
        return s;
    }

    private static JsonNode value(Random r, KindAlias a) {
        ObjectNode v = NODES.objectNode();
        switch (r.nextInt(5)) {
            case 0 -> v.set("subject", subject(r, a));
            case 1 -> {
                ArrayNode all = v.putArray("subjects");
                for (int n = r.nextInt(4); n > 0; n--) {
                    all.add(subject(r, a));
                }
            }
            case 2 -> {
                ObjectNode filter = v.putObject("filter");
                ArrayNode kinds = filter.putArray("kind");
                for (int n = r.nextInt(3); n > 0; n--) {
                    kinds.add(hostKind(r, a));
                }
                v.put("kind", hostKind(r, a));
                v.set("subject_id", id(r, hostKind(r, a)));
            }
            case 3 -> {
                v.put("id", r.nextInt(100));
                ObjectNode event = subject(r, a);
                event.put("change_kind", "updated");
                event.set("subject", subject(r, a));
                v.set("event", event);
            }
            default -> {
                return subject(r, a);
            }
        }
        return v;
    }

    @Test
    void aliasingRoundTripsIdsAndKinds() {
        forSeeds(r -> {
            KindAlias a = alias(r);
            String k = hostKind(r, a);
            assertEquals(k, a.aliasedKind(a.nativeKind(k)));
            assertEquals(k + "/list", a.inboundMethod(a.outboundMethod(k + "/list")));
            JsonNode x = value(r, a);
            JsonNode out = a.outbound(x);
            assertEquals(x, a.inbound(out), () -> a + " over " + x + " sent as " + out);
            assertFalse(mentionsAnAliasKind(out, a), () -> a + " left an alias kind in " + out);
            assertEquals(out, a.outbound(a.inbound(out)), "and back, from the plugin's side");
        });
    }

    /** Whether a rewritten field (not custom) of {@code v} still holds a kind of the alias. */
    private static boolean mentionsAnAliasKind(JsonNode v, KindAlias a) {
        List<String> kinds = new ArrayList<>();
        collect(v, kinds, false);
        return kinds.stream().anyMatch(a.alias()::matches);
    }

    private static void collect(JsonNode v, List<String> kinds, boolean watchId) {
        if (!(v instanceof ObjectNode o)) {
            return;
        }
        for (String f : List.of("id", "subject_id", "parent")) {
            if (o.get(f) != null && o.get(f).isString() && !(f.equals("id") && watchId)) {
                SubjectRouter.kindOfId(o.get(f).stringValue()).ifPresent(kinds::add);
            }
        }
        if (o.get("kind") != null && o.get("kind").isString()) {
            kinds.add(o.get("kind").stringValue());
        }
        for (String f : List.of("subject", "event", "filter")) {
            collect(o.get(f), kinds, false);
        }
        if (o.get("subjects") != null) {
            o.get("subjects").forEach(s -> collect(s, kinds, false));
        }
        if (o.get("children") != null) {
            o.get("children")
                    .forEach(c -> SubjectRouter.kindOfId(c.stringValue()).ifPresent(kinds::add));
        }
        if (o.get("kind") instanceof ArrayNode all) {
            all.forEach(k -> kinds.add(k.stringValue()));
        }
    }

    @Test
    void theTableIsSortedExactThenGlobThenCatchAll() {
        forSeeds(r -> {
            List<Registration> regs = registrations(r);
            if (referenceConflict(regs).isPresent()) {
                return;
            }
            List<Registration> table = SubjectRouter.of(regs).table();
            List<Registration> sorted = new ArrayList<>(table);
            sorted.sort(Comparator.comparingInt((Registration x) -> switch (x.pattern()) {
                        case KindPattern.Exact e -> 0;
                        case KindPattern.Glob g -> 1;
                        case KindPattern.CatchAll c -> 2;
                    })
                    .thenComparing(x -> x.pattern().text()));
            assertEquals(sorted, table);
        });
    }
}
