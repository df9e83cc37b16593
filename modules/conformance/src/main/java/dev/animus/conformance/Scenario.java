package dev.animus.conformance;

import java.util.List;
import java.util.Objects;

/**
 * One check: its pack (protocol, or a kind's), an id unique across packs, what it checks, when it
 * applies, its steps and the fix hint shown when it fails.
 */
record Scenario(String pack, String id, String title, Requirement requires, List<Step> steps, String hint) {
    Scenario {
        Objects.requireNonNull(pack, "pack");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(requires, "requires");
        steps = List.copyOf(steps);
        Objects.requireNonNull(hint, "hint");
    }
}
