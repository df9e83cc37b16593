#!/usr/bin/env bash
# The Tab-completion benchmark (not a test; run on purpose): median wall time of what one Tab in
# bash, zsh or fish runs, `animus __complete -- WORDS... PARTIAL`, from a runtime image, against
# `animus --version` (the least a start of the image costs); wall and CPU time (user + system). A temporary home holds the echo
# example installed and trusted, so plugin names and methods come from a real state document.
# Each case runs twice: with no daemon (the Tab completes in its own process) and with the
# project's daemon running (`d:` rows: the daemon answers `completion/complete`).
#
#   bench/completion/run.sh [runs] [image...]   default 20 runs, the image of this checkout
#
# Several images (e.g. a copy of the image built before a change, and the one after) run
# interleaved in one run, so they see the same machine. Builds jlink/'s image first when it is
# missing. Waits (up to a minute) for an idle machine. Outputs go to bench/out/completion (ignored
# by git).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/bench/out/completion"
RUNS="${1:-20}"
shift || true
. "$ROOT/bench/lib.sh"

IMAGES=("$@")
if [ ${#IMAGES[@]} -eq 0 ]; then
  IMAGES=("$ROOT/jlink/target/image")
  if [ ! -x "${IMAGES[0]}/bin/animus" ]; then
    (cd "$ROOT" && mvn_quiet -B -Dmaven.test.skip=true -pl jlink -am package)
  fi
fi
for image in "${IMAGES[@]}"; do
  [ -x "$image/bin/animus" ] || { echo "no image at $image (bin/animus)" >&2; exit 1; }
done
mkdir -p "$OUT"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/home"
export ANIMUS_HOME="$WORK/home/.animus" HOME="$WORK/home"
unset XDG_RUNTIME_DIR # the daemon's files in the temporary home
cd "$WORK"
"${IMAGES[0]}/bin/animus" plugin install --path "${IMAGES[0]}/examples/echo/animus-plugin-echo" --trust --yes \
  </dev/null >"$OUT/install.log" 2>&1 || { cat "$OUT/install.log" >&2; exit 1; }

# what each case runs after bin/animus, and what its output must hold (checked once per image)
CASES=(version commands subcommands options plugins methods)
declare -A ARGS EXPECT
ARGS[version]="--version";                           EXPECT[version]="animus "
ARGS[commands]="__complete -- plu";                  EXPECT[commands]="plugin"
ARGS[subcommands]="__complete -- plugin ins";        EXPECT[subcommands]="install"
ARGS[options]="__complete -- plugin install --tr";   EXPECT[options]="--trust"
ARGS[plugins]="__complete -- plugin call e";         EXPECT[plugins]="echo"
ARGS[methods]="__complete -- plugin call echo re";   EXPECT[methods]="reverse"

for ((n = 0; n < ${#IMAGES[@]}; n++)); do
  for c in "${CASES[@]}"; do
    # shellcheck disable=SC2086
    out="$("${IMAGES[$n]}/bin/animus" ${ARGS[$c]} </dev/null 2>&1)" || { echo "image $n, $c failed: $out" >&2; exit 1; }
    grep -q -- "^${EXPECT[$c]}" <<<"$out" || { echo "image $n, $c printed '$out', expected '${EXPECT[$c]}'" >&2; exit 1; }
  done
done

# time_ms <command...>: wall milliseconds of one run (bash's EPOCHREALTIME: no fork to read the
# clock), then its CPU milliseconds (user + system, which a loaded machine inflates less)
time_ms() {
  local start end cpu TIMEFORMAT='%3U %3S'
  start=$EPOCHREALTIME
  cpu="$({ time "$@" >/dev/null 2>&1 </dev/null; } 2>&1)"
  end=$EPOCHREALTIME
  echo "$(( (${end/./} - ${start/./}) / 1000 )) $(awk '{printf "%d", ($1 + $2) * 1000}' <<<"$cpu")"
}
median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'; }

# rounds <prefix>: RUNS rounds of every case of every image, interleaved
rounds() {
  for ((i = 0; i < RUNS; i++)); do
    for ((n = 0; n < ${#IMAGES[@]}; n++)); do
      for c in "${CASES[@]}"; do
        # shellcheck disable=SC2086
        read -r wall cpu < <(time_ms "${IMAGES[$n]}/bin/animus" ${ARGS[$c]})
        echo "$wall" >> "$OUT/$1$n.$c.times"
        echo "$cpu" >> "$OUT/$1$n.$c.cpu"
      done
    done
  done
}

rm -f "$OUT"/*.times "$OUT"/*.cpu
wait_for_idle
rounds ""
# the same with the project's daemon (the first image's) serving the Tabs
"${IMAGES[0]}/bin/animus" daemon start --skip-preflight </dev/null >"$OUT/daemon.log" 2>&1 \
  || { cat "$OUT/daemon.log" >&2; exit 1; }
trap '"${IMAGES[0]}/bin/animus" daemon stop >/dev/null 2>&1 </dev/null; rm -rf "$WORK"' EXIT
for c in "${CASES[@]}"; do # the first Tab builds the daemon's command tree: not timed
  # shellcheck disable=SC2086
  "${IMAGES[0]}/bin/animus" ${ARGS[$c]} </dev/null >/dev/null 2>&1
done
wait_for_idle
rounds "d"

{
  echo "Tab completion, median wall ms (CPU ms) of $RUNS runs ($(nproc) CPUs, load before: $(cut -d' ' -f1-3 /proc/loadavg))"
  echo
  printf '| image |'; for c in "${CASES[@]}"; do printf ' %s |' "$c"; done; echo
  printf '|---|'; for c in "${CASES[@]}"; do printf -- '---|'; done; echo
  for d in "" d; do
    for ((n = 0; n < ${#IMAGES[@]}; n++)); do
      printf '| %s%s |' "${d:+d: }" "${IMAGES[$n]}"
      for c in "${CASES[@]}"; do printf ' %s (%s) |' "$(median < "$OUT/$d$n.$c.times")" "$(median < "$OUT/$d$n.$c.cpu")"; done
      echo
    done
  done
  echo
  for c in "${CASES[@]}"; do echo "- $c: animus ${ARGS[$c]}"; done
  echo "- d: rows: the project's daemon (of the first image) runs and answers the Tabs"
} | tee "$OUT/summary.md"
