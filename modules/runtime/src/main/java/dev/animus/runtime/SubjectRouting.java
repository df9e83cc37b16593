package dev.animus.runtime;

import dev.animus.subjects.KindRow;
import dev.animus.subjects.SubjectRoute;
import dev.animus.subjects.SubjectRoutes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The routing table of the installed, enabled backends (docs/protocol.md#subjects), from their
 * manifests' {@code subject_kind:} markers: nothing is spawned to learn a kind.
 *
 * <p>SEAM (issue 22): until {@code dev.animus.router} is merged this is a small stand-in that
 * knows exact kinds, {@code k.*} globs and the {@code *} catch-all and fails like the router does
 * (one message naming both claimants; the install command for a missing kind); it takes no
 * {@code --as-kind} aliases. Replace it with {@code SubjectRouter.of(...)} and its failures.
 */
final class SubjectRouting implements SubjectRoutes {
    /** One backend and the patterns its manifest declares, in order. */
    record Backend(String plugin, List<String> patterns) {}

    private final List<KindRow> rows;
    private final List<Backend> backends;
    private final Optional<String> conflict;
    private final Supplier<String> installHint;

    SubjectRouting(List<Backend> backends, Supplier<String> installHint) {
        this.backends = List.copyOf(backends);
        this.installHint = installHint;
        Map<String, String> owner = new LinkedHashMap<>();
        List<KindRow> table = new ArrayList<>();
        String clash = null;
        for (Backend b : backends) {
            for (String p : b.patterns()) {
                String before = owner.putIfAbsent(p, b.plugin());
                if (before != null && !before.equals(b.plugin()) && clash == null) {
                    clash = "subject kind pattern '" + p + "' is claimed by two plugins, " + before + " and "
                            + b.plugin() + ": disable or remove one, or install one again with --as-kind <other kind>";
                }
                if (before == null) {
                    table.add(new KindRow(p, b.plugin(), p));
                }
            }
        }
        table.sort(Comparator.comparingInt((KindRow r) -> rank(r.pattern())).thenComparing(KindRow::pattern));
        this.rows = List.copyOf(table);
        this.conflict = Optional.ofNullable(clash);
    }

    private static int rank(String pattern) {
        return pattern.equals("*") ? 2 : pattern.endsWith(".*") ? 1 : 0;
    }

    private void checkConflict() {
        conflict.ifPresent(c -> {
            throw new IllegalStateException(c);
        });
    }

    @Override
    public List<KindRow> table() {
        checkConflict();
        return rows;
    }

    @Override
    public SubjectRoute resolve(String kind) {
        checkConflict();
        KindRow best = null;
        for (KindRow r : rows) {
            String p = r.pattern();
            boolean matches = p.equals(kind)
                    || (p.endsWith(".*")
                            && kind.startsWith(p.substring(0, p.length() - 1))
                            && kind.length() > p.length() - 1)
                    || p.equals("*");
            if (matches && (best == null || better(p, best.pattern()))) {
                best = r;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no subject backend for kind '" + kind + "': " + installHint.get());
        }
        return SubjectRoute.of(best.plugin(), kind);
    }

    private static boolean better(String p, String than) {
        return rank(p) < rank(than) || (rank(p) == rank(than) && p.length() > than.length());
    }

    @Override
    public List<SubjectRoute> backends() {
        checkConflict();
        List<SubjectRoute> out = new ArrayList<>();
        for (Backend b : backends) {
            if (!b.patterns().isEmpty()) {
                out.add(SubjectRoute.of(b.plugin(), b.patterns().getFirst()));
            }
        }
        return out;
    }
}
