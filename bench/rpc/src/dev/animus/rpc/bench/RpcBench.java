package dev.animus.rpc.bench;

import dev.animus.rpc.PendingCall;
import dev.animus.rpc.RpcConnection;
import dev.animus.rpc.RpcOptions;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Round trips through {@link RpcConnection} to the native echo plugin (not a test: run by
 * bench/rpc/run.sh). Every request carries {"seq":n,"text":"hello world"} as params, like the
 * raw-pipe C host, and every response is parsed into a tree and matched to its call.
 *
 * <p>Prints "java sequential p50_us p99_us", "java pipelined-callbacks responses_per_s" and
 * "java pipelined-caller responses_per_s".
 *
 * <ul>
 *   <li>sequential: one thread, {@code request()} after {@code request()}; latency of each
 *   <li>pipelined-callbacks: 64 calls in flight; each completion issues the next call from the
 *       completing (reader) thread, so the writes of one read chunk leave in one flush
 *   <li>pipelined-caller: 64 calls in flight, issued by the main thread (a semaphore of 64 permits
 *       released by completions), so every request pays its own write and flush
 * </ul>
 */
public final class RpcBench {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int WINDOW = 64;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private RpcBench() {}

    public static void main(String[] args) throws Exception {
        String plugin = args[0];
        long warmup = Long.parseLong(args[1]);
        int sequential = Integer.parseInt(args[2]);
        long pipelined = Long.parseLong(args[3]);
        Process process = new ProcessBuilder(plugin).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (RpcConnection connection = RpcConnection.open(
                process.getInputStream(), process.getOutputStream(), RpcOptions.defaults("echo"))) {
            sequential(connection, warmup, sequential);
            chained(connection, (int) warmup);
            chained(connection, sequential);
            if (args.length > 4 && args[4].equals("sequential")) {
                return;
            }
            pipelinedByCallbacks(connection, pipelined / 4);
            report("pipelined-callbacks", pipelinedByCallbacks(connection, pipelined));
            pipelinedByCaller(connection, pipelined / 4);
            report("pipelined-caller", pipelinedByCaller(connection, pipelined));
        }
        process.waitFor(10, TimeUnit.SECONDS);
    }

    private static ObjectNode params(long seq) {
        return NODES.objectNode().put("seq", seq).put("text", "hello world");
    }

    private static void sequential(RpcConnection connection, long warmup, int count) {
        for (long i = 0; i < warmup; i++) {
            check(connection.request("echo", params(i), TIMEOUT), i);
        }
        long[] latencies = new long[count];
        for (int i = 0; i < count; i++) {
            ObjectNode params = params(i);
            long start = System.nanoTime();
            JsonNode result = connection.request("echo", params, TIMEOUT);
            latencies[i] = System.nanoTime() - start;
            check(result, i);
        }
        Arrays.sort(latencies);
        System.out.printf(Locale.ROOT, "java sequential %.2f %.2f%n",
                latencies[count / 2] / 1000.0, latencies[count * 99 / 100] / 1000.0);
    }

    /** One call in flight; each completion (on the reader thread) issues the next call. */
    private static void chained(RpcConnection connection, int count) throws InterruptedException {
        long[] latencies = new long[count];
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable[] issue = new Runnable[1];
        int[] next = {0};
        issue[0] = () -> {
            int seq = next[0]++;
            long start = System.nanoTime();
            connection.call("echo", params(seq), TIMEOUT).result().whenComplete((result, error) -> {
                latencies[seq] = System.nanoTime() - start;
                if (error != null) {
                    failure.set(error);
                    done.countDown();
                } else if (seq + 1 == count) {
                    done.countDown();
                } else {
                    issue[0].run();
                }
            });
        };
        issue[0].run();
        done.await();
        if (failure.get() != null) {
            throw new IllegalStateException("a call failed", failure.get());
        }
        Arrays.sort(latencies);
        System.out.printf(Locale.ROOT, "java chained %.2f %.2f%n",
                latencies[count / 2] / 1000.0, latencies[count * 99 / 100] / 1000.0);
    }

    private static double pipelinedByCallbacks(RpcConnection connection, long total) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        AtomicLong issued = new AtomicLong();
        AtomicLong completed = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable[] issue = new Runnable[1];
        issue[0] = () -> {
            long seq = issued.getAndIncrement();
            if (seq >= total) {
                return;
            }
            connection.call("echo", params(seq), TIMEOUT).result().whenComplete((result, error) -> {
                if (error != null) {
                    failure.set(error);
                    done.countDown();
                } else if (completed.incrementAndGet() == total) {
                    done.countDown();
                } else {
                    issue[0].run();
                }
            });
        };
        long start = System.nanoTime();
        for (int i = 0; i < WINDOW; i++) {
            issue[0].run();
        }
        done.await();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (failure.get() != null) {
            throw new IllegalStateException("a call failed", failure.get());
        }
        return total / seconds;
    }

    private static double pipelinedByCaller(RpcConnection connection, long total) throws InterruptedException {
        Semaphore window = new Semaphore(WINDOW);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long start = System.nanoTime();
        for (long seq = 0; seq < total; seq++) {
            window.acquire();
            PendingCall call = connection.call("echo", params(seq), TIMEOUT);
            call.result().whenComplete((result, error) -> {
                if (error != null) {
                    failure.set(error);
                }
                window.release();
            });
        }
        window.acquire(WINDOW);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (failure.get() != null) {
            throw new IllegalStateException("a call failed", failure.get());
        }
        return total / seconds;
    }

    private static void check(JsonNode result, long seq) {
        if (result.get("seq").longValue() != seq) {
            throw new IllegalStateException("echo of " + seq + " came back as " + result);
        }
    }

    private static void report(String mode, double responsesPerSecond) {
        System.out.printf(Locale.ROOT, "java %s %.0f%n", mode, responsesPerSecond);
    }

}
