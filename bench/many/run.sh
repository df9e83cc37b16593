#!/usr/bin/env bash
# Many plugins at once (not a test; run on purpose; issue 11): one PluginHost with N live plugins
# (the native echo plugin, bench/rpc/echo_plugin.c: 200 plugins are 200 small processes, not 200
# JVMs). Reports the host's RSS and threads, the CPU the host and the plugins use over an idle
# window (it must be about zero: no busy loops, no polling), and sequential $/ping p50/p99 against a
# host with a single plugin: to one plugin of the N at a time (blocks of pings to the same plugin,
# each block another one; p50 ratio must be <= 2), and to a random plugin of the N per ping
# (reported: every ping then meets a cache-cold process, an OS cost raw_many.c shows).
#
#   bench/many/run.sh [--plugins N] [--idle SECONDS] [--pings P]   defaults: 200 10 10000
#
# What it does:
#   1. packages modules/runtime and what it needs in this checkout (tests not even compiled;
#      nothing installed into ~/.m2) and snapshots the jars into bench/out/many;
#   2. compiles the echo plugin and raw_many.c (the same pings from a C host over bare pipes: what
#      N plugins cost the OS alone, the baseline of the ratio) with gcc, and the harness (src/dev/animus/runtime/bench/ManyBench.java,
#      with bench/chaos's ProcFacts) with JDK 25's javac;
#   3. in two placements, "one vCPU" (taskset -c 0, plugins included: reproducible, and the only
#      one that decides the exit status) and "unpinned" (on this 2-vCPU VM a round trip costs
#      2-70 µs depending on whether the kernel packs both sides on one vCPU: docs/performance.md),
#      REPEAT times (1) each, waits (up to a minute) for an idle machine, then runs the harness:
#      launch N plugins through one host (each with a $/ping), wait 2 s, read VmRSS and threads,
#      measure CPU over three idle windows (the readings JIT-warmed first, outside them), then 1000
#      warm-up pings, then P pings each to the single plugin, to one of the N (a random one per
#      block) and to random ones of the N, in alternating blocks of 1000; then close the host and
#      check that no plugin process is left. Exits non-zero when a check fails.
# JDK 25 is found the way ./mvnw finds it unless JAVA_HOME already names one. BENCH_JAVA_OPTS adds
# options to the harness JVM.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/bench/many"
OUT="$ROOT/bench/out/many"
PLUGINS=200
IDLE=10
PINGS=10000
WARMUP=1000
REPEAT="${REPEAT:-1}"
while [ $# -gt 0 ]; do
  case "$1" in
    --plugins) PLUGINS="$2"; shift 2 ;;
    --idle) IDLE="$2"; shift 2 ;;
    --pings) PINGS="$2"; shift 2 ;;
    *) echo "usage: $0 [--plugins N] [--idle SECONDS] [--pings P]" >&2; exit 2 ;;
  esac
done

. "$ROOT/bench/lib.sh"
JDK="$(find_jdk)"

mkdir -p "$OUT"
cd "$ROOT"
CLASSPATH="$(snapshot_classpath runtime "$OUT")"
gcc -O2 -Wall -Wextra -o "$OUT/echo_plugin" "$ROOT/bench/rpc/echo_plugin.c"
gcc -O2 -Wall -Wextra -o "$OUT/raw_many" "$HERE/raw_many.c"
rm -rf "$OUT/classes"
mkdir -p "$OUT/classes"
"$JDK/bin/javac" -Xlint:all -Werror --release 25 -cp "$CLASSPATH" -d "$OUT/classes" \
  "$HERE/src/dev/animus/runtime/bench/ManyBench.java" "$ROOT/bench/chaos/src/dev/animus/runtime/bench/ProcFacts.java"

echo "many plugins: $PLUGINS native echo plugins, idle window ${IDLE} s, $PINGS pings per host"
echo "JDK: $JDK ($("$JDK/bin/java" -version 2>&1 | head -n 1)); CPUs: $(nproc); $(uname -r); $(date -u +%FT%TZ)"
status=0
run_placement() { # $1 = label, $2... = command prefix; only the pinned placement decides the exit status
  local label="$1"; shift
  for run in $(seq "$REPEAT"); do
    wait_for_idle
    echo "### $label, run $run: load $(cut -d' ' -f1-3 /proc/loadavg)"
    "$@" "$OUT/raw_many" "$OUT/echo_plugin" "$PLUGINS" "$WARMUP" "$PINGS"
    wait_for_idle
    if ! "$@" "$JDK/bin/java" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn ${BENCH_JAVA_OPTS-} \
        -cp "$OUT/classes:$CLASSPATH" dev.animus.runtime.bench.ManyBench \
        "$OUT/echo_plugin" "$PLUGINS" "$IDLE" "$WARMUP" "$PINGS"; then
      [ "$label" = "one vCPU" ] && status=1
    fi
  done
}
run_placement "one vCPU" taskset -c 0
run_placement "unpinned" env
exit "$status"
