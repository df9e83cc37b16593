package dev.animus.transports;

import java.util.Objects;

/** What {@link TransportSession#start} came to: a running session, or why the transport did not start. */
public sealed interface TransportStart {
    /** It runs; the caller owns the session and closes it. */
    record Started(TransportSession session) implements TransportStart {
        public Started {
            Objects.requireNonNull(session, "session");
        }
    }

    /**
     * It did not start (its process did not become ready, it refused or did not answer
     * {@code transport/start}, or its answer is unusable); its process was stopped.
     *
     * @param plugin the transport's installed name
     * @param reason what went wrong, one line
     */
    record Failed(String plugin, String reason) implements TransportStart {
        public Failed {
            Objects.requireNonNull(plugin, "plugin");
            reason = Objects.requireNonNull(reason, "reason")
                    .replaceAll("\\s*[\\r\\n]+\\s*", " ")
                    .strip();
        }

        /** One line naming the plugin: {@code transport <plugin>: <reason>}. */
        public String message() {
            return "transport " + plugin + ": " + reason;
        }
    }
}
