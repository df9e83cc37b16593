package dev.animus.shell.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LinesAboveTest {
    @Test
    void everyLineIsHandedOnWholeWhateverTheWritesLookLike() {
        String text = "WARN Connection - pyecho: dropped an invalid message\nzweite Zeile ünïcødé 🙂\r\n\nlast";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        SplittableRandom random = new SplittableRandom(20261201);
        for (int run = 0; run < 200; run++) {
            List<String> lines = new ArrayList<>();
            LinesAbove out = new LinesAbove(lines::add);
            for (int at = 0; at < bytes.length; ) {
                int n = Math.min(bytes.length - at, random.nextInt(0, 6));
                if (n == 1 && random.nextBoolean()) {
                    out.write(bytes[at]);
                } else {
                    out.write(bytes, at, n);
                }
                at += n;
            }
            assertEquals(
                    List.of("WARN Connection - pyecho: dropped an invalid message", "zweite Zeile ünïcødé 🙂", ""),
                    lines,
                    "run " + run);
            out.close();
            assertEquals("last", lines.getLast());
            out.close();
            assertEquals(4, lines.size(), "close twice hands the last line on once");
        }
    }

    @Test
    void aPrintStreamOverItKeepsLinesTogether() {
        List<String> lines = new ArrayList<>();
        try (PrintStream err = new PrintStream(new LinesAbove(lines::add), true, StandardCharsets.UTF_8)) {
            err.print("a ");
            err.println("line");
            err.printf("%s%n", "two");
        }
        assertEquals(List.of("a line", "two"), lines);
    }
}
