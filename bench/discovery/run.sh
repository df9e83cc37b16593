#!/usr/bin/env bash
# The discovery benchmark (not a test; run on purpose): discovery over COUNT native plugin binaries
# in the global plugin dir, cold (manifest cache empty: every binary is probed with --manifest)
# and warm (every manifest from the cache), timed inside the JVM, and the whole-process wall time
# of `animus plugin list --json`. Issue 4's targets: in-process cold <= 2.5 s on 2 cores, warm
# <= 50 ms.
#
#   bench/discovery/run.sh [count cold-iterations warm-calls process-runs]   defaults: 100 5 20 10
#   REPEAT=3 (in-process runs), PAD_KIB=0 (KiB of zeros appended to each binary: bigger plugins),
#   HARNESS_JAVA_OPTS (the harness JVM's options; default: the JIT and GC flags scripts/animus
#   runs the shell with, C1 only and serial GC; set it empty for the JDK's defaults)
#
# What it does:
#   1. builds modules/runtime and modules/shell and what they need (./mvnw install; tests are not
#      even compiled: a test being edited elsewhere must not stop it), and snapshots the shell's
#      module path (target/classes and its runtime dependencies) into bench/out/discovery/shell and
#      the harness's classpath into bench/out/discovery/harness-lib, so a rebuild elsewhere during
#      the run changes nothing measured;
#   2. compiles with gcc the native plugin (manifest_plugin.c: prints its manifest, named after its
#      own file name, on --manifest) and copies it COUNT times into <fresh temp home>/plugins/ as
#      animus-plugin-p000..., each copy with its own trailing bytes (its own SHA-256: the cache is
#      keyed by the binary's digest);
#   3. compiles the Java harness (src/dev/animus/runtime/bench/DiscoveryBench.java) with JDK 25's
#      javac against the runtime jar and its dependencies;
#   4. in-process, unpinned, REPEAT runs of two JVMs each, the caller environment only ANIMUS_HOME
#      and PATH, the project root an empty directory: one JVM starts cold (cache cleared, first
#      discover of the JVM), one starts warm (the cache the previous JVM left); each then does
#      cold-iterations (clear, discover) and warm-calls discoveries. Every discovery must find COUNT
#      plugins, no warning, and every manifest probed (cold) or cached (warm);
#   5. where the time goes: REPEAT fresh JVMs time the first use of each part of a warm discovery
#      (class loading and first runs: sha256, cache get, virtual threads, spawn, JSON parsing) and
#      then the first warm discovery; one run times each part of a cold discovery, one binary
#      after the other (sha256, cache get/put, JSON parsing, spawning bare / behind setsid / the
#      hardened ManifestProbe), and how many probes ran at once;
#   6. whole process: `plugin list --json` launched exactly as scripts/animus launches it (its java
#      flags and module path, from the snapshot; no build check), process-runs times cold (cache
#      dir deleted first) then warm, alternating, and `--version` as the JVM + shell start baseline;
#      wall time from bash's $EPOCHREALTIME around the java command. Each output is checked.
#   Before each run it waits (up to a minute) for the machine to be idle. Prints the medians as
#   markdown tables, with the targets and the ratio to each.
# Needs gcc, jq and util-linux setsid (what discovery's probes run behind when present).
# JDK 25 is found the way ./mvnw finds it (newest JDK >= 25 in the usual places) unless JAVA_HOME
# already names one. Outputs go to bench/out/discovery (ignored by git); the temp home is removed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/bench/discovery"
OUT="$ROOT/bench/out/discovery"
COUNT="${1:-100}"
COLD_ITERATIONS="${2:-5}"
WARM_CALLS="${3:-20}"
PROCESS_RUNS="${4:-10}"
REPEAT="${REPEAT:-3}"
PAD_KIB="${PAD_KIB:-0}"
# the JIT and GC flags scripts/animus runs the shell with (keep in step with it)
ANIMUS_JVM_FLAGS="-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xshare:auto"
HARNESS_JAVA_OPTS="${HARNESS_JAVA_OPTS-$ANIMUS_JVM_FLAGS}"
COLD_TARGET_MS=2500
WARM_TARGET_MS=50

. "$ROOT/bench/lib.sh"
JDK="$(find_jdk)"

rm -rf "$OUT/classes" "$OUT/shell" "$OUT/harness-lib"
mkdir -p "$OUT/classes" "$OUT/shell"
cd "$ROOT"

# 1. builds
# the harness's classpath, snapshotted too (others may install into ~/.m2 meanwhile)
mkdir -p "$OUT/harness-lib"
CLASSPATH=""
IFS=: read -r -a jars <<< "$(module_classpath runtime "$OUT")"
for jar in "${jars[@]}"; do
  cp "$jar" "$OUT/harness-lib/"
  CLASSPATH="$CLASSPATH${CLASSPATH:+:}$OUT/harness-lib/$(basename "$jar")"
