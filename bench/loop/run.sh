#!/usr/bin/env bash
# The work-loop benchmark (not a test; run on purpose; issue 23), on the release tarball with its
# bundled defaults: the tasks backend, the queue, the workflow runner and the cli provider.
#   throughput  COUNT (400) tasks labelled for dispatch, created through the daemon's control socket
#               while the runner is paused (workflow/pause) and queued by the daemon's dispatch; then
#               workflow/resume and the time until the queue has them all done: tasks per second
#               with CONCURRENCY (8) runs at once (target: >= 50 tasks/s). The provider answers at
#               once: the cli provider running cat (the prompt back).
#   added       the runner's own timings of those tasks (workflow/status timings): from the lease's
#               answer to the completion's, less the provider's run (agent/run to its result): what
#               the daemon, the queue, the tasks backend and the runner add per task, p50/p90/p99
#               (target: p50 <= 20 ms).
# Usage: bench/loop/run.sh          (COUNT, CONCURRENCY; BUILD=1 rebuilds the tarball)
# What it does: builds the tarball when there is none (./mvnw package of packaging/ and what it
# needs, tests skipped), extracts it into a fresh temporary directory, installs the defaults in a
# fresh ANIMUS_HOME (= HOME, XDG_RUNTIME_DIR unset), writes the project's .animus/ files, starts the
# tarball's daemon in the project, waits (up to a minute) for the machine to be idle, runs
# loop.py against the control socket, stops the daemon and removes everything. Output: bench/out/loop.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/bench/out/loop"
COUNT="${COUNT:-400}"
CONCURRENCY="${CONCURRENCY:-8}"
. "$ROOT/bench/lib.sh"

mkdir -p "$OUT"
cd "$ROOT"
if [ "${BUILD:-0}" = 1 ] || ! ls packaging/target/animus-*-linux-x64.tar.gz >/dev/null 2>&1; then
  mvn_quiet -B -Dmaven.test.skip=true -pl packaging -am package
fi
TARBALL="$(ls packaging/target/animus-*-linux-x64.tar.gz | head -n 1)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/animus-loop-bench.XXXXXX")"
PROJECT="$WORK/project"
STARTED=0
cleanup() {
  if [ "$STARTED" = 1 ]; then (cd "$PROJECT" && "$ANIMUS" daemon stop >/dev/null 2>&1 || true); fi
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$WORK/tarball" "$WORK/home" "$PROJECT/.animus/providers"
tar -xzf "$TARBALL" -C "$WORK/tarball"
ANIMUS="$(ls -d "$WORK"/tarball/*/bin/animus | head -n 1)"
export ANIMUS_HOME="$WORK/home" HOME="$WORK/home"
unset XDG_RUNTIME_DIR

"$ANIMUS" plugin install-defaults --include-subjects --yes > "$OUT/install.log" 2>&1 \
  || { cat "$OUT/install.log" >&2; exit 1; }
printf 'command = ["%s"]\n' "$(command -v cat)" > "$PROJECT/.animus/providers/cli.toml"
printf '[dispatch]\ninterval = "1s"\nlabel = "dispatch"\nconcurrency = %s\n' "$CONCURRENCY" > "$PROJECT/.animus/daemon.toml"
printf 'provider = "cli"\nprompt = "{{title}}"\n' > "$PROJECT/.animus/workflow.toml"

cd "$PROJECT"
"$ANIMUS" daemon start > "$OUT/daemon.log" 2>&1 || { cat "$OUT/daemon.log" >&2; exit 1; }
STARTED=1
SOCKET="$(sed -n 's/^daemon started: pid [0-9]*, socket \(.*\)$/\1/p' "$OUT/daemon.log")"
[ -S "$SOCKET" ] || { echo "no control socket in: $(cat "$OUT/daemon.log")" >&2; exit 1; }
wait_for_idle
python3 "$ROOT/bench/loop/loop.py" "$SOCKET" "$COUNT" | tee "$OUT/result.txt"
