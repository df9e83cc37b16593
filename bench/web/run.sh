#!/usr/bin/env bash
# The web benchmark (not a test; run on purpose; issue 24), on the release tarball with its bundled
# HTTP transport, the dashboard open in headless Chromium (Debian's chromium, driven over the
# DevTools protocol by web.mjs on Node 20 with --experimental-websocket; no npm package):
#   latency   from a plugin's status change in the daemon (the event's `at`) to the end of the
#             dashboard's DOM update for it, measured in the page (window.animusLatencies):
#             p50/p90/p99 over every status event of the run (target: p50 <= 100 ms);
#   memory    the transport's VmRSS sampled during DURATION (600) seconds of RATE (10) status changes a second
#             with the dashboard open (FLAPPERS (10) Python plugins `flapN`, each started by
#             plugin/ping and stopped by plugin/stop_process through the control socket: two
#             changes a cycle); the least-squares
#             slope over the second half of the run (target: flat).
# Usage: bench/web/run.sh        (DURATION, RATE; BUILD=1 rebuilds the tarball)
# What it does: builds the tarball when there is none, extracts it into a fresh temporary directory,
# installs the defaults with the transports in a fresh ANIMUS_HOME (= HOME, XDG_RUNTIME_DIR unset)
# and the `flapN` plugins (Python), starts the tarball's daemon in a fresh project, waits for an idle
# machine, takes the login URL from `web open --print --json`, runs web.mjs, stops the daemon and
# removes everything. Output: bench/out/web (result.json with every sample, dashboard.png).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/bench/out/web"
SECONDS_RUN="${DURATION:-600}"
RATE="${RATE:-10}"
. "$ROOT/bench/lib.sh"

command -v node >/dev/null || { echo "bench/web needs node (20+)" >&2; exit 1; }
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "bench/web needs chromium (apt-get install chromium)" >&2; exit 1; }
mkdir -p "$OUT"
cd "$ROOT"
if [ "${BUILD:-0}" = 1 ] || ! ls packaging/target/animus-*-linux-x64.tar.gz >/dev/null 2>&1; then
  mvn_quiet -B -Dmaven.test.skip=true -pl packaging -am package
fi
TARBALL="$(ls packaging/target/animus-*-linux-x64.tar.gz | head -n 1)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/animus-web-bench.XXXXXX")"
PROJECT="$WORK/project"
STARTED=0
cleanup() {
  if [ "$STARTED" = 1 ]; then (cd "$PROJECT" && "$ANIMUS" daemon stop >/dev/null 2>&1 || true); fi
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$WORK/tarball" "$WORK/home" "$PROJECT/.animus"
tar -xzf "$TARBALL" -C "$WORK/tarball"
ANIMUS="$(ls -d "$WORK"/tarball/*/bin/animus | head -n 1)"
export ANIMUS_HOME="$WORK/home" HOME="$WORK/home"
unset XDG_RUNTIME_DIR

FLAPPERS="${FLAPPERS:-10}"
export FLAPPERS
# the interpreter itself, not a shim (pyenv's bash shims cost more CPU than the plugins they start)
PYTHON="$(python3 -c 'import sys; print(sys.executable)')"
: > "$OUT/install.log"
"$ANIMUS" plugin install-defaults --include-transports --yes >> "$OUT/install.log" 2>&1 \
  || { cat "$OUT/install.log" >&2; exit 1; }
for i in $(seq 1 "$FLAPPERS"); do
  mkdir -p "$WORK/flap$i"
  sed -e "s/@NAME@/flap$i/g" -e "s|@PYTHON@|$PYTHON|" > "$WORK/flap$i/animus-plugin-flap$i" <<'PY'
#!@PYTHON@
import json, sys
if sys.argv[1:] == ["--manifest"]:
    print(json.dumps({"name": "@NAME@", "version": "1.0.0", "plugin_kind": "custom", "plugin_kinds": [],
                      "description": "started and stopped by bench/web", "protocol_version": "1.1.0",
                      "env_required": [], "capabilities": ["$/ping"], "data_sent": [],
                      "timeouts": {"launch": "30s"}}), flush=True)
    sys.exit(0)
for line in sys.stdin:
    m = json.loads(line)
    if m.get("id") is None:
        if m.get("method") == "exit":
            sys.exit(0)
        continue
    r = {}
    if m.get("method") == "initialize":
        r = {"protocol_version": "1.1.0", "plugin_info": {"name": "@NAME@", "version": "1.0.0",
             "plugin_kind": "custom"}, "capabilities": {"methods": ["$/ping"]}}
    print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}), flush=True)
PY
  chmod 755 "$WORK/flap$i/animus-plugin-flap$i"
  {
    "$ANIMUS" plugin install --path "$WORK/flap$i/animus-plugin-flap$i" --trust --yes
    "$ANIMUS" plugin consent "flap$i" --yes
    "$ANIMUS" plugin enable "flap$i"
  } >> "$OUT/install.log" 2>&1 || { cat "$OUT/install.log" >&2; exit 1; }
done

cd "$PROJECT"
"$ANIMUS" daemon start --skip-preflight > "$OUT/daemon.log" 2>&1 || { cat "$OUT/daemon.log" >&2; exit 1; }
STARTED=1
SOCKET="$(sed -n 's/^daemon started: pid [0-9]*, socket \(.*\)$/\1/p' "$OUT/daemon.log")"
[ -S "$SOCKET" ] || { echo "no control socket in: $(cat "$OUT/daemon.log")" >&2; exit 1; }
wait_for_idle
LOGIN="$("$ANIMUS" --json web open --print | python3 -c 'import json,sys; print(json.load(sys.stdin)["login_url"])')"
node --experimental-websocket --no-warnings "$ROOT/bench/web/web.mjs" "$SOCKET" "$LOGIN" "$SECONDS_RUN" "$RATE" "$OUT" \
  | tee "$OUT/result.txt"
