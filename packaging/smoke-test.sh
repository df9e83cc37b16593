#!/bin/sh
# Smoke test of the release tarball (run by `./mvnw verify`, after the unit tests): extracts it
# into a fresh directory whose path holds a space and runs the image the way a user would, with an
# environment of only PATH (symlinks to the few tools the launchers and the host use; no java)
# and HOME (empty). Fails, saying which command and why, when the image is broken.
# Usage: smoke-test.sh <tarball> <version>
set -eu

tarball=$1 version=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/animus smoke.XXXXXX")
home2=""
home3=""
trap 'rm -rf "$tmp" ${home2:+"$home2"} ${home3:+"$home3"}' EXIT
failures=0

fail() {
  echo "smoke-test: FAILED: $*" >&2
  failures=$((failures + 1))
}

# --- a fresh install -------------------------------------------------------------------------
mkdir -p "$tmp/install dir" "$tmp/home" "$tmp/tools" "$tmp/link dir" "$tmp/work"
tar -xzf "$tarball" -C "$tmp/install dir"
img="$tmp/install dir/animus-$version"
[ -x "$img/bin/animus" ] || { echo "smoke-test: FAILED: no animus-$version/bin/animus in $tarball" >&2; exit 1; }
for f in README.md LICENSE completions/animus.bash completions/animus.zsh completions/animus.fish examples/echo/README.md \
    examples/echo/animus-plugin-echo lib/animus.jsa lib/echo.jsa; do
  [ -s "$img/$f" ] || fail "the tarball has no (or an empty) animus-$version/$f"
done
top=$(tar -tzf "$tarball" | cut -d/ -f1 | sort -u)
[ "$top" = "animus-$version" ] || fail "the tarball's top directories are '$top', expected only animus-$version"

# PATH: only what the launchers (readlink) and the host (setsid, for plugin process groups) run,
# and tr (the tour's stand-in for an agent CLI).
for tool in readlink setsid tr; do
  real=$(command -v "$tool") || { echo "smoke-test: FAILED: $tool is not installed here" >&2; exit 1; }
  ln -s "$real" "$tmp/tools/$tool"
done
if env -i PATH="$tmp/tools" /bin/sh -c 'command -v java' >/dev/null 2>&1; then
  echo "smoke-test: FAILED: java is on the smoke test's PATH ($tmp/tools)" >&2
  exit 1
fi

# run <name> <expected exit> <command...>: runs in $tmp/work with only PATH and HOME; stdin from
# $stdin (default /dev/null; "closed" closes it); leaves $tmp/<name>.out and .err
run() {
  name=$1 expected=$2
  shift 2
  case ${stdin:-/dev/null} in
    closed) (cd "$tmp/work" && exec timeout 120 env -i PATH="$tmp/tools" HOME="$tmp/home" ${extra_env:-} "$@" \
              >"$tmp/$name.out" 2>"$tmp/$name.err" <&-) && code=0 || code=$? ;;
    *) (cd "$tmp/work" && exec timeout 120 env -i PATH="$tmp/tools" HOME="$tmp/home" ${extra_env:-} "$@" \
              >"$tmp/$name.out" 2>"$tmp/$name.err" <"${stdin:-/dev/null}") && code=0 || code=$? ;;
  esac
  if [ "$code" != "$expected" ]; then
    fail "$name: '$*' exited $code, expected $expected; stdout: $(cat "$tmp/$name.out"); stderr: $(cat "$tmp/$name.err")"
    return 1
  fi
}

# expect_out <name> <exact stdout>
expect_out() {
  printf '%s\n' "$2" > "$tmp/$1.expected"
  cmp -s "$tmp/$1.expected" "$tmp/$1.out" || fail "$1: stdout was '$(cat "$tmp/$1.out")', expected '$2'"
}

# no_err <name>: nothing on stderr (a JVM warning there means a broken launcher or image)
no_err() {
  [ ! -s "$tmp/$1.err" ] || fail "$1: unexpected stderr: $(cat "$tmp/$1.err")"
}

echo "smoke-test: $img (PATH=$tmp/tools, HOME=$tmp/home)" >&2
version_line="animus $version (protocol "

