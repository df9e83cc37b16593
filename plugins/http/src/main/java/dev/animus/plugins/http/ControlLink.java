package dev.animus.plugins.http;

import dev.animus.sdk.control.ControlException;
import dev.animus.sdk.control.ControlSocket;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The one connection to the daemon's control socket that the API and the event subscriptions
 * share, opened on first use and again after the daemon closed it. States: open (connecting as
 * needed) → closed ({@link #close}, idempotent; every later use fails). Thread-safe.
 */
final class ControlLink implements AutoCloseable {
    private final Path socket;
    private final ReentrantLock lock = new ReentrantLock();
    private ControlSocket current;
    private boolean closed;

    ControlLink(Path socket) {
        this.socket = Objects.requireNonNull(socket, "socket");
    }

    /**
     * The open connection, connecting when there is none.
     *
     * @throws ControlException ({@value ControlException#UNAVAILABLE}) when the daemon cannot be
     *     reached or this link is closed
     */
    ControlSocket socket() {
        lock.lock();
        try {
            if (closed) {
                throw new ControlException(-32603, "the http transport is shutting down", null);
            }
            if (current == null || !current.isOpen()) {
                current = ControlSocket.connect(socket);
            }
            return current;
        } finally {
            lock.unlock();
        }
    }

    /** The socket's path, as {@code transport/start} gave it. */
    Path path() {
        return socket;
    }

    /** Closes the connection: pending calls fail and open streams end. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            if (current != null) {
                current.close();
            }
        } finally {
            lock.unlock();
        }
    }
}
