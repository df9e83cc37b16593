package dev.animus.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The processes that belong to one plugin: the plugin itself, everything in the session it leads
 * (plugins are started as session leaders, so a grandchild keeps the session even after its parent
 * died and was re-parented), and any live descendant that left the session.
 */
final class ProcessTree {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessTree.class);
    private static final Path PROC = Path.of("/proc");

    private ProcessTree() {}

    /** Live members of the tree rooted at {@code root}, the root last (so children go first). */
    static Set<ProcessHandle> members(ProcessHandle root, boolean sessionLeader) {
        var members = new LinkedHashSet<ProcessHandle>();
        root.descendants().forEach(members::add);
        if (sessionLeader) {
            sessionMembers(root.pid(), members);
        }
        members.remove(root);
        if (root.isAlive()) {
            members.add(root);
        }
        members.removeIf(p -> !isRunning(p.pid()));
        return members;
    }

    private static void sessionMembers(long sid, Set<ProcessHandle> into) {
        if (!Files.isDirectory(PROC)) {
            return;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> isNumeric(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                if (pid != sid && sessionOf(dir) == sid) {
                    ProcessHandle.of(pid).ifPresent(into::add);
                }
            }
        } catch (IOException e) {
            LOG.debug("cannot list /proc: {}", e.getMessage());
        }
    }

    /** The session id from {@code /proc/<pid>/stat}, or -1 when the process is gone. */
    static long sessionOf(Path procDir) {
        String[] f = statFields(procDir);
        return f.length > 3 ? Long.parseLong(f[3]) : -1;
    }

    /**
     * Whether {@code pid} is running: it exists and is not a zombie. A killed process whose parent
     * died too waits for init to reap it, and {@link ProcessHandle#isAlive()} still says true then.
     */
    static boolean isRunning(long pid) {
        String[] f = statFields(PROC.resolve(Long.toString(pid)));
        if (f.length == 0) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        return !f[0].equals("Z") && !f[0].equals("X");
    }

    /** Fields of {@code /proc/<pid>/stat} after the command name (state first); empty when gone. */
    private static String[] statFields(Path procDir) {
        try {
            String stat = Files.readString(procDir.resolve("stat"), StandardCharsets.UTF_8);
            // pid (comm) state ppid pgrp session ... ; comm may hold spaces and parentheses
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return new String[0];
        }
    }

    private static boolean isNumeric(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Sends SIGTERM to each member. */
    static void terminate(Set<ProcessHandle> members) {
        members.forEach(ProcessHandle::destroy);
    }

    /** Sends SIGKILL to each member. */
    static void kill(Set<ProcessHandle> members) {
        members.forEach(ProcessHandle::destroyForcibly);
    }
}
