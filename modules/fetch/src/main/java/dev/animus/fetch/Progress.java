package dev.animus.fetch;

import java.util.OptionalLong;

/**
 * Told how a download advances, on the downloading thread, after every chunk that arrived; it must
 * return quickly. An exception it throws aborts the download (the partial file is deleted).
 */
@FunctionalInterface
public interface Progress {

    /**
     * @param received bytes received so far, increasing from call to call
     * @param total the declared {@code Content-Length}, if the server sent one
     */
    void update(long received, OptionalLong total);

    /** Ignores every update. */
    static Progress none() {
        return (received, total) -> {};
    }
}