done
mvn_quiet -pl modules/shell -am install -Dmaven.test.skip=true >&2
cp -r modules/shell/target/classes "$OUT/shell/classes"
mvn_quiet -pl modules/shell dependency:copy-dependencies -DincludeScope=runtime \
  -DoutputDirectory="$OUT/shell/lib" >&2
SHELL_MODULE_PATH="$OUT/shell/classes:$OUT/shell/lib"

# 2. the plugins
WORK="$(mktemp -d "${TMPDIR:-/tmp}/animus-discovery-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
ANIMUS_HOME_DIR="$WORK/home"
PROJECT="$WORK/project"
PLUGINS="$ANIMUS_HOME_DIR/plugins"
mkdir -p "$PLUGINS" "$PROJECT"
gcc -O2 -Wall -Wextra -o "$OUT/manifest_plugin" "$HERE/manifest_plugin.c"
for i in $(seq -f %03g 0 $((COUNT - 1))); do
  f="$PLUGINS/animus-plugin-p$i"
  cp "$OUT/manifest_plugin" "$f"
  [ "$PAD_KIB" -gt 0 ] && head -c "$((PAD_KIB * 1024))" /dev/zero >> "$f"
  printf '\nanimus discovery bench plugin p%s\n' "$i" >> "$f"
done
[ "$(sha256sum "$PLUGINS"/* | cut -d' ' -f1 | sort -u | wc -l)" -eq "$COUNT" ] \
  || { echo "the $COUNT binaries do not have $COUNT distinct digests" >&2; exit 1; }
"$PLUGINS/animus-plugin-p000" --manifest > /dev/null

# 3. the harness
"$JDK/bin/javac" -Xlint:all -Werror --release 25 -cp "$CLASSPATH" -d "$OUT/classes" \
  "$HERE/src/dev/animus/runtime/bench/DiscoveryBench.java"

harness() {
  (cd "$PROJECT" && "$JDK/bin/java" $HARNESS_JAVA_OPTS -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -cp "$OUT/classes:$CLASSPATH" dev.animus.runtime.bench.DiscoveryBench "$1" "$ANIMUS_HOME_DIR" "$PROJECT" \
    "$COUNT" "${@:2}")
}

