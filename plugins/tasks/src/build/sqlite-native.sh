#!/bin/sh
# Takes SQLite's native library for this machine out of the sqlite-jdbc jar, into <output dir>, so
# that the driver loads it from there (-Dorg.sqlite.lib.path) instead of copying it out of its jar
# into a shared temporary directory at every start (a copy a kill -9 leaves behind). Used by
# write-launcher.sh (the build's test launcher) and by jlink/build-image.sh (the image).
# Arguments: <sqlite-jdbc jar> <output dir> <JDK bin dir (for its jar tool)>.
set -eu
jarfile=$1 out=$2 bin=$3
os=$(uname -s) arch=$(uname -m)
case $os in
  Linux)
    lib=libsqlitejdbc.so
    if ls /lib/ld-musl-* >/dev/null 2>&1; then os=Linux-Musl; fi ;;
  Darwin) os=Mac lib=libsqlitejdbc.dylib ;;
  *) echo "sqlite-native: no SQLite library of sqlite-jdbc is known for $os; build on Linux or macOS" >&2; exit 1 ;;
esac
case $arch in
  x86_64 | amd64) arch=x86_64 ;;
  aarch64 | arm64) arch=aarch64 ;;
  *) echo "sqlite-native: no SQLite library of sqlite-jdbc is known for $os $arch" >&2; exit 1 ;;
esac
entry=org/sqlite/native/$os/$arch/$lib
work=$out.tmp
rm -rf "$work"
mkdir -p "$work"
(cd "$work" && "$bin/jar" xf "$jarfile" "$entry")
[ -f "$work/$entry" ] || { echo "sqlite-native: $jarfile holds no $entry" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
mv "$work/$entry" "$out/$lib"
chmod 644 "$out/$lib"
rm -rf "$work"