if run version 0 "$img/bin/animus" --version; then
  case $(cat "$tmp/version.out") in
    "$version_line"*", Java 25"*")") ;;
    *) fail "version: stdout was '$(cat "$tmp/version.out")', expected '$version_line..., Java 25...)'" ;;
  esac
  no_err version
fi

# the class-data archive fits the image: -Xshare:on fails when it cannot be used
extra_env=ANIMUS_JAVA_OPTS=-Xshare:on
if run archive 0 "$img/bin/animus" --version; then no_err archive; fi
# the example runs on the java its host names (ANIMUS_JAVA_HOME), never on one found beside its file
if run echo-archive 0 /usr/bin/env ANIMUS_JAVA_HOME="$img" "$img/examples/echo/animus-plugin-echo" --manifest; then
  grep -q '"name":"echo"' "$tmp/echo-archive.out" || fail "echo-archive: no echo manifest: $(cat "$tmp/echo-archive.out")"
  no_err echo-archive
fi
extra_env=
# the first-party transport ships in the image and runs on the java its host names
if run transport-manifest 0 /usr/bin/env ANIMUS_JAVA_HOME="$img" "$img/plugins/animus-transport-http/animus-transport-http" --manifest; then
  grep -q '"plugin_kind":"transport_backend"' "$tmp/transport-manifest.out" ||
    fail "transport-manifest: no transport manifest: $(cat "$tmp/transport-manifest.out")"
  grep -qF '"$ui/web"' "$tmp/transport-manifest.out" ||
    fail "transport-manifest: the transport does not advertise \$ui/web: $(cat "$tmp/transport-manifest.out")"
fi

