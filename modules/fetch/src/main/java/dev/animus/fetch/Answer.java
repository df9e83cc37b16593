package dev.animus.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The successful (2xx) answer at the end of the redirects: where it came from, and its body, open and
 * not yet read. Closing it closes the body (and, if unread, the connection).
 */
record Answer(URI uri, HttpResponse<InputStream> response) implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Answer.class);

    InputStream body() {
        return response.body();
    }

    /**
     * The declared {@code Content-Length}, if any, checked against the cap before a byte is read.
     *
     * @throws FetchFailed {@link FetchFailed.Reason#TOO_LARGE} when it is over {@code maxBytes}
     */
    OptionalLong declaredLength(long maxBytes) {
        OptionalLong declared;
        try {
            declared = response.headers().firstValueAsLong("Content-Length");
        } catch (NumberFormatException e) {
            throw FetchFailed.network(uri, e);
        }
        if (declared.isPresent() && declared.getAsLong() < 0) {
            return OptionalLong.empty();
        }
        if (declared.isPresent() && declared.getAsLong() > maxBytes) {
            throw FetchFailed.declaredTooLarge(uri, declared.getAsLong(), maxBytes);
        }
        return declared;
    }

    @Override
    public void close() {
        closeBody(response, uri);
    }

    /** Closes {@code response}'s body; a failure to close only matters to the debug log. */
    static void closeBody(HttpResponse<InputStream> response, URI uri) {
        try {
            response.body().close();
        } catch (IOException e) {
            LOG.debug("closing the body of {} failed", Shown.url(uri), e);
        }
    }
}
