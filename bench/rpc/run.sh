#!/usr/bin/env bash
# The rpc benchmark (not a test; run on purpose): round trips between the host and a native echo
# plugin, through RpcConnection and through raw pipes, printed as one table.
#
#   bench/rpc/run.sh [warmup sequential pipelined]     defaults: 100000 200000 2000000
#
# What it does:
#   1. builds modules/core and modules/rpc (./mvnw install, tests skipped);
#   2. compiles with gcc the native echo plugin (echo_plugin.c) and the raw-pipe host (raw_host.c);
#   3. compiles the Java harness (src/dev/animus/rpc/bench/RpcBench.java) with JDK 25's javac
#      against the rpc jar and its dependencies (from ./mvnw dependency:build-classpath);
#   4. runs the raw-pipe host, then the Java harness, on the same plugin binary, REPEAT times (3)
#      in each of two placements, and prints one table per placement with the median of the runs
#      and the ratio of each Java figure to the raw-pipe one:
#        "one vCPU":  both sides pinned with taskset to CPU 0 (reproducible: measures software
#                     cost, no cross-vCPU wake-ups);
#        "unpinned":  the kernel places the threads (what plugins get; on the reference VM the
#                     result depends on whether the guest scheduler packs both sides on one vCPU).
#      Measures: sequential p50/p99 of blocking request() calls (µs, after warm-up); "chained",
#      the same one-call-in-flight round trip issued from the completion callback; pipelined
#      throughput with 64 calls in flight (responses/s), issued from the completion callback or
#      by one caller thread. Before each run it waits (up to a minute) for the machine to be idle.
# JDK 25 is found the way ./mvnw finds it (newest JDK >= 25 in the usual places) unless JAVA_HOME
# already names one. Outputs go to bench/out/rpc (ignored by git).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/bench/rpc"
OUT="$ROOT/bench/out/rpc"
WARMUP="${1:-100000}"
SEQUENTIAL="${2:-200000}"
PIPELINED="${3:-2000000}"
REPEAT="${REPEAT:-3}"

. "$ROOT/bench/lib.sh"
JDK="$(find_jdk)"

mkdir -p "$OUT/classes"
cd "$ROOT"
CLASSPATH="$(module_classpath rpc "$OUT")"

gcc -O2 -Wall -Wextra -o "$OUT/echo_plugin" "$HERE/echo_plugin.c"
gcc -O2 -Wall -Wextra -o "$OUT/raw_host" "$HERE/raw_host.c"
"$JDK/bin/javac" -Xlint:all -Werror --release 25 -cp "$CLASSPATH" -d "$OUT/classes" \
  "$HERE/src/dev/animus/rpc/bench/RpcBench.java"

run_placement() { # $1 = label, $2... = command prefix (e.g. taskset -c 0)
  local label="$1"; shift
  local results="$OUT/results-${label// /-}.txt"
  : > "$results"
  for run in $(seq "$REPEAT"); do
    wait_for_idle
    # the raw host prints its warm-up pipelined run first; the last "raw pipelined" line is kept
    "$@" "$OUT/raw_host" "$OUT/echo_plugin" "$WARMUP" "$SEQUENTIAL" "$PIPELINED" | awk -v r="$run" '
      $2 == "sequential" { print r, $0 } $2 == "pipelined" { last = $0 } END { print r, last }' >> "$results"
    wait_for_idle
    "$@" "$JDK/bin/java" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn ${BENCH_JAVA_OPTS-} \
      -cp "$OUT/classes:$CLASSPATH" dev.animus.rpc.bench.RpcBench \
      "$OUT/echo_plugin" "$WARMUP" "$SEQUENTIAL" "$PIPELINED" | sed "s/^/$run /" >> "$results"
  done
  echo
  echo "### $label (median of $REPEAT runs; runs in $results)"
  echo
  awk '
    function median(key,   n, i, j, t, v) {
      n = count[key]; if (n == 0) return 0
      for (i = 1; i <= n; i++) v[i] = val[key, i]
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
      return (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    function add(key, x) { val[key, ++count[key]] = x }
    $2 == "raw"  && $3 == "sequential" { add("rp50", $4); add("rp99", $5) }
    $2 == "raw"  && $3 == "pipelined"  { add("rpipe", $4) }
    $2 == "java" && $3 == "sequential" { add("jp50", $4); add("jp99", $5) }
    $2 == "java" && $3 == "chained"    { chained[$1]++; if (chained[$1] == 2) { add("cp50", $4); add("cp99", $5) } }
    $2 == "java" && $3 == "pipelined-callbacks" { add("jcb", $4) }
    $2 == "java" && $3 == "pipelined-caller"    { add("jcaller", $4) }
    END {
      rp50 = median("rp50"); rp99 = median("rp99"); rpipe = median("rpipe")
      printf "| measure | raw-pipe C | Java RpcConnection | Java / raw |\n|---|---:|---:|---:|\n"
      printf "| sequential `request()` p50 (µs) | %.2f | %.2f | %.2f |\n", rp50, median("jp50"), median("jp50") / rp50
      printf "| sequential `request()` p99 (µs) | %.2f | %.2f | %.2f |\n", rp99, median("jp99"), median("jp99") / rp99
      printf "| chained from the completion, p50 (µs) | %.2f | %.2f | %.2f |\n", rp50, median("cp50"), median("cp50") / rp50
      printf "| chained from the completion, p99 (µs) | %.2f | %.2f | %.2f |\n", rp99, median("cp99"), median("cp99") / rp99
      printf "| pipelined x64, next call from the completion (responses/s) | %.0f | %.0f | %.2f |\n", rpipe, median("jcb"), median("jcb") / rpipe
      printf "| pipelined x64, calls from one caller thread (responses/s) | %.0f | %.0f | %.2f |\n", rpipe, median("jcaller"), median("jcaller") / rpipe
    }' "$results"
}

echo "JDK: $JDK; CPUs: $(nproc); $(uname -r); $(date -u +%FT%TZ)"
run_placement "one vCPU" taskset -c 0
run_placement "unpinned" env
