package dev.animus.core;

import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict semantic version ({@code MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]}, semver.org 2.0.0).
 *
 * <p>Leading zeros in numeric identifiers are rejected, as the specification demands. Ordering
 * ignores build metadata.
 */
public record SemVer(long major, long minor, long patch, String preRelease, String build)
        implements Comparable<SemVer> {

    private static final Pattern GRAMMAR =
            Pattern.compile("(0|[1-9]\\d{0,17})\\.(0|[1-9]\\d{0,17})\\.(0|[1-9]\\d{0,17})"
                    + "(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)"
                    + "(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
                    + "(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?");

    public SemVer {
        if (major < 0 || minor < 0 || patch < 0) {
            throw new IllegalArgumentException("semver components must be non-negative");
        }
        Objects.requireNonNull(preRelease, "preRelease");
        Objects.requireNonNull(build, "build");
    }

    /** Parses {@code text}; empty when it is not a strict semantic version. */
    public static Optional<SemVer> parse(String text) {
        Objects.requireNonNull(text, "text");
        Matcher m = GRAMMAR.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new SemVer(
                Long.parseLong(m.group(1)),
                Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3)),
                m.group(4) == null ? "" : m.group(4),
                m.group(5) == null ? "" : m.group(5)));
    }

    @Override
    public int compareTo(SemVer o) {
        int c = Long.compare(major, o.major);
        if (c == 0) {
            c = Long.compare(minor, o.minor);
        }
        if (c == 0) {
            c = Long.compare(patch, o.patch);
        }
        if (c == 0) {
            c = comparePreRelease(preRelease, o.preRelease);
        }
        return c;
    }

    private static int comparePreRelease(String a, String b) {
        if (a.equals(b)) {
            return 0;
        }
        if (a.isEmpty()) {
            return 1; // a release ranks above any of its pre-releases
        }
        if (b.isEmpty()) {
            return -1;
        }
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            boolean xn = x[i].chars().allMatch(Character::isDigit);
            boolean yn = y[i].chars().allMatch(Character::isDigit);
            int c;
            if (xn && yn) {
                c = new BigInteger(x[i]).compareTo(new BigInteger(y[i]));
            } else if (xn != yn) {
                c = xn ? -1 : 1;
            } else {
                c = x[i].compareTo(y[i]);
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch
                + (preRelease.isEmpty() ? "" : "-" + preRelease)
                + (build.isEmpty() ? "" : "+" + build);
    }
}
