package dev.animus.subjects;

import java.util.List;

/**
 * The routing table as {@link SubjectCalls} asks it (docs/protocol.md#subjects): built from the
 * installed backends' manifests, never by spawning one.
 */
public interface SubjectRoutes {

    /** Every pattern and its backend, exact ones first. */
    List<KindRow> table();

    /**
     * The backend serving {@code kind}.
     *
     * @throws RuntimeException the router's failure: no backend for the kind (with the install
     *     command), or two backends claiming one pattern (naming both)
     */
    SubjectRoute resolve(String kind);

    /**
     * One route per backend, for a call that goes to every backend (a list or a watch without a
     * kind): its first pattern. Empty when no backend is installed.
     *
     * @throws RuntimeException when two backends claim one pattern
     */
    List<SubjectRoute> backends();
}
