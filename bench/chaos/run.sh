#!/usr/bin/env bash
# The chaos run (not a test; run on purpose; issue 11): N misbehaving plugins driven by M concurrent
# callers for K calls through one PluginHost; ends with a summary and exits non-zero on any hang,
# leaked process, file-descriptor growth, untyped exception, wrong result or bad state document.
#
#   bench/chaos/run.sh [--plugins N] [--callers M] [--calls K] [--seed S]   defaults: 20 16 20000 random
#
# What it does:
#   1. packages modules/runtime and modules/testplugins and what they need in this checkout (tests
#      not even compiled; nothing installed into ~/.m2) and snapshots their jars into
#      bench/out/chaos, so a rebuild meanwhile changes nothing the run uses;
#   2. writes a launcher for the misbehaving test plugin (dev.animus.testplugins.MisbehavingPlugin)
#      over the snapshot, with a JDK 25 AOT cache from a short training run (faster relaunches);
#   3. compiles the harness (src/dev/animus/runtime/bench/*.java) with JDK 25's javac;
#   4. runs it in a fresh temporary directory (its ANIMUS_HOME, project and plugin sources; removed
#      afterwards). The harness installs, trusts, consents and enables N copies of the plugin, then
#      makes the calls; ChaosBench's javadoc says what is measured and what counts as a failure.
# The seed decides every call (plugin, behaviour, params, deadline, retry, streaming), not the
# interleaving of the threads. Needs Linux (/proc) and util-linux setsid.
# JDK 25 is found the way ./mvnw finds it (newest JDK >= 25 in the usual places) unless JAVA_HOME
# already names one. BENCH_JAVA_OPTS adds options to the harness JVM; CHAOS_HISTOGRAM=1 prints the
# classes whose live heap grew most over the run. The host logs at WARN, except
# FrameReader's "discarded malformed output" (the plugin's banner and garbage: expected, thousands).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/bench/chaos"
OUT="$ROOT/bench/out/chaos"
PLUGINS=20
CALLERS=16
CALLS=20000
SEED=""
while [ $# -gt 0 ]; do
  case "$1" in
    --plugins) PLUGINS="$2"; shift 2 ;;
    --callers) CALLERS="$2"; shift 2 ;;
    --calls) CALLS="$2"; shift 2 ;;
    --seed) SEED="$2"; shift 2 ;;
    *) echo "usage: $0 [--plugins N] [--callers M] [--calls K] [--seed S]" >&2; exit 2 ;;
  esac
done
[ -n "$SEED" ] || SEED="$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')"

. "$ROOT/bench/lib.sh"
JDK="$(find_jdk)"

mkdir -p "$OUT"
cd "$ROOT"
CLASSPATH="$(snapshot_classpath runtime "$OUT")"
PLUGIN_PATH="$(snapshot_classpath testplugins "$OUT")"

# the plugin's launcher, as LauncherScripts writes it, over the snapshot
JVM_OPTS="-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xlog:disable -Xlog:all=warning:stderr"
MAIN="dev.animus.testplugins/dev.animus.testplugins.MisbehavingPlugin"
AOT="$OUT/misbehaving.aot"
rm -f "$AOT"
printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocol_version":"1.1.0"}}' \
  '{"jsonrpc":"2.0","method":"initialized"}' \
  '{"jsonrpc":"2.0","id":2,"method":"echo","params":{"text":"hi","n":[1,2.5,true,null]}}' \
  '{"jsonrpc":"2.0","id":3,"method":"garbage"}' \
  '{"jsonrpc":"2.0","id":4,"method":"notification-flood","params":{"count":50}}' \
  '{"jsonrpc":"2.0","id":5,"method":"$/ping"}' \
  '{"jsonrpc":"2.0","id":6,"method":"shutdown"}' \
  | "$JDK/bin/java" $JVM_OPTS -XX:AOTCacheOutput="$AOT" -p "$PLUGIN_PATH" -m "$MAIN" > /dev/null 2> "$OUT/aot-training.log" \
  || rm -f "$AOT"
AOT_OPTS=""
if [ -f "$AOT" ]; then
  AOT_OPTS="-Xlog:aot=off:stderr -Xlog:cds=off:stderr -XX:AOTCache='$AOT'"
else
  echo "warning: no AOT cache for the plugin (see $OUT/aot-training.log); relaunches are slower" >&2
fi
LAUNCHER="$OUT/animus-plugin-misbehaving"
cat > "$LAUNCHER" <<SCRIPT
#!/bin/sh
# Written by bench/chaos/run.sh: the misbehaving test plugin over the snapshot in $OUT.
( exec 3<&0 ) 2>/dev/null || exec </dev/null
unset PWD
exec '$JDK/bin/java' $JVM_OPTS $AOT_OPTS -p '$PLUGIN_PATH' -m $MAIN "\$@"
SCRIPT
chmod +x "$LAUNCHER"

rm -rf "$OUT/classes"
mkdir -p "$OUT/classes"
"$JDK/bin/javac" -Xlint:all -Werror --release 25 -cp "$CLASSPATH" -d "$OUT/classes" "$HERE"/src/dev/animus/runtime/bench/*.java

WORK="$(mktemp -d "${TMPDIR:-/tmp}/animus-chaos.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
echo "chaos run: $PLUGINS plugins, $CALLERS callers, $CALLS calls, seed $SEED"
echo "JDK: $JDK ($("$JDK/bin/java" -version 2>&1 | head -n 1)); CPUs: $(nproc); $(uname -r); $(date -u +%FT%TZ); load $(cut -d' ' -f1-3 /proc/loadavg)"
"$JDK/bin/java" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -Dorg.slf4j.simpleLogger.log.dev.animus.rpc.FrameReader=error ${BENCH_JAVA_OPTS-} \
  -cp "$OUT/classes:$CLASSPATH" dev.animus.runtime.bench.ChaosBench \
  "$LAUNCHER" "$WORK" "$PLUGINS" "$CALLERS" "$CALLS" "$SEED"
