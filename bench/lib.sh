# Shared by the benchmarks' run.sh scripts (sourced, not run): finding JDK 25, quiet Maven,
# and waiting for an idle machine.

jdk_major() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null; }
find_jdk() {
  if [ -n "${JAVA_HOME-}" ] && [ "$(jdk_major "$JAVA_HOME")" -ge 25 ] 2>/dev/null; then
    echo "$JAVA_HOME"; return
  fi
  local best="" best_major=0 candidate major
  for candidate in /usr/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/*; do
    [ -x "$candidate/bin/javac" ] || continue
    major="$(jdk_major "$candidate")"
    [ -n "$major" ] || continue
    if [ "$major" -ge 25 ] && [ "$major" -gt "$best_major" ]; then
      best="$candidate"; best_major="$major"
    fi
  done
  [ -n "$best" ] || { echo "no JDK >= 25 found" >&2; exit 1; }
  echo "$best"
}

# Maven offline first (fast, quiet), online when something is missing.
mvn_quiet() { ./mvnw -q -o "$@" >/dev/null 2>&1 || ./mvnw -q "$@"; }

# Waits until both CPUs are >= 90% idle over a second (other work skews every figure), a minute at most.
wait_for_idle() {
  local tries=0 u1 n1 s1 i1 w1 q1 sq1 st1 u2 n2 s2 i2 w2 q2 sq2 st2 busy idle
  while [ "$tries" -lt 20 ]; do
    read -r _ u1 n1 s1 i1 w1 q1 sq1 st1 _ < /proc/stat
    sleep 1
    read -r _ u2 n2 s2 i2 w2 q2 sq2 st2 _ < /proc/stat
    busy=$(( (u2 + n2 + s2 + q2 + sq2 + st2) - (u1 + n1 + s1 + q1 + sq1 + st1) ))
    idle=$(( (i2 + w2) - (i1 + w1) ))
    [ $(( 100 * idle / (busy + idle + 1) )) -ge 90 ] && return 0
    tries=$((tries + 1))
    sleep 2
  done
  echo "warning: the machine stayed busy; figures of this run are suspect" >&2
}

# Installs modules/$1 and what it needs (tests not even compiled) and prints its jar and its
# dependencies as one classpath; $2 is the benchmark's output directory. Run from the checkout.
module_classpath() {
  local module="$1" out="$2"
  mvn_quiet -pl "modules/$module" -am install -Dmaven.test.skip=true >&2
  mvn_quiet -pl "modules/$module" dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$out/deps.classpath" >&2
  echo "$(ls modules/"$module"/target/animus-"$module"-*.jar | head -n 1):$(cat "$out/deps.classpath")"
}

# Packages modules/$1 and what it needs in this checkout (tests not even compiled; nothing is
# installed into ~/.m2, which other checkouts share) and copies its jar and its runtime
# dependencies into $2/lib-$1 (a snapshot: a rebuild meanwhile changes nothing a run uses);
# prints them as one classpath. Run from the checkout.
snapshot_classpath() {
  local module="$1" out="$2" jar classpath=""
  mvn_quiet -pl "modules/$module" -am package dependency:build-classpath -Dmaven.test.skip=true \
    -Dmdep.includeScope=runtime -Dmdep.outputFile=target/bench.classpath >&2
  rm -rf "$out/lib-$module"
  mkdir -p "$out/lib-$module"
  for jar in "modules/$module/target/animus-$module-"*.jar $(tr ':' ' ' < "modules/$module/target/bench.classpath"); do
    cp "$jar" "$out/lib-$module/"
    classpath="$classpath${classpath:+:}$out/lib-$module/$(basename "$jar")"
  done
  echo "$classpath"
}
