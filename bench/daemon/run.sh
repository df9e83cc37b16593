#!/usr/bin/env bash
# The daemon benchmarks (not a test; run on purpose; issue 20):
#   overhead  per-call cost of the daemon's socket path over the in-process supervisor path:
#             sequential echo calls to the same native plugin, one JVM pinned to one vCPU
#             (taskset -c 0, plugin processes included), p50/p90/p99 of each and the difference of
#             the p50s (target: <= 25 µs added);
#   cli       `animus plugin call` from the release tarball against a running daemon, whole
#             command wall time, median of RUNS (target: <= 150 ms; the plugin's pid must stay the
#             same: the command spawns no plugin), the same command with --no-daemon, and as the
#             floor of the same conditions `animus --version` and `animus --no-daemon plugin list`;
#   soak      SOAK_MINUTES (30) of mixed calls, SIGKILLed plugins and idle shutdowns through a
#             daemon started from the tarball, its VmRSS, threads and open fds sampled every
#             SOAK_SAMPLE_SECONDS (60); a table and the least-squares slope per hour of each
#             (target: flat). SoakBench's javadoc says what the load is.
#
#   bench/daemon/run.sh [overhead|cli|soak]...      default: all three, in that order
#
# Environment: WARMUP (20000) and CALLS (20000) sequential calls per path and BLOCK (2000, the
# paths alternate in blocks of that many calls) for overhead; RUNS (20) for cli; SOAK_MINUTES (30),
# SOAK_SAMPLE_SECONDS (60) and SOAK_PAUSE_MS (2, the pause between two calls of a sequential
# client) for soak; BENCH_JAVA_OPTS adds options to the harness JVM.
#
# What it does:
#   1. builds the release tarball when there is none, or when BUILD=1 (./mvnw package of packaging/
#      and what it needs, tests not even compiled; nothing installed into ~/.m2; about 4 minutes),
#      extracts it into a fresh temporary directory, and snapshots the modular jars of the same
#      build (jlink/target/modules) into bench/out/daemon;
#   2. compiles with gcc the native echo plugin (bench/rpc/echo_plugin.c) and makes two directory
#      plugins of it (Plugin.toml + bin/): `necho`, and `nidle` whose manifest says
#      `timeouts.idle = "2s"` (the soak's idle shutdowns);
#   3. compiles the harnesses (src/dev/animus/daemon/bench/*.java) with JDK 25's javac;
#   4. in a fresh ANIMUS_HOME (= HOME, XDG_RUNTIME_DIR unset; removed afterwards) installs both
#      plugins with the tarball's `animus plugin install --path <dir> --yes`, then runs the parts,
#      each in its own temporary project; the daemons of cli and soak are the tarball's
#      (`animus daemon start --skip-preflight`), stopped at the end.
# Exits 1 when the cli part's plugin pid changed or its two outputs differ, or the soak's daemon
# died or left a process behind. Before each measurement it waits (up to a minute) for the machine
# to be idle. JDK 25 is found the
# way ./mvnw finds it unless JAVA_HOME already names one. Outputs go to bench/out/daemon.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/bench/daemon"
OUT="$ROOT/bench/out/daemon"
WARMUP="${WARMUP:-20000}"
CALLS="${CALLS:-20000}"
BLOCK="${BLOCK:-2000}"
RUNS="${RUNS:-20}"
SOAK_MINUTES="${SOAK_MINUTES:-30}"
SOAK_SAMPLE_SECONDS="${SOAK_SAMPLE_SECONDS:-60}"
SOAK_PAUSE_MS="${SOAK_PAUSE_MS:-2}"
PARTS=("$@")
[ ${#PARTS[@]} -gt 0 ] || PARTS=(overhead cli soak)
for part in "${PARTS[@]}"; do
  case "$part" in overhead|cli|soak) ;; *) echo "usage: $0 [overhead|cli|soak]..." >&2; exit 2 ;; esac
done

. "$ROOT/bench/lib.sh"
JDK="$(find_jdk)"

mkdir -p "$OUT"
cd "$ROOT"
if [ "${BUILD:-0}" = 1 ] || ! ls packaging/target/animus-*-linux-x64.tar.gz >/dev/null 2>&1; then
  mvn_quiet -B -Dmaven.test.skip=true -pl packaging -am package
