package dev.animus.router;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The routing table of the subject backends: which plugin serves a kind.
 *
 * <p>Resolution of a kind: the registration of that exact kind; else the glob with the longest
 * prefix that matches it ({@code linear.issue.*} before {@code linear.*}); else the catch-all
 * {@code *}; else nothing. Construction fails with {@link RouterConflict} when two registrations
 * claim the same pattern: two exact kinds, two globs of one prefix, two catch-alls. An exact kind
 * and a glob, or globs of nested prefixes, never conflict: the more specific one wins.
 *
 * <p>Immutable and safe to share between threads.
 */
public final class SubjectRouter {
    /** The deadline of a routed call when neither the caller nor the backend's manifest sets one. */
    public static final Duration DEFAULT_DEADLINE = Duration.ofMinutes(2);

    private final Map<String, Registration> exact;
    private final Map<String, Registration> globs;
    private final Optional<Registration> catchAll;

    private SubjectRouter(
            Map<String, Registration> exact, Map<String, Registration> globs, Optional<Registration> catchAll) {
        this.exact = exact;
        this.globs = globs;
        this.catchAll = catchAll;
    }

    /**
     * The router over {@code registrations}. A registration given twice (equal records) counts once.
     *
     * @throws RouterConflict when two of them claim the same pattern; it names the one given first
     *     and the other
     */
    public static SubjectRouter of(Collection<Registration> registrations) {
        Map<String, Registration> exact = new TreeMap<>();
        Map<String, Registration> globs = new TreeMap<>();
        Registration[] catchAll = new Registration[1];
        for (Registration r : List.copyOf(registrations)) {
            Registration before = switch (r.pattern()) {
                case KindPattern.Exact e -> exact.putIfAbsent(e.kind(), r);
                case KindPattern.Glob g -> globs.putIfAbsent(g.prefix(), r);
                case KindPattern.CatchAll c -> {
                    Registration was = catchAll[0];
                    if (was == null) {
                        catchAll[0] = r;
                    }
                    yield was;
                }
            };
            if (before != null && !before.equals(r)) {
                throw new RouterConflict(r.pattern().text(), before.plugin(), r.plugin());
            }
        }
        return new SubjectRouter(Map.copyOf(exact), Map.copyOf(globs), Optional.ofNullable(catchAll[0]));
    }

    /**
     * The route of {@code kind}: exact, then the longest glob prefix, then the catch-all; empty when
     * nothing claims it or {@code kind} is not a kind ({@link KindPattern}'s grammar).
     */
    public Optional<Route> resolve(String kind) {
        Objects.requireNonNull(kind, "kind");
        if (!KindPattern.isKind(kind)) {
            return Optional.empty();
        }
        Registration r = exact.get(kind);
        for (int dot = kind.lastIndexOf('.'); r == null && dot > 0; dot = kind.lastIndexOf('.', dot - 1)) {
            r = globs.get(kind.substring(0, dot));
        }
        if (r == null) {
            r = catchAll.orElse(null);
        }
        return r == null ? Optional.empty() : Optional.of(new Route(r, r.nativeKind(kind)));
    }

    /**
     * The route of {@code kind}, or a failure that says nothing serves it.
     *
     * @throws NoSubjectBackend when {@link #resolve(String)} is empty
     */
    public Route route(String kind) {
        return resolve(kind).orElseThrow(() -> new NoSubjectBackend(kind));
    }

    /**
     * The route of a kind-scoped method ({@code task/get}): the kind is the text before the first
     * {@code /}. Empty when there is no {@code /} or nothing serves that kind. The generic verbs
     * ({@code subject/watch}, …) are the caller's to answer before asking.
     */
    public Optional<Route> forMethod(String method) {
        int slash = method.indexOf('/');
        return slash < 0 ? Optional.empty() : resolve(method.substring(0, slash));
    }

    /** The route of a subject id ({@code task:42}): by {@link #kindOfId(String)}; empty without one. */
    public Optional<Route> forId(String id) {
        return kindOfId(id).flatMap(this::resolve);
    }

    /**
     * The kind of a subject id, the text before its first {@code :} ({@code task} of {@code task:42});
     * empty when there is no {@code :} or that text is not a kind.
     */
    public static Optional<String> kindOfId(String id) {
        int colon = id.indexOf(':');
        if (colon < 0) {
            return Optional.empty();
        }
        String kind = id.substring(0, colon);
        return KindPattern.isKind(kind) ? Optional.of(kind) : Optional.empty();
    }

    /**
     * Every registration, in a stable order for {@code animus subject kinds}: the exact kinds sorted,
     * then the globs sorted by prefix, then the catch-all.
     */
    public List<Registration> table() {
        List<Registration> out = new ArrayList<>();
        exact.values().stream()
                .sorted(Comparator.comparing(r -> r.pattern().text()))
                .forEach(out::add);
        globs.values().stream()
                .sorted(Comparator.comparing(r -> r.pattern().text()))
                .forEach(out::add);
        catchAll.ifPresent(out::add);
        return List.copyOf(out);
    }

    /** Every plugin with a registration, sorted by name. */
    public Set<String> plugins() {
        Set<String> out = new TreeSet<>();
        table().forEach(r -> out.add(r.plugin()));
        return Collections.unmodifiableSet(out);
    }

    /** The registrations of {@code plugin}, in {@link #table()} order. */
    public List<Registration> registrationsOf(String plugin) {
        return table().stream().filter(r -> r.plugin().equals(plugin)).toList();
    }

    /** Whether no plugin serves any kind. */
    public boolean isEmpty() {
        return exact.isEmpty() && globs.isEmpty() && catchAll.isEmpty();
    }

    @Override
    public String toString() {
        Map<String, String> t = new LinkedHashMap<>();
        table().forEach(r -> t.put(r.pattern().text(), r.plugin()));
        return "SubjectRouter" + t;
    }
}
