package dev.animus.fetch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The platform this host runs on, as the words release asset names use for it
 * (docs/operations.md#installing-and-allowing-plugins: the platform asset is chosen by a token list
 * per OS and architecture; see {@link AssetChoice}).
 *
 * @param os the canonical OS name: {@code linux}, {@code darwin}, {@code windows}, {@code freebsd}, ...
 * @param arch the canonical architecture: {@code x86_64}, {@code aarch64}, {@code arm}, {@code x86}, ...
 * @param osTokens the lowercase words that name this OS in an asset name, not empty
 * @param archTokens the lowercase words that name this architecture, best first, not empty; an
 *     asset naming an earlier one is preferred
 */
public record Platform(String os, String arch, List<String> osTokens, List<String> archTokens) {
    public Platform {
        Objects.requireNonNull(os, "os");
        Objects.requireNonNull(arch, "arch");
        osTokens = List.copyOf(Objects.requireNonNull(osTokens, "osTokens"));
        archTokens = List.copyOf(Objects.requireNonNull(archTokens, "archTokens"));
        if (osTokens.isEmpty() || archTokens.isEmpty()) {
            throw new IllegalArgumentException("a platform needs at least one OS token and one architecture token");
        }
        for (String t : concat(osTokens, archTokens)) {
            if (t.isEmpty() || !t.equals(t.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException(
                        "a platform token must be non-empty and lowercase: " + Names.quote(t));
            }
        }
    }

    /** This JVM's platform, from the {@code os.name} and {@code os.arch} system properties. */
    public static Platform current() {
        return of(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    /**
     * The platform that values of the {@code os.name} and {@code os.arch} system properties (or
     * Go's {@code GOOS}/{@code GOARCH}) describe, case-insensitively:
     *
     * <ul>
     *   <li>Linux: {@code [linux]}; macOS ({@code Mac OS X}, {@code darwin}): {@code [darwin, macos,
     *       macosx, apple, osx, mac]}; Windows ({@code Windows 11}, ...): {@code [windows, win]};
     *       anything else ({@code FreeBSD}, ...): its lowercase name without spaces.
     *   <li>{@code amd64}, {@code x86_64}, {@code x64}: {@code [x86_64, amd64, x64]};
     *       {@code aarch64}, {@code arm64}: {@code [aarch64, arm64]}; {@code arm*}: {@code [armv7,
     *       armhf, arm]}; {@code x86}, {@code i386}..{@code i686}: {@code [i686, i386, 386]}
     *       ({@code x86} itself is left out, as it would match {@code x86_64} at a {@code _}
     *       boundary); anything else: its name.
     *   <li>On macOS, universal binaries come last: {@code universal}, {@code universal2}, {@code all}
     *       (GoReleaser's name for them).
     * </ul>
     *
     * @throws IllegalArgumentException when either value is blank
     */
    public static Platform of(String osName, String osArch) {
        String os = Objects.requireNonNull(osName, "osName")
                .strip()
                .toLowerCase(Locale.ROOT)
                .replace(" ", "");
        String arch = Objects.requireNonNull(osArch, "osArch").strip().toLowerCase(Locale.ROOT);
        if (os.isEmpty() || arch.isEmpty()) {
            throw new IllegalArgumentException("an OS name and an architecture are needed, got " + Names.quote(osName)
                    + " and " + Names.quote(osArch));
        }
        Word o = os(os);
        Word a = arch(arch);
        List<String> archTokens =
                o.name().equals("darwin") ? concat(a.tokens(), List.of("universal", "universal2", "all")) : a.tokens();
        return new Platform(o.name(), a.name(), o.tokens(), archTokens);
    }

    /** A canonical name and the tokens for it. */
    private record Word(String name, List<String> tokens) {}

    private static Word os(String os) {
        if (os.startsWith("linux")) {
            return new Word("linux", List.of("linux"));
        }
        if (os.startsWith("mac") || os.equals("darwin") || os.equals("osx")) {
            return new Word("darwin", List.of("darwin", "macos", "macosx", "apple", "osx", "mac"));
        }
        if (os.startsWith("windows") || os.equals("win")) {
            return new Word("windows", List.of("windows", "win"));
        }
        return new Word(os, List.of(os));
    }

    private static Word arch(String arch) {
        return switch (arch) {
            case "amd64", "x86_64", "x64", "x86-64" -> new Word("x86_64", List.of("x86_64", "amd64", "x64"));
            case "aarch64", "arm64" -> new Word("aarch64", List.of("aarch64", "arm64"));
            case "x86", "i386", "i486", "i586", "i686", "386" -> new Word("x86", List.of("i686", "i386", "386"));
            default ->
                arch.startsWith("arm")
                        ? new Word("arm", List.of("armv7", "armhf", "arm"))
                        : new Word(arch, List.of(arch));
        };
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** {@code os/arch}, like {@code linux/x86_64}. */
    @Override
    public String toString() {
        return os + "/" + arch;
    }
}