# conformance (docs/plugin-authoring.md#conformance), as an author would run it: the example, an
# sdk plugin, passes every check; every first-party plugin the image ships passes its kind's pack
# (its protocol checks are the sdk's session, which the example's run covers; a full run of every
# plugin here would cost some 140 JVM starts). In the background (one check at a time, a home of
# its own) beside the steps below, until the tour, whose check for left-over processes must not
# see these.
home3=$(mktemp -d "${TMPDIR:-/tmp}/animus-smoke-home3.XXXXXX")
(
  for exe in "$img"/plugins/*/animus-* "$img"/plugins/*/bin/animus-* "$img/examples/echo/animus-plugin-echo"; do
    [ -f "$exe" ] || continue
    name=conformance-$(basename "$exe")
    only=--only=provider,subject_backend,trigger_backend,transport_backend,hooks
    case $exe in */examples/*) only="" ;; esac
    if extra_env="HOME=$home3" run "$name" 0 "$img/bin/animus" plugin conformance --jobs 1 $only "$exe"; then
      grep -q ' 0 failed' "$tmp/$name.out" || fail "$name: no summary line: $(cat "$tmp/$name.out")"
    fi
  done
  exit "$failures"
) 2>"$tmp/conformance.log" &
conformance=$!

# an empty home: the result says where it looked
if run list 0 "$img/bin/animus" plugin list; then
  # an empty listing says so as its result, on stdout; stderr stays empty
  grep -q "^no plugins installed or found (looked in $tmp/home/.animus/plugins.toml" "$tmp/list.out" ||
    fail "list: stdout was '$(cat "$tmp/list.out")'"
  [ ! -s "$tmp/list.err" ] || fail "list: stderr was '$(cat "$tmp/list.err")', expected nothing"
fi

if run dev-call 0 "$img/bin/animus" plugin dev "$img/examples/echo/animus-plugin-echo" call echo --params '{"x":1}'; then
  expect_out dev-call '{
  "x": 1
}'
  grep -v '^warning: running .* in place: untrusted' "$tmp/dev-call.err" > "$tmp/dev-call.err2" || true
  [ ! -s "$tmp/dev-call.err2" ] || fail "dev-call: unexpected stderr: $(cat "$tmp/dev-call.err2")"
fi

# project binding: a plugin of a command given --project-root runs in the project's canonical root
# and is told it; bound or not, it is told the launcher (bin/animus exports its own path). The
# plugin keeps its initialize line in ./initialize.json, in whatever directory it runs in.
mkdir -p "$tmp/project dir" "$tmp/plugin dir"
cat > "$tmp/plugin dir/animus-plugin-where" <<'PLUGIN'
#!/bin/sh
while IFS= read -r line; do
  case $line in
    *'"id":'*) ;;
    *'"method":"exit"'*) exit 0 ;;
    *) continue ;;
  esac
  rest=${line#*\"id\":}
  id=${rest%%[,\}]*}
  case $line in
    *'"method":"initialize"'*)
      printf '%s\n' "$line" > initialize.json
      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocol_version":"1.1.0","plugin_info":{"name":"where","version":"0.1.0","plugin_kind":"custom"},"capabilities":{"methods":["where"]}}}\n' "$id" ;;
    *) printf '{"jsonrpc":"2.0","id":%s,"result":{}}\n' "$id" ;;
  esac
done
PLUGIN
chmod 755 "$tmp/plugin dir/animus-plugin-where"
launcher=$(cd "$img/bin" && pwd -P)/animus
project=$(cd "$tmp/project dir" && pwd -P)
if run bound 0 "$img/bin/animus" --project-root "$tmp/project dir" plugin dev "$tmp/plugin dir/animus-plugin-where" call where; then
  init="$tmp/project dir/initialize.json"
  if [ ! -s "$init" ]; then
    fail "bound: the plugin did not run in the project's root (no $init)"
  else
    grep -qF "\"project_binding\":{\"project_root\":\"$project\"}" "$init" ||
      fail "bound: initialize had no project_binding of $project: $(cat "$init")"
    grep -qF "\"memory_mcp_stdio_command\":{\"command\":\"$launcher\"}" "$init" ||
      fail "bound: initialize did not name the launcher $launcher: $(cat "$init")"
  fi
fi
if run unbound 0 "$img/bin/animus" plugin dev "$tmp/plugin dir/animus-plugin-where" call where; then
  init="$tmp/work/initialize.json"
  if [ ! -s "$init" ]; then
    fail "unbound: the plugin did not run in the caller's directory (no $init)"
  else
    if grep -q project_binding "$init"; then fail "unbound: initialize had a project_binding: $(cat "$init")"; fi
    grep -qF "\"memory_mcp_stdio_command\":{\"command\":\"$launcher\"}" "$init" ||
      fail "unbound: initialize did not name the launcher $launcher: $(cat "$init")"
  fi
  rm -f "$init"
fi

printf 'plugin list\n--version\n' > "$tmp/script.in"
stdin=$tmp/script.in
if run script 0 "$img/bin/animus"; then
  grep -q '^no plugins installed or found' "$tmp/script.out" || fail "script: no plugin list in '$(cat "$tmp/script.out")'"
  [ ! -s "$tmp/script.err" ] || fail "script: stderr was '$(cat "$tmp/script.err")', expected nothing"
  grep -q "^$version_line" "$tmp/script.out" || fail "script: no version line in '$(cat "$tmp/script.out")'"
  # the same command read from stdin prints exactly what it prints as arguments
  [ "$(head -n 1 "$tmp/script.out")" = "$(cat "$tmp/list.out")" ] ||
    fail "script: 'plugin list' on stdin printed '$(head -n 1 "$tmp/script.out")', as arguments '$(cat "$tmp/list.out")'"
fi
stdin=

# through a symlink in another directory (relative link), and with stdin closed
ln -s "../install dir/animus-$version/bin/animus" "$tmp/link dir/animus"
if run symlink 0 "$tmp/link dir/animus" --version; then
  grep -q "^$version_line" "$tmp/symlink.out" || fail "symlink: stdout was '$(cat "$tmp/symlink.out")'"
fi
stdin=closed
if run closed-stdin 0 "$img/bin/animus" --version; then
  grep -q "^$version_line" "$tmp/closed-stdin.out" || fail "closed-stdin: stdout was '$(cat "$tmp/closed-stdin.out")'"
fi
# the shell with a closed stdin reads no commands (not a file of the JVM's) and ends at once
if run closed-stdin-shell 0 "$img/bin/animus"; then no_err closed-stdin-shell; fi
stdin=

# install the example from its path; the stored copy runs on the java of the animus that starts it
if run install 0 "$img/bin/animus" plugin install --path "$img/examples/echo/animus-plugin-echo" --trust --yes; then
  run consent 0 "$img/bin/animus" plugin consent echo --yes &&
    run enable 0 "$img/bin/animus" plugin enable echo &&
    run call 0 "$img/bin/animus" plugin call echo reverse --params '{"text":"abc"}' &&
    expect_out call '{
  "text": "cba"
}'
fi

# the first-party plugins: a fresh home's preflight names the command that installs the provider
# the image ships, which then runs a prompt through the project's .animus/providers/cli.toml
if run preflight-fresh 2 "$img/bin/animus" daemon preflight; then
  grep -qxF '[missing] provider — run: animus plugin install-defaults' "$tmp/preflight-fresh.out" ||
    fail "preflight-fresh: no install command for the provider role: $(cat "$tmp/preflight-fresh.out")"
  grep -qxF '[missing] queue — run: animus plugin install-defaults' "$tmp/preflight-fresh.out" ||
    fail "preflight-fresh: no install command for the queue role: $(cat "$tmp/preflight-fresh.out")"
fi
# in another fresh home, preflight --auto-install serves every role from the image alone (offline)
# (a path without the space of $tmp: extra_env is split into words)
home2=$(mktemp -d "${TMPDIR:-/tmp}/animus-smoke-home2.XXXXXX")
if extra_env="HOME=$home2" run preflight-auto 0 "$img/bin/animus" daemon preflight --auto-install --yes; then
  for role in provider subject_backend workflow_runner queue; do
    grep -q "^\[ok\] $role " "$tmp/preflight-auto.out" ||
      fail "preflight-auto: role $role is not served after --auto-install: $(cat "$tmp/preflight-auto.out")"
  done
fi
rm -rf "$home2"
if run install-defaults 0 "$img/bin/animus" plugin install-defaults --include-subjects --yes; then
  grep -q '^\[ok\] cli (provider)' "$tmp/install-defaults.out" ||
    fail "install-defaults: the bundled cli provider was not installed: $(cat "$tmp/install-defaults.out")"
  grep -q '^\[ok\] tasks (subject_backend)' "$tmp/install-defaults.out" ||
    fail "install-defaults: the bundled tasks backend was not installed: $(cat "$tmp/install-defaults.out")"
  grep -q '^\[ok\] queue (queue)' "$tmp/install-defaults.out" ||
    fail "install-defaults: the bundled queue was not installed: $(cat "$tmp/install-defaults.out")"
  if run queue-enqueue 0 "$img/bin/animus" plugin call queue queue/enqueue --params '{"subject_id":"task:1"}'; then
    grep -q '"created": true' "$tmp/queue-enqueue.out" ||
      fail "queue-enqueue: the bundled queue made no entry: $(cat "$tmp/queue-enqueue.out")"
    # dropped again: the daemon below must not find work it was not given
    entry=$(sed -n 's/.*"id" *: *"\(q:[0-9]*\)".*/\1/p' "$tmp/queue-enqueue.out" | head -n 1)
    run queue-drop 0 "$img/bin/animus" plugin call queue queue/drop --params "{\"entry_id\":\"$entry\"}"
  fi
  mkdir -p "$tmp/work/.animus/providers"
  printf 'command = ["%s", "a-z", "A-Z"]\n' "$(command -v tr)" > "$tmp/work/.animus/providers/cli.toml"
  if run agent-cli 0 "$img/bin/animus" agent run --provider cli --prompt 'hello from the smoke test'; then
    grep -q 'HELLO FROM THE SMOKE TEST' "$tmp/agent-cli.out" ||
      fail "agent-cli: stdout was '$(cat "$tmp/agent-cli.out")', expected the upper-cased prompt"
  fi
fi

# the daemon: started in the background by the image's launcher, a call through it from another
# process, its status, then a stop that leaves no daemon and no socket
if run daemon-start 0 "$img/bin/animus" daemon start --skip-preflight; then
  daemon_pid=$(sed -n 's/^daemon started: pid \([0-9]*\), socket .*/\1/p' "$tmp/daemon-start.out")
  [ -n "$daemon_pid" ] || fail "daemon-start: stdout was '$(cat "$tmp/daemon-start.out")'"
  run daemon-call 0 "$img/bin/animus" plugin call echo reverse --params '{"text":"xyz"}' &&
    expect_out daemon-call '{
  "text": "zyx"
}'
  if run daemon-plugins 0 "$img/bin/animus" plugin status --json; then
    grep -q '"ready"' "$tmp/daemon-plugins.out" || fail "daemon-plugins: the daemon's echo is not ready: $(cat "$tmp/daemon-plugins.out")"
  fi
  if [ -f "$tmp/work/.animus/providers/cli.toml" ] &&
      run daemon-agent 0 "$img/bin/animus" agent run --provider cli --prompt 'through the daemon'; then
    grep -q 'THROUGH THE DAEMON' "$tmp/daemon-agent.out" ||
      fail "daemon-agent: stdout was '$(cat "$tmp/daemon-agent.out")', expected the upper-cased prompt"
  fi
  # the bundled tasks backend through the daemon: every verb, while a second client's watch sees
  # the changes in order (created, updated, status-changed, deleted)
  (cd "$tmp/work" && exec timeout 60 env -i PATH="$tmp/tools" HOME="$tmp/home" "$img/bin/animus" --json \
      subject watch --kind task >"$tmp/watch.out" 2>"$tmp/watch.err" </dev/null) &
  watch_pid=$!
  i=0
  until grep -q 'watching kind task' "$tmp/watch.err" 2>/dev/null || [ $i -ge 600 ]; do i=$((i + 1)); sleep 0.05; done
  grep -q 'watching kind task' "$tmp/watch.err" || fail "subject-watch: no 'watching kind task' on stderr: $(cat "$tmp/watch.err")"
  if run task-create 0 "$img/bin/animus" subject create --kind task --title 'smoke task' &&
      run task-second 0 "$img/bin/animus" subject create --kind task --title 'next one' --priority 1; then
    id=$(cat "$tmp/task-create.out") second=$(cat "$tmp/task-second.out")
    run task-list 0 "$img/bin/animus" subject list --kind task &&
      { grep -q "^$id .*smoke task" "$tmp/task-list.out" || fail "task-list: no $id in $(cat "$tmp/task-list.out")"; }
    run task-update 0 "$img/bin/animus" subject update "$id" --label +smoke --comment 'looked at'
    run task-status 0 "$img/bin/animus" subject status "$id" in-progress
    run task-next 0 "$img/bin/animus" --json subject next --kind task &&
      { grep -q "\"id\" *: *\"$second\"" "$tmp/task-next.out" || fail "task-next: expected $second, got $(cat "$tmp/task-next.out")"; }
    run task-delete 0 "$img/bin/animus" subject delete "$id" --yes
    run task-delete-second 0 "$img/bin/animus" subject delete "$second" --yes
    i=0
    until [ "$(grep -c "\"id\":\"$id\"" "$tmp/watch.out" 2>/dev/null)" -ge 4 ] || [ $i -ge 600 ]; do i=$((i + 1)); sleep 0.05; done
    seen=$(grep "\"id\":\"$id\"" "$tmp/watch.out" | sed -n 's/.*"change_kind":"\([a-z-]*\)".*/\1/p' | tr '\n' ' ')
    [ "$seen" = "created updated status-changed deleted " ] ||
      fail "subject-watch: the watch saw '$seen' for $id, expected 'created updated status-changed deleted'; $(cat "$tmp/watch.out" "$tmp/watch.err")"
  fi
  kill -INT "$watch_pid" 2>/dev/null || true
  wait "$watch_pid" 2>/dev/null || true
  run daemon-status 0 "$img/bin/animus" daemon status
  run daemon-stop 0 "$img/bin/animus" daemon stop
  if [ -n "$daemon_pid" ] && kill -0 "$daemon_pid" 2>/dev/null; then
    fail "daemon-stop: daemon $daemon_pid still runs"
    kill -9 "$daemon_pid" 2>/dev/null || true
  fi
  for sock in "$tmp/home/.animus/run/"*.sock; do
    [ ! -e "$sock" ] || fail "daemon-stop: its socket $sock is left"
  done
