package dev.animus.fetch;

import dev.animus.core.OneLine;
import dev.animus.core.Plural;
import java.net.URI;
import java.util.Locale;

/**
 * How a URL appears in messages and logs: scheme, host, port and path only. User info, query and
 * fragment are left out, since signed download URLs carry their credentials there.
 */
final class Shown {
    private Shown() {}

    static String url(URI uri) {
        StringBuilder b = new StringBuilder();
        if (uri.getScheme() != null) {
            b.append(uri.getScheme()).append("://");
        }
        if (uri.getHost() != null) {
            b.append(uri.getHost());
            if (uri.getPort() >= 0) {
                b.append(':').append(uri.getPort());
            }
        }
        if (uri.getRawPath() != null) {
            b.append(uri.getRawPath());
        }
        if (b.isEmpty()) {
            return "(an opaque or relative URL)";
        }
        return OneLine.of(b.toString());
    }

    /** A byte count for people: {@code 512 bytes}, {@code 64 MiB}, {@code 1.5 GiB}. */
    static String bytes(long n) {
        if (n < 1024) {
            return Plural.of(n, "byte");
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v)) + " " + units[u];
    }
}