fi
TARBALL="$(ls packaging/target/animus-*-linux-x64.tar.gz | head -n 1)"
rm -rf "$OUT/modules" "$OUT/classes"
mkdir -p "$OUT/modules" "$OUT/classes"
cp jlink/target/modules/*.jar "$OUT/modules/"
CLASSPATH="$(ls "$OUT"/modules/*.jar | tr '\n' ':')"
gcc -O2 -Wall -Wextra -o "$OUT/echo_plugin" "$ROOT/bench/rpc/echo_plugin.c"
"$JDK/bin/javac" -Xlint:all -Werror --release 25 -cp "$CLASSPATH" -d "$OUT/classes" "$HERE"/src/dev/animus/daemon/bench/*.java
JAVA=("$JDK/bin/java" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn ${BENCH_JAVA_OPTS-} -cp "$OUT/classes:$CLASSPATH")

WORK="$(mktemp -d "${TMPDIR:-/tmp}/animus-daemon-bench.XXXXXX")"
DAEMON_DIRS=()
cleanup() {
  local d
  for d in "${DAEMON_DIRS[@]}"; do (cd "$d" && "$ANIMUS" daemon stop >/dev/null 2>&1 || true); done
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$WORK/tarball" "$WORK/home"
tar -xzf "$TARBALL" -C "$WORK/tarball"
ANIMUS="$(ls -d "$WORK"/tarball/*/bin/animus 2>/dev/null | head -n 1)"
[ -x "$ANIMUS" ] || ANIMUS="$WORK/tarball/bin/animus"
export ANIMUS_HOME="$WORK/home" HOME="$WORK/home"
unset XDG_RUNTIME_DIR

make_plugin() { # $1 = name, $2 = extra manifest lines
  local dir="$WORK/plugins/animus-plugin-$1"
  mkdir -p "$dir/bin"
  cp "$OUT/echo_plugin" "$dir/bin/animus-plugin-$1"
  printf '%s\n' "name = \"$1\"" 'version = "1.0.0"' 'plugin_kind = "custom"' \
    'description = "the native echo plugin of bench/rpc"' 'protocol_version = "1.1.0"' \
    'capabilities = ["echo"]' "entry = \"bin/animus-plugin-$1\"" "$2" > "$dir/Plugin.toml"
  "$ANIMUS" plugin install --path "$dir" --yes > "$OUT/install-$1.log" 2>&1 \
    || { cat "$OUT/install-$1.log" >&2; exit 1; }
}
make_plugin necho ""
make_plugin nidle $'[timeouts]\nidle = "2s"'

# time_ms <command...>: wall, user and system milliseconds of one run (bash's time: no fork to read the clock)
time_ms() {
  local TIMEFORMAT='%3R %3U %3S' t
  t="$( { time "$@" >/dev/null 2>&1 </dev/null; } 2>&1 )"
  echo "$t" | awk '{ printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000 }'
}
median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'; }
percentile() { sort -n | awk -v q="$1" '{a[NR]=$1} END {i=int(q*NR+0.999999); if (i<1) i=1; print a[i]}'; }
start_daemon() { # $1 = project directory (its own project: it holds .animus/); prints the daemon's pid
  mkdir -p "$1/.animus"
  (cd "$1" && "$ANIMUS" daemon start --skip-preflight > "$OUT/daemon-start.log" 2>&1) \
    || { cat "$OUT/daemon-start.log" >&2; exit 1; }
  DAEMON_DIRS+=("$1")
  (cd "$1" && "$ANIMUS" daemon status --json | jq -r .pid)
}
plugin_pid() { # $1 = project, $2 = plugin
  (cd "$1" && "$ANIMUS" plugin status --json | jq -r --arg n "$2" '[.. | objects | select(.name? == $n) | .pid] | first')
}

echo "daemon benchmarks: $("$ANIMUS" --version) from $(basename "$TARBALL"); JDK $("$JDK/bin/java" -version 2>&1 | head -n 1)"
echo "CPUs: $(nproc); $(uname -r); $(date -u +%FT%TZ); load $(cut -d' ' -f1-3 /proc/loadavg)"

