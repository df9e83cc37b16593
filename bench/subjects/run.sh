#!/usr/bin/env bash
# The subjects benchmarks (not a test; run on purpose; issue 22), all on the first-party tasks
# backend (animus-subject-tasks, SQLite) as the release tarball ships it:
#   get    a routed get through the daemon against the same call through the bare supervisor:
#          sequential, one JVM (GetBench, on the image's java) pinned to one vCPU (taskset -c 0; the
#          daemon and both plugin processes too), the paths alternating in blocks of BLOCK calls:
#          (a) supervisor: the harness's own Plugins + PluginHandle.call("task/get", {id}), nothing
#          routed; (b) daemon: a DaemonLink on the control socket of the tarball's daemon →
#          subject/get {id}, routed by the id's kind to task/get on the daemon's process of the
#          plugin. p50/p90/p99 of each (µs) and the ratio of the p50s (target: daemon p50 <= 2x the
#          supervisor's);
#   page   COUNT (10,000) sequential subject/create {kind: task} through the daemon's control socket
#          (PageBench; creates/s, no target), then listing all of them with pages of LIMIT (100):
#          (a) the harness with the cursor through the control socket, (b) the tarball's
#          `animus subject list --kind task --limit 100 --all --json` (whole command wall time);
#          both must visit every created id exactly once and nothing else (target: they do; the
#          wall times have none);
#   kills  the tasks backend's kill -9 acceptance (KillBench, the same as plugins/tasks' KillTest on
#          the image's launcher and java, whose CDS makes a fresh JVM cheaper): KILLS (200) rounds
#          of start, handshake, creates and updates 8 in flight, SIGKILL after a seeded random 1-40
#          acknowledged writes; then every acknowledged write is in the database and PRAGMA
#          integrity_check says ok (target: all of them, and ok); kills done, acknowledged writes
#          checked, time per kill.
#
#   bench/subjects/run.sh [get|page|kills]...      default: all three, in that order
#
# Environment: WARMUP (2000) and CALLS (5000) calls per path and BLOCK (500) for get; COUNT
# (10000) and LIMIT (100) for page; KILLS (200) and KILL_SEED (a random one, printed) for kills;
# BENCH_JAVA_OPTS adds options to the harness JVMs.
#
# What it does: builds the release tarball when there is none, or when BUILD=1 (./mvnw package of
# packaging/ and what it needs, tests not even compiled; nothing installed into ~/.m2), extracts it
# into a fresh temporary directory, compiles the harnesses (src/dev/animus/subjects/bench/*.java)
# with JDK 25's javac against the same build's modular jars (jlink/target/modules), and runs them
# on the tarball's own runtime image (so the plugin's launcher, given ANIMUS_JAVA_HOME by the host,
# runs on the image as under the tarball's animus). In a fresh ANIMUS_HOME (= HOME, XDG_RUNTIME_DIR
# unset; removed afterwards) `animus plugin install-defaults --include-subjects --yes` installs,
# consents to and enables the tasks backend; get and page each run in their own temporary project
# with the tarball's daemon (`animus daemon start --skip-preflight`), stopped at the end. Before each
# part it waits (up to a minute) for the machine to be idle. Exits 1 when a check fails. Outputs go
# to bench/out/subjects.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/bench/subjects"
OUT="$ROOT/bench/out/subjects"
WARMUP="${WARMUP:-2000}"
CALLS="${CALLS:-5000}"
BLOCK="${BLOCK:-500}"
COUNT="${COUNT:-10000}"
LIMIT="${LIMIT:-100}"
KILLS="${KILLS:-200}"
KILL_SEED="${KILL_SEED:-$(od -An -N6 -tu8 /dev/urandom | tr -d ' ')}"
PARTS=("$@")
[ ${#PARTS[@]} -gt 0 ] || PARTS=(get page kills)
for part in "${PARTS[@]}"; do
  case "$part" in get|page|kills) ;; *) echo "usage: $0 [get|page|kills]..." >&2; exit 2 ;; esac
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
"$JDK/bin/javac" -Xlint:all -Werror --release 25 -cp "$CLASSPATH" -d "$OUT/classes" "$HERE"/src/dev/animus/subjects/bench/*.java

WORK="$(mktemp -d "${TMPDIR:-/tmp}/animus-subjects-bench.XXXXXX")"
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
IMAGE="$(dirname "$(dirname "$ANIMUS")")"
[ -x "$IMAGE/bin/java" ] && [ -d "$IMAGE/plugins/animus-subject-tasks" ] \
  || { echo "the tarball has no runtime image with plugins/animus-subject-tasks at $IMAGE (BUILD=1 rebuilds it)" >&2; exit 1; }
export ANIMUS_HOME="$WORK/home" HOME="$WORK/home"
unset XDG_RUNTIME_DIR
# the harnesses run on the image (its modules are the jars they were compiled against)
JAVA=("$IMAGE/bin/java" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn --enable-native-access=org.xerial.sqlitejdbc
  "-Dorg.sqlite.lib.path=$IMAGE/lib/sqlitejdbc" ${BENCH_JAVA_OPTS-} -cp "$OUT/classes")

"$ANIMUS" plugin install-defaults --include-subjects --yes > "$OUT/install.log" 2>&1 \
  || { cat "$OUT/install.log" >&2; exit 1; }
grep -q "^\[ok\] tasks (subject_backend)" "$OUT/install.log" || { echo "install-defaults did not install the tasks backend:" >&2; cat "$OUT/install.log" >&2; exit 1; }

percentile() { sort -n | awk -v q="$1" '{a[NR]=$1} END {i=int(q*NR+0.999999); if (i<1) i=1; print a[i]}'; }
start_daemon() { # $1 = project directory (its own project: it holds .animus/), $2 = pin (on vCPU 0) or free
  local pin=()
  [ "$2" = pin ] && pin=(taskset -c 0)
  mkdir -p "$1/.animus"
  DAEMON_DIRS+=("$1")
  (cd "$1" && "${pin[@]}" "$ANIMUS" daemon start --skip-preflight > "$OUT/daemon-start.log" 2>&1) \
    || { cat "$OUT/daemon-start.log" >&2; exit 1; }
}
daemon_socket() { (cd "$1" && "$ANIMUS" daemon status --json | jq -r .socket); }
stop_daemon() { (cd "$1" && "$ANIMUS" daemon stop >/dev/null); }

echo "subjects benchmarks: $("$ANIMUS" --version | head -n 1) from $(basename "$TARBALL"); harnesses on its image's java ($("$IMAGE/bin/java" -version 2>&1 | head -n 1))"
echo "CPUs: $(nproc); $(uname -r); $(date -u +%FT%TZ); load $(cut -d' ' -f1-3 /proc/loadavg)"

for part in "${PARTS[@]}"; do
  case "$part" in
    get)
      P="$WORK/proj-get"
      start_daemon "$P" pin
      SOCKET="$(daemon_socket "$P")"
      wait_for_idle
      echo
      echo "### get: sequential get of one task, $CALLS calls per path after $WARMUP warm-up calls each, one vCPU (µs; load before: $(cut -d' ' -f1-3 /proc/loadavg))"
      echo
      (cd "$P" && taskset -c 0 "${JAVA[@]}" dev.animus.subjects.bench.GetBench "$P" "$SOCKET" tasks default \
        "$WARMUP" "$CALLS" "$BLOCK") > "$OUT/get.txt"
      stop_daemon "$P"
      awk '
        $1 == "supervisor" || $1 == "daemon" { p50[$1] = $2; p90[$1] = $3; p99[$1] = $4 }
        $1 == "ratio" { ratio = $2 }
        $1 == "pids" { pids = $0 }
        END {
          printf "| path | p50 | p90 | p99 |\n|---|---:|---:|---:|\n"
          printf "| bare supervisor (`PluginHandle.call(\"task/get\")`) | %.1f | %.1f | %.1f |\n", p50["supervisor"], p90["supervisor"], p99["supervisor"]
          printf "| daemon, routed (`DaemonLink` → `subject/get`) | %.1f | %.1f | %.1f |\n", p50["daemon"], p90["daemon"], p99["daemon"]
          printf "\n**daemon p50 / supervisor p50: %.2fx** (target <= 2x: %s); %s\n", ratio, (ratio <= 2 ? "met" : "MISSED"), pids
        }' "$OUT/get.txt"
      ;;
    page)
      P="$WORK/proj-page"
      start_daemon "$P" free
      SOCKET="$(daemon_socket "$P")"
      (cd "$P" && "$ANIMUS" subject kinds > "$OUT/kinds.txt")
      wait_for_idle
      echo
      echo "### page: $COUNT creates through the daemon, then every one listed $LIMIT a page (load before: $(cut -d' ' -f1-3 /proc/loadavg))"
      echo
      (cd "$P" && "${JAVA[@]}" dev.animus.subjects.bench.PageBench "$SOCKET" default "$COUNT" "$LIMIT" "$OUT/page-ids.txt") \
        > "$OUT/page.txt"
      # the CLI's walk: every created id exactly once, nothing else
      TIMEFORMAT='%3R'
      cli_s="$( { time (cd "$P" && "$ANIMUS" subject list --kind task --limit "$LIMIT" --all --json > "$OUT/page-cli.json"); } 2>&1 )"
      stop_daemon "$P"
      jq -r '.subjects[].id' "$OUT/page-cli.json" | sort > "$OUT/page-cli-ids.txt"
      sort "$OUT/page-ids.txt" > "$OUT/page-ids-sorted.txt"
      cli_n="$(wc -l < "$OUT/page-cli-ids.txt")"
      cli_unique="$(sort -u "$OUT/page-cli-ids.txt" | wc -l)"
      cli_same="$(cmp -s "$OUT/page-cli-ids.txt" "$OUT/page-ids-sorted.txt" && echo yes || echo NO)"
      read -r _ n create_ms rate < <(grep '^creates ' "$OUT/page.txt")
      read -r _ pages seen walk_ms < <(grep '^pages ' "$OUT/page.txt")
      echo "| step | figure | check |"
      echo "|---|---:|---|"
      echo "| $n \`subject/create\` (control socket, sequential) | **$rate creates/s** ($create_ms ms) | $n distinct ids |"
      echo "| \`subject/list\` with the cursor, $LIMIT a page (control socket) | **$walk_ms ms** ($pages pages) | $seen of $n visited, each once, nothing else |"
      echo "| \`animus subject list --kind task --limit $LIMIT --all --json\` (the tarball's CLI, whole command) | **$(awk -v s="$cli_s" 'BEGIN { printf "%d", s * 1000 }') ms** | $cli_n ids, $cli_unique distinct, the created set: $cli_same |"
      [ "$cli_same" = yes ] && [ "$cli_n" = "$n" ] || { echo "FAIL: the CLI's walk did not visit every created task exactly once" >&2; exit 1; }
      ;;
    kills)
      P="$WORK/proj-kills"
      mkdir -p "$P/.animus"
      wait_for_idle
      echo
      echo "### kills: $KILLS SIGKILLs of the tasks backend (image launcher) during acknowledged creates and updates, seed $KILL_SEED (load before: $(cut -d' ' -f1-3 /proc/loadavg))"
      echo
      start_s=$SECONDS
      "${JAVA[@]}" dev.animus.subjects.bench.KillBench "$IMAGE/plugins/animus-subject-tasks/animus-subject-tasks" "$IMAGE" "$P" \
        "$KILLS" "$KILL_SEED" > "$OUT/kills.txt" || { cat "$OUT/kills.txt" >&2; echo "FAIL: KillBench (seed $KILL_SEED)" >&2; exit 1; }
      wall_s=$((SECONDS - start_s))
      sqlite_check="$(sqlite3 "$P/.animus/subjects/tasks.db" 'PRAGMA integrity_check' 2>&1 || true)"
      awk -v wall="$wall_s" -v cli="$sqlite_check" '
        $1 == "kills" { kills = $2 } $1 == "acked" { creates = $2; updates = $3 } $1 == "integrity" { integrity = $2 }
        $1 == "ms_per_kill" { per = $2 } $1 == "ready_ms" { r50 = $2; r90 = $3; rmax = $4 }
        END {
          printf "| kills done | acknowledged writes checked | integrity_check | per kill (start, handshake, writes, SIGKILL) | start to handshake p50 / p90 / max | whole run |\n"
          printf "|---:|---:|---|---:|---:|---:|\n"
          printf "| **%d** | **%d** (%d creates, %d updates): all present | **%s** (sqlite3 CLI afterwards: %s) | %d ms | %d / %d / %d ms | %d s |\n",
            kills, creates + updates, creates, updates, integrity, cli, per, r50, r90, rmax, wall
        }' "$OUT/kills.txt"
      [ "$sqlite_check" = ok ] || { echo "FAIL: sqlite3 integrity_check: $sqlite_check" >&2; exit 1; }
      ;;
  esac
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
