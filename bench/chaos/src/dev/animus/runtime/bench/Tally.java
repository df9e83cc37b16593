package dev.animus.runtime.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** The outcomes of a chaos run's calls, counted from many caller threads at once. */
final class Tally {
    /** An outcome: "result", a host failure's type ("Timeout", "Rpc -32601", ...) or "UNTYPED ...". */
    private final Map<Behaviour, Map<String, LongAdder>> outcomes = new ConcurrentHashMap<>();
    private final Map<Behaviour, AtomicLong> slowestMs = new ConcurrentHashMap<>();
    final LongAdder calls = new LongAdder();
    final LongAdder results = new LongAdder();
    final LongAdder typedErrors = new LongAdder();
    final LongAdder untyped = new LongAdder();
    final LongAdder wrongResults = new LongAdder();
    final LongAdder hangs = new LongAdder();
    final LongAdder resets = new LongAdder();
    final LongAdder streamed = new LongAdder();
    final LongAdder pastRequestDeadline = new LongAdder();
    /** Worst lateness past the call's own request timeout (ms), whatever the call went through. */
    final AtomicLong worstLatenessMs = new AtomicLong(Long.MIN_VALUE);
    final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();

    void count(Behaviour b, String outcome, long elapsedMs) {
        calls.increment();
        outcomes.computeIfAbsent(b, k -> new ConcurrentHashMap<>()).computeIfAbsent(outcome, k -> new LongAdder())
                .increment();
        slowestMs.computeIfAbsent(b, k -> new AtomicLong()).accumulateAndGet(elapsedMs, Math::max);
    }

    void problem(String text) {
        if (problems.size() < 50) {
            problems.add(text);
        }
    }

    /** Typed errors by kind over every behaviour. */
    Map<String, Long> errorsByKind() {
        Map<String, Long> out = new TreeMap<>();
        outcomes.values().forEach(m -> m.forEach((k, v) -> {
            if (!k.equals("result")) {
                out.merge(k, v.sum(), Long::sum);
            }
        }));
        return out;
    }

    /** One markdown row per behaviour: calls, results, errors by kind, slowest call. */
    List<String> behaviourRows() {
        List<String> rows = new ArrayList<>();
        rows.add("| behaviour | calls | results | typed errors by kind | slowest (ms) |");
        rows.add("|---|---:|---:|---|---:|");
        for (Behaviour b : Behaviour.values()) {
            Map<String, LongAdder> m = outcomes.getOrDefault(b, Map.of());
            long total = m.values().stream().mapToLong(LongAdder::sum).sum();
            long ok = m.containsKey("result") ? m.get("result").sum() : 0;
            StringBuilder errors = new StringBuilder();
            new TreeMap<>(m).forEach((k, v) -> {
                if (!k.equals("result")) {
                    errors.append(errors.isEmpty() ? "" : ", ").append(k).append(' ').append(v.sum());
                }
            });
            rows.add("| " + b.method + " | " + total + " | " + ok + " | " + (errors.isEmpty() ? "—" : errors) + " | "
                    + slowestMs.getOrDefault(b, new AtomicLong()).get() + " |");
        }
        return rows;
    }
}
