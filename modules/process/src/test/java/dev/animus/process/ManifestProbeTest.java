package dev.animus.process;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

@Isolated("an escaped descendant is claimed by the one plugin that was running when it started;"
        + " another test's plugin running meanwhile makes it that plugin's to stop, not this test's")
class ManifestProbeTest {
    private static final Duration SHORT = Duration.ofMillis(500);
    private static final ProbeLimits SHORT_LIMITS = new ProbeLimits(SHORT, 1 << 20, 1 << 20);
    private static final String MANIFEST = "{\"name\":\"good\",\"version\":\"1.0.0\",\"plugin_kind\":\"custom\","
            + "\"description\":\"ünïcode ok\",\"protocol_version\":\"1.1.0\"}";

    @TempDir
    Path dir;

    private Map<String, String> env() {
        return Map.of("PATH", "/usr/bin:/bin", "HOME", dir.toString());
    }

    private Path script(String name, String body) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private ProbeOutcome probe(Path exe) {
        return ManifestProbe.run(exe, env(), SHORT_LIMITS);
    }

    private static ProbeOutcome.Printed printed(ProbeOutcome outcome) {
        return assertInstanceOf(ProbeOutcome.Printed.class, outcome, outcome::toString);
    }

    private static ProbeOutcome.Failed failed(ProbeOutcome.Reason reason, ProbeOutcome outcome) {
        ProbeOutcome.Failed f = assertInstanceOf(ProbeOutcome.Failed.class, outcome, outcome::toString);
        assertEquals(reason, f.reason(), f.message());
        assertFalse(f.message().contains("\n"), f.message());
        return f;
    }

    private static List<Long> pids(Path file) throws IOException {
        return Files.readAllLines(file).stream()
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .map(Long::parseLong)
                .toList();
    }

    private static void assertGone(List<Long> pids) {
        assertFalse(pids.isEmpty(), "the script wrote no pid");
        pids.forEach(pid -> assertFalse(ProcessTree.isRunning(pid), "left running: " + pid));
    }

    private static void assertWithin(Duration bound, Duration took) {
        assertTrue(took.compareTo(bound) < 0, "took " + took + ", bound " + bound);
    }

    @Nested
    class AManifestThatIsPrinted {
        @Test
        void comesBackExactlyAsTheBinaryWroteIt() throws Exception {
            Path exe = script("good", "cat <<'EOF'\n" + MANIFEST + "\nEOF");
            assertEquals(MANIFEST + "\n", printed(probe(exe)).stdout());
        }

        @Test
        void isTheAnswerToTheManifestArgument() throws Exception {
            Path exe = script("args", "printf '%s|' \"$@\"");
            assertEquals("--manifest|", printed(probe(exe)).stdout());
        }

        @Test
        void hasMalformedUtf8ReplacedInsteadOfFailing() throws Exception {
            Path exe = script("latin1", "printf '{\"d\":\"caf\\351\"}'");
            assertEquals("{\"d\":\"caf\uFFFD\"}", printed(probe(exe)).stdout());
        }

        @Test
        void mayBeExactlyAsLargeAsTheCap() throws Exception {
            Path exe = script("mebibyte", "head -c 1048576 /dev/zero | tr '\\0' 'x'");
            String stdout = printed(ManifestProbe.run(exe, env(), ProbeLimits.defaults()))
                    .stdout();
            assertEquals(1 << 20, stdout.length());
            assertTrue(stdout.chars().allMatch(c -> c == 'x'));
        }

        @Test
        void isReturnedPromptlyAndTheGrandchildHoldingStdoutIsKilled() throws Exception {
            Path pidFile = dir.resolve("grandchild.pid");
            Path exe = script("holder", "sleep 3600 & echo $! > " + pidFile + "\necho '{}'\nexit 0");
            // were the probe waiting for the end of stdout, it would time out instead
            ProbeOutcome outcome = ManifestProbe.run(exe, env(), ProbeLimits.defaults());
            assertEquals("{}\n", printed(outcome).stdout());
            assertWithin(ProbeLimits.DEFAULT_TIMEOUT, outcome.took());
            assertGone(pids(pidFile));
        }

        @Test
        void leavesNoOrphanedGrandchildOfItsSessionBehind() throws Exception {
            Path pidFile = dir.resolve("orphan.pid");
            Path exe = script("orphaner", "(sleep 3600 & echo $! > " + pidFile + ")\necho '{}'");
            assertEquals(
                    "{}\n",
                    printed(ManifestProbe.run(exe, env(), ProbeLimits.defaults()))
                            .stdout());
            assertGone(pids(pidFile));
        }
    }

