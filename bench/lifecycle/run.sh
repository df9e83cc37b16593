#!/usr/bin/env bash
# The lifecycle benchmark (not a test; run on purpose): how long the first request to a cold
# Supervisor waits for the native echo plugin to be Ready, and what the Supervisor's Busy/Ready
# bookkeeping adds to each request over a bare PluginSession. Issue 3's targets: launch median
# <= 5 ms; supervisor / bare sequential p50 <= 1.2.
#
#   bench/lifecycle/run.sh [launch-warmup launches call-warmup calls]   defaults: 20 200 50000 200000
#
# What it does:
#   1. builds modules/runtime and what it needs (./mvnw install; tests are not even compiled: the
#      benchmark needs none, and a test being edited elsewhere must not stop it);
#   2. compiles with gcc the native echo plugin (bench/rpc/echo_plugin.c; it answers initialize and
#      shutdown, and echoes the params of anything else);
#   3. compiles the Java harness (src/dev/animus/runtime/bench/LifecycleBench.java) with JDK 25's
#      javac against the runtime jar and its dependencies (from ./mvnw dependency:build-classpath);
#   4. runs the harness REPEAT times (3) in each of two placements and prints one table per
#      placement with the median of the runs:
#        "one vCPU":  pinned with taskset to CPU 0, plugin processes included (reproducible);
#        "unpinned":  the kernel places the threads (what plugins get).
#      Each run: launch-warmup, then `launches` cold launches, each through a supervisor registered
#      under a fresh name (first call("echo", {}) launches it) and paired with a bare
#      PluginSession.launch; then `call-warmup` and `calls` sequential echo calls each through one
#      warm bare session, one warm supervisor, and that supervisor while one ordinary status
#      subscriber (host.events().subscribe(false)) is drained by a thread, rotating in blocks of
#      10000 calls.
#      Before each run it waits (up to a minute) for the machine to be idle.
# JDK 25 is found the way ./mvnw finds it (newest JDK >= 25 in the usual places) unless JAVA_HOME
# already names one. Outputs go to bench/out/lifecycle (ignored by git).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/bench/lifecycle"
OUT="$ROOT/bench/out/lifecycle"
LAUNCH_WARMUP="${1:-20}"
LAUNCHES="${2:-200}"
CALL_WARMUP="${3:-50000}"
CALLS="${4:-200000}"
REPEAT="${REPEAT:-3}"

. "$ROOT/bench/lib.sh"
JDK="$(find_jdk)"

rm -rf "$OUT/classes"
mkdir -p "$OUT/classes"
cd "$ROOT"
CLASSPATH="$(module_classpath runtime "$OUT")"

gcc -O2 -Wall -Wextra -o "$OUT/echo_plugin" "$ROOT/bench/rpc/echo_plugin.c"
"$JDK/bin/javac" -Xlint:all -Werror --release 25 -cp "$CLASSPATH" -d "$OUT/classes" \
  "$HERE/src/dev/animus/runtime/bench/LifecycleBench.java"

run_placement() { # $1 = label, $2... = command prefix (e.g. taskset -c 0)
  local label="$1"; shift
  local results="$OUT/results-${label// /-}.txt"
  : > "$results"
  for run in $(seq "$REPEAT"); do
    wait_for_idle
    "$@" "$JDK/bin/java" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn ${BENCH_JAVA_OPTS-} \
      -cp "$OUT/classes:$CLASSPATH" dev.animus.runtime.bench.LifecycleBench \
      "$OUT/echo_plugin" "$LAUNCH_WARMUP" "$LAUNCHES" "$CALL_WARMUP" "$CALLS" | sed "s/^/$run /" >> "$results"
  done
  echo
  echo "### $label (median of $REPEAT runs; runs in $results)"
  echo
  awk -v launches="$LAUNCHES" -v calls="$CALLS" '
    function median(key,   n, i, j, t, v) {
      n = count[key]; if (n == 0) return 0
      for (i = 1; i <= n; i++) v[i] = val[key, i]
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
      return (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    function add(key, x) { val[key, ++count[key]] = x }
    function row(label, key) {
      printf "| %s | %.2f | %.2f | %.2f |\n", label, median(key ".p50"), median(key ".p90"), median(key ".max")
    }
    $2 == "launch"   { add($3 ".p50", $4); add($3 ".p90", $5); add($3 ".max", $6) }
    $2 == "overhead" { add($3 ".p50", $4); add($3 ".p99", $5) }
    END {
      printf "Launch, %d cold supervisors (ms):\n\n", launches
      printf "| figure | p50 | p90 | max |\n|---|---:|---:|---:|\n"
      row("**first request → Ready** (wall clock before `call` → `at` of the Launching→Ready event)", "request-to-ready")
      row("first request → Launching (admission, `at` of Registered→Launching)", "request-to-launching")
      row("Launching → Ready (between the two events)", "launching-to-ready")
      row("`PluginStatus.launchTime()` (spawn → Ready in `PluginSession.launch`)", "launch-time")
      row("whole first `call` (nanoTime; request → Ready → echo answered)", "first-call")
      row("whole first `call` − warm supervisor p50", "first-call-minus-warm-rtt")
      row("bare `PluginSession.launch` (nanoTime, no supervisor)", "bare-launch")
      printf "\nSequential `call(\"echo\", {seq,text})`, %d calls each, alternating blocks (µs):\n\n", calls
      printf "| figure | bare `PluginSession` | `Supervisor` | **Supervisor / bare** | `Supervisor`, 1 status subscriber | subscribed / bare |\n"
      printf "|---|---:|---:|---:|---:|---:|\n"
      b50 = median("bare.p50"); s50 = median("supervisor.p50"); x50 = median("supervisor-subscribed.p50")
      b99 = median("bare.p99"); s99 = median("supervisor.p99"); x99 = median("supervisor-subscribed.p99")
      printf "| p50 | %.2f | %.2f | **%.2f** | %.2f | %.2f |\n", b50, s50, s50 / b50, x50, x50 / b50
      printf "| p99 | %.2f | %.2f | %.2f | %.2f | %.2f |\n", b99, s99, s99 / b99, x99, x99 / b99
    }' "$results"
}

echo "JDK: $JDK ($("$JDK/bin/java" -version 2>&1 | head -n 1)); CPUs: $(nproc); $(uname -r); $(date -u +%FT%TZ)"
run_placement "one vCPU" taskset -c 0
run_placement "unpinned" env
