package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.InstallState;
import dev.animus.core.PluginState;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many animus processes changing one home at once (docs/security.md#the-state-document):
 * serialised, nothing lost.
 */
class StateConcurrencyTest {
    static final int WORKERS = 8;
    static final int EACH = 25;

    @TempDir
    Path home;

    @TempDir
    Path logs;

    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void killLeftoverChildren() {
        children.forEach(Process::destroyForcibly);
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void eightProcessesCommittingTwentyFiveChangesEachLoseNoneAndBumpTheRevisionOncePerCommit() throws Exception {
        List<BufferedReader> outs = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            Process child = ChildJvm.plain()
                    .start(log(w), "transact", home.toString(), String.valueOf(w), String.valueOf(EACH));
            children.add(child);
            outs.add(new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8)));
        }
        // every worker is started and waiting before any begins, so that they really compete
        for (int w = 0; w < WORKERS; w++) {
            assertEquals("ready", outs.get(w).readLine(), () -> "worker failed to start:\n" + ChildJvm.tail(log(0)));
        }
        for (Process child : children) {
            Writer go = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8);
            go.write("go\n");
            go.flush();
        }
        for (int w = 0; w < WORKERS; w++) {
            int worker = w;
            assertEquals(
                    "done",
                    outs.get(w).readLine(),
                    () -> "worker " + worker + " failed:\n" + ChildJvm.tail(log(worker)));
            assertTrue(children.get(w).waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, children.get(w).exitValue(), () -> ChildJvm.tail(log(worker)));
        }

        InstallState state = StateStore.in(new HomeLayout(home)).read().state();
        assertEquals(WORKERS * EACH, state.revision(), "one revision per committed transaction");
        for (int w = 0; w < WORKERS; w++) {
            PluginState p = state.plugin(StateWorker.pluginOf(w)).orElseThrow();
            for (int i = 0; i < EACH; i++) {
                if (i % 2 == 0) {
                    assertTrue(p.enabledAgents().contains(StateWorker.agent(w, i)), "lost agent " + w + "/" + i);
                } else {
                    assertTrue(p.trustedDigests().contains(StateWorker.trusted(w, i)), "lost trust " + w + "/" + i);
                }
            }
        }
        int changes = state.plugins().values().stream()
                .mapToInt(p -> p.enabledAgents().size() + p.trustedDigests().size())
                .sum();
        assertEquals(WORKERS * EACH, changes, "exactly the changes made, each once");
    }

    private Path log(int worker) {
        return logs.resolve("worker-" + worker + ".err");
    }
}
