// A hook round trip to a warm plugin (not a test; bench/hooks/run.sh runs it): the real hostile
// hook plugin (testplugins, Python) answers classify.command-risk well; each call is the whole
// runner path (the input's wire form, hook/classify.command-risk under the 2 s deadline, the answer
// size-checked, read and rebuilt by core's rules, host policy). Prints p50/p90/p99 over CALLS calls
// after WARMUP, and the same for $/ping to the same process (the bare rpc round trip) for scale.
import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.HookClaims;
import dev.animus.core.HookId;
import dev.animus.core.HookInput;
import dev.animus.core.HookOutcome;
import dev.animus.core.HostHello;
import dev.animus.core.TimeoutTable;
import dev.animus.host.CallOptions;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.Supervisor;
import dev.animus.hooks.Handler;
import dev.animus.hooks.HookRun;
import dev.animus.hooks.HookRunner;
import dev.animus.hooks.HookSession;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.node.JsonNodeFactory;

public class RoundTripBench {
    public static void main(String[] args) throws Exception {
        Path plugin = Path.of(args[0]);
        int warmup = Integer.parseInt(System.getenv().getOrDefault("WARMUP", "2000"));
        int calls = Integer.parseInt(System.getenv().getOrDefault("CALLS", "10000"));
        try (PluginHost host = PluginHost.create(PluginHost.Options.defaults(HostHello.animus("bench")))) {
            Supervisor hostile = host.register(new PluginRegistration("hostile", new LaunchSpec(
                    "hostile",
                    plugin,
                    EnvironmentPolicy.declaring(Set.of()),
                    Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), "HOME", System.getProperty("java.io.tmpdir")),
                    Map.of(),
                    Optional.empty()), TimeoutTable.defaults()));
            Map<HookId, List<String>> all = Map.of(HookId.COMMAND_RISK, List.of("hostile"));
            try (HookSession session = HookSession.seal("bench", new HookClaims.ForAgent(all, Map.of()),
                    n -> new Handler.Ready(hostile), new HookRunner(HookRunner.DEFAULT_DEADLINE), System::nanoTime)) {
                HookInput input = new HookInput.Command("git status");
                for (int i = 0; i < warmup; i++) {
                    check(session.run(input));
                }
                double[] hook = new double[calls];
                for (int i = 0; i < calls; i++) {
                    long t0 = System.nanoTime();
                    HookRun run = session.run(input);
                    hook[i] = (System.nanoTime() - t0) / 1e3;
                    check(run);
                }
                CallOptions ping = CallOptions.defaults().withTimeout(Duration.ofSeconds(2));
                for (int i = 0; i < warmup; i++) {
                    hostile.call("$/ping", JsonNodeFactory.instance.objectNode(), ping);
                }
                double[] bare = new double[calls];
                for (int i = 0; i < calls; i++) {
                    long t0 = System.nanoTime();
                    hostile.call("$/ping", JsonNodeFactory.instance.objectNode(), ping);
                    bare[i] = (System.nanoTime() - t0) / 1e3;
                }
                print("hook round trip (classify.command-risk)", hook);
                print("$/ping to the same process", bare);
            }
        }
    }

    static void check(HookRun run) {
        if (!(run.outcome() instanceof HookOutcome.Answered)) {
            throw new IllegalStateException("the plugin did not answer: " + run.outcome());
        }
    }

    static void print(String what, double[] us) {
        double[] s = us.clone();
        Arrays.sort(s);
        System.out.printf("%-42s p50 %7.1f us   p90 %7.1f us   p99 %7.1f us   (%d calls)%n",
                what, s[s.length / 2], s[(int) (s.length * 0.9)], s[(int) (s.length * 0.99)], s.length);
    }
}
