package dev.animus.daemon;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Real child processes for the tests, each started and then waited for by what it prints. */
final class Children implements AutoCloseable {
    private final List<Process> started = new ArrayList<>();

    /** Starts {@code command}, waits for its first line on stdout and returns it with the process. */
    Ready start(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        started.add(p);
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null) {
            throw new IOException(command + " ended before it said it was ready");
        }
        return new Ready(p, line);
    }

    record Ready(Process process, String line) {}

    /** A process that holds a POSIX lock on {@code lockFile} (as a daemon does) until its stdin ends. */
    Ready lockHolder(Path lockFile) throws IOException {
        return start(List.of(
                python(),
                "-c",
                "import fcntl, os, sys\n"
                        + "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)\n"
                        + "fcntl.lockf(fd, fcntl.LOCK_EX)\n"
                        + "print(os.getpid(), flush=True)\n"
                        + "sys.stdin.read()\n",
                lockFile.toString()));
    }

    /** A process that prints its pid and waits for its stdin to end. */
    Ready waiter() throws IOException {
        return start(List.of("sh", "-c", "echo $$; exec cat >/dev/null"));
    }

    /** A process that ran and ended: its pid names no process now (until the kernel reuses it). */
    long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    private static String python() {
        return Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
    }

    @Override
    public void close() {
        for (Process p : started) {
            p.destroyForcibly();
            p.onExit().join();
        }
    }
}
