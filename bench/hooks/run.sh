#!/usr/bin/env bash
# The hooks benchmark (not a test; run on purpose): the built-in classify.command-risk
# classifier's cost per command (issue target: <= 20 us), over a mix of 23 commands (read-only,
# low-risk, high-risk, obfuscated, unknown), after a JIT warm-up, on one JVM.
#
#   bench/hooks/run.sh [rounds]   default 200 rounds of 2,000 commands
#
# Builds the core module when its classes are missing. Waits (up to a minute) for an idle machine.
# The hook round trip to a warm plugin is not measured yet: the hook runner is not built.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
. "$ROOT/bench/lib.sh"
JDK="$(find_jdk)"
cd "$ROOT"
if [ ! -f modules/core/target/classes/dev/animus/core/BuiltinCommandRisk.class ]; then
  mvn_quiet -B -Dmaven.test.skip=true -pl modules/core package
fi
wait_for_idle
taskset -c 1 "$JDK/bin/java" -cp modules/core/target/classes bench/hooks/ClassifierBench.java "${1:-200}"
