package dev.animus.store;

import dev.animus.core.InstallState;
import java.util.List;
import java.util.Objects;

/**
 * The state document as read or as just committed, with every stored manifest that failed
 * re-validation. A record with a problem is still in {@code state}, unchanged: it is reported,
 * never dropped (docs/security.md#the-state-document).
 *
 * @param state the document
 * @param problems one per failing manifest, by plugin name and then {@code current} before
 *     {@code previous}; empty when every manifest validates
 */
public record StateView(InstallState state, List<RecordProblem> problems) {
    public StateView {
        Objects.requireNonNull(state, "state");
        problems = List.copyOf(problems);
    }
}
