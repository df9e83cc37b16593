package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another user cannot use the daemon's control socket: run as root (CI does; skipped otherwise,
 * with the reason), a client run as uid 65534 through {@code setpriv} gets no answer to
 * {@code daemon/status}: the 0700 run directory refuses the connect; and when the test loosens the
 * run directory and the socket on purpose, the daemon's {@code SO_PEERCRED} check closes the
 * connection unanswered and logs the refused user.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DaemonOtherUserTest {
    static final String NOBODY = "65534";

    /** Connects, asks daemon/status, prints what happened: refused <errno>, answered <line>, or closed. */
    static final String CLIENT = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(10)
            try:
                s.connect(sys.argv[1])
            except OSError as e:
                print("refused", e.errno, type(e).__name__)
                sys.exit(0)
            try:
                s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"daemon/status","params":{}}\\n')
            except OSError as e:
                print("closed", "on send", e.errno)
                sys.exit(0)
            data = b""
            try:
                while True:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
            except OSError as e:
                print("closed", "on recv", e.errno)
                sys.exit(0)
            print("answered " + data.decode() if data else "closed")
            """;

    @TempDir
    static Path dir;

    Map<String, String> env;
    Path project;
    Path socket;
    long daemon;

    @BeforeAll
    void startTheDaemonAsRoot() throws IOException {
        String uid = String.valueOf(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        Assumptions.assumeTrue(
                uid.equals("0"), "skipped: runs only as root (it switches to uid 65534 with setpriv); uid is " + uid);
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "skipped: no /usr/bin/setpriv");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "skipped: no /usr/bin/python3");
        env = Cli.env(dir);
        env.put("ANIMUS_LAUNCHER", DaemonTest.launcher(dir).toString());
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Cli.Run r = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        Matcher m = DaemonTest.STARTED.matcher(r.out());
        assertTrue(m.find(), r.out());
        daemon = Long.parseLong(m.group(1));
        socket = Path.of(m.group(2).replaceAll("[,.]$", ""));
        // the test's own directories may be passed through by anyone: only the run directory and the socket guard
        for (Path p = socket.getParent().getParent(); p.startsWith(dir); p = p.getParent()) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx--x--x"));
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket.getParent())));
    }

    @AfterAll
    void stopTheDaemon() {
        if (env != null) {
            Cli.inProject(env, project, "daemon", "stop");
            ProcessHandle.of(daemon).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** The client's one line, run as uid 65534. */
    String asNobody() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of(
                        "/usr/bin/setpriv",
                        "--reuid=" + NOBODY,
                        "--regid=" + NOBODY,
                        "--clear-groups",
                        "/usr/bin/python3",
                        "-c",
                        CLIENT,
                        socket.toString()))
                .directory(Path.of("/").toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out.strip();
    }

    @Test
    @Order(1)
    void theRunDirectoryRefusesTheConnect() throws Exception {
        String got = asNobody();
        assertTrue(got.startsWith("refused 13 PermissionError"), got);
        // and the owner is served
        assertEquals(0, Cli.inProject(env, project, "daemon", "status").exitCode());
    }

    @Test
    @Order(2)
    void loosenedOnPurposeTheDaemonClosesTheConnectionUnansweredAndLogsTheUser() throws Exception {
        Files.setPosixFilePermissions(socket.getParent(), PosixFilePermissions.fromString("rwx--x--x"));
        Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
        String got = asNobody();
        assertTrue(got.startsWith("closed"), got);
        Cli.Run logs = Cli.inProject(env, project, "daemon", "logs", "-n", "50");
        assertEquals(0, logs.exitCode(), logs.err());
        assertTrue(
                logs.out()
                        .lines()
                        .anyMatch(l -> l.contains("refused control client") && l.contains("from user nobody")),
                logs.out());
        assertEquals(0, Cli.inProject(env, project, "daemon", "status").exitCode(), "the owner is still served");
    }
}
