package dev.animus.store;

import java.util.Objects;
import java.util.Set;

/**
 * A stored manifest that fails re-validation with the install-time validator: reported, never
 * dropped. The record keeps its manifest document as stored, so a later write does not lose it.
 *
 * @param plugin the plugin's name in the state document
 * @param slot {@code current} or {@code previous}
 * @param reason the validator's one-line message, naming the document, the field and what is wrong
 */
public record RecordProblem(String plugin, String slot, String reason) {
    private static final Set<String> SLOTS = Set.of("current", "previous");

    public RecordProblem {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(reason, "reason");
        if (!SLOTS.contains(slot)) {
            throw new IllegalArgumentException("an install record's slot is current or previous, not " + slot);
        }
    }
}
