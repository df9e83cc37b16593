package dev.animus.plugins.workflow;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * How long the runner's settled tasks took (in {@code workflow/status}, for bench/loop): from the
 * lease's answer to the queue's answer to the completion, the part of it the provider's run took
 * ({@code agent/run}, from the request to its result), and the difference, what the daemon, the
 * queue, the subject backend and the runner added. The last {@value #KEPT} tasks; thread-safe.
 */
final class Timings {
    static final int KEPT = 10_000;

    private final ReentrantLock lock = new ReentrantLock();
    private final long[] total = new long[KEPT];
    private final long[] run = new long[KEPT];
    private long count;

    /** One settled task: nanoseconds from lease to completion, and of its run. */
    void add(long totalNanos, long runNanos) {
        lock.lock();
        try {
            int i = (int) (count % KEPT);
            total[i] = totalNanos;
            run[i] = runNanos;
            count++;
        } finally {
            lock.unlock();
        }
    }

    /** {@code {tasks, lease_to_done_us, agent_run_us, added_us}}, each {@code {p50, p90, p99, max}}. */
    ObjectNode json() {
        long[] t;
        long[] r;
        lock.lock();
        try {
            int n = (int) Math.min(count, KEPT);
            t = Arrays.copyOf(total, n);
            r = Arrays.copyOf(run, n);
        } finally {
            lock.unlock();
        }
        long[] added = new long[t.length];
        for (int i = 0; i < t.length; i++) {
            added[i] = t[i] - r[i];
        }
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("tasks", t.length);
        o.set("lease_to_done_us", quantiles(t));
        o.set("agent_run_us", quantiles(r));
        o.set("added_us", quantiles(added));
        return o;
    }

    /** The nearest-rank quantiles of {@code nanos}, in microseconds (zeros when empty). */
    static ObjectNode quantiles(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        ObjectNode q = JsonNodeFactory.instance.objectNode();
        q.put("p50", rank(s, 0.50) / 1000);
        q.put("p90", rank(s, 0.90) / 1000);
        q.put("p99", rank(s, 0.99) / 1000);
        q.put("max", s.length == 0 ? 0 : s[s.length - 1] / 1000);
        return q;
    }

    private static long rank(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int k = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, k))];
    }
}
