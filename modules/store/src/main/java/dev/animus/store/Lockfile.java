package dev.animus.store;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The content of a lockfile {@code plugins.lock} (docs/security.md#the-lockfile): its schema and
 * the locked plugins by name. Immutable.
 *
 * @param schemaVersion the major schema; always {@link #SCHEMA_VERSION}, the only one this animus
 *     reads and writes
 * @param entries the locked plugins, each under its own name, in name order (copied)
 */
public record Lockfile(int schemaVersion, SortedMap<String, LockEntry> entries) {
    /** The major schema this animus reads and writes. */
    public static final int SCHEMA_VERSION = 1;

    /** @throws IllegalArgumentException for another schema, or an entry filed under a name not its own */
    public Lockfile {
        if (schemaVersion != SCHEMA_VERSION) {
            throw new IllegalArgumentException("schema_version " + schemaVersion + " is not " + SCHEMA_VERSION
                    + ", the only one this animus writes");
        }
        TreeMap<String, LockEntry> copy = new TreeMap<>();
        for (Map.Entry<String, LockEntry> e :
                Objects.requireNonNull(entries, "entries").entrySet()) {
            LockEntry entry = Objects.requireNonNull(e.getValue(), "entry");
            if (!entry.name().equals(e.getKey())) {
                throw new IllegalArgumentException("the entry for " + LockfileText.quote(entry.name())
                        + " is filed under " + LockfileText.quote(e.getKey()));
            }
            copy.put(e.getKey(), entry);
        }
        entries = Collections.unmodifiableSortedMap(copy);
    }

    /** A lockfile that locks nothing. */
    public static Lockfile empty() {
        return new Lockfile(SCHEMA_VERSION, new TreeMap<>());
    }

    /** The entry for the plugin called {@code name}; empty when it is not locked. */
    public Optional<LockEntry> entry(String name) {
        return Optional.ofNullable(entries.get(Objects.requireNonNull(name, "name")));
    }

    /** This lockfile without {@code removals} (absent names are ignored), then with {@code upserts} replacing by name. */
    Lockfile merged(Collection<LockEntry> upserts, Set<String> removals) {
        TreeMap<String, LockEntry> next = new TreeMap<>(entries);
        next.keySet().removeAll(removals);
        for (LockEntry e : upserts) {
            next.put(e.name(), e);
        }
        return new Lockfile(SCHEMA_VERSION, next);
    }
}
