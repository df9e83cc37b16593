package dev.animus.subjects.bench;

import dev.animus.daemon.DaemonLink;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginStatus;
import dev.animus.host.ProjectBinding;
import dev.animus.runtime.Animus;
import dev.animus.runtime.PluginHandle;
import dev.animus.runtime.Plugins;
import dev.animus.runtime.SubjectEndpoint;
import dev.animus.subjects.NewSubject;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.OptionalLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A routed {@code task/get} through the daemon against the same call to the plugin through the
 * bare supervisor (not a test: run by bench/subjects/run.sh). One JVM, two paths to the tasks
 * backend over the project's one database:
 * <ul>
 *   <li><b>supervisor</b>: this process's {@link Plugins} and {@code Animus.register(permit,
 *       plugins)} → {@link PluginHandle#call}{@code ("task/get", {id})}: the host's supervisor and
 *       the plugin's pipe, nothing routed;
 *   <li><b>daemon</b>: a {@link DaemonLink} on a running daemon's control socket →
 *       {@code subjects(agent).get(id)} = {@code subject/get {id}}, which the daemon routes by the
 *       id's kind to {@code task/get} on its own process of the plugin.
 * </ul>
 * Both warm (one plugin process each, checked by pid before and after), sequential, the answer's
 * id checked; the paths alternate in blocks so drift of the machine hits both alike.
 *
 * <p>Args: {@code <project root> <socket> <plugin> <agent> <warm-up calls> <calls> <block>}; the
 * home is the environment's ({@code ANIMUS_HOME}). Prints {@code supervisor|daemon p50 p90 p99}
 * (µs), {@code ratio p50} and a {@code pids} line.
 */
public final class GetBench {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private GetBench() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]).toRealPath();
        Path socket = Path.of(args[1]);
        String name = args[2];
        String agent = args[3];
        int warmup = Integer.parseInt(args[4]);
        int calls = Integer.parseInt(args[5]);
        int block = Integer.parseInt(args[6]);
        Map<String, String> env = System.getenv();
        Plugins.Options options = Plugins.Options.defaults().withProjectBinding(new ProjectBinding(root));
        try (Animus animus = Animus.open(env, root);
                Plugins local = Plugins.start(options);
                DaemonLink link = DaemonLink.connect(socket)) {
            SubjectEndpoint daemon = link.subjects(agent);
            String id = daemon.create(NewSubject.of("task", "the task GetBench reads")).id();
            PluginHandle supervisor = animus.register(animus.permit(name, agent), local);
            ObjectNode params = JSON.objectNode().put("id", id);
            for (int i = 0; i < warmup; i++) {
                viaSupervisor(supervisor, params, id);
                viaDaemon(daemon, id);
            }
            long supervisorPid = supervisor.status().pid().orElseThrow();
            long daemonPid = daemonPluginPid(link, name);
            long[] a = new long[calls];
            long[] b = new long[calls];
            for (int done = 0; done < calls; done += block) {
                int end = Math.min(calls, done + block);
                for (int i = done; i < end; i++) {
                    a[i] = viaSupervisor(supervisor, params, id);
                }
                for (int i = done; i < end; i++) {
                    b[i] = viaDaemon(daemon, id);
                }
            }
            if (supervisor.status().pid().orElseThrow() != supervisorPid || daemonPluginPid(link, name) != daemonPid) {
                throw new IllegalStateException("a plugin was relaunched during the measurement");
            }
            if (supervisorPid == daemonPid) {
                throw new IllegalStateException("both paths reached the same process " + supervisorPid);
            }
            Arrays.sort(a);
            Arrays.sort(b);
            System.out.printf("supervisor %.2f %.2f %.2f%n", us(a, 0.50), us(a, 0.90), us(a, 0.99));
            System.out.printf("daemon %.2f %.2f %.2f%n", us(b, 0.50), us(b, 0.90), us(b, 0.99));
            System.out.printf("ratio %.2f%n", us(b, 0.50) / us(a, 0.50));
            System.out.printf("pids supervisor=%d daemon's=%d (harness %d) id=%s%n",
                    supervisorPid, daemonPid, ProcessHandle.current().pid(), id);
        }
    }

    /** The pid of the daemon's process of {@code name}: it must be running (the warm-up ran it). */
    private static long daemonPluginPid(DaemonLink link, String name) {
        return link.status().stream()
                .filter(s -> s.name().equals(name))
                .map(PluginStatus::pid)
                .filter(OptionalLong::isPresent)
                .mapToLong(OptionalLong::getAsLong)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the daemon runs no " + name + ": " + link.status()));
    }

    /** One checked {@code task/get} through the supervisor; its wall time in ns. */
    private static long viaSupervisor(PluginHandle p, ObjectNode params, String id) {
        long start = System.nanoTime();
        JsonNode r = p.call("task/get", params, CallOptions.defaults());
        long took = System.nanoTime() - start;
        if (!id.equals(r.path("subject").path("id").asString(""))) {
            throw new IllegalStateException("wrong answer to task/get " + id + ": " + r);
        }
        return took;
    }

    /** One checked {@code subject/get} through the daemon; its wall time in ns. */
    private static long viaDaemon(SubjectEndpoint daemon, String id) {
        long start = System.nanoTime();
        String got = daemon.get(id).id();
        long took = System.nanoTime() - start;
        if (!id.equals(got)) {
            throw new IllegalStateException("wrong answer to subject/get " + id + ": " + got);
        }
        return took;
    }

    private static double us(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(q * sorted.length))] / 1000.0;
    }
}