    @Nested
    class ADescendantThatLeftTheSession {
        @Test
        void andLostItsParentIsKilledWithTheProbe() throws Exception {
            Path pidFile = dir.resolve("escaped.pid");
            Path exe = script("escaper", PluginProcessTest.ESCAPE + "\necho \"$pid\" > " + pidFile + "\necho '{}'");
            ProbeOutcome outcome = ManifestProbe.run(exe, env(), ProbeLimits.defaults());
            List<Long> escaped = pids(pidFile);
            try {
                assertEquals("{}\n", printed(outcome).stdout());
                assertGone(escaped);
            } finally {
                escaped.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            }
        }
    }

    @Nested
    class TheEnvironment {
        @Test
        void isExactlyWhatWasPassedAndNothingOfTheHost() throws Exception {
            Path exe = script("env", "exec /usr/bin/env");
            String out = printed(probe(exe)).stdout();
            Set<String> names = new TreeSet<>();
            out.lines().forEach(line -> names.add(line.substring(0, line.indexOf('='))));
            names.remove("PWD"); // /bin/sh may add it
            assertEquals(Set.of("HOME", "PATH"), names, out);
            assertTrue(out.contains("HOME=" + dir + "\n"), out);
            // run the build with SECRET_TOKEN exported to make this line bite; the line above already
            // refuses every other name of the test JVM's environment (surefire adds ANIMUS_HOME)
            assertFalse(out.contains("SECRET_TOKEN"), out);
        }

        @Test
        void hasStdinAtEndOfFileFromTheStart() throws Exception {
            Path exe = script("reader", "cat\necho '{\"stdin\":\"eof\"}'");
            assertEquals("{\"stdin\":\"eof\"}\n", printed(probe(exe)).stdout());
        }

        @Test
        void makesTheProbeTheLeaderOfItsOwnSession() throws Exception {
            // fields of /proc/<pid>/stat: pid (comm) state ppid pgrp session ...
            Path exe = script("session", "echo \"$$ $(cut -d' ' -f6 /proc/$$/stat)\"");
            String[] pidAndSession = printed(probe(exe)).stdout().strip().split("\\s+");
            assertEquals(pidAndSession[0], pidAndSession[1]);
        }
    }

    @Nested
    class TheDeadline {
        @Test
        @Timeout(value = 60, unit = TimeUnit.SECONDS)
        void killsAProbeThatHangsAndItsChildren() throws Exception {
            Path pidFile = dir.resolve("hang.pid");
            Path exe = script("hang", "echo $$ > " + pidFile + "\nsleep 3600 & echo $! >> " + pidFile + "\nwait");
            // the script sleeps an hour: the 500 ms limit ended it (and @Timeout bounds the wait)
            ProbeOutcome outcome = probe(exe);
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.TIMED_OUT, outcome);
            assertTrue(f.message().contains(exe + " did not print its manifest within 500ms"), f.message());
            assertGone(pids(pidFile));
        }

