#!/usr/bin/env bash
# The hooks benchmark (not a test; run on purpose), two parts:
#   classifier  the built-in classify.command-risk classifier's cost per command (issue target:
#               <= 20 us), over a mix of 23 commands (read-only, low-risk, high-risk, obfuscated,
#               unknown), after a JIT warm-up, on one JVM (ClassifierBench; ROUNDS, default 200
#               rounds of 2,000 commands);
#   roundtrip   a hook round trip to a warm plugin, p50 (issue target: <= 1 ms): the whole runner
#               path of HookSession.run to the real hostile hook plugin (Python, answering
#               classify.command-risk well), WARMUP (2000) then CALLS (10000) calls; and $/ping to
#               the same process for scale (RoundTripBench).
#
#   bench/hooks/run.sh [classifier|roundtrip]...   default: both
#
# Packages the hooks module and what it needs (tests not compiled; nothing installed into ~/.m2)
# and runs the harnesses on JDK 25 with that build's jars. Waits (up to a minute) for an idle
# machine before each part.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
. "$ROOT/bench/lib.sh"
JDK="$(find_jdk)"
cd "$ROOT"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
CLASSPATH="$(snapshot_classpath hooks "$OUT")"
PARTS=("$@")
[ ${#PARTS[@]} -eq 0 ] && PARTS=(classifier roundtrip)
for part in "${PARTS[@]}"; do
  wait_for_idle
  case "$part" in
    classifier)
      taskset -c 1 "$JDK/bin/java" -cp "$CLASSPATH" bench/hooks/ClassifierBench.java "${ROUNDS:-200}" ;;
    roundtrip)
      "$JDK/bin/java" -cp "$CLASSPATH" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
        bench/hooks/RoundTripBench.java "$ROOT/modules/testplugins/src/main/python/animus-hook-hostile" ;;
    *) echo "unknown part: $part (classifier or roundtrip)" >&2; exit 2 ;;
  esac
done
