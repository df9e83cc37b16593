#!/usr/bin/env bash
# The provider benchmark (not a test; run on purpose; issue 21). A native provider plugin
# (provider_plugin.c, gcc -O2) answers agent/run by streaming N agent/output notifications as fast
# as the pipe takes them; the first one's text carries the plugin's CLOCK_MONOTONIC stamp, read
# just before the write(2) that hands it to the host (the clock of Java's System.nanoTime on Linux).
#
#   first   host overhead on the first event, warm: one JVM runs the shell's own `agent run` code
#           (dev.animus.shell.Main.execute with a Terminal like the CLI's: autoflushing PrintWriter,
#           PrintStream, 8 KiB buffer) WARMUP + RUNS times on one host (the plugin stays up between
#           runs, as under a daemon); per run: plugin's write of the first agent/output -> the shell's
#           write of its text to stdout (the write into the stdout stream after its flush, i.e. where
#           the CLI makes its write(2)). p50/p90/p99 (target: p50 <= 1 ms). Excludes JVM start and the
#           plugin's launch: the clock starts when the plugin writes the event.
#   cli     the same through the real CLI: the tarball's `animus --no-daemon agent run` CLI_RUNS
#           times, each a fresh JVM that launches the plugin; stdout is a pipe this harness drains;
#           per run: plugin's write -> this process reading the text from the pipe (so it includes
#           the pipe's wake-up of the reader: an upper bound of the host's part). Still not JVM
#           start, but a cold JVM: the streaming path runs for the first time in that process.
#   stream  streamed-event throughput: a run of EVENTS (1,000,000) events of PAD (0) padding bytes
#           each (texts "1\n" .. "999999\n"), events/s from the write of the first event to stdout
#           to the write of the last; in the warm JVM (stdout: /dev/null behind the stamper,
#           STREAM_RUNS runs after one warm-up run) and through the tarball's CLI (stdout: a pipe
#           drained by this harness, STREAM_RUNS runs). Median (target: >= 100,000 events/s); the
#           rate counts the events written (lost ones are not).
#
#   bench/provider/run.sh [first|cli|stream]...     default: all three
#
# Environment: WARMUP (200) and RUNS (1000) for first; CLI_RUNS (30) for cli; EVENTS (1000000), PAD
# (0) and STREAM_RUNS (3) for stream; BENCH_JAVA_OPTS adds options to the harness JVM (e.g.
# -XX:StartFlightRecording=filename=bench/out/provider/stream.jfr).
#
# Every run's whole stdout is checked (every event, in order, nothing else; exit code 0): a wrong
# one fails the bench (exit 1) at once; events missing in between (a host that drops streamed
# text; a request's own stream waits for room instead) are counted, shown in the table, and fail
# it at the end. Builds the release tarball when there is none, or when BUILD=1
# (./mvnw package of packaging/ and what it needs, tests not even compiled), extracts it into a
# fresh temporary directory, compiles the plugin with gcc and the harness with JDK 25's javac
# against the same build's modular jars (jlink/target/modules), installs the plugin as the
# directory provider `pbench` in a fresh ANIMUS_HOME (= HOME, removed afterwards) with the
# tarball's `animus plugin install --path <dir> --yes`. Waits (up to a minute) for an idle machine
# before each part. Outputs go to bench/out/provider.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/bench/provider"
OUT="$ROOT/bench/out/provider"
WARMUP="${WARMUP:-200}"
RUNS="${RUNS:-1000}"
CLI_RUNS="${CLI_RUNS:-30}"
EVENTS="${EVENTS:-1000000}"
PAD="${PAD:-0}"
STREAM_RUNS="${STREAM_RUNS:-3}"
PARTS=("$@")
[ ${#PARTS[@]} -gt 0 ] || PARTS=(first cli stream)
for part in "${PARTS[@]}"; do
  case "$part" in first|cli|stream) ;; *) echo "usage: $0 [first|cli|stream]..." >&2; exit 2 ;; esac
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
gcc -O2 -Wall -Wextra -o "$OUT/provider_plugin" "$HERE/provider_plugin.c"
"$JDK/bin/javac" -Xlint:all -Werror --release 25 -cp "$CLASSPATH" -d "$OUT/classes" "$HERE"/src/dev/animus/provider/bench/*.java
JAVA=("$JDK/bin/java" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn ${BENCH_JAVA_OPTS-} -cp "$OUT/classes:$CLASSPATH")

WORK="$(mktemp -d "${TMPDIR:-/tmp}/animus-provider-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/tarball" "$WORK/home" "$WORK/project/.animus"
tar -xzf "$TARBALL" -C "$WORK/tarball"
ANIMUS="$(ls -d "$WORK"/tarball/*/bin/animus 2>/dev/null | head -n 1)"
[ -x "$ANIMUS" ] || ANIMUS="$WORK/tarball/bin/animus"
export ANIMUS_HOME="$WORK/home" HOME="$WORK/home"
unset XDG_RUNTIME_DIR

PLUGIN="$WORK/plugins/animus-provider-pbench"
mkdir -p "$PLUGIN/bin"
cp "$OUT/provider_plugin" "$PLUGIN/bin/animus-provider-pbench"
printf '%s\n' 'name = "pbench"' 'version = "1.0.0"' 'plugin_kind = "provider"' \
  'description = "the native streaming provider of bench/provider"' 'protocol_version = "1.1.0"' \
  'capabilities = ["agent/run", "agent/resume"]' 'entry = "bin/animus-provider-pbench"' > "$PLUGIN/Plugin.toml"
