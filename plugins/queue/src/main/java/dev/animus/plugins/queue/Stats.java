package dev.animus.plugins.queue;

/**
 * How many entries are in each status, and {@code expired}: how many leases have expired (the
 * entry went back to pending) since the database was made.
 */
record Stats(long pending, long leased, long held, long done, long failed, long expired) {}
