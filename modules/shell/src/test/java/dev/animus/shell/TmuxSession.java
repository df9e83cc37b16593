package dev.animus.shell;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A program on a real pseudo-terminal: a private tmux server (its own socket, so it never touches
 * the developer's tmux), one 120x40 window, keys typed with {@code send-keys} and the screen read
 * with {@code capture-pane}. When the program ends the pane says {@code [exited N]}. A control-mode
 * client ({@code tmux -C}, attached read-only and ignored for the window's size) reports every
 * write of the program to the pane, so a wait for the screen wakes on the program's output, never
 * on a timer.
 */
final class TmuxSession implements AutoCloseable {
    static final Duration PATIENCE = Duration.ofSeconds(30);

    private final Path tmux;
    private final Path socket;
    /** How many notifications the control client has printed: the pane changes with each output. */
    private final AtomicLong changes = new AtomicLong();

    private Process watcher;

    private TmuxSession(Path tmux, Path socket) {
        this.tmux = tmux;
        this.socket = socket;
    }

    /** Attaches the control-mode client whose notifications {@link #await} waits for. */
    private void watch() throws IOException {
        watcher = new ProcessBuilder(
                        tmux.toString(), "-S", socket.toString(), "-C", "attach-session", "-f", "ignore-size,read-only")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        Thread.ofVirtual().name("tmux-watch").start(() -> {
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(watcher.getInputStream(), StandardCharsets.UTF_8))) {
                while (lines.readLine() != null) {
                    synchronized (changes) {
                        changes.incrementAndGet();
                        changes.notifyAll();
                    }
                }
            } catch (IOException e) {
                // the server ended: nothing changes any more
            }
        });
    }

    /** Waits until more than {@code seen} notifications came, or {@code nanos} passed. */
    private void awaitChange(long seen, long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + nanos;
        synchronized (changes) {
            for (long left = nanos; changes.get() <= seen && left > 0; left = deadline - System.nanoTime()) {
                TimeUnit.NANOSECONDS.timedWait(changes, left);
            }
        }
    }

    /** tmux on the PATH, if installed. */
    static Optional<Path> tmux() {
        return Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator))
                .map(d -> Path.of(d, "tmux"))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /** Starts {@code command} in {@code workingDirectory} with exactly {@code environment} (plus tmux's TERM). */
    static TmuxSession start(
            Path tmux, Path socket, Path workingDirectory, Map<String, String> environment, List<String> command)
            throws IOException, InterruptedException {
        TmuxSession s = new TmuxSession(tmux, socket);
        String shell =
                String.join(" ", command.stream().map(TmuxSession::quoted).toList())
                        + "; echo \"[exited $?]\"; exec sleep 600";
        s.tmux(
                environment,
                "new-session",
                "-d",
                "-x",
                "120",
                "-y",
                "40",
                "-c",
                workingDirectory.toString(),
                "sh",
                "-c",
                shell);
        s.watch();
        return s;
    }

    /** Types {@code text} as it is (no key names). */
    void type(String text) throws IOException, InterruptedException {
        tmux(Map.of(), "send-keys", "-l", text);
    }

    /** Presses keys by tmux's names: {@code Tab}, {@code Enter}, {@code Up}, {@code C-c}, {@code C-d}. */
    void press(String... keys) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("send-keys"));
        args.addAll(List.of(keys));
        tmux(Map.of(), args.toArray(String[]::new));
    }

    /** What the window shows now, wrapped lines joined. */
    String screen() throws IOException, InterruptedException {
        return tmux(Map.of(), "capture-pane", "-p", "-J");
    }

    /**
     * Polls the screen until {@code shows} holds, at most {@link #PATIENCE}.
     *
     * @throws AssertionError naming {@code what} and showing the last screen
     */
    String await(String what, Predicate<String> shows) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        long seen = changes.get(); // before the capture: output after it wakes the wait below
        String last = screen();
        while (!shows.test(last)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("the screen never showed " + what + " within " + PATIENCE.toSeconds()
                        + " s; it shows:\n" + last);
            }
            awaitChange(seen, left);
            seen = changes.get();
            last = screen();
        }
        return last;
    }

    /** {@link #await} for a line matching {@code regex} (the whole line, trailing spaces ignored). */
    String awaitLine(String regex) throws IOException, InterruptedException {
        return await(
                "a line matching " + regex,
                s -> s.lines().anyMatch(l -> l.stripTrailing().matches(regex)));
    }

    /**
     * Ends the tmux server and with it the program, and waits (at most 10 s) until the program and
     * whatever it started are gone, so nothing writes to the test's files any more.
     */
    @Override
    public void close() throws IOException {
        try {
            List<ProcessHandle> tree = new ArrayList<>();
            String pane = tmux(Map.of(), "display-message", "-p", "#{pane_pid}").strip();
            if (pane.matches("\\d+")) {
                ProcessHandle.of(Long.parseLong(pane)).ifPresent(p -> {
                    tree.add(p);
                    p.descendants().forEach(tree::add);
                });
            }
            tmux(Map.of(), "kill-server");
            if (watcher != null) {
                watcher.destroy();
                tree.add(watcher.toHandle());
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            for (ProcessHandle p : tree) {
                try {
                    p.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    // still there after 10 s, or not ours to watch: the next test's files are its own
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String tmux(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(tmux.toString(), "-S", socket.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        if (!environment.isEmpty()) {
            pb.environment().clear();
            pb.environment().putAll(environment);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("tmux " + String.join(" ", args) + " did not end");
        }
        if (p.exitValue() != 0 && !args[0].equals("kill-server") && !args[0].equals("display-message")) {
            throw new AssertionError("tmux " + String.join(" ", args) + " failed (" + p.exitValue() + "): " + out);
        }
        return out;
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
