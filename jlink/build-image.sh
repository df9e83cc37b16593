#!/bin/sh
# Builds the Animus runtime image (run by the build at `package`, see pom.xml):
#   1. jlink: exactly the modules the command and the example plugin need, from the JDK's own
#      runtime (JDK 25 links without jmods);
#   2. our launchers: bin/animus instead of jlink's, examples/echo/animus-plugin-echo, and the
#      first-party plugins: each plugins/<name>/src/image/<plugin>/ (Plugin.toml and launcher) as
#      plugins/<plugin>/, which the built-in defaults.toml names (docs/operations.md#default-plugins);
#   3. the class-data sharing archives lib/animus.jsa and lib/echo.jsa, from training runs through
#      the new image's own launchers (so with exactly their JVM options). An archive belongs to one
#      image: it is rebuilt with every jlink.
# Usage: build-image.sh <JDK 25+ home> <modules dir> <image sources dir> <image output dir> <plugins dir>
set -eu

jdk=$1 modules=$2 src=$3 image=$4 plugins=$5

major=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$jdk/release" 2>/dev/null)
if [ "${major:-0}" -lt 25 ]; then
  echo "build-image: $jdk is not a JDK 25 or newer (JAVA_VERSION ${major:-unknown}); build with ./mvnw" >&2
  exit 1
fi

# No --add-options: the options baked into an image apply to every JVM it starts, and the example
# plugin's JVM has no JLine (it would warn "Unknown module ... --enable-native-access"). bin/animus
# passes --enable-native-access itself.
rm -rf "$image"
mkdir -p "$(dirname -- "$image")"
# SQLite's JDBC driver (for the tasks and queue plugins) carries a native library for each of 24 platforms,
# 12 MB in all: the image keeps none of them in the module (--exclude-resources) and this
# platform's one as a file, lib/sqlitejdbc/, which the plugin's launcher names
# (-Dorg.sqlite.lib.path), so the driver never copies it into a shared temporary directory
sqlite_jar=$(find "$modules" -maxdepth 1 -name 'sqlite-jdbc-*.jar' | head -n 1)
[ -n "$sqlite_jar" ] || { echo "build-image: no sqlite-jdbc jar in $modules" >&2; exit 1; }
sqlite_native=$image.sqlitejdbc
sh "$plugins/tasks/src/build/sqlite-native.sh" "$sqlite_jar" "$sqlite_native" "$jdk/bin"
# jlink warns about each signed jar (BouncyCastle's) even with --ignore-signing-information: the
# signatures are not carried into the image, which is what we want; keep the rest of its output
if ! "$jdk/bin/jlink" \
  --module-path "$modules" \
  --add-modules dev.animus.shell,dev.animus.daemon,dev.animus.examples.echo,dev.animus.plugins.cli,dev.animus.plugins.oai,dev.animus.plugins.tasks,dev.animus.plugins.queue,dev.animus.plugins.workflow,dev.animus.plugins.webhook,dev.animus.plugins.schedule,dev.animus.plugins.http,org.slf4j.simple,org.jline.terminal.ffm \
  --ignore-signing-information \
  --exclude-resources='/org.xerial.sqlitejdbc/org/sqlite/native/**' \
  --strip-debug --no-header-files --no-man-pages --compress zip-0 \
  --output "$image" >"$image.jlink.log" 2>&1; then
  cat "$image.jlink.log" >&2
  echo "build-image: jlink failed (above)" >&2
  exit 1
fi
grep -v '^WARNING: signed modular JAR .* is currently not supported$' "$image.jlink.log" >&2 || true
# lib/modules is left uncompressed (zip-0): the tarball's gzip packs the classes tighter than
# jlink's per-resource zip does, and a class not in the archive is read without inflating it
# (docs/decisions/049-an-uncompressed-jimage-in-a-smaller-tarball.md). The JDK's native libraries keep their symbol tables,
# which nothing at run time reads: strip them (the dynamic symbols stay) where binutils are here.
if command -v strip >/dev/null 2>&1; then
  find "$image/lib" -name '*.so' -type f -exec strip --strip-unneeded {} +
else
  echo "build-image: [WARNING] no strip (binutils) here: the JDK's native libraries keep their symbol tables" >&2
fi

