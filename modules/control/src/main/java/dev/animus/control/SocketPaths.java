package dev.animus.control;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The one rule of Unix socket paths: at most 107 bytes, refused rather than truncated. */
public final class SocketPaths {
    private SocketPaths() {}

    /**
     * Checks {@code socket}'s length.
     *
     * @throws IllegalArgumentException naming the path, its length and what to do
     */
    public static void check(Path socket) {
        int bytes = socket.toString().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > ControlServer.MAX_SOCKET_PATH_BYTES) {
            throw new IllegalArgumentException("the control socket path " + socket + " is " + bytes
                    + " bytes, over the " + ControlServer.MAX_SOCKET_PATH_BYTES
                    + "-byte limit of Unix sockets; set XDG_RUNTIME_DIR (or ANIMUS_HOME) to a shorter directory");
        }
    }
}
