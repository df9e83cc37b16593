package dev.animus.keyring;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the Secret Service answers, found out once per process for each distinct
 * ({@code PATH}, {@code DBUS_SESSION_BUS_ADDRESS}) pair.
 */
final class Availability {

    private static final Logger LOG = LoggerFactory.getLogger(Availability.class);

    /** Searches for an item nobody stores: exit 0 or 1 and a silent stderr mean the service answered. */
    static final List<String> PROBE = List.of("search", "service", "animus-probe", "probe", "nothing");

    private static final ConcurrentMap<Key, Once> CACHE = new ConcurrentHashMap<>();

    private record Key(String path, String bus) {}

    /** Computes its answer on the first call; the others wait for it. */
    private static final class Once {
        private Boolean answer;

        synchronized boolean get(Map<String, String> callerEnvironment) {
            if (answer == null) {
                answer = probe(callerEnvironment);
            }
            return answer;
        }
    }

    private Availability() {}

    static boolean of(Map<String, String> callerEnvironment) {
        Map<String, String> env = SecretTool.passedOn(callerEnvironment);
        Key key = new Key(env.get("PATH"), env.get("DBUS_SESSION_BUS_ADDRESS"));
        return CACHE.computeIfAbsent(key, k -> new Once()).get(env);
    }

    private static boolean probe(Map<String, String> env) {
        String bus = env.get("DBUS_SESSION_BUS_ADDRESS");
        if (bus == null || bus.isBlank()) {
            LOG.debug("secret-service: DBUS_SESSION_BUS_ADDRESS is not set");
            return false;
        }
        Optional<Path> executable = SecretTool.resolve(env.get("PATH"));
        if (executable.isEmpty()) {
            LOG.debug("secret-service: secret-tool is not on PATH");
            return false;
        }
        SecretTool tool = new SecretTool(executable.get(), env, SecretServiceStore.DEFAULT_TIMEOUT);
        try {
            SecretTool.Result r = tool.run(PROBE, null);
            SecretTool.wipe(r.stdout());
            boolean ok = (r.exit() == 0 || r.exit() == 1) && r.stderrBlank();
            LOG.debug("secret-service: the probe exited {}{}", r.exit(), ok ? "" : " with an error");
            return ok;
        } catch (SecretTool.TimedOut e) {
            LOG.debug(
                    "secret-service: the probe did not answer within {}",
                    SecretServiceStore.text(SecretServiceStore.DEFAULT_TIMEOUT));
            return false;
        } catch (RuntimeException e) {
            LOG.debug("secret-service: the probe could not run: {}", e.getMessage());
            return false;
        }
    }
}