mkdir -p "$image/lib/sqlitejdbc"
mv "$sqlite_native"/* "$image/lib/sqlitejdbc/"
rm -rf "$sqlite_native"
chmod 755 "$image/lib/sqlitejdbc"

# jlink's bin/ holds java, keytool and its own launcher scripts; keep java, add ours
find "$image/bin" -mindepth 1 ! -name java -exec rm -f {} +
cp "$src/bin/animus" "$image/bin/animus"
mkdir -p "$image/examples/echo"
cp "$src/examples/echo/animus-plugin-echo" "$src/examples/echo/README.md" "$image/examples/echo/"
chmod 755 "$image/bin/animus" "$image/examples/echo/animus-plugin-echo"
chmod 644 "$image/examples/echo/README.md"
mkdir -p "$image/plugins"
for shipped in "$plugins"/*/src/image/*/; do
  name=$(basename -- "$shipped")
  cp -R "$shipped" "$image/plugins/$name"
  # a launcher is the file its Plugin.toml's entry names; everything else is data
  entry=$(sed -n 's/^entry = "\(.*\)"$/\1/p' "$shipped/Plugin.toml")
  [ -n "$entry" ] && [ -f "$image/plugins/$name/$entry" ] || {
    echo "build-image: $shipped has no launcher (Plugin.toml's entry)" >&2
    exit 1
  }
  find "$image/plugins/$name" -type d -exec chmod 755 {} + -o -type f -exec chmod 644 {} +
  chmod 755 "$image/plugins/$name/$entry"
done

# The class-data sharing archives, lib/animus.jsa and lib/echo.jsa: static archives dumped with the
# launchers' own JVM options from the class lists in src/cds/, which are checked in because the
# classes a training run loads vary a little with thread timing; dumped from the same list, an
# archive has the same bytes every time. (A JDK 25 AOT cache, -XX:AOTCacheOutput, is never the
# same twice and starts no faster here: docs/performance.md, "Start-up and image".)
# The training runs still happen at every build: `animus train` exercises every subsystem through
# the new image and fails the build when a step misbehaves, the example plugin serves a session;
# each writes the list of classes it loaded (-XX:DumpLoadedClassList), normalised (sorted; without
# loader ids and constant-pool entries) into target/cds/. When the checked-in lists fall behind the
# code, the build says so; refresh them with `cp jlink/target/cds/*.classlist jlink/src/cds/`.
cds=$(CDPATH='' cd -P -- "$src/../cds" && pwd -P)
work=$image/../cds
rm -rf "$work"
mkdir -p "$work"

normalise() {
  { grep -v '^[@#]' "$1" | sed 's/ id: [0-9]*//' | LC_ALL=C sort -u
    grep '^@lambda-form-invoker' "$1" | LC_ALL=C sort -u
    grep '^@lambda-proxy' "$1" | LC_ALL=C sort -u
  } > "$2"
}

jvm_options="-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xlog:disable -Xlog:all=warning:stderr"

if ! ANIMUS_JAVA_OPTS="-XX:DumpLoadedClassList=$work/animus.classlist.raw" "$image/bin/animus" train \
    </dev/null >"$work/train.log" 2>&1; then
  cat "$work/train.log" >&2
  echo "build-image: the training run of the image failed (log above, also in $work/train.log)" >&2
  exit 1
fi

if ! printf '%s\n' \
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocol_version":"1.1.0"}}' \
    '{"jsonrpc":"2.0","method":"initialized"}' \
    '{"jsonrpc":"2.0","id":2,"method":"echo","params":{"text":"hi","n":[1,2.5,true,null]}}' \
    '{"jsonrpc":"2.0","id":3,"method":"reverse","params":{"text":"hello"}}' \
    '{"jsonrpc":"2.0","id":4,"method":"stream","params":{"count":3}}' \
    '{"jsonrpc":"2.0","id":5,"method":"$/ping"}' \
    '{"jsonrpc":"2.0","id":6,"method":"health/check"}' \
    '{"jsonrpc":"2.0","id":7,"method":"no/such"}' \
    '{"jsonrpc":"2.0","id":8,"method":"shutdown"}' \
  | ANIMUS_JAVA_OPTS="-XX:DumpLoadedClassList=$work/echo.classlist.raw" ANIMUS_JAVA_HOME="$image" \
    "$image/examples/echo/animus-plugin-echo" >"$work/echo.log" 2>&1; then
  cat "$work/echo.log" >&2
  echo "build-image: the training run of the example plugin failed (log above, also in $work/echo.log)" >&2
  exit 1
fi

dump() { # <name> <main module/class> [JVM options of its launcher]
  normalise "$work/$1.classlist.raw" "$work/$1.classlist"
  missing=$(grep -v '^@' "$work/$1.classlist" | grep -cvxF -f "$cds/$1.classlist" || true)
  if [ "$missing" -gt 40 ]; then
    echo "build-image: [WARNING] $missing classes the training loaded are not in jlink/src/cds/$1.classlist" \
      "(they load without the archive's help); refresh it: cp jlink/target/cds/$1.classlist jlink/src/cds/" >&2
  fi
  # shellcheck disable=SC2086
  if ! "$image/bin/java" $jvm_options ${3-} -Xshare:dump -XX:SharedClassListFile="$cds/$1.classlist" \
      -XX:SharedArchiveFile="$image/lib/$1.jsa" -m "$2" >"$work/$1.dump.log" 2>&1; then
    cat "$work/$1.dump.log" >&2
    echo "build-image: dumping $image/lib/$1.jsa failed (log above)" >&2
    exit 1
  fi
  chmod 644 "$image/lib/$1.jsa"
}
dump animus dev.animus.shell/dev.animus.shell.Main --enable-native-access=org.jline.terminal.ffm,org.jline.nativ,dev.animus.process
dump echo dev.animus.examples.echo/dev.animus.examples.echo.EchoExample
