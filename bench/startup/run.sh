#!/usr/bin/env bash
# The start-up benchmark (not a test; run on purpose): median wall time of `animus --version` and
# `animus plugin list` (empty temporary home) from the runtime image, in these variants:
#   archive     bin/animus as shipped: the class-data archive lib/animus.jsa (static CDS);
#   aot         the image's java with a JDK 25 AOT cache trained by `animus train` here (not shipped:
#               it is never the same twice, see docs/performance.md), same JVM options;
#   no-archive  bin/animus with ANIMUS_JAVA_OPTS=-Xshare:off (nothing shared);
#   jars        the same build's jars on JDK 25's module path (`java -p jlink/target/modules -m ...`),
#               JDK defaults (its own CDS archive of JDK classes), only native access and logging set;
# then `--version` with the archive, each JVM option of the launcher taken back in turn.
#
#   bench/startup/run.sh [runs]    default 20 runs per variant, interleaved
#
# Builds the image first when it is missing (./mvnw package of jlink/, tests skipped). Waits (up to a
# minute) for an idle machine. Outputs go to bench/out/startup (ignored by git).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/bench/out/startup"
RUNS="${1:-20}"
. "$ROOT/bench/lib.sh"

cd "$ROOT"
IMAGE="$ROOT/jlink/target/image"
if [ ! -x "$IMAGE/bin/animus" ]; then
  mvn_quiet -B -Dmaven.test.skip=true -pl jlink -am package
fi
JDK="$(find_jdk)"
mkdir -p "$OUT"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/home"
export ANIMUS_HOME="$WORK/home" HOME="$WORK/home"
cd "$WORK"

MAIN=dev.animus.shell/dev.animus.shell.Main
FLAGS=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData
  --enable-native-access=org.jline.terminal.ffm,org.jline.nativ -Xlog:disable -Xlog:all=warning:stderr
  "-Danimus.examples=$IMAGE/examples")

# the AOT cache of this run (JEP 514's one-step workflow), trained like the archive
AOT="$OUT/animus.aot"
rm -f "$AOT"
"$IMAGE/bin/java" "${FLAGS[@]}" -XX:AOTCacheOutput="$AOT" -m "$MAIN" train </dev/null >"$OUT/aot-training.log" 2>&1

declare -A CMD
CMD[archive]="'$IMAGE/bin/animus'"
CMD[aot]="'$IMAGE/bin/java' ${FLAGS[*]:0:6} '-Danimus.examples=$IMAGE/examples' -XX:AOTCache='$AOT' -Xlog:aot=off:stderr -Xlog:cds=off:stderr -m $MAIN"
CMD[no-archive]="ANIMUS_JAVA_OPTS=-Xshare:off '$IMAGE/bin/animus'"
CMD[jars]="'$JDK/bin/java' --enable-native-access=org.jline.terminal.ffm,org.jline.nativ -Xlog:disable -Xlog:all=warning:stderr -p '$ROOT/jlink/target/modules' -m $MAIN"
# the launcher's options taken back one at a time (the archive stays; -Xshare:off is no-archive)
ARCHIVE_ONLY="'$IMAGE/bin/java' --enable-native-access=org.jline.terminal.ffm,org.jline.nativ -Xlog:disable -Xlog:all=warning:stderr -XX:SharedArchiveFile='$IMAGE/lib/animus.jsa' -Xlog:cds=off:stderr"
CMD[flags-all]="$ARCHIVE_ONLY -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -m $MAIN"
CMD[flags-no-serialgc]="$ARCHIVE_ONLY -XX:TieredStopAtLevel=1 -XX:-UsePerfData -m $MAIN"
CMD[flags-no-c1only]="$ARCHIVE_ONLY -XX:+UseSerialGC -XX:-UsePerfData -m $MAIN"
CMD[flags-perfdata]="$ARCHIVE_ONLY -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -m $MAIN"
CMD[flags-no-tiered]="$ARCHIVE_ONLY -XX:+UseSerialGC -XX:-TieredCompilation -XX:-UsePerfData -m $MAIN"
CMD[flags-none]="$ARCHIVE_ONLY -m $MAIN"

# every command must work before it is timed
for v in "${!CMD[@]}"; do
  out="$(eval "${CMD[$v]} --version" 2>&1)" || { echo "$v failed: $out" >&2; exit 1; }
  case "$out" in "animus "*) ;; *) echo "$v printed '$out'" >&2; exit 1 ;; esac
done

# time_ms <command...>: wall milliseconds of one run (bash's EPOCHREALTIME: no fork to read the clock)
time_ms() {
  local start end
  start=$EPOCHREALTIME
  eval "$*" >/dev/null 2>&1 </dev/null
  end=$EPOCHREALTIME
  echo $(( (${end/./} - ${start/./}) / 1000 ))
}
median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'; }

wait_for_idle
rm -f "$OUT"/*.times
MAIN_VARIANTS=(archive aot no-archive jars)
FLAG_VARIANTS=(flags-all flags-no-serialgc flags-no-c1only flags-perfdata flags-no-tiered flags-none)
for ((i = 0; i < RUNS; i++)); do
  for v in "${MAIN_VARIANTS[@]}"; do
    time_ms "${CMD[$v]} --version" >> "$OUT/$v.version.times"
    time_ms "${CMD[$v]} plugin list" >> "$OUT/$v.list.times"
  done
  for v in "${FLAG_VARIANTS[@]}"; do
    time_ms "${CMD[$v]} --version" >> "$OUT/$v.version.times"
  done
done

{
  echo "Start-up, median wall ms of $RUNS runs ($(nproc) CPUs, load before: $(cut -d' ' -f1-3 /proc/loadavg))"
  echo
  echo "| variant | --version | plugin list |"
  echo "|---|---|---|"
  for v in "${MAIN_VARIANTS[@]}"; do
    echo "| $v | $(median < "$OUT/$v.version.times") | $(median < "$OUT/$v.list.times") |"
  done
  echo
  echo "| JVM options (with the archive) | --version |"
  echo "|---|---|"
  for v in "${FLAG_VARIANTS[@]}"; do
    echo "| ${v#flags-} | $(median < "$OUT/$v.version.times") |"
  done
  echo
  echo "image $(du -sh "$IMAGE" | cut -f1) (lib/modules $(du -h "$IMAGE/lib/modules" | cut -f1), lib/animus.jsa $(du -h "$IMAGE/lib/animus.jsa" | cut -f1), lib/echo.jsa $(du -h "$IMAGE/lib/echo.jsa" | cut -f1)); AOT cache of this run $(du -h "$AOT" | cut -f1)"
  tarball="$(ls "$ROOT"/packaging/target/animus-*-linux-x64.tar.gz 2>/dev/null | head -n 1 || true)"
  [ -z "$tarball" ] || echo "tarball $(du -h "$tarball" | cut -f1) ($(basename "$tarball"))"
} | tee "$OUT/summary.md"
