package dev.animus.shell.repl;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The command the interactive shell is running, for Ctrl-C: an interrupt reaches the thread that
 * runs it and nothing else. Interrupting is how a command is cancelled: a plugin call waiting for
 * its answer gives it up and sends {@code $/cancelRequest} (when the plugin advertised
 * cancellation), a launch waiting for its handshake stops waiting, a download stops.
 *
 * <p>Thread-safe: {@link #interrupt} comes from the signal thread. States: idle → running (between
 * {@link #begin} and {@link #end}) → idle. An interrupt while idle does nothing, and one that raced
 * with the end of a command never leaks into the next read of the prompt.
 */
final class ForegroundCommand {
    private final ReentrantLock lock = new ReentrantLock();
    private Thread runner;
    private boolean interrupted;

    /** The calling thread starts running a command. */
    void begin() {
        lock.lock();
        try {
            runner = Thread.currentThread();
            interrupted = false;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The command ended: no more interrupts reach the calling thread, and its interrupt flag is
     * cleared.
     *
     * @return whether it was interrupted (Ctrl-C) while it ran
     */
    boolean end() {
        boolean was;
        lock.lock();
        try {
            runner = null;
            was = interrupted;
            interrupted = false;
        } finally {
            lock.unlock();
        }
        // an interrupt delivered just before runner was cleared must not reach the next prompt
        Thread.interrupted();
        return was;
    }

    /**
     * Ctrl-C: interrupts the running command, after {@code first} (run only when a command is
     * running, before it can react).
     *
     * @return whether a command was running
     */
    boolean interrupt(Runnable first) {
        lock.lock();
        try {
            if (runner == null) {
                return false;
            }
            first.run();
            interrupted = true;
            runner.interrupt();
            return true;
        } finally {
            lock.unlock();
        }
    }
}
