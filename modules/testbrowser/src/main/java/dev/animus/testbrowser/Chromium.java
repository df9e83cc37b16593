package dev.animus.testbrowser;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * A headless Chromium of this machine, started for a test with a fresh profile in a temporary
 * directory and driven over the DevTools protocol.
 *
 * <p>The binary: the system property {@code animus.chromium} or the environment variable
 * {@code ANIMUS_CHROMIUM} when set, else the first of {@code chromium}, {@code chromium-browser},
 * {@code google-chrome}, {@code google-chrome-stable} on the {@code PATH}. A test asks
 * {@link #availability()} first and skips with its answer.
 *
 * <p>States: running (from {@link #launch()}) → closed. {@link #close()} asks the browser to close,
 * then kills what is left of its process tree after {@link #EXIT_GRACE}, and removes the temporary
 * directory. Thread-safe.
 */
public final class Chromium implements AutoCloseable {
    /** The flags every launch gets; the background-networking ones keep a closed network quiet. */
    static final List<String> FLAGS = List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--disable-background-timer-throttling",
            "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows",
            "--hide-scrollbars",
            "--mute-audio",
            "--password-store=basic",
            "--remote-debugging-port=0");

    /** How long the browser has to write its DevTools port after it starts. */
    static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    /** How long {@link #close()} waits for the browser to exit before it kills the process tree. */
    static final Duration EXIT_GRACE = Duration.ofSeconds(5);
    /** The default bound of one DevTools command. */
    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);

    private static final List<String> NAMES =
            List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");

    private final Process process;
    private final Path directory;
    private final DevTools devTools;
    private final List<Page> pages = new CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    private Chromium(Process process, Path directory, DevTools devTools) {
        this.process = process;
        this.directory = directory;
        this.devTools = devTools;
    }

    /** Why Chromium cannot run here (no binary), or empty when {@link #launch()} may be tried. */
    public static Optional<String> availability() {
        return binary().isPresent()
                ? Optional.empty()
                : Optional.of("no Chromium here: none of " + String.join(", ", NAMES)
                        + " is on the PATH and neither animus.chromium nor ANIMUS_CHROMIUM names one"
                        + " (Debian: apt-get install chromium)");
    }

    /** The Chromium binary this class would start. */
    public static Optional<Path> binary() {
        String named = System.getProperty("animus.chromium", System.getenv("ANIMUS_CHROMIUM"));
        if (named != null && !named.isBlank()) {
            Path p = Path.of(named);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("/usr/bin:/bin");
        for (String name : NAMES) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isBlank()) {
                    continue;
                }
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Starts the browser headless with a new profile and connects to it.
     *
     * @throws BrowserFailure when there is no binary, or it exits or does not write its DevTools port
     *     within {@link #START_TIMEOUT} (the message ends with the tail of its output)
     */
    public static Chromium launch() {
        Path binary =
                binary().orElseThrow(() -> new BrowserFailure(availability().orElseThrow()));
        Path directory;
        try {
            directory = Files.createTempDirectory("animus-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory for Chromium", e);
        }
        Path profile = directory.resolve("profile");
        Path log = directory.resolve("chromium.log");
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.addAll(FLAGS);
        command.add("--user-data-dir=" + profile);
        command.add("about:blank");
        Process process;
        try {
            Files.createDirectories(profile);
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
        } catch (IOException e) {
            removeTree(directory);
            throw new BrowserFailure("cannot start " + binary + ": " + e.getMessage(), e);
        }
        try {
            URI endpoint = awaitEndpoint(process, profile, log);
            return new Chromium(process, directory, DevTools.connect(endpoint, COMMAND_TIMEOUT));
        } catch (RuntimeException e) {
            killTree(process);
            removeTree(directory);
            throw e;
        }
    }

    /** Opens a new page (a tab of its own, {@code about:blank}) and attaches to it. */
    public Page open() {
        if (closed.get()) {
            throw new BrowserFailure("the browser is closed");
        }
        Page page = Page.open(devTools);
        pages.add(page);
        return page;
    }

    /** The browser's own output (stdout and stderr) so far, for a failing test's message. */
    public String output() {
        return tail(directory.resolve("chromium.log"));
    }

    /** The browser's process id (its helpers are its descendants). */
    long pid() {
        return process.pid();
    }

    /** The temporary directory of the profile and the output; gone after {@link #close()}. */
    Path directory() {
        return directory;
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (Page page : pages) {
            page.detach();
        }
        // taken before the browser exits: its helpers (zygote, renderers, crashpad) are re-parented then
        List<ProcessHandle> tree = tree(process);
        try {
            if (devTools.isOpen()) {
                devTools.call(Optional.empty(), "Browser.close", DevTools.JSON.createObjectNode(), EXIT_GRACE);
            }
        } catch (BrowserFailure closingAnyway) {
            // the socket closes as the browser exits, often before the answer: the exit is waited for below
        }
        devTools.close();
        try {
            process.waitFor(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        kill(tree);
        removeTree(directory);
    }

    private static URI awaitEndpoint(Process process, Path profile, Path log) {
        Path portFile = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                List<String> lines = Files.readAllLines(portFile, StandardCharsets.UTF_8);
                if (lines.size() >= 2 && !lines.get(1).isBlank()) {
                    int port = Integer.parseInt(lines.get(0).trim());
                    return URI.create("ws://127.0.0.1:" + port + lines.get(1).trim());
                }
            } catch (NoSuchFileException notYet) {
                // the browser writes it once its DevTools server listens
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + portFile, e);
            }
            if (!process.isAlive()) {
                throw new BrowserFailure("Chromium exited with " + process.exitValue() + " before it wrote " + portFile
                        + ":\n" + tail(log));
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BrowserFailure("interrupted waiting for Chromium to start", e);
            }
        }
        throw new BrowserFailure("Chromium wrote no " + portFile + " within " + START_TIMEOUT + ":\n" + tail(log));
    }

    private static void killTree(Process process) {
        kill(tree(process));
    }

    private static List<ProcessHandle> tree(Process process) {
        List<ProcessHandle> tree = new ArrayList<>();
        try (Stream<ProcessHandle> descendants = process.descendants()) {
            descendants.forEach(tree::add);
        }
        tree.add(process.toHandle());
        return tree;
    }

    /** Kills each process still alive and waits for it, at most {@link #EXIT_GRACE} each. */
    private static void kill(List<ProcessHandle> tree) {
        tree.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : tree) {
            try {
                p.onExit().get(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException e) {
                // SIGKILL was sent; a process stuck in the kernel is the OS's to reap
            }
        }
    }

    private static void removeTree(Path directory) {
        // a helper that exits late may still write a file while the tree is walked: try a few times
        for (int attempt = 0; attempt < 5 && Files.exists(directory); attempt++) {
            try (Stream<Path> walk = Files.walk(directory)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException | UncheckedIOException retry) {
                // retried; a directory that cannot be removed is left in the temporary directory
            }
        }
    }

    private static String tail(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }
}
