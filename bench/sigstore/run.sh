#!/usr/bin/env bash
# Runs VerifyBench against the already-built classes (build first: ./mvnw -B -o -q -pl modules/sigstore -am verify).
# Builds nothing; uses modules/{sigstore,testsigstore}/target/classes and the Jackson 3 / BouncyCastle jars from ~/.m2.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
java_home="${JAVA25_HOME:-$(ls -d /usr/lib/jvm/*25* 2>/dev/null | head -1)}"
[ -x "$java_home/bin/java" ] || { echo "no JDK 25 under /usr/lib/jvm (set JAVA25_HOME)" >&2; exit 1; }
for m in sigstore testsigstore; do
  [ -d "modules/$m/target/classes" ] || { echo "modules/$m/target/classes missing: build first" >&2; exit 1; }
done
cpfile="$(mktemp)"
trap 'rm -f "$cpfile"' EXIT
./mvnw -q -o dependency:build-classpath -pl modules/testsigstore -Dmdep.includeScope=runtime -Dmdep.outputFile="$cpfile" >/dev/null
jars="$(tr ':' '\n' < "$cpfile" | grep -E '/(jackson-|bc[a-z]+-jdk18on)' | paste -sd: -)"
cp="modules/sigstore/target/classes:modules/testsigstore/target/classes:$jars"
exec "$java_home/bin/java" -cp "$cp" bench/sigstore/VerifyBench.java "$repo"
