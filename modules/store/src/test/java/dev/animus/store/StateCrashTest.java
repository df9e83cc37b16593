package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.animus.core.ConsentGrant;
import dev.animus.core.InstallState;
import dev.animus.core.PluginState;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer killed at any instant leaves either the old or the new document, never a broken one, and
 * never loses a commit it reported (docs/security.md#the-state-document). Real child JVMs, really
 * SIGKILLed ({@link Process#destroyForcibly()}) while they run state transactions in a loop.
 *
 * <p>Each round starts one child and kills it after a random number of lines: after its n-th
 * reported commit (it is then reading or changing the next one), or on its n-th
 * {@code changing} line (it holds the lock and its write is next: encode, temp file, fsync,
 * rename). The seed is printed; {@code -Dfuzz.seed=<seed>} replays a run. A run has 32 rounds,
 * about five of each of the six kinds of round (in a write or after a commit, after 0 to 2 lines),
 * each run a fresh seed, so the kill moments differ from run to run; every round is a JVM start,
 * so a run of the suite keeps to that and {@code -Dfuzz.inputs=<n>} runs more (with
 * {@code -Dfuzz.seed} the same first rounds and then more). To keep the JVM starts
 * short, children start from an AOT cache ({@link ChildJvm#trained}) and the next round's child
 * starts (and waits for {@code go}) while this round's runs.
 */
class StateCrashTest {
    static final int ROUNDS = Integer.getInteger("fuzz.inputs", 32);
    static final int MAX_LINES = 3;
    /** Far more commits than a round waits for: a child is always killed, never done. */
    static final String UNTIL_KILLED = "100000";

    @TempDir
    Path home;

    @TempDir
    Path scratch;

    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void killLeftoverChildren() {
        children.forEach(Process::destroyForcibly);
    }

    /** What one round saw. */
    private record Round(boolean killedInWrite, Optional<String> inFlight) {}

    @Test
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aWriterKilledAtRandomMomentsNeverBreaksTheDocumentNorLosesAReportedCommit() throws Exception {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        System.out.println("StateCrashTest seed " + seed + " (replay with -Dfuzz.seed=" + seed + ")");
        SplittableRandom random = new SplittableRandom(seed);
        ChildJvm jvm = ChildJvm.trained(scratch);
        HomeLayout layout = new HomeLayout(home);
        StateStore store = new StateStore(layout.stateFile(), layout.stateLock(), Duration.ofSeconds(30));
        Set<String> reported = new LinkedHashSet<>();
        long lastRevision = 0;
        int killsInWrite = 0;
        int tempFilesLeft = 0;
        int inFlightLanded = 0;
        long started = System.nanoTime();
        Process next = start(jvm, 0);
        for (int round = 0; round < ROUNDS; round++) {
            String context = "seed " + seed + ", round " + round;
            boolean inWrite = random.nextBoolean();
            int lines = random.nextInt(MAX_LINES);
            Process current = next;
            try (Writer in = new OutputStreamWriter(current.getOutputStream(), StandardCharsets.UTF_8)) {
                in.write("go\n");
            }
            next = round + 1 < ROUNDS ? start(jvm, round + 1) : null;
            Round r = killAfter(current, log(round), inWrite, lines, reported, context);
            killsInWrite += r.killedInWrite() ? 1 : 0;
            tempFilesLeft += tempFiles(layout).isEmpty() ? 0 : 1;

            InstallState state = store.read().state(); // throws DocumentUnreadable if the kill broke it
            List<String> grants = grants(state);
            assertTrue(
                    state.revision() >= lastRevision,
                    context + ": the revision went back from " + lastRevision + " to " + state.revision());
            assertEquals(state.revision(), grants.size(), context + ": one grant per commit");
            assertEquals(grants.size(), new HashSet<>(grants).size(), context + ": a grant committed twice");
            Set<String> missing = new LinkedHashSet<>(reported);
            missing.removeAll(grants);
            assertTrue(missing.isEmpty(), context + ": reported commits are missing: " + missing);
            inFlightLanded += r.inFlight().filter(grants::contains).isPresent() ? 1 : 0;
            lastRevision = state.revision();
        }
        System.out.printf(
                "StateCrashTest: %d rounds in %d ms, %d commits reported, revision %d; %d kills in a"
                        + " write, of which %d left a temp file and %d landed after the rename%n",
                ROUNDS,
                Duration.ofNanos(System.nanoTime() - started).toMillis(),
                reported.size(),
                lastRevision,
                killsInWrite,
                tempFilesLeft,
                inFlightLanded);
        assertFalse(reported.isEmpty(), "no round reported a commit: the test tested nothing");

        InstallState after =
                store.transact(s -> s.with("other", PluginState.empty())).state();
        assertEquals(lastRevision + 1, after.revision());
        assertEquals(List.of(), tempFiles(layout), "the next commit removes what killed writers left behind");
    }

    private Process start(ChildJvm jvm, int round) throws IOException {
        Process child = jvm.start(log(round), "crash", home.toString(), String.valueOf(round), UNTIL_KILLED);
        children.add(child);
        return child;
    }

    private Path log(int round) {
        return scratch.resolve("crash-" + round + ".err");
    }

    /** Reads the child's lines until the chosen one, kills it with SIGKILL and waits for it to be gone. */
    private static Round killAfter(
            Process child, Path log, boolean inWrite, int lines, Set<String> reported, String context)
            throws IOException, InterruptedException {
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        int changing = 0;
        int committed = 0;
        String inFlight = null;
        long lastRevision = -1;
        try {
            while (true) {
                String line = out.readLine();
                assertNotNull(line, () -> context + ": the child ended by itself:\n" + ChildJvm.tail(log));
                String[] words = line.split(" ");
                switch (words[0]) {
                    case "changing" -> {
                        inFlight = words[1];
                        if (inWrite && changing++ == lines) {
                            return new Round(true, Optional.of(inFlight));
                        }
                    }
                    case "committed" -> {
                        assertEquals(inFlight, words[1], context);
                        long revision = Long.parseLong(words[2]);
                        assertTrue(
                                revision > lastRevision, context + ": revision " + revision + " after " + lastRevision);
                        lastRevision = revision;
                        reported.add(words[1]);
                        inFlight = null;
                        if (!inWrite && committed++ == lines) {
                            return new Round(false, Optional.empty());
                        }
                    }
                    default -> fail(context + ": unexpected line " + line + "\n" + ChildJvm.tail(log));
                }
            }
        } finally {
            child.destroyForcibly();
            child.waitFor();
            out.close();
        }
    }

    private static List<String> grants(InstallState state) {
        return state.plugin(StateWorker.PLUGIN).map(PluginState::consentGrants).orElse(List.of()).stream()
                .map(ConsentGrant::digest)
                .toList();
    }

    private static List<Path> tempFiles(HomeLayout layout) throws IOException {
        Path dir = layout.stateFile().getParent();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith(".state.json.tmp-"))
                    .toList();
        }
    }
}
