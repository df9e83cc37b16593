package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Four animus processes setting secrets in one home at once: every secret is there, with its last value. */
class SecretsConcurrencyTest {
    static final int PROCESSES = 4;
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
    @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void fourProcessesSettingSecretsAtOnceLoseNothing() throws Exception {
        List<BufferedReader> outs = new ArrayList<>();
        for (int w = 0; w < PROCESSES; w++) {
            Process child = setter(w);
            children.add(child);
            outs.add(new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8)));
        }
        for (int w = 0; w < PROCESSES; w++) {
            int worker = w;
            assertEquals(
                    "ready", outs.get(w).readLine(), () -> "setter failed to start:\n" + ChildJvm.tail(log(worker)));
        }
        for (Process child : children) {
            Writer go = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8);
            go.write("go\n");
            go.flush();
        }
        for (int w = 0; w < PROCESSES; w++) {
            int worker = w;
            assertEquals(
                    "done",
                    outs.get(w).readLine(),
                    () -> "setter " + worker + " failed:\n" + ChildJvm.tail(log(worker)));
            assertTrue(children.get(w).waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, children.get(w).exitValue(), () -> ChildJvm.tail(log(worker)));
        }

        SecretsFile secrets = new SecretsFile(new HomeLayout(home));
        Map<String, String> expected = new TreeMap<>();
        for (int w = 0; w < PROCESSES; w++) {
            for (int i = 0; i < EACH; i++) {
                expected.put(
                        SecretsSetter.plugin(w) + "/" + SecretsSetter.name(w, i),
                        SecretsSetter.value(w, i, SecretsSetter.overwritten(i)));
            }
        }
        Map<String, String> actual = new TreeMap<>();
        for (String plugin : List.of("p0", "p1")) {
            for (String name : secrets.list(plugin)) {
                actual.put(
                        plugin + "/" + name,
                        secrets.get(plugin, name).orElseThrow().reveal());
            }
        }
        assertEquals(expected, actual);

        Set<String> lastOfEach = new HashSet<>();
        for (int w = 0; w < PROCESSES; w++) {
            lastOfEach.add(SecretsSetter.contested(w, EACH - 1));
        }
        String contested = secrets.get("shared", "contested").orElseThrow().reveal();
        assertTrue(lastOfEach.contains(contested), "the contested secret is some setter's last value: " + contested);
        assertEquals("rw-------", SecretsFileTest.mode(secrets.file()));
    }

    /** A child JVM on {@link ChildJvm}'s class path (the store, core, Jackson and the test classes) running {@link SecretsSetter}. */
    private Process setter(int worker) throws IOException {
        return ChildJvm.plain()
                .start(SecretsSetter.class, log(worker), home.toString(), String.valueOf(worker), String.valueOf(EACH));
    }

    private Path log(int worker) {
        return logs.resolve("setter-" + worker + ".err");
    }
}
