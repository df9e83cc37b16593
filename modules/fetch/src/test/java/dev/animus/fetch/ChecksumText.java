package dev.animus.fetch;

import java.util.HexFormat;
import java.util.Locale;
import java.util.SplittableRandom;

/** Seeded generator of checksum-file text: valid lines of every form, near misses, and hostile characters. */
final class ChecksumText {
    private static final String[] NAME_PARTS = {
        "tool", "-", "_", ".", "linux", "amd64", "tar.gz", "(1)", " ", "*", "\\", "SHA256", "é", "日本", ")", "(", "=",
        "#"
    };
    private static final String[] JUNK = {
        "\r",
        "\n",
        "\t",
        "\u0000",
        "\u001b[2J",
        "\uFEFF",
        "\u0085",
        "\u2028",
        " ",
        "  ",
        "*",
        "(",
        ")",
        "=",
        "SHA256 (",
        ") = ",
        "SHA2-256(",
        ")= ",
        "\\",
        "#",
        "sha256:",
        "\uD800",
        "g"
    };

    private final SplittableRandom random;

    ChecksumText(long seed) {
        this.random = new SplittableRandom(seed);
    }

    int nextInt(int bound) {
        return random.nextInt(bound);
    }

    String hex() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String hex = HexFormat.of().formatHex(bytes);
        return random.nextInt(5) == 0 ? hex.toUpperCase(Locale.ROOT) : hex;
    }

    /** A file name (no {@code /}, no line break) that may hold spaces, parentheses, stars and {@code =}. */
    String name() {
        StringBuilder b = new StringBuilder("a");
        for (int i = random.nextInt(6); i >= 0; i--) {
            b.append(NAME_PARTS[random.nextInt(NAME_PARTS.length)]);
        }
        return b.toString().replace("\\", "");
    }

    /** One line in one of the forms a sums file may use for {@code name}. */
    String line(String hex, String name) {
        return switch (random.nextInt(5)) {
            case 0 -> hex + "  " + name;
            case 1 -> hex + " *" + name;
            case 2 -> "SHA256 (" + name + ") = " + hex;
            case 3 -> "SHA2-256(" + name + ")= " + hex;
            default -> hex + " " + (random.nextBoolean() ? "./" : "dist/") + name;
        };
    }

    /** Text made of valid lines, broken lines and junk, spliced at random. */
    String hostile() {
        StringBuilder b = new StringBuilder();
        for (int i = random.nextInt(8); i >= 0; i--) {
            switch (random.nextInt(4)) {
                case 0 -> b.append(line(hex(), name()));
                case 1 -> b.append(hex(), 0, random.nextInt(65));
                case 2 -> b.append(JUNK[random.nextInt(JUNK.length)]);
                default -> b.appendCodePoint(random.nextInt(0x30000));
            }
            if (random.nextInt(3) == 0) {
                b.append(random.nextBoolean() ? "\n" : "\r\n");
            }
        }
        return b.toString();
    }
}