fi

wait "$conformance" || {
  cat "$tmp/conformance.log" >&2
  fail "conformance: a first-party plugin failed its checks (above)"
}
rm -rf "$home3"

# the tour, as the README runs it: both chapters (the example plugin, then the work loop of a
# daemon with the bundled defaults), in a throwaway home of its own, leaving no process behind
if run tour 0 "$img/bin/animus" tour; then
  grep -q 'The work loop' "$tmp/tour.out" || fail "tour: the work-loop chapter did not run: $(cat "$tmp/tour.out")"
  grep -q 'SAY HELLO: FROM THE TOUR' "$tmp/tour.out" ||
    fail "tour: the task's comment (the provider's output) is not shown: $(cat "$tmp/tour.out")"
  grep -q '^Done\.' "$tmp/tour.out" || fail "tour: no 'Done.' line: $(cat "$tmp/tour.out")"
  no_err tour
fi
left=$(ps -e -o pid=,args= | grep -F "$tmp/install dir" | grep -v grep || true)
[ -z "$left" ] || fail "tour: processes of the image are left running: $left"

# --version --verbose: the commit and date the build recorded, the platform, the runtime
if run version-verbose 0 "$img/bin/animus" --version --verbose; then
  sed -n 2p "$tmp/version-verbose.out" | grep -Eq '^commit:   ([0-9a-f]{40}|unknown)$' ||
    fail "version-verbose: no commit line in '$(cat "$tmp/version-verbose.out")'"
  grep -q '^built:    [0-9]' "$tmp/version-verbose.out" || fail "version-verbose: no build date in '$(cat "$tmp/version-verbose.out")'"
  grep -q '^platform: linux/' "$tmp/version-verbose.out" || fail "version-verbose: no platform in '$(cat "$tmp/version-verbose.out")'"
  grep -q '^runtime:  ' "$tmp/version-verbose.out" || fail "version-verbose: no runtime in '$(cat "$tmp/version-verbose.out")'"
  no_err version-verbose
