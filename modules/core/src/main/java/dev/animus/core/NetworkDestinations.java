package dev.animus.core;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The network destinations a manifest declares ({@code network.destinations},
 * docs/protocol.md#the-manifest), shown to the operator at consent: bare {@code host[:port]},
 * nothing that widens or hides the destination.
 *
 * <p>{@link #normalize} trims and lowercases, drops the default port {@code :443} and a trailing
 * dot, and writes IPv6 literals canonically in brackets. It refuses a scheme, a path, query or
 * fragment, user information, wildcards, local destinations ({@code localhost}, {@code *.localhost},
 * 127.0.0.0/8, 0.0.0.0/8, {@code [::1]}, {@code [::]}), a port outside 1–65535, non-ASCII text
 * and invalid host name labels. Normalising a normalised destination returns it unchanged.
 */
public final class NetworkDestinations {

    private static final int MAX_LENGTH = 300;
    private static final int MAX_HOST = 253;
    private static final Pattern LABEL = Pattern.compile("[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?");
    private static final Pattern PORT = Pattern.compile("[0-9]{1,5}");
    private static final String HOST_PORT = ": write only host[:port], e.g. api.example.com or api.example.com:8443";

    private NetworkDestinations() {}

    /**
     * The canonical form of {@code destination}.
     *
     * @throws IllegalArgumentException whose message quotes the destination and says what to write
     */
    public static String normalize(String destination) {
        Objects.requireNonNull(destination, "destination");
        String d = destination.strip();
        rejectShape(d);
        d = d.toLowerCase(Locale.ROOT);
        if (d.startsWith("[")) {
            return bracketed(d);
        }
        int colon = d.indexOf(':');
        if (colon >= 0 && colon != d.lastIndexOf(':')) {
            throw new IllegalArgumentException(ManifestRules.quote(d)
                    + " looks like an IPv6 address: write it in brackets, e.g. [2001:db8::1]:8443");
        }
        String host = colon < 0 ? d : d.substring(0, colon);
        String port = colon < 0 ? "" : port(d, d.substring(colon + 1));
        return host(d, host) + port;
    }

    /** Refuses what is not host[:port] at all; runs before lowercasing, so no Unicode case folds to ASCII. */
    private static void rejectShape(String d) {
        String q = ManifestRules.quote(d);
        if (d.isEmpty()) {
            throw new IllegalArgumentException("is empty" + HOST_PORT);
        }
        if (d.length() > MAX_LENGTH) {
            throw new IllegalArgumentException(q + " is longer than " + MAX_LENGTH + " characters");
        }
        if (d.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw new IllegalArgumentException(q + " contains whitespace, control or non-ASCII characters" + HOST_PORT
                    + " (international names in their xn-- form)");
        }
        if (d.contains("://")) {
            throw new IllegalArgumentException(q + " has a scheme" + HOST_PORT);
        }
        if (d.contains("@")) {
            throw new IllegalArgumentException(q + " has user information (@)" + HOST_PORT);
        }
        if (d.contains("/") || d.contains("?") || d.contains("#")) {
            throw new IllegalArgumentException(q + " has a path, query or fragment" + HOST_PORT);
        }
        if (d.contains("*")) {
            throw new IllegalArgumentException(q + " has a wildcard: list every host the plugin talks to");
        }
    }

    private static String bracketed(String d) {
        int close = d.indexOf(']');
        if (close < 0) {
            throw new IllegalArgumentException(ManifestRules.quote(d) + " opens '[' but never closes it");
        }
        String rest = d.substring(close + 1);
        if (!rest.isEmpty() && !rest.startsWith(":")) {
            throw new IllegalArgumentException(ManifestRules.quote(d) + ": only :port may follow ']'");
        }
        Ipv6Address address = Ipv6Address.parse(d.substring(1, close));
        if (address.embedsIpv4() && Ipv6Address.Ipv4.isLocal(address.embeddedIpv4())) {
            throw local(d);
        }
        return "[" + address + "]" + (rest.isEmpty() ? "" : port(d, rest.substring(1)));
    }

    /** {@code ":<port>"}, or nothing for the default port 443. */
    private static String port(String d, String port) {
        if (!PORT.matcher(port).matches() || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65_535) {
            throw new IllegalArgumentException(ManifestRules.quote(d) + " has an invalid port "
                    + ManifestRules.quote(port) + ": use a number from 1 to 65535, or leave it out for 443");
        }
        int value = Integer.parseInt(port);
        return value == 443 ? "" : ":" + value;
    }

    private static String host(String d, String host) {
        String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        if (h.isEmpty()) {
            throw new IllegalArgumentException(ManifestRules.quote(d) + " has no host" + HOST_PORT);
        }
        if (h.chars().allMatch(c -> c == '.' || (c >= '0' && c <= '9'))) {
            int v4 = Ipv6Address.Ipv4.parse(h)
                    .orElseThrow(() -> new IllegalArgumentException(ManifestRules.quote(d)
                            + " is not a valid IPv4 address (four numbers 0-255, no leading zeros)"));
            if (Ipv6Address.Ipv4.isLocal(v4)) {
                throw local(d);
            }
            return h;
        }
        if (h.length() > MAX_HOST) {
            throw new IllegalArgumentException(ManifestRules.quote(d) + " has a host name longer than " + MAX_HOST);
        }
        String[] labels = h.split("\\.", -1);
        for (String label : labels) {
            Optional<String> problem = labelProblem(label);
            if (problem.isPresent()) {
                throw new IllegalArgumentException(
                        ManifestRules.quote(d) + " is not a valid host name: " + problem.get());
            }
        }
        if (labels[labels.length - 1].chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(
                    ManifestRules.quote(d) + " is not a valid host name: its last label is numeric");
        }
        if (h.equals("localhost") || h.endsWith(".localhost")) {
            throw local(d);
        }
        return h;
    }

    private static Optional<String> labelProblem(String label) {
        if (label.isEmpty()) {
            return Optional.of("it has an empty label (two dots in a row, or a leading dot)");
        }
        return LABEL.matcher(label).matches()
                ? Optional.empty()
                : Optional.of("the label " + ManifestRules.quote(label)
                        + " must be 1 to 63 letters, digits and '-', not starting or ending with '-'");
    }

    private static IllegalArgumentException local(String d) {
        return new IllegalArgumentException(ManifestRules.quote(d) + " is a local address: declare only"
                + " destinations off this machine (the plugin talks to the host over stdio)");
    }
}