for part in "${PARTS[@]}"; do
  case "$part" in
    overhead)
      mkdir -p "$WORK/proj-overhead"
      wait_for_idle
      echo
      echo "### overhead: sequential echo, $CALLS calls per path after $WARMUP warm-up calls each, one vCPU (µs)"
      echo
      taskset -c 0 "${JAVA[@]}" dev.animus.daemon.bench.OverheadBench "$WORK/proj-overhead" necho "$WARMUP" "$CALLS" "$BLOCK" \
        > "$OUT/overhead.txt"
      awk '
        $1 == "inproc" || $1 == "socket" { p50[$1] = $2; p90[$1] = $3; p99[$1] = $4 }
        $1 == "added" { added = $2 }
        $1 == "pids" { pids = $0 }
        END {
          printf "| path | p50 | p90 | p99 |\n|---|---:|---:|---:|\n"
          printf "| in-process (`Plugins` + `PluginHandle.call`) | %.2f | %.2f | %.2f |\n", p50["inproc"], p90["inproc"], p99["inproc"]
          printf "| daemon socket (`DaemonLink` → `plugin/call`) | %.2f | %.2f | %.2f |\n", p50["socket"], p90["socket"], p99["socket"]
          printf "\n**added by the socket path, p50: %.2f µs** (target <= 25 µs); %s\n", added, pids
        }' "$OUT/overhead.txt"
      ;;
    cli)
      P="$WORK/proj-cli"
      DPID="$(start_daemon "$P")"
      (cd "$P" && "$ANIMUS" plugin call necho echo --params '{"warm":1}' > "$OUT/cli-first.txt")
      PID_BEFORE="$(plugin_pid "$P" necho)"
      cd "$P"
      wait_for_idle
      rm -f "$OUT"/cli-*.times
      for ((i = 0; i < RUNS; i++)); do
        time_ms "$ANIMUS" plugin call necho echo --params '{"seq":1}' >> "$OUT/cli-daemon.times"
      done
      PID_AFTER="$(plugin_pid "$P" necho)"
      for ((i = 0; i < RUNS; i++)); do
        time_ms "$ANIMUS" --no-daemon plugin call necho echo --params '{"seq":1}' >> "$OUT/cli-inproc.times"
      done
      # the floor, same conditions: the launcher's start alone, and a command that reads the state
      for ((i = 0; i < RUNS; i++)); do
        time_ms "$ANIMUS" --version >> "$OUT/cli-version.times"
        time_ms "$ANIMUS" --no-daemon plugin list >> "$OUT/cli-list.times"
      done
      out_d="$("$ANIMUS" plugin call necho echo --params '{"seq":1}' 2>&1)"
      out_i="$("$ANIMUS" --no-daemon plugin call necho echo --params '{"seq":1}' 2>&1)"
      cd "$ROOT"
      echo
      echo "### cli: \`animus plugin call necho echo --params '{\"seq\":1}'\` from the tarball, wall ms of $RUNS runs"
      echo
      echo "| | median | p90 | min | max | median CPU (user + sys) |"
      echo "|---|---:|---:|---:|---:|---:|"
      for v in daemon inproc version list; do
        f="$OUT/cli-$v.times"
        case "$v" in
          daemon) label="through the daemon (pid $DPID)" ;;
          inproc) label="--no-daemon (spawns the plugin)" ;;
          version) label="floor: \`animus --version\`" ;;
          list) label="floor: \`animus --no-daemon plugin list\` (reads the state)" ;;
        esac
        w() { cut -d' ' -f1 "$f"; }
        echo "| $label | **$(w | median)** | $(w | percentile 0.9) | $(w | sort -n | head -n 1) | $(w | sort -n | tail -n 1) | $(cut -d' ' -f2 "$f" | median) |"
      done
      echo
      echo "target: median through the daemon <= 150 ms. The daemon's plugin pid before the runs: $PID_BEFORE, after: $PID_AFTER ($([ "$PID_BEFORE" = "$PID_AFTER" ] && echo same: no plugin spawned || echo CHANGED))."
      [ "$out_d" = "$out_i" ] && echo "Same output both ways: $out_d" || echo "OUTPUT DIFFERS: daemon '$out_d', --no-daemon '$out_i'"
      (cd "$P" && "$ANIMUS" daemon stop >/dev/null)
      [ "$PID_BEFORE" = "$PID_AFTER" ] && [ "$out_d" = "$out_i" ] || exit 1
      ;;
    soak)
      P="$WORK/proj-soak"
      DPID="$(start_daemon "$P")"
      SOCKET="$(cd "$P" && "$ANIMUS" daemon status --json | jq -r .socket)"
      (cd "$P" && "$ANIMUS" plugin call necho echo --params '{"warm":1}' >/dev/null)
      echo
      echo "### soak: $SOAK_MINUTES min through daemon $DPID (tarball), sampled every $SOAK_SAMPLE_SECONDS s"
      echo
      "${JAVA[@]}" dev.animus.daemon.bench.SoakBench "$SOCKET" "$DPID" necho nidle \
        "$((SOAK_MINUTES * 60))" "$SOAK_SAMPLE_SECONDS" "$SOAK_PAUSE_MS" | tee "$OUT/soak.txt"
      (cd "$P" && "$ANIMUS" daemon stop >/dev/null)
      left="$(pgrep -f "$WORK/home" || true)"
      [ -z "$left" ] && echo "after daemon stop: no process of this run left" || { echo "LEFT RUNNING: $left"; exit 1; }
      ;;
  esac
done
