package dev.animus.triggers;

import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * The last {@code capacity} event ids a trigger handled, oldest evicted first; membership and
 * adding are O(1). Adding an id already held changes nothing (it keeps its place). Not
 * thread-safe: one session's thread owns it.
 */
public final class DedupWindow {
    /** The ids a trigger remembers by default. */
    public static final int DEFAULT_CAPACITY = 4096;

    private final int capacity;
    private final LinkedHashSet<String> ids = new LinkedHashSet<>();

    public DedupWindow(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("the window must hold at least one id: " + capacity);
        }
        this.capacity = capacity;
    }

    /** How many ids it holds at most. */
    public int capacity() {
        return capacity;
    }

    /** Whether {@code id} is among the last ids added. */
    public boolean contains(String id) {
        return ids.contains(Objects.requireNonNull(id, "id"));
    }

    /**
     * Remembers {@code id}, forgetting the oldest one when full.
     *
     * @return false when it was held already
     */
    public boolean add(String id) {
        if (!ids.add(Objects.requireNonNull(id, "id"))) {
            return false;
        }
        if (ids.size() > capacity) {
            Iterator<String> oldest = ids.iterator();
            oldest.next();
            oldest.remove();
        }
        return true;
    }

    /** How many ids it holds. */
    public int size() {
        return ids.size();
    }

    /** The ids held, oldest first. */
    public List<String> ids() {
        return List.copyOf(ids);
    }
}
