package dev.animus.testfuzz;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The loop of a fuzz test: a seed (printed, and taken from {@code -Dfuzz.seed} when given, so a
 * failure can be replayed), a number of inputs made by the test, each handed to the target under
 * test, a tally of the outcomes it names, and one summary line with the slowest input.
 */
public final class FuzzRun {
    /** Makes input {@code index}, appending how it was made to {@code how}. */
    @FunctionalInterface
    public interface Inputs {
        byte[] make(int index, StringBuilder how);
    }

    /**
     * Reads one input and names its outcome ("read", "refused", ...); fails (throws an
     * {@code AssertionError} built from {@code which}) on anything the reader must not do.
     */
    @FunctionalInterface
    public interface Target {
        String check(byte[] input, Supplier<String> which);
    }

    private FuzzRun() {}

    /** The seed of a run of {@code name}: {@code -Dfuzz.seed}, else a random one; printed either way. */
    public static long seed(String name) {
        long seed = Long.getLong("fuzz.seed", new SplittableRandom().nextLong());
        System.out.println(name + " seed " + seed + " (rerun with -Dfuzz.seed=" + seed + ")");
        return seed;
    }

    /**
     * Runs {@code count} inputs of {@code inputs} through {@code target} and returns how many ended
     * in each outcome. A failure names the run, the input's number, the seed, how the input was made
     * and the input itself.
     */
    public static Map<String, Integer> run(String name, long seed, int count, Inputs inputs, Target target) {
        Map<String, Integer> outcomes = new TreeMap<>();
        long started = System.nanoTime();
        long slowest = 0;
        String slowestInput = "";
        for (int i = 0; i < count; i++) {
            StringBuilder how = new StringBuilder();
            byte[] input = inputs.make(i, how);
            int n = i;
            Supplier<String> which =
                    () -> name + " input " + n + " (seed " + seed + "," + how + "): " + Mutations.show(input);
            long t0 = System.nanoTime();
            outcomes.merge(target.check(input, which), 1, Integer::sum);
            long took = System.nanoTime() - t0;
            if (took > slowest) {
                slowest = took;
                slowestInput = i + " (" + input.length + " bytes," + how + ")";
            }
        }
        System.out.printf(
                "%s: %d inputs in %d ms (slowest: input %s, %.1f ms): %s%n",
                name, count, (System.nanoTime() - started) / 1_000_000, slowestInput, slowest / 1e6, outcomes);
        return outcomes;
    }
}