        @Test
        @Timeout(value = 60, unit = TimeUnit.SECONDS)
        void ofFiveSecondsByDefaultEndsAHangingProbe() throws Exception {
            Path exe = script("hang5", "exec sleep 3600");
            ProbeOutcome outcome = ManifestProbe.run(exe, env(), ProbeLimits.defaults());
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.TIMED_OUT, outcome);
            assertTrue(f.message().contains("did not print its manifest within 5s"), f.message());
        }

        @Test
        void killsAProbeThatIgnoresSigterm() throws Exception {
            Path pidFile = dir.resolve("stubborn.pid");
            Path exe = script("stubborn", "trap '' TERM HUP INT\necho $$ > " + pidFile + "\nwhile :; do sleep 1; done");
            failed(ProbeOutcome.Reason.TIMED_OUT, probe(exe));
            assertGone(pids(pidFile));
        }

        @Test
        void namesWhatTheHangingProbeSaidOnStderr() throws Exception {
            Path exe = script("waiting", "echo 'waiting for the lock on /var/x' >&2\nexec sleep 3600");
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.TIMED_OUT, probe(exe));
            assertTrue(f.message().endsWith("; stderr: waiting for the lock on /var/x"), f.message());
        }

        @Test
        void isCutShortByAnInterruptWhichTheCallerGetsBack() throws Exception {
            Path exe = script("hang-i", "exec sleep 3600");
            Thread.currentThread().interrupt();
            ProbeOutcome outcome = ManifestProbe.run(exe, env(), ProbeLimits.defaults());
            assertTrue(Thread.interrupted(), "the interrupt flag is set again");
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.TIMED_OUT, outcome);
            assertTrue(f.message().contains("interrupted"), f.message());
            assertWithin(ProbeLimits.DEFAULT_TIMEOUT, outcome.took());
        }
    }

    @Nested
    class TheCaps {
        @Test
        void stopFourMebibytesOfStdoutAtOneAndKillTheWriter() throws Exception {
            Path pidFile = dir.resolve("big.pid");
            Path exe = script("big", "echo $$ > " + pidFile + "\nhead -c 4194304 /dev/zero\nexec sleep 3600");
            // with the default 5 s: stopping at the cap is what ends it, well before the deadline
            ProbeOutcome outcome = ManifestProbe.run(exe, env(), ProbeLimits.defaults());
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.STDOUT_TOO_LARGE, outcome);
            assertTrue(f.message().contains(exe + " printed more than 1 MiB on stdout"), f.message());
            assertWithin(ProbeLimits.DEFAULT_TIMEOUT, outcome.took());
            assertGone(pids(pidFile));
        }

        @Test
        void stopAnEndlessStdout() throws Exception {
            Path exe = script("yes", "exec yes '{\"name\":\"x\"}'");
            ProbeOutcome outcome = ManifestProbe.run(exe, env(), ProbeLimits.defaults());
            failed(ProbeOutcome.Reason.STDOUT_TOO_LARGE, outcome);
            assertWithin(ProbeLimits.DEFAULT_TIMEOUT, outcome.took());
        }

        @Test
        void refuseOneByteMoreThanTheStdoutCap() throws Exception {
            Path exe = script("seventeen", "printf '0123456789abcdefg'");
            ProbeLimits limits = new ProbeLimits(SHORT, 16, 16);
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.STDOUT_TOO_LARGE, ManifestProbe.run(exe, env(), limits));
            assertTrue(f.message().contains("more than 16 bytes on stdout"), f.message());
        }

        @Test
        void stopAFloodOfStderrNamingItsCap() throws Exception {
            Path pidFile = dir.resolve("flood.pid");
            Path exe = script("flood", "echo $$ > " + pidFile + "\nyes 'error: something failed again' >&2");
            ProbeLimits limits = new ProbeLimits(ProbeLimits.DEFAULT_TIMEOUT, 1 << 20, 64 << 10);
            ProbeOutcome outcome = ManifestProbe.run(exe, env(), limits);
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.STDERR_TOO_LARGE, outcome);
            assertTrue(f.message().contains(exe + " wrote more than 64 KiB on stderr"), f.message());
            assertWithin(ProbeLimits.DEFAULT_TIMEOUT, outcome.took());
            assertGone(pids(pidFile));
        }
    }

    @Nested
    class AProbeThatFails {
        @Test
        void byExitingNonZeroIsReportedWithTheCodeAndItsStderr() throws Exception {
            Path exe = script("broken", "echo 'config missing: /etc/x' >&2\nexit 3");
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.EXITED_NONZERO, probe(exe));
            assertEquals(exe + " exited with code 3: config missing: /etc/x", f.message());
        }

        @Test
        void silentlyIsReportedAsSilent() throws Exception {
            Path exe = script("mute", "exit 1");
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.EXITED_NONZERO, probe(exe));
            assertEquals(exe + " exited with code 1 and wrote nothing on stderr", f.message());
        }

        @Test
        void keepsOnlyAShortPrintableTailOfALongStderr() throws Exception {
            Path exe = script("chatty", """
                    i=0; while [ $i -lt 500 ]; do echo "noise line $i" >&2; i=$((i+1)); done
                    printf 'bad \\033[31mred\\033[0m\\n\\n   \\n' >&2
                    exit 2""");
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.EXITED_NONZERO, probe(exe));
            String prefix = exe + " exited with code 2: ";
            assertTrue(f.message().startsWith(prefix), f.message());
            String excerpt = f.message().substring(prefix.length());
            assertTrue(excerpt.length() <= StderrExcerpt.MAX_CHARS, excerpt);
            assertTrue(excerpt.endsWith("noise line 499 | bad \\u001b[31mred\\u001b[0m"), excerpt);
            assertTrue(f.message().chars().noneMatch(Character::isISOControl), f.message());
        }

        @Test
        void byASignalSaysWhichOne() throws Exception {
            Path exe = script("segv", "echo 'about to die' >&2\nkill -SEGV $$");
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.KILLED_BY_SIGNAL, probe(exe));
            assertEquals(exe + " was killed by signal 11 (SIGSEGV): about to die", f.message());
        }
    }

    @Nested
    class AFileThatCannotRun {
        @Test
        void isASpawnFailureNamingTheMissingPath() {
            Path missing = dir.resolve("nope");
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.SPAWN_FAILED, probe(missing));
            assertEquals("cannot run " + missing + ": no such file", f.message());
        }

        @Test
        void isASpawnFailureWithTheFixWhenNotExecutable() throws IOException {
            Path plain = Files.writeString(dir.resolve("plain"), "#!/bin/sh\necho '{}'\n");
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.SPAWN_FAILED, probe(plain));
            assertTrue(f.message().contains(plain.toString()) && f.message().contains("chmod +x"), f.message());
        }

        @Test
        void isASpawnFailureWhenItIsADirectory() {
            failed(ProbeOutcome.Reason.SPAWN_FAILED, probe(dir));
        }

        @Test
        void isASpawnFailureWhenItsInterpreterIsMissing() throws IOException {
            Path exe = dir.resolve("orphan-script");
            Files.writeString(exe, "#!/nonexistent/interpreter\n{}\n");
            Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwx------"));
            ProbeOutcome.Failed f = failed(ProbeOutcome.Reason.SPAWN_FAILED, probe(exe));
            assertTrue(f.message().startsWith("cannot run " + exe + ": "), f.message());
        }
    }

    @Nested
    class ManyProbesAtOnce {
        @Test
        void sixteenInParallelEachGetTheirOwnOutcome() throws Exception {
            List<Path> exes = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                exes.add(
                        switch (i % 4) {
                            case 0 -> script("p" + i, "echo '{\"n\":" + i + "}'");
                            case 1 -> script("p" + i, "echo 'missing " + i + "' >&2; exit " + (10 + i));
                            case 2 -> script("p" + i, "exec sleep 3600");
                            default -> script("p" + i, "exec yes " + i);
                        });
            }
            List<ProbeOutcome> outcomes = new ArrayList<>();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<ProbeOutcome>> futures = new ArrayList<>();
                exes.forEach(exe -> futures.add(pool.submit(() -> probe(exe))));
                for (Future<ProbeOutcome> f : futures) {
                    outcomes.add(f.get(30, TimeUnit.SECONDS));
                }
            }
            List<Runnable> checks = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                ProbeOutcome o = outcomes.get(i);
                int n = i;
                checks.add(
                        switch (i % 4) {
                            case 0 ->
                                () -> assertEquals(
                                        "{\"n\":" + n + "}\n", printed(o).stdout());
                            case 1 ->
                                () -> assertEquals(
                                        exes.get(n) + " exited with code " + (10 + n) + ": missing " + n,
                                        failed(ProbeOutcome.Reason.EXITED_NONZERO, o)
                                                .message());
                            case 2 -> () -> failed(ProbeOutcome.Reason.TIMED_OUT, o);
                            default -> () -> failed(ProbeOutcome.Reason.STDOUT_TOO_LARGE, o);
                        });
            }
            assertAll(checks.stream().map(c -> c::run));
        }
    }

    @Nested
    class TheStderrExcerpt {
        @Test
        void joinsTheLastNonBlankLinesStripped() {
            assertEquals("a | b | c", StderrExcerpt.of("a\n\n  b  \n\t\nc\r\n\n", false));
        }

        @Test
        void keepsAtMostThreeHundredCharactersOfWholeLines() {
            String line = "x".repeat(100);
            String excerpt = StderrExcerpt.of("first\n" + line + "\n" + line + "\n" + line + "\n", false);
            assertEquals(line + " | " + line, excerpt);
        }

        @Test
        void cutsALastLineLongerThanTheLimitAndSaysSo() {
            String excerpt = StderrExcerpt.of("y".repeat(1000), false);
            assertEquals(StderrExcerpt.MAX_CHARS, excerpt.length());
            assertTrue(excerpt.endsWith("…"));
        }

        @Test
        void skipsThePartialFirstLineOfACutTail() {
            assertEquals("whole", StderrExcerpt.of("tial line\nwhole\n", true));
            assertEquals("tial line", StderrExcerpt.of("tial line", true));
        }

        @Test
        void escapesControlCharactersAndMasksCredentials() {
            assertEquals("\\u001b[2J api_key=***", StderrExcerpt.of("\u001b[2J api_key=abcdef123456\n", false));
        }

        @Test
        void isEmptyWhenNothingWasWritten() {
            assertEquals("", StderrExcerpt.of(" \n\n", false));
        }
    }

    @Nested
    class TheLimits {
        @Test
        void defaultToFiveSecondsAndOneMebibyteEach() {
            assertEquals(new ProbeLimits(Duration.ofSeconds(5), 1 << 20, 1 << 20), ProbeLimits.defaults());
        }

        @Test
        void refuseAZeroTimeoutAndEmptyCaps() {
            assertThrows(IllegalArgumentException.class, () -> new ProbeLimits(Duration.ZERO, 1, 1));
            assertThrows(IllegalArgumentException.class, () -> new ProbeLimits(SHORT, 0, 1));
            assertThrows(IllegalArgumentException.class, () -> new ProbeLimits(SHORT, 1, -1));
        }
    }
}
