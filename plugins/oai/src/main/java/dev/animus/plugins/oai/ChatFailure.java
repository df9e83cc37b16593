package dev.animus.plugins.oai;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/** Why a chat stream failed; {@link #message()} is one line for the user, never with the key. */
sealed interface ChatFailure {
    /** One line: what happened, where, and what to do. */
    String message();

    /** Whether trying again later may help (a timeout, a 429 or 5xx, a dropped connection). */
    boolean recoverable();

    /** The server could not be reached (refused, no route, unknown host, TLS). */
    record Unreachable(URI url, String detail) implements ChatFailure {
        public Unreachable {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(detail, "detail");
        }

        @Override
        public String message() {
            return "could not reach " + url + ": " + detail + "; is the server running, and is OPENAI_BASE_URL right?";
        }

        @Override
        public boolean recoverable() {
            return true;
        }
    }

    /** The server was silent for longer than the bound, before the head or between chunks. */
    record Silent(URI url, Duration idle, boolean headReceived) implements ChatFailure {
        public Silent {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(idle, "idle");
        }

        @Override
        public String message() {
            return url + " sent nothing for " + idle.toMillis() + " ms "
                    + (headReceived ? "in the middle of its answer" : "before answering") + "; the stream was closed";
        }

        @Override
        public boolean recoverable() {
            return true;
        }
    }

    /** A non-2xx answer (not a redirect), with the server's own message. */
    record Status(URI url, int status, String serverMessage) implements ChatFailure {
        public Status {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(serverMessage, "serverMessage");
        }

        @Override
        public String message() {
            String hint = switch (status) {
                case 401, 403 -> "; check the secret OPENAI_API_KEY";
                case 404 -> "; check OPENAI_BASE_URL (it should end in /v1 for most servers) and the model name";
                default -> "";
            };
            return url + " answered " + status + ": " + serverMessage + hint;
        }

        @Override
        public boolean recoverable() {
            return status == 408 || status == 429 || status >= 500;
        }
    }

    /** A 3xx: redirects are never followed (a key must not travel to another host). */
    record Redirected(URI url, int status, String locationHost) implements ChatFailure {
        public Redirected {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(locationHost, "locationHost");
        }

        @Override
        public String message() {
            return url + " answered " + status + ", a redirect to "
                    + (locationHost.isEmpty() ? "an unnamed place" : "host '" + locationHost + "'")
                    + ", which is not followed; set OPENAI_BASE_URL to the final address";
        }

        @Override
        public boolean recoverable() {
            return false;
        }
    }

    /** The body ended (or broke) before {@code data: [DONE]}. */
    record Cut(URI url, String detail) implements ChatFailure {
        public Cut {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(detail, "detail");
        }

        @Override
        public String message() {
            return "the stream from " + url + " was cut before it ended ([DONE] never came): " + detail;
        }

        @Override
        public boolean recoverable() {
            return true;
        }
    }

    /** The answer grew past the bound and was cut. */
    record TooLarge(URI url, long maxBytes) implements ChatFailure {
        public TooLarge {
            Objects.requireNonNull(url, "url");
        }

        @Override
        public String message() {
            return "the answer from " + url + " passed " + maxBytes + " bytes and was cut";
        }

        @Override
        public boolean recoverable() {
            return false;
        }
    }

    /** The server reported an error inside the stream (an {@code error} object). */
    record InStream(URI url, String serverMessage) implements ChatFailure {
        public InStream {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(serverMessage, "serverMessage");
        }

        @Override
        public String message() {
            return url + " failed mid-answer: " + serverMessage;
        }

        @Override
        public boolean recoverable() {
            return true;
        }
    }

    /** The run was cancelled and the connection closed. */
    record Cancelled(URI url) implements ChatFailure {
        public Cancelled {
            Objects.requireNonNull(url, "url");
        }

        @Override
        public String message() {
            return "cancelled; the connection to " + url + " was closed";
        }

        @Override
        public boolean recoverable() {
            return false;
        }
    }
}
