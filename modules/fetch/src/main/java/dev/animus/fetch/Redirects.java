package dev.animus.fetch;

import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * GETs a URL and follows its redirects by hand. Every hop (the first URL included) is checked before
 * it is requested: it must be {@code https://} and its host allowed by the policy, so a refused hop
 * is never contacted. Redirect bodies are never read. Thread-safe.
 */
final class Redirects {
    private static final Logger LOG = LoggerFactory.getLogger(Redirects.class);
    private static final Set<Integer> REDIRECT_STATUSES = Set.of(301, 302, 303, 307, 308);

    private final HttpClient client;
    private final String userAgent;

    Redirects(HttpClient client, String userAgent) {
        this.client = client;
        this.userAgent = userAgent;
    }

    /**
     * The 2xx answer at the end of {@code start}'s redirects, its body open and guarded by {@code deadline}.
     *
     * @throws FetchFailed for a refused hop, too many redirects, a status that is neither 2xx nor a
     *     followable redirect, the deadline, or a network failure
     */
    Answer follow(URI start, FetchPolicy policy, Deadline deadline) {
        if (!isHttps(start)) {
            throw FetchFailed.notHttps(start);
        }
        if (!policy.allows(start.getHost())) {
            throw FetchFailed.hostNotAllowed(start, policy.allowedHosts());
        }
        URI current = start;
        for (int followed = 0; ; followed++) {
            HttpResponse<InputStream> response = send(current, deadline);
            int status = response.statusCode();
            if (!REDIRECT_STATUSES.contains(status)) {
                if (status / 100 == 2) {
                    return new Answer(current, response);
                }
                Answer.closeBody(response, current);
                throw FetchFailed.httpStatus(current, status);
            }
            Answer.closeBody(response, current);
            if (followed == policy.maxRedirects()) {
                throw FetchFailed.tooManyRedirects(start, policy.maxRedirects());
            }
            current = nextHop(current, response, policy);
        }
    }

    private static URI nextHop(URI from, HttpResponse<InputStream> redirect, FetchPolicy policy) {
        Optional<String> location = redirect.headers().firstValue("Location");
        if (location.isEmpty()) {
            throw FetchFailed.badRedirect(from, redirect.statusCode(), "no Location header");
        }
        URI to;
        try {
            to = from.resolve(new URI(location.get()));
        } catch (URISyntaxException e) {
            throw FetchFailed.badRedirect(from, redirect.statusCode(), "a malformed Location header");
        }
        if (!isHttps(to)) {
            throw FetchFailed.redirectNotHttps(from, to);
        }
        if (!policy.allows(to.getHost())) {
            throw FetchFailed.redirectHostNotAllowed(from, to, policy.allowedHosts());
        }
        LOG.debug("following the redirect from {} to {}", Shown.url(from), Shown.url(to));
        return to;
    }

    private HttpResponse<InputStream> send(URI uri, Deadline deadline) {
        Duration remaining = deadline.remaining();
        if (remaining.isNegative() || remaining.isZero()) {
            throw deadline.passed(uri);
        }
        HttpRequest request = HttpRequest.newBuilder(uri)
                .GET()
                .timeout(remaining)
                .header("User-Agent", userAgent)
                .build();
        CompletableFuture<HttpResponse<InputStream>> pending = client.sendAsync(request, BodyHandlers.ofInputStream());
        deadline.guard(() -> pending.cancel(true)); // cancelling the future aborts the exchange
        HttpResponse<InputStream> response;
        try {
            response = pending.get(); // not timed: the deadline cancels it
        } catch (CancellationException e) {
            throw deadline.passed(uri); // nothing else cancels it
        } catch (ExecutionException e) {
            throw deadline.failure(uri, e.getCause());
        } catch (InterruptedException e) {
            pending.cancel(true);
            Thread.currentThread().interrupt();
            throw FetchFailed.interrupted(uri);
        }
        deadline.guard(() -> Answer.closeBody(response, uri)); // closing the body wakes a blocked read
        LOG.debug("GET {} answered {}", Shown.url(uri), response.statusCode());
        return response;
    }

    private static boolean isHttps(URI uri) {
        return uri.getScheme() != null
                && uri.getScheme().toLowerCase(Locale.ROOT).equals("https");
    }
}
