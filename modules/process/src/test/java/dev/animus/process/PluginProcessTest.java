package dev.animus.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

@Isolated("an escaped descendant is claimed by the one plugin that was running when it started;"
        + " another test's plugin running meanwhile makes it that plugin's to stop, not this test's")
class PluginProcessTest {
    private static final Map<String, String> PATH_ONLY = Map.of("PATH", "/usr/bin:/bin");
    private static final Duration SHORT_STEP = Duration.ofMillis(300);
    /**
     * Sets {@code pid} to a sleep that runs in a session of its own and has lost its parent: the
     * subshell of {@code $( )} starts it through {@code setsid} and exits, and the shell has waited
     * for that subshell by the time {@code pid} is set (its output ends after the sleep's setsid).
     */
    static final String ESCAPE = "pid=$(setsid sh -c 'echo $$; exec sleep 3600 </dev/null >/dev/null 2>&1' &)";

    @TempDir
    Path dir;

    private Path script(String name, String body) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private static PluginProcess start(Path exe, Map<String, String> env) {
        return PluginProcess.start(new SpawnSpec(List.of(exe.toString()), env, Optional.empty(), "test"));
    }

    private static String readAll(PluginProcess p) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.stdout().transferTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String firstLine(PluginProcess p) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = p.stdout().read(); c != -1 && c != '\n'; c = p.stdout().read()) {
            line.append((char) c);
        }
        return line.toString();
    }

    /** Waits at most {@code bound} for {@code pid} to end; fails if it is still running then. */
    private static void awaitGone(long pid, Duration bound) throws Exception {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        if (h.isPresent()) {
            try {
                h.get().onExit().get(bound.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // asserted below
            }
        }
        assertFalse(ProcessTree.isRunning(pid), "still running " + bound + " after the stop: " + pid);
    }

    @Nested
    class Environment {
        @Test
        void thePluginSeesExactlyTheEnvironmentOfItsSpecAndNothingOfTheHost() throws Exception {
            Path exe = script("env", "exec /usr/bin/env");
            try (PluginProcess p = start(exe, Map.of("PATH", "/usr/bin:/bin", "DECLARED", "yes"))) {
                Set<String> names = new TreeSet<>();
                for (String line : readAll(p).split("\n")) {
                    names.add(line.substring(0, line.indexOf('=')));
                }
                // /bin/sh may add PWD; nothing else of the host's environment may appear
                names.remove("PWD");
                assertEquals(Set.of("DECLARED", "PATH"), names);
            }
        }

        @Test
        void theWorkingDirectoryIsTheOneAskedFor() throws Exception {
            Path exe = script("pwd", "pwd");
            Path cwd = Files.createDirectory(dir.resolve("work"));
            try (PluginProcess p =
                    PluginProcess.start(new SpawnSpec(List.of(exe.toString()), PATH_ONLY, Optional.of(cwd), "test"))) {
                assertEquals(cwd.toRealPath().toString(), readAll(p).strip());
            }
        }
    }

    @Nested
    class Stderr {
        @Test
        void keepsOnlyTheLastFortyLines() throws Exception {
            Path exe = script("flood", "i=0; while [ $i -lt 100 ]; do echo \"line $i\" >&2; i=$((i+1)); done");
            try (PluginProcess p = start(exe, PATH_ONLY)) {
                ExitStatus s = p.exited().get(10, TimeUnit.SECONDS);
                assertEquals(40, s.stderrTail().size());
                assertEquals("line 60", s.stderrTail().getFirst());
                assertEquals("line 99", s.lastStderrLine());
                assertEquals(100, p.stderr().totalLines());
            }
        }

        @Test
        void cutsLongLinesAt512BytesAndMarksTheCut() throws Exception {
            Path exe = script("long", "head -c 5000 /dev/zero | tr '\\0' 'x' >&2; echo >&2; echo after >&2");
            try (PluginProcess p = start(exe, PATH_ONLY)) {
                ExitStatus s = p.exited().get(10, TimeUnit.SECONDS);
                assertEquals("x".repeat(512) + "…", s.stderrTail().get(0));
                assertEquals("after", s.stderrTail().get(1));
            }
        }

        @Test
        void masksCredentialLookingValues() throws Exception {
            Path exe = script("leak", "echo 'connecting with api_key=abcdef123456 to host' >&2");
            try (PluginProcess p = start(exe, PATH_ONLY)) {
                ExitStatus s = p.exited().get(10, TimeUnit.SECONDS);
                assertEquals("connecting with api_key=*** to host", s.lastStderrLine());
            }
        }
    }

    @Nested
    class Exit {
        @Test
        void reportsTheExitCodeAndTheLastStderrLine() throws Exception {
            Path exe = script("die", "echo 'fatal: out of cheese' >&2; exit 3");
            try (PluginProcess p = start(exe, PATH_ONLY)) {
                ExitStatus s = p.exited().get(10, TimeUnit.SECONDS);
                assertEquals(3, s.code());
                assertEquals("fatal: out of cheese", s.lastStderrLine());
            }
        }

        @Test
        void stdoutEndsOnceTheTreeIsStoppedEvenIfAGrandchildHeldIt() throws Exception {
            // The JDK only drains a dead child's stdout when no thread is blocked reading it, so a
            // grandchild that holds the pipe keeps a reader blocked until the tree is reaped.
            Path exe = script("hold", "sleep 3600 & echo hi; exit 0");
            PluginProcess p = start(exe, PATH_ONLY);
            var reader = new CompletableFuture<String>();
            Thread.ofVirtual()
                    .start(
                            () -> { // not the common pool: this read blocks until the reap
                                try {
                                    reader.complete(readAll(p));
                                } catch (IOException e) {
                                    reader.completeExceptionally(e);
                                }
                            });
            assertEquals(0, p.exited().get(10, TimeUnit.SECONDS).code());
            p.close();
            assertEquals("hi\n", reader.get(10, TimeUnit.SECONDS));
            assertTrue(p.tree().isEmpty());
        }

        @Test
        void aMissingExecutableIsRefusedNamingIt() {
            Path missing = dir.resolve("nope");
            SpawnFailed e = assertThrows(SpawnFailed.class, () -> start(missing, PATH_ONLY));
            assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        }

        @Test
        void aFileThatIsNotExecutableIsRefusedWithTheFix() throws IOException {
            Path plain = Files.writeString(dir.resolve("plain"), "#!/bin/sh\n");
            SpawnFailed e = assertThrows(SpawnFailed.class, () -> start(plain, PATH_ONLY));
            assertTrue(e.getMessage().contains("chmod +x"), e.getMessage());
        }
    }

    @Nested
    class Stop {
        @Test
        void aPluginThatExitsOnEofStopsAtTheFirstStep() throws Exception {
            Path exe = script("cat", "exec cat");
            PluginProcess p = start(exe, PATH_ONLY);
            assertEquals(Termination.EXITED_ON_EOF, p.stop(SHORT_STEP));
            assertFalse(p.isAlive());
        }

        @Test
        void aPluginThatIgnoresEofGetsSigterm() throws Exception {
            Path exe = script("sleeper", "exec sleep 3600");
            PluginProcess p = start(exe, PATH_ONLY);
            assertEquals(Termination.TERMINATED, p.stop(SHORT_STEP));
            assertFalse(p.isAlive());
        }

        @Test
        void aPluginThatIgnoresSigtermIsKilledWithItsWholeTree() throws Exception {
            Path exe = script("stubborn", "trap '' TERM; sleep 3600 & echo ready; while :; do sleep 1; done");
            PluginProcess p = start(exe, PATH_ONLY);
            assertEquals('r', p.stdout().read()); // the background sleep exists now
            assertTrue(p.tree().size() >= 2, p.tree().toString());
            Set<ProcessHandle> tree = p.tree();
            assertEquals(Termination.KILLED, p.stop(SHORT_STEP));
            tree.forEach(h -> assertFalse(ProcessTree.isRunning(h.pid()), "left behind: " + h.pid()));
            assertTrue(p.tree().isEmpty());
        }

        @Test
        void anOrphanedGrandchildOfACrashedPluginIsStillReaped() throws Exception {
            Path pidFile = dir.resolve("grandchild.pid");
            Path exe = script("crasher", "(sleep 3600 & echo $! > " + pidFile + ") ; exit 1");
            PluginProcess p = start(exe, PATH_ONLY);
            assertEquals(1, p.exited().get(10, TimeUnit.SECONDS).code());
            long grandchild = Long.parseLong(Files.readString(pidFile).strip());
            assertTrue(ProcessTree.isRunning(grandchild));
            p.close();
            assertFalse(ProcessTree.isRunning(grandchild));
        }

        @Test
        void aGrandchildThatStartedItsOwnSessionAndLostItsParentIsStoppedToo() throws Exception {
            Path exe = script("escaper", ESCAPE + "; echo \"$pid\"; exec cat");
            PluginProcess p = start(exe, PATH_ONLY);
            long escaped = Long.parseLong(firstLine(p));
            try {
                assertTrue(ProcessTree.isRunning(escaped), "the escaper's sleep is not running");
                assertEquals(escaped, ProcessTree.sessionOf(Path.of("/proc", Long.toString(escaped))));
                assertFalse(
                        ProcessHandle.of(p.pid()).orElseThrow().descendants().anyMatch(h -> h.pid() == escaped));
                assertEquals(Termination.EXITED_ON_EOF, p.stop(SHORT_STEP));
                awaitGone(escaped, Duration.ofSeconds(5));
            } finally {
                p.close();
                ProcessHandle.of(escaped).ifPresent(ProcessHandle::destroyForcibly);
            }
        }

        @Test
        void aGrandchildThatEscapedWhileAnotherPluginRanIsStoppedWithTheLastOfThem() throws Exception {
            Path exe = script("escaper", ESCAPE + "; echo \"$pid\"; exec cat");
            PluginProcess other = start(script("cat", "exec cat"), PATH_ONLY);
            PluginProcess p = start(exe, PATH_ONLY);
            long escaped = Long.parseLong(firstLine(p));
            try {
                p.stop(SHORT_STEP);
                // it may be the other plugin's: that one is still running, so it is left to that one's stop
                assertTrue(ProcessTree.isRunning(escaped), "killed while its possible owner still runs");
                other.stop(SHORT_STEP);
                awaitGone(escaped, Duration.ofSeconds(5));
            } finally {
                p.close();
                other.close();
                ProcessHandle.of(escaped).ifPresent(ProcessHandle::destroyForcibly);
            }
        }

        @Test
        void thePluginLeadsItsOwnSession() throws Exception {
            Path exe = script("sleeper", "echo started; exec sleep 3600");
            try (PluginProcess p = start(exe, PATH_ONLY)) {
                assertEquals('s', p.stdout().read()); // the script runs: setsid has done its work
                assertEquals(p.pid(), ProcessTree.sessionOf(Path.of("/proc", Long.toString(p.pid()))));
            }
        }

        @Test
        void closeIsIdempotent() throws Exception {
            Path exe = script("cat", "exec cat");
            PluginProcess p = start(exe, PATH_ONLY);
            p.close();
            p.close();
            assertFalse(p.isAlive());
        }
    }
}
