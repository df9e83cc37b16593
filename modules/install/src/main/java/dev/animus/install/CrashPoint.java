package dev.animus.install;

import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A seam for crash tests, off unless asked for: when the system property {@code animus.crashpoint}
 * names the point a command reaches, the process says so in a warning of its log ({@code
 * animus-crashpoint: <name>}; the shell's log goes to stderr) and then stops there for good, so that a test can SIGKILL it at exactly that step and
 * check what a later command makes of the result. Nothing else reads the property; it changes no
 * decision, only whether the process waits to be killed.
 *
 * <p>The points: {@value #REMOVE_STATE_COMMITTED} (a remove has committed the state document and
 * not yet unpinned the plugin from the lockfile).
 */
final class CrashPoint {
    /** The system property that names the point to stop at. */
    static final String PROPERTY = "animus.crashpoint";
    /** {@link TrustService#remove}: the state is committed, the lockfile not yet written. */
    static final String REMOVE_STATE_COMMITTED = "remove.state-committed";

    private static final Logger LOG = LoggerFactory.getLogger(CrashPoint.class);

    private CrashPoint() {}

    /** Stops here for good when {@link #PROPERTY} names {@code point}; returns at once otherwise. */
    static void reached(String point) {
        if (!point.equals(System.getProperty(PROPERTY))) {
            return;
        }
        LOG.warn("animus-crashpoint: {}", point);
        while (true) {
            LockSupport.park(); // until SIGKILL
        }
    }
}
