package dev.animus.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An IPv6 address literal as eight 16-bit groups: parsed from any RFC 4291 text form (with
 * {@code ::} and a trailing dotted IPv4 part), written in the canonical RFC 5952 form (lowercase,
 * no leading zeros, the longest run of two or more zero groups as {@code ::}).
 */
record Ipv6Address(List<Integer> groups) {

    private static final Pattern HEX_GROUP = Pattern.compile("[0-9a-f]{1,4}");

    Ipv6Address {
        groups = List.copyOf(groups);
        if (groups.size() != 8) {
            throw new IllegalArgumentException("an IPv6 address has 8 groups");
        }
    }

    /**
     * Parses lowercase {@code text}.
     *
     * @throws IllegalArgumentException when it is not an IPv6 address (zone ids are refused)
     */
    static Ipv6Address parse(String text) {
        int gap = text.indexOf("::");
        if (text.contains("%") || gap != text.lastIndexOf("::")) {
            throw notAnAddress(text);
        }
        List<Integer> head = pieces(gap < 0 ? text : text.substring(0, gap), gap < 0, text);
        List<Integer> tail = gap < 0 ? List.of() : pieces(text.substring(gap + 2), true, text);
        int given = head.size() + tail.size();
        if (gap < 0 ? given != 8 : given > 7) {
            throw notAnAddress(text);
        }
        List<Integer> all = new ArrayList<>(head);
        for (int i = given; i < 8; i++) {
            all.add(0);
        }
        all.addAll(tail);
        return new Ipv6Address(all);
    }

    /** The groups of {@code part} ({@code a:b:c}); a final dotted IPv4 part counts as two groups. */
    private static List<Integer> pieces(String part, boolean lastMayBeDotted, String text) {
        List<Integer> out = new ArrayList<>();
        if (part.isEmpty()) {
            return out;
        }
        String[] split = part.split(":", -1);
        for (int i = 0; i < split.length; i++) {
            String piece = split[i];
            if (HEX_GROUP.matcher(piece).matches()) {
                out.add(Integer.parseInt(piece, 16));
            } else if (lastMayBeDotted && i == split.length - 1 && piece.contains(".")) {
                int v4 = Ipv4.parse(piece).orElseThrow(() -> notAnAddress(text));
                out.add(v4 >>> 16);
                out.add(v4 & 0xffff);
            } else {
                throw notAnAddress(text);
            }
        }
        return out;
    }

    private static IllegalArgumentException notAnAddress(String text) {
        return new IllegalArgumentException(
                ManifestRules.quote(text) + " is not an IPv6 address" + " (zone ids such as %eth0 are not allowed)");
    }

    /** The IPv4 address carried in the last 32 bits, when the first 80 bits are zero (mapped or compatible). */
    boolean embedsIpv4() {
        return groups.subList(0, 5).stream().allMatch(g -> g == 0) && (groups.get(5) == 0 || groups.get(5) == 0xffff);
    }

    int embeddedIpv4() {
        return (groups.get(6) << 16) | groups.get(7);
    }

    /** The canonical text, RFC 5952. */
    @Override
    public String toString() {
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && groups.get(j) == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = Math.max(j, i + 1);
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                b.append("::");
                i += bestLength - 1;
                continue;
            }
            if (!b.isEmpty() && b.charAt(b.length() - 1) != ':') {
                b.append(':');
            }
            b.append(Integer.toHexString(groups.get(i)));
        }
        return b.toString();
    }

    /** Dotted-quad IPv4 text, strict: four decimal octets without leading zeros. */
    static final class Ipv4 {
        private static final Pattern OCTET = Pattern.compile("0|[1-9][0-9]{0,2}");

        private Ipv4() {}

        /** The address as an unsigned 32-bit value, or empty when {@code text} is not strict IPv4. */
        static Optional<Integer> parse(String text) {
            String[] octets = text.split("\\.", -1);
            if (octets.length != 4) {
                return Optional.empty();
            }
            int value = 0;
            for (String o : octets) {
                if (!OCTET.matcher(o).matches() || Integer.parseInt(o) > 255) {
                    return Optional.empty();
                }
                value = (value << 8) | Integer.parseInt(o);
            }
            return Optional.of(value);
        }

        /** Whether {@code address} is in 127.0.0.0/8 (loopback) or 0.0.0.0/8 ("this network"). */
        static boolean isLocal(int address) {
            int first = address >>> 24;
            return first == 127 || first == 0;
        }
    }
}
