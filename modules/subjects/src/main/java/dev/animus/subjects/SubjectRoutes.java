package dev.animus.subjects;

import dev.animus.router.Registration;
import dev.animus.router.SubjectRouter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The router as {@link SubjectCalls} asks it. */
final class SubjectRoutes {
    private final SubjectRouter router;

    SubjectRoutes(SubjectRouter router) {
        this.router = Objects.requireNonNull(router, "router");
    }

    List<KindRow> table() {
        return router.table().stream()
                .map(r -> new KindRow(
                        r.pattern().text(), r.plugin(), r.nativePattern().text()))
                .toList();
    }

    /**
     * @throws dev.animus.router.NoSubjectBackend when nothing serves {@code kind}
     */
    SubjectRoute resolve(String kind) {
        return SubjectRoute.of(kind, router.route(kind));
    }

    /**
     * The backend of a subject id, by its prefix.
     *
     * @throws IllegalArgumentException when the id has no kind prefix
     */
    SubjectRoute forId(String id) {
        String kind = SubjectRouter.kindOfId(id)
                .orElseThrow(() -> new IllegalArgumentException(
                        "subject id '" + id + "' has no kind prefix: give it as <kind>:<id>, e.g. task:42"));
        return resolve(kind);
    }

    /**
     * One route per backend (its first registration in table order), for a call to every backend:
     * a list or a watch without a kind.
     */
    List<SubjectRoute> backends() {
        List<SubjectRoute> out = new ArrayList<>();
        for (String plugin : router.plugins()) {
            List<Registration> mine = router.registrationsOf(plugin);
            if (!mine.isEmpty()) {
                out.add(SubjectRoute.of(mine.getFirst()));
            }
        }
        return out;
    }
}
