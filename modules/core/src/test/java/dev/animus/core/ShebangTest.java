package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ShebangTest {
    static Optional<Shebang> parse(String text) {
        return Shebang.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    static Shebang.Plan plan(String text) {
        return parse(text).orElseThrow().plan();
    }

    @Test
    void aNativeExecutableHasNone() {
        assertEquals(Optional.empty(), Shebang.parse(new byte[] {0x7f, 'E', 'L', 'F', 2, 1}));
        assertEquals(Optional.empty(), Shebang.parse(new byte[0]));
        assertEquals(Optional.empty(), parse("# a comment\n"));
    }

    @Test
    void theLineIsSplitAsLinuxDoes() {
        assertEquals(
                new Shebang("/bin/sh", Optional.empty()),
                parse("#!/bin/sh\necho hi\n").orElseThrow());
        assertEquals(
                new Shebang("/usr/bin/python3", Optional.of("-u -X dev")),
                parse("#!  /usr/bin/python3   -u -X dev  \n").orElseThrow());
        assertEquals(
                new Shebang("/bin/sh\r", Optional.empty()),
                parse("#!/bin/sh\r\n").orElseThrow(),
                "a CR is kept, as the kernel keeps it: such a script does not run");
    }

    @Test
    void plans() {
        assertEquals(new Shebang.Plan.Absolute("/bin/sh", List.of()), plan("#!/bin/sh\n"));
        assertEquals(new Shebang.Plan.Absolute("/usr/bin/perl", List.of("-w")), plan("#!/usr/bin/perl -w\n"));
        assertEquals(new Shebang.Plan.Search("python3", List.of()), plan("#!/usr/bin/env python3\n"));
        assertEquals(
                new Shebang.Plan.Search("python3", List.of("-u", "-B")), plan("#!/usr/bin/env -S python3 -u -B\n"));
        assertEquals(
                new Shebang.Plan.Absolute("/opt/py/bin/python", List.of()),
                plan("#!/usr/bin/env /opt/py/bin/python\n"));
    }

    @Test
    void whatCouldBeResolvedAgainstTheWorkingDirectoryIsRefused() {
        assertRefused("#!python3\n", "not an absolute path");
        assertRefused("#!./bin/python3\n", "not an absolute path");
        assertRefused("#!/usr/bin/env bin/python3\n", "neither a command name nor an absolute path");
        assertRefused("#!/usr/bin/env -i python3\n", "an option other than -S");
        assertRefused("#!/usr/bin/env\n", "without a command");
        assertRefused("#!/usr/bin/env -S\n", "without a command");
        assertRefused("#!/usr/bin/env python3 -u\n", "as one command name");
        assertRefused("#!/usr/bin/env A=1 python3\n", "as one command name");
        assertRefused("#!\n", "names no interpreter");
        assertRefused("#!/bin/sh" + "x".repeat(300), "does not end within 255 bytes");
    }

    static void assertRefused(String text, String why) {
        var e = assertThrows(Shebang.Invalid.class, () -> plan(text), text);
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }

    /** Any bytes at all: parsing and planning either succeed with an absolute interpreter or refuse; nothing else. */
    @Test
    void randomHeadsNeverYieldARelativeInterpreter() {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        System.out.println("ShebangTest seed: -Dfuzz.seed=" + seed);
        SplittableRandom random = new SplittableRandom(seed);
        String alphabet = "#!/ \t\nabc.-=Sv\r\0e";
        for (int n = 0; n < 20_000; n++) {
            StringBuilder b = new StringBuilder(random.nextBoolean() ? "#!" : "");
            if (random.nextInt(4) == 0) {
                b.append(random.nextBoolean() ? "/usr/bin/env " : "/bin/sh ");
            }
            int len = random.nextInt(40);
            for (int i = 0; i < len; i++) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            byte[] head = b.toString().getBytes(StandardCharsets.UTF_8);
            try {
                Optional<Shebang> s = Shebang.parse(head);
                if (s.isEmpty()) {
                    assertTrue(head.length < 2 || head[0] != '#' || head[1] != '!', b.toString());
                    continue;
                }
                switch (s.get().plan()) {
                    case Shebang.Plan.Absolute a -> {
                        assertTrue(a.interpreter().startsWith("/"), a.toString());
                        a.arguments().forEach(arg -> assertTrue(!arg.isEmpty() && !arg.contains("\n"), a.toString()));
                    }
                    case Shebang.Plan.Search se ->
                        assertTrue(
                                !se.command().isEmpty()
                                        && !se.command().contains("/")
                                        && !se.command().contains(" "),
                                se.toString());
                }
            } catch (Shebang.Invalid e) {
                assertTrue(!e.getMessage().isEmpty() && !e.getMessage().contains("\n"), e.getMessage());
            }
        }
    }
}
