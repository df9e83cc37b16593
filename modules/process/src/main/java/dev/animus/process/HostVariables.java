package dev.animus.process;

import java.util.Map;
import java.util.TreeMap;

/**
 * Variables the host itself gives every plugin it starts, laid over what the environment policy
 * let through (a caller cannot set them):
 * <ul>
 *   <li>{@code ANIMUS_JAVA_HOME}: the Java runtime this host runs on (in the release tarball, the
 *       image itself). The bundled Java example and first-party Java plugins run on it, found
 *       through this variable and never through a path relative to their own file, which a copy
 *       placed elsewhere would resolve against whatever lies beside it.
 * </ul>
 */
public final class HostVariables {
    public static final String JAVA_HOME = "ANIMUS_JAVA_HOME";

    private HostVariables() {}

    /** {@code environment} with the host's variables laid over it. */
    public static Map<String, String> over(Map<String, String> environment) {
        Map<String, String> env = new TreeMap<>(environment);
        env.put(JAVA_HOME, System.getProperty("java.home"));
        return env;
    }
}