fi

# man pages: one per command, roff, and they render (man, else groff, else mandoc; else only the files)
man1="$img/share/man/man1"
for page in animus.1 animus-plugin.1 animus-plugin-install.1 animus-plugin-call.1 animus-completion.1; do
  [ -s "$man1/$page" ] || { fail "the tarball has no animus-$version/share/man/man1/$page"; continue; }
  [ "$(head -n 1 "$man1/$page")" = "'\\\" t" ] || fail "man page $page does not start with a roff preamble: $(head -n 1 "$man1/$page")"
  grep -q '^\.TH "ANIMUS' "$man1/$page" || fail "man page $page has no .TH header"
done
if [ -e "$man1/animus-__complete.1" ] || [ -e "$man1/animus-train.1" ]; then fail "a hidden command has a man page"; fi
if command -v man >/dev/null 2>&1; then render="man -l"
elif command -v groff >/dev/null 2>&1; then render="groff -man -Tutf8"
elif command -v mandoc >/dev/null 2>&1; then render="mandoc"
else render=""; echo "smoke-test: neither man, groff nor mandoc here: the man pages are checked as files only" >&2
fi
if [ -n "$render" ] && [ -s "$man1/animus-plugin-install.1" ]; then
  if MANWIDTH=80 $render "$man1/animus-plugin-install.1" >"$tmp/man.out" 2>"$tmp/man.err"; then
    grep -q 'animus plugin install' "$tmp/man.out" || fail "man: '$render animus-plugin-install.1' shows no synopsis: $(head -c 400 "$tmp/man.out")"
    grep -q 'NAME' "$tmp/man.out" || fail "man: '$render animus-plugin-install.1' shows no NAME section"
  else
    fail "man: '$render animus-plugin-install.1' failed: $(cat "$tmp/man.err")"
  fi
fi

grep -q 'animus' "$img/completions/animus.bash" || fail "completions/animus.bash does not mention animus"
if grep -q 'train' "$img/completions/animus.bash"; then fail "completions/animus.bash offers the hidden 'train'"; fi

if [ "$failures" -ne 0 ]; then
  echo "smoke-test: $failures check(s) failed" >&2
  exit 1
fi
echo "smoke-test: all checks passed" >&2
