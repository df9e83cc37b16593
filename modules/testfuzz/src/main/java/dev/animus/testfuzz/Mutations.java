package dev.animus.testfuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded byte-level mutations for the fuzz tests: bit flips, interesting bytes, insertions,
 * deletions, truncations, repeated slices (duplicate keys, lines and tables), dictionary fragments
 * (the target's own syntax, boundary numbers), lines spliced in from other seeds, hostile Unicode in
 * UTF-8 (a NUL, a BOM, an encoded surrogate, overlong and truncated sequences, U+FFFF, U+10FFFF) and
 * huge runs of one fragment (deep nesting, long strings). Each mutation is appended to {@code how}
 * so a failure says what was done.
 *
 * <p>Used by the fuzz tests of rpc, store and runtime (a test-scoped dependency of each). Not
 * thread-safe: one instance per test thread.
 */
public final class Mutations {
    private static final byte[] INTERESTING = {
        0,
        '\n',
        '\r',
        '\t',
        ' ',
        '"',
        '\'',
        '\\',
        '{',
        '}',
        '[',
        ']',
        ',',
        ':',
        '=',
        '#',
        '.',
        '-',
        '0',
        '9',
        'e',
        0x7f,
        (byte) 0x80,
        (byte) 0xc0,
        (byte) 0xed,
        (byte) 0xef,
        (byte) 0xf4,
        (byte) 0xf5,
        (byte) 0xff
    };
    private static final List<String> BOUNDARY_NUMBERS = List.of(
            "0",
            "-0",
            "-1",
            "1",
            "127",
            "128",
            "255",
            "256",
            "65535",
            "65536",
            "65537",
            "2147483647",
            "2147483648",
            "-2147483649",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775809",
            "99999999999999999999999999999999",
            "1.0",
            "0.5",
            "1e3",
            "1e400",
            "-1e400",
            "1e-400",
            "1E+2",
            "0x10",
            "0o17",
            "0b11",
            "1_000",
            "nan",
            "inf",
            "-inf",
            "+1",
            "00",
            "1.",
            ".5");
    private static final List<byte[]> UNICODE = List.of(
            bytes(0x00),
            bytes(0xef, 0xbb, 0xbf),
            bytes(0xed, 0xa0, 0x80),
            bytes(0xed, 0xbf, 0xbf),
            bytes(0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80),
            bytes(0xc0, 0x80),
            bytes(0xc3),
            bytes(0xe2, 0x82),
            bytes(0xf0, 0x9f, 0x98),
            bytes(0xef, 0xbf, 0xbf),
            bytes(0xef, 0xbf, 0xbe),
            bytes(0xf4, 0x8f, 0xbf, 0xbf),
            bytes(0xf4, 0x90, 0x80, 0x80),
            bytes(0xf8, 0x88, 0x80, 0x80, 0x80),
            bytes(0xe2, 0x80, 0xa8),
            bytes(0xc2, 0x85),
            bytes(0xf0, 0x9f, 0x98, 0x80),
            bytes(0x80),
            bytes(0xfe),
            bytes(0x1b, '[', '2', 'J'),
            "\\u0000".getBytes(StandardCharsets.US_ASCII),
            "\\ud800".getBytes(StandardCharsets.US_ASCII),
            "\\udc00\\ud800".getBytes(StandardCharsets.US_ASCII),
            "\\U0010FFFF".getBytes(StandardCharsets.US_ASCII),
            "\\U00110000".getBytes(StandardCharsets.US_ASCII),
            "\\uFEFF".getBytes(StandardCharsets.US_ASCII));

    /** The largest run of one fragment: deep enough and long enough for any bound, cheap enough for 10,000 inputs. */
    private static final int MAX_RUN_BYTES = 64 * 1024;

    private final SplittableRandom random;
    private final List<byte[]> fragments;
    private final List<byte[]> numbers;
    private final List<byte[]> lines;

    /**
     * @param fragments pieces of the target's syntax to splice in and to repeat
     * @param corpus the valid seeds; their lines are spliced into other inputs
     */
    public Mutations(SplittableRandom random, List<String> fragments, List<byte[]> corpus) {
        this.random = random;
        this.fragments = new ArrayList<>();
        fragments.forEach(f -> this.fragments.add(f.getBytes(StandardCharsets.UTF_8)));
        this.numbers = BOUNDARY_NUMBERS.stream()
                .map(n -> n.getBytes(StandardCharsets.US_ASCII))
                .toList();
        this.lines = new ArrayList<>();
        for (byte[] seed : corpus) {
            int start = 0;
            for (int i = 0; i <= seed.length; i++) {
                if (i == seed.length || seed[i] == '\n') {
                    lines.add(Arrays.copyOfRange(seed, start, Math.min(seed.length, i + 1)));
                    start = i + 1;
                }
            }
        }
    }

    /** {@code input} with 1 to 4 random mutations; half the time only one, so that more inputs get past the syntax. */
    public byte[] mutate(byte[] input, StringBuilder how) {
        byte[] b = input;
        for (int op = random.nextBoolean() ? 1 : 2 + random.nextInt(3); op > 0; op--) {
            b = once(b, how);
        }
        return b;
    }

    private byte[] once(byte[] b, StringBuilder how) {
        int at = random.nextInt(b.length + 1);
        int choice = random.nextInt(b.length == 0 ? 3 : 12);
        return switch (choice) {
            case 0 -> note(how, "fragment@", at, splice(b, at, at, pick(fragments)));
            case 1 -> note(how, "unicode@", at, splice(b, at, at, pick(UNICODE)));
            case 2 -> note(how, "line@", at, splice(b, at, at, lines.isEmpty() ? new byte[0] : pick(lines)));
            case 3 -> note(how, "flip@", at, flip(b, Math.min(at, b.length - 1)));
            case 4 ->
                note(
                        how,
                        "set@",
                        at,
                        set(b, Math.min(at, b.length - 1), INTERESTING[random.nextInt(INTERESTING.length)]));
            case 5 -> note(how, "insert@", at, splice(b, at, at, randomBytes(1 + random.nextInt(16))));
            case 6 ->
                note(how, "delete@", at, splice(b, at, Math.min(b.length, at + 1 + random.nextInt(32)), new byte[0]));
            case 7 -> note(how, "cut@", at, Arrays.copyOf(b, at));
            case 8 ->
                note(
                        how,
                        "replace@",
                        at,
                        splice(b, at, Math.min(b.length, at + 1 + random.nextInt(8)), pick(fragments)));
            case 9 -> {
                int from = random.nextInt(b.length);
                byte[] slice = Arrays.copyOfRange(b, from, Math.min(b.length, from + 1 + random.nextInt(400)));
                yield note(how, "repeat[" + from + "+" + slice.length + "]@", at, splice(b, at, at, slice));
            }
            case 10 -> {
                byte[] unit = pick(fragments);
                int times =
                        Math.min(random.nextBoolean() ? 1 + random.nextInt(100) : huge(), MAX_RUN_BYTES / unit.length);
                yield note(how, "run" + times + "x@", at, splice(b, at, at, repeat(unit, times)));
            }
            default ->
                note(how, "number@", at, splice(b, at, Math.min(b.length, at + random.nextInt(3)), pick(numbers)));
        };
    }

    /** A repeat count, log-uniform from 1 to 100,000: usually small, sometimes enormous. */
    public int huge() {
        return (int) Math.pow(10, random.nextDouble() * 5);
    }

    /** {@code unit} {@code times} times over. */
    public static byte[] repeat(byte[] unit, int times) {
        byte[] out = new byte[unit.length * times];
        for (int i = 0; i < times; i++) {
            System.arraycopy(unit, 0, out, i * unit.length, unit.length);
        }
        return out;
    }

    /** {@code b} with {@code [from, to)} replaced by {@code in}. */
    public static byte[] splice(byte[] b, int from, int to, byte[] in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + in.length);
        out.write(b, 0, from);
        out.writeBytes(in);
        out.write(b, to, b.length - to);
        return out.toByteArray();
    }

    /**
     * Printable text of an input for a failure message: printable ASCII as itself, {@code \n},
     * {@code \r}, {@code \t} escaped, every other byte as {@code \xNN}; shortened past 3000
     * characters, with the full length.
     */
    public static String show(byte[] b) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < b.length && out.length() < 3000; i++) {
            int c = b[i] & 0xff;
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\\' -> out.append("\\\\");
                default -> out.append(c >= 0x20 && c < 0x7f ? Character.toString(c) : String.format("\\x%02x", c));
            }
        }
        return out.length() >= 3000 ? out + "... (" + b.length + " bytes)" : out.toString();
    }

    public byte[] randomBytes(int n) {
        byte[] out = new byte[n];
        random.nextBytes(out);
        return out;
    }

    public <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    private byte[] flip(byte[] b, int at) {
        byte[] copy = b.clone();
        copy[at] ^= (byte) (1 << random.nextInt(8));
        return copy;
    }

    private static byte[] set(byte[] b, int at, byte value) {
        byte[] copy = b.clone();
        copy[at] = value;
        return copy;
    }

    private static byte[] note(StringBuilder how, String what, int at, byte[] result) {
        how.append(' ').append(what).append(at);
        return result;
    }

    private static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }
}
