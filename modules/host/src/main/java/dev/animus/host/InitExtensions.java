package dev.animus.host;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code init_extensions} of one {@code initialize} request
 * (docs/protocol.md#the-initialize-request); an empty value sends none.
 *
 * @param projectBinding sent as {@code project_binding = {"project_root": ...}}
 * @param launcher the absolute path of the {@code animus} launcher, sent as
 *     {@code memory_mcp_stdio_command = {"command": ...}}
 * @param controlSocket the absolute path of the daemon's control socket, sent as
 *     {@code control_socket} (a string)
 */
public record InitExtensions(
        Optional<ProjectBinding> projectBinding, Optional<Path> launcher, Optional<Path> controlSocket) {
    /** No extensions. */
    public static final InitExtensions NONE = new InitExtensions(Optional.empty(), Optional.empty(), Optional.empty());

    public InitExtensions {
        Objects.requireNonNull(projectBinding, "projectBinding");
        Objects.requireNonNull(launcher, "launcher");
        Objects.requireNonNull(controlSocket, "controlSocket");
        launcher.ifPresent(l -> {
            if (!l.isAbsolute()) {
                throw new IllegalArgumentException("the launcher's path must be absolute: " + l);
            }
        });
    }

    /** Extensions without a control socket. */
    public InitExtensions(Optional<ProjectBinding> projectBinding, Optional<Path> launcher) {
        this(projectBinding, launcher, Optional.empty());
    }

    public boolean isEmpty() {
        return projectBinding.isEmpty() && launcher.isEmpty() && controlSocket.isEmpty();
    }
}
