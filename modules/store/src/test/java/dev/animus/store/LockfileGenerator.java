package dev.animus.store;

import dev.animus.core.InstallSource;
import dev.animus.core.SourceKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Random lock entries from a seed, their text hostile to a TOML writer: quotes, backslashes,
 * every control character, line breaks, TOML syntax, escapes written out, non-ASCII and
 * supplementary characters, noncharacters.
 */
final class LockfileGenerator {
    private static final String NAME_START = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final String NAME_REST = NAME_START + "._-";
    private static final String SPECIALS = "\"\\\n\r\t\b\f\u000b\u0000\u001b\u001f\u007f\u0080\u0085\u009f"
            + "'#=[]{}., \u00a0\u2028\u2029\ufeff\ufffe\uffff";
    private static final List<String> FRAGMENTS = List.of(
            "\"\"\"",
            "'''",
            "\\u0041",
            "\\U0001F600",
            "\\",
            "\n[[plugin]]\nname = \"x\"\n",
            "${HOME}",
            "# not a comment",
            "\r\n",
            "schema_version = 2",
            "C:\\Program Files\\animus",
            "/abs/path with spaces/animus-plugin-x");

    private final SplittableRandom random;

    LockfileGenerator(long seed) {
        random = new SplittableRandom(seed);
    }

    /** Between 0 and {@code max} entries with distinct names. */
    List<LockEntry> entries(int max) {
        List<LockEntry> entries = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int count = random.nextInt(max + 1);
        while (entries.size() < count) {
            LockEntry e = entry(name());
            if (!names.contains(e.name())) {
                names.add(e.name());
                entries.add(e);
            }
        }
        return entries;
    }

    /** An entry called {@code name}, every other value random. */
    LockEntry entry(String name) {
        SourceKind kind = SourceKind.values()[random.nextInt(SourceKind.values().length)];
        InstallSource source = new InstallSource(kind, text(40), optional(), optional(), random.nextBoolean());
        Optional<String> bundle = random.nextBoolean() ? Optional.of(digest()) : Optional.empty();
        return new LockEntry(name, nonBlank(), source, digest(), bundle, nonBlank(), instant());
    }

    /** A valid plugin name, short or up to the 64-character limit. */
    String name() {
        StringBuilder b = new StringBuilder().append(NAME_START.charAt(random.nextInt(NAME_START.length())));
        int rest = random.nextInt(8) == 0 ? 63 : random.nextInt(12);
        for (int i = 0; i < rest; i++) {
            b.append(NAME_REST.charAt(random.nextInt(NAME_REST.length())));
        }
        return b.toString();
    }

    /** One of {@code pool} names, so that sequences of saves hit the same names again. */
    String nameFrom(int pool) {
        return "plugin-" + random.nextInt(pool);
    }

    int nextInt(int bound) {
        return random.nextInt(bound);
    }

    /** Up to {@code max} code points, each from a hostile category. */
    String text(int max) {
        int n = random.nextInt(max + 1);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            switch (random.nextInt(5)) {
                case 0 -> b.append((char) random.nextInt(0x20, 0x7f));
                case 1 -> b.append(SPECIALS.charAt(random.nextInt(SPECIALS.length())));
                case 2 -> b.append(bmp());
                case 3 -> b.appendCodePoint(random.nextInt(0x10000, 0x110000));
                default -> b.append(FRAGMENTS.get(random.nextInt(FRAGMENTS.size())));
            }
        }
        return b.toString();
    }

    private char bmp() {
        while (true) {
            char c = (char) random.nextInt(0xa0, 0x10000);
            if (!Character.isSurrogate(c)) {
                return c;
            }
        }
    }

    private String nonBlank() {
        String t = text(20);
        return t.isBlank() ? "v" + t : t;
    }

    private Optional<String> optional() {
        return random.nextBoolean() ? Optional.of(text(20)) : Optional.empty();
    }

    private String digest() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private Instant instant() {
        long seconds = random.nextLong(0, 4_102_444_800L);
        long nanos = switch (random.nextInt(3)) {
            case 0 -> 0;
            case 1 -> random.nextInt(1000) * 1_000_000L;
            default -> random.nextInt(1_000_000_000);
        };
        return Instant.ofEpochSecond(seconds, nanos);
    }
}