median_awk='
  function median(key,   n, i, j, t, v) {
    n = count[key]; if (n == 0) return 0
    for (i = 1; i <= n; i++) v[i] = val[key, i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  function add(key, x) { val[key, ++count[key]] = x }
'

echo "JDK: $JDK ($("$JDK/bin/java" -version 2>&1 | head -n 1)); CPUs: $(nproc) ($(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)); $(uname -r); $(date -u +%FT%TZ)"
echo "harness JVM options: ${HARNESS_JAVA_OPTS:-(JDK defaults)}; $(ls /proc | grep -c '^[0-9]') processes on the machine"
echo "$COUNT plugins of $(stat -c %s "$PLUGINS/animus-plugin-p000") bytes each in $PLUGINS ($(df -T "$WORK" | awk 'NR == 2 { print $2 }')); $(setsid --version 2>/dev/null || echo 'no setsid'); $(gcc --version | head -n 1)"

# 4. in-process
results="$OUT/results-in-process.txt"
: > "$results"
for run in $(seq "$REPEAT"); do
  for first in cold warm; do
    wait_for_idle
    harness measure "$first" "$COLD_ITERATIONS" "$WARM_CALLS" | sed "s/^/$run /" >> "$results"
  done
done

# 5. breakdown (the cache is full here, as the last in-process JVM left it)
firsts="$OUT/results-firsts.txt"
: > "$firsts"
for run in $(seq "$REPEAT"); do
  wait_for_idle
  harness firsts | sed "s/^/$run /" >> "$firsts"
done
breakdown="$OUT/results-breakdown.txt"
wait_for_idle
harness breakdown 3 > "$breakdown"

# 6. whole process, as scripts/animus runs it
whole="$OUT/results-process.txt"
: > "$whole"
animus() { # $1 = label; the rest: the command's arguments. Appends "label ms" to $whole.
  local label="$1"; shift
  (
    cd "$PROJECT"
    t0=$EPOCHREALTIME
    env -i PATH="$PATH" HOME="$WORK" ANIMUS_HOME="$ANIMUS_HOME_DIR" \
      "$JDK/bin/java" $ANIMUS_JVM_FLAGS \
      -Xlog:disable -Xlog:all=warning:stderr \
      -p "$SHELL_MODULE_PATH" -m dev.animus.shell/dev.animus.shell.Main "$@" > "$OUT/last.out" 2> "$OUT/last.err"
    t1=$EPOCHREALTIME
    echo "$label $t0 $t1" | awk '{ printf "%s %.3f\n", $1, ($3 - $2) * 1000 }' >> "$whole"
  )
  [ ! -s "$OUT/last.err" ] || { echo "$label: stderr:" >&2; cat "$OUT/last.err" >&2; exit 1; }
}
check_list() { # $1 = how many manifests must come from the cache
  local plugins warnings cached
  plugins="$(jq '.plugins | length' "$OUT/last.out")"
  warnings="$(jq '.warnings | length' "$OUT/last.out")"
  cached="$(jq '[.plugins[] | select(.manifest_cached)] | length' "$OUT/last.out")"
  [ "$plugins" -eq "$COUNT" ] && [ "$warnings" -eq 0 ] && [ "$cached" -eq "$1" ] \
    || { echo "plugin list: $plugins plugins, $warnings warnings, $cached cached" >&2; exit 1; }
}
animus warmup-jvm --version > /dev/null  # the page cache holds the JDK and the jars from here on
for run in $(seq "$PROCESS_RUNS"); do
  wait_for_idle
  rm -rf "$ANIMUS_HOME_DIR/cache/manifests"
  animus cold plugin list --json; check_list 0
  animus warm plugin list --json; check_list "$COUNT"
  animus version --version
done

echo
echo "### Discovery of $COUNT plugin binaries, unpinned (medians; runs in $OUT/results-*.txt)"
echo
awk -v cold_target="$COLD_TARGET_MS" -v warm_target="$WARM_TARGET_MS" -v plugins="$COUNT" \
    -v repeat="$REPEAT" -v iterations="$COLD_ITERATIONS" -v calls="$WARM_CALLS" -v runs="$PROCESS_RUNS" \
    "$median_awk"'
  FILENAME ~ /in-process/ && $2 == "first" { add("first-" $3, $4) }
  FILENAME ~ /in-process/ && $2 == "cold"  { add("cold", $3) }
  FILENAME ~ /in-process/ && $2 == "warm"  { add("warm-p50", $3); add("warm-p90", $4); add("warm-max", $5) }
  FILENAME ~ /process.txt/ && FILENAME !~ /in-process/ { add("process-" $1, $2) }
  function row(label, key, target,   m) {
    m = median(key)
    if (target > 0) printf "| %s | %.1f | ≤ %d | %.2f |\n", label, m, target, m / target
    else printf "| %s | %.1f | — | — |\n", label, m
  }
  END {
    printf "In-process, `new Discoverer(AnimusPaths.from(env, project), env).discover(false)` (ms; %d runs of 2 JVMs):\n\n", repeat
    printf "| figure | median | target | ratio |\n|---|---:|---:|---:|\n"
    row("**cold**, first discover of a fresh JVM (cache cleared)", "first-cold", cold_target)
    row("**warm**, first discover of a fresh JVM (cache full)", "first-warm", warm_target)
    row("cold, JVM that has discovered before (" iterations " per JVM)", "cold", cold_target)
    row("warm p50, JVM that has discovered before (" calls " calls per JVM)", "warm-p50", warm_target)
    row("warm p90 (same calls)", "warm-p90", warm_target)
    row("warm max (same calls)", "warm-max", warm_target)
    printf "\nWhole process, wall time of the java command scripts/animus execs (ms; %d runs each):\n\n", runs
    printf "| command | median | target | ratio |\n|---|---:|---:|---:|\n"
    row("`animus plugin list --json`, cold (cache dir deleted)", "process-cold", 0)
    row("`animus plugin list --json`, warm", "process-warm", 0)
    row("`animus --version` (JVM + shell start, no discovery)", "process-version", 0)
  }' "$results" "$whole"

echo
echo "### Where a cold discovery goes: each part over all $COUNT binaries, one after another on one thread (median of 3)"
echo
awk '
  NR == 1 { printf "| part | total ms | ms per binary |\n|---|---:|---:|\n" }
  $1 == "part" { printf "| %s | %.1f | %.3f |\n", $2, $3, $4 }
  $1 == "fact" { fact[$2] = $3 }
  END {
    printf "\nProbe slots (availableProcessors): %d; most probes alive at once in a sampled cold discovery: %d\n",
      fact["processors"], fact["max-concurrent-probes"]
  }' "$breakdown"

echo
echo "### Where the first warm discovery of a fresh JVM goes: first use of each part, in this order (ms, median of $REPEAT JVMs)"
echo
awk "$median_awk"'
  $2 == "first-use" { if (!($3 in seen)) { seen[$3] = 1; order[++n] = $3 }; add($3, $4) }
  END {
    printf "| first use of | ms |\n|---|---:|\n"
    for (i = 1; i <= n; i++) printf "| %s | %.1f |\n", order[i], median(order[i])
  }' "$firsts"
