package dev.animus.runtime;

import dev.animus.discovery.ManifestCache;
import java.nio.file.Path;
import java.util.List;

/** The cache of manifests read from probed binaries, for listing and clearing it. */
public final class ManifestCacheHandle {
    private final ManifestCache cache;

    ManifestCacheHandle(ManifestCache cache) {
        this.cache = cache;
    }

    /** Where the cache lies. */
    public Path directory() {
        return cache.directory();
    }

    /** What is cached. */
    public List<ManifestCache.Entry> list() {
        return cache.list();
    }

    /** Removes every cached manifest; returns how many were removed. */
    public int clear() {
        return cache.clear();
    }
}
