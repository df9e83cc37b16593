package dev.animus.runtime;

import java.util.OptionalLong;

/** Told how far a download has come: the application API's progress callback, whatever fetches the bytes. */
@FunctionalInterface
public interface DownloadListener {
    /** {@code received} bytes so far, of {@code total} when the server said how many. */
    void update(long received, OptionalLong total);

    /** A listener that ignores every update. */
    static DownloadListener none() {
        return (received, total) -> {};
    }
}
