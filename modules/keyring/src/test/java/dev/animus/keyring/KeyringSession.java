package dev.animus.keyring;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A private session bus with an unlocked gnome-keyring-daemon in it, for the length of a test:
 * {@code dbus-run-session} running a shell that starts the daemon, prints the bus address and
 * then waits on its stdin. HOME and XDG_RUNTIME_DIR point into a temporary directory, never the
 * real home. {@link #close()} ends the shell, so the bus and the daemon go away, and kills
 * whatever is left; {@link #leftovers()} then says whether anything was.
 */
final class KeyringSession implements AutoCloseable {

    private static final String SCRIPT =
            "printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1;"
                    + " echo \"BUS=$DBUS_SESSION_BUS_ADDRESS\"; exec cat";

    private final Process process;
    private final Path home;
    private final Path runtime;
    private final String bus;
    private List<Long> leftovers = List.of();

    private KeyringSession(Process process, Path home, Path runtime, String bus) {
        this.process = process;
        this.home = home;
        this.runtime = runtime;
        this.bus = bus;
    }

    /** Starts one under {@code dir}; skips the test (visibly) when the tools are not installed. */
    static KeyringSession start(Path dir) throws IOException, InterruptedException {
        Tools.assumeInstalled("secret-tool", "gnome-keyring-daemon", "dbus-run-session");
        Path home = Files.createDirectories(dir.resolve("home"));
        Path runtime = Files.createDirectories(dir.resolve("run"));
        Files.setPosixFilePermissions(runtime, PosixFilePermissions.fromString("rwx------"));
        ProcessBuilder b = new ProcessBuilder("dbus-run-session", "--", "sh", "-c", SCRIPT);
        b.environment().clear();
        b.environment()
                .putAll(Map.of(
                        "HOME", home.toString(),
                        "XDG_RUNTIME_DIR", runtime.toString(),
                        "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")));
        b.redirectError(dir.resolve("session.log").toFile());
        Process p = b.start();
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader r =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                String l;
                while ((l = r.readLine()) != null) {
                    if (l.startsWith("BUS=")) {
                        return l.substring(4);
                    }
                }
                return null;
            } catch (IOException e) {
                return null;
            }
        });
        String bus;
        try {
            bus = line.get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            bus = null;
        }
        KeyringSession s = new KeyringSession(p, home, runtime, bus);
        if (bus == null || bus.isBlank()) {
            s.close();
            throw new IllegalStateException(
                    "dbus-run-session printed no bus address; see " + dir.resolve("session.log"));
        }
        return s;
    }

    /** The caller's environment as animus would see it inside this session. */
    Map<String, String> environment() {
        return Map.of(
                "HOME", home.toString(),
                "XDG_RUNTIME_DIR", runtime.toString(),
                "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
                "DBUS_SESSION_BUS_ADDRESS", bus,
                "LANG", "C.UTF-8");
    }

    String bus() {
        return bus;
    }

    /** Processes (the daemon above all) still running with this session's runtime directory. */
    List<Long> leftovers() {
        return leftovers;
    }

    private String marker() {
        return "XDG_RUNTIME_DIR=" + runtime;
    }

    @Override
    public void close() {
        try {
            shutDown();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Tools.withEnvironment(marker())
                    .forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    private void shutDown() throws InterruptedException {
        try {
            process.getOutputStream().close(); // cat ends, the shell ends, dbus-run-session ends the bus
        } catch (IOException e) {
            // already gone
        }
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
        // the daemon forked away from the tree: it leaves when the bus does; anything else is killed
        List<Long> left = Tools.awaitNoneWithEnvironment(marker(), 5_000);
        leftovers = left;
        for (long pid : left) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
