package dev.animus.daemon.bench;

import dev.animus.daemon.DaemonLink;
import dev.animus.daemon.DaemonRun;
import dev.animus.daemon.DaemonScope;
import dev.animus.host.CallOptions;
import dev.animus.host.ProjectBinding;
import dev.animus.install.Permit;
import dev.animus.runtime.Animus;
import dev.animus.runtime.HostVersion;
import dev.animus.runtime.PluginEndpoint;
import dev.animus.runtime.PluginHandle;
import dev.animus.runtime.Plugins;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The per-call overhead of the daemon's socket path (not a test: run by bench/daemon/run.sh). One
 * JVM holds both paths over the same installed plugin: in-process, runtime's {@link Plugins} and
 * {@code Animus.register(permit, plugins)} → {@link PluginHandle#call}; through the daemon, a
 * {@link DaemonRun} of the project (its own {@link Plugins}, its control socket) and a
 * {@link DaemonLink} → {@code plugin(permit).call}. Both warm (one process each, checked by pid
 * before and after), sequential {@code call("echo", {seq, text})}, the answer checked; the paths
 * alternate in blocks so drift of the machine hits both alike.
 *
 * <p>Args: {@code <project root> <plugin name> <warm-up calls> <calls> <block>}; the home is the
 * environment's ({@code ANIMUS_HOME}). Prints {@code inproc|socket p50 p90 p99} (µs) and
 * {@code added p50} lines.
 */
public final class OverheadBench {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private OverheadBench() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]).toRealPath();
        String name = args[1];
        int warmup = Integer.parseInt(args[2]);
        int calls = Integer.parseInt(args[3]);
        int block = Integer.parseInt(args[4]);
        Map<String, String> env = System.getenv();
        DaemonScope scope = DaemonScope.of(env, Optional.of(root), root);
        scope.ensureRunDirectory();
        Plugins.Options options = Plugins.Options.defaults().withProjectBinding(new ProjectBinding(scope.root()));
        try (Animus animus = Animus.open(env, root);
                Plugins local = Plugins.start(options);
                DaemonRun run = DaemonRun.start(
                        scope, Animus.open(env, root), Plugins.start(options), HostVersion.current(),
                        Optional.empty(), InstantSource.system());
                DaemonLink link = DaemonLink.connect(run.daemon().options().socket())) {
            Permit permit = animus.permit(name, "default");
            PluginHandle inproc = animus.register(permit, local);
            PluginEndpoint socket = link.plugin(link.resolve(name, "default"));
            long seq = 0;
            for (int i = 0; i < warmup; i++) {
                call(inproc, seq++);
                call(socket, seq++);
            }
            long inprocPid = inproc.status().pid().orElseThrow();
            long socketPid = socket.status().pid().orElseThrow();
            long[] a = new long[calls];
            long[] b = new long[calls];
            for (int done = 0; done < calls; done += block) {
                int end = Math.min(calls, done + block);
                for (int i = done; i < end; i++) {
                    a[i] = call(inproc, seq++);
                }
                for (int i = done; i < end; i++) {
                    b[i] = call(socket, seq++);
                }
            }
            if (inproc.status().pid().orElseThrow() != inprocPid || socket.status().pid().orElseThrow() != socketPid) {
                throw new IllegalStateException("a plugin was relaunched during the measurement");
            }
            if (inprocPid == socketPid) {
                throw new IllegalStateException("both paths reached the same process " + inprocPid);
            }
            Arrays.sort(a);
            Arrays.sort(b);
            System.out.printf("inproc %.2f %.2f %.2f%n", us(a, 0.50), us(a, 0.90), us(a, 0.99));
            System.out.printf("socket %.2f %.2f %.2f%n", us(b, 0.50), us(b, 0.90), us(b, 0.99));
            System.out.printf("added %.2f%n", us(b, 0.50) - us(a, 0.50));
            System.out.printf("pids inproc=%d daemon=%d (harness and daemon %d)%n", inprocPid, socketPid,
                    run.lock().info().pid());
        }
    }

    /** One checked echo call; its wall time in ns. */
    private static long call(PluginEndpoint p, long seq) {
        ObjectNode params = JSON.objectNode().put("seq", seq).put("text", "hello world");
        long start = System.nanoTime();
        JsonNode r = p.call("echo", params, CallOptions.defaults());
        long took = System.nanoTime() - start;
        if (r.path("seq").asLong(-1) != seq || !"hello world".equals(r.path("text").asString(""))) {
            throw new IllegalStateException("wrong answer to call " + seq + ": " + r);
        }
        return took;
    }

    private static double us(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(q * sorted.length))] / 1000.0;
    }
}