"$ANIMUS" plugin install --path "$PLUGIN" --yes > "$OUT/install.log" 2>&1 || { cat "$OUT/install.log" >&2; exit 1; }
cd "$WORK/project"
# one run through the CLI before anything is measured: the install works and the output is right
"${JAVA[@]}" dev.animus.provider.bench.ProviderBench cli 3 0 1 -- "$ANIMUS" --no-daemon agent run --provider pbench --prompt "3 0" \
  > "$OUT/smoke.txt" || { cat "$OUT/smoke.txt" >&2; exit 1; }

p() { sort -n | awk -v q="$1" '{a[NR]=$1} END {i=int(q*NR+0.999999); if (i<1) i=1; print a[i]}'; }
figures() { grep "^$2 " "$1" | cut -d' ' -f2; }
ok() { awk -v v="$1" -v t="$2" -v dir="$3" 'BEGIN { r = (dir == "le") ? t / v : v / t; printf "%.2fx %s", r, (r >= 1 ? "met" : "MISSED") }'; }
failed() { grep -q '^FAIL' "$1" && { grep '^FAIL' "$1" >&2; exit 1; } || true; }

echo "provider benchmark: $("$ANIMUS" --version | head -n 1) from $(basename "$TARBALL"); JDK $("$JDK/bin/java" -version 2>&1 | head -n 1)"
echo "CPUs: $(nproc); $(uname -r); $(date -u +%FT%TZ); load $(cut -d' ' -f1-3 /proc/loadavg)"

for part in "${PARTS[@]}"; do
  wait_for_idle
  echo "(load before $part: $(cut -d' ' -f1-3 /proc/loadavg))"
  case "$part" in
    first)
      "${JAVA[@]}" dev.animus.provider.bench.ProviderBench first pbench "$WARMUP" "$RUNS" > "$OUT/first.txt" || { failed "$OUT/first.txt"; exit 1; }
      f="$OUT/first.txt"
      p50="$(figures "$f" first | p 0.5)"
      echo
      echo "### first: plugin writes the first agent/output -> the shell writes it to stdout, warm JVM, $RUNS runs after $WARMUP (µs)"
      echo
      echo "| p50 | p90 | p99 | max | target | p50 vs target |"
      echo "|---:|---:|---:|---:|---:|---|"
      echo "| **$p50** | $(figures "$f" first | p 0.9) | $(figures "$f" first | p 0.99) | $(figures "$f" first | p 1) | <= 1000 | $(ok "$p50" 1000 le) |"
      ;;
    cli)
      "${JAVA[@]}" dev.animus.provider.bench.ProviderBench cli 1 0 "$CLI_RUNS" -- "$ANIMUS" --no-daemon agent run --provider pbench --prompt "1 0" \
        > "$OUT/cli.txt" || { failed "$OUT/cli.txt"; exit 1; }
      f="$OUT/cli.txt"
      p50="$(figures "$f" first | p 0.5)"
      echo
      echo "### cli: plugin writes the first agent/output -> the tarball's \`animus --no-daemon agent run\` has it on the pipe, $CLI_RUNS fresh processes (µs)"
      echo
      echo "| p50 | p90 | min | max | target | p50 vs target |"
      echo "|---:|---:|---:|---:|---:|---|"
      echo "| **$p50** | $(figures "$f" first | p 0.9) | $(figures "$f" first | p 0) | $(figures "$f" first | p 1) | <= 1000 | $(ok "$p50" 1000 le) |"
      ;;
    stream)
      "${JAVA[@]}" dev.animus.provider.bench.ProviderBench stream pbench "$EVENTS" "$PAD" 1 "$STREAM_RUNS" \
        > "$OUT/stream-inproc.txt" || { failed "$OUT/stream-inproc.txt"; exit 1; }
      "${JAVA[@]}" dev.animus.provider.bench.ProviderBench cli "$EVENTS" "$PAD" "$STREAM_RUNS" -- "$ANIMUS" --no-daemon agent run --provider pbench --prompt "$EVENTS $PAD" \
        > "$OUT/stream-cli.txt" || { failed "$OUT/stream-cli.txt"; exit 1; }
      echo
      echo "### stream: $EVENTS events of $PAD padding bytes, events/s from the first to the last written to stdout (median of $STREAM_RUNS)"
      echo
      echo "| path | median | min | max | events lost (max of the runs) | target | median vs target |"
      echo "|---|---:|---:|---:|---:|---:|---|"
      for v in inproc cli; do
        f="$OUT/stream-$v.txt"
        [ "$v" = inproc ] && label="warm JVM, shell's \`agent run\` (stdout: /dev/null)" || label="tarball's \`animus --no-daemon agent run\` (stdout: a pipe)"
        med="$(figures "$f" rate | p 0.5)"
        lost="$(figures "$f" lost | p 1)"
        [ "$lost" = 0 ] || LOST=1
        echo "| $label | **$med** | $(figures "$f" rate | p 0) | $(figures "$f" rate | p 1) | $lost | >= 100000 | $(ok "$med" 100000 ge)$([ "$lost" = 0 ] || echo ", OUTPUT LOST") |"
      done
      ;;
  esac
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${LOST:-0}" = 1 ]; then
  echo "FAIL: the host dropped streamed events (the run's stdout missed some, in order otherwise)" >&2
  exit 1
fi
