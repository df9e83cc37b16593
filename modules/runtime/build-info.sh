#!/bin/sh
# Writes the build's facts for `animus --version --verbose` (run by the build at generate-resources,
# see pom.xml): <out>/dev/animus/runtime/build.properties with the commit of the checkout being
# built and the build date. Reproducible: the date is project.build.outputTimestamp, never the
# clock, and the same commit gives the same file. A build from a tree that is not a git checkout of
# this repository (a source tarball, `git archive`) says "unknown": the commit of a repository
# around it is not ours.
# Usage: build-info.sh <repository root> <outputTimestamp> <output dir>
set -eu

root=$1 timestamp=$2 out=$3

commit=unknown
if top=$(git -C "$root" rev-parse --show-toplevel 2>/dev/null) &&
    [ "$(cd "$top" && pwd -P)" = "$(cd "$root" && pwd -P)" ]; then
  commit=$(git -C "$root" rev-parse HEAD 2>/dev/null) || commit=unknown
fi
mkdir -p "$out/dev/animus/runtime"
printf 'commit=%s\ndate=%s\n' "$commit" "$timestamp" >"$out/dev/animus/runtime/build.properties"
