#!/usr/bin/env python3
# {{name}}: an Animus plugin ({{kind}}), written by `animus plugin new`. One file, no dependencies
# but Python 3.8+; the protocol is docs/protocol.md of the Animus repository.
# Check it with: animus plugin conformance ./{{exe}}
import datetime, json, os, sys, threading, time

MANIFEST = json.loads(r"""{{manifest_json}}""")
PROTOCOL = MANIFEST["protocol_version"]
METHODS = [c for c in MANIFEST["capabilities"] if not c.startswith(("subject_kind:", "$"))]
SUBJECT_KINDS = [c[len("subject_kind:"):] for c in MANIFEST["capabilities"] if c.startswith("subject_kind:")]
STARTED = time.monotonic()
_out = threading.Lock()
_ready = threading.Event()


def send(frame):
    """One frame: compact JSON on one line, flushed, under one lock (frames never interleave)."""
    with _out:
        sys.stdout.write(json.dumps(frame, separators=(",", ":")) + "\n")
        sys.stdout.flush()


def answer(i, result):
    send({"jsonrpc": "2.0", "id": i, "result": result})


def fail(i, code, message, data=None):
    error = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    send({"jsonrpc": "2.0", "id": i, "error": error})


def notify(method, params):
    send({"jsonrpc": "2.0", "method": method, "params": params})


def log(level, message, **fields):
    """A structured log record for the host (stderr is for humans)."""
    notify("log/entry", {"level": level, "message": message, "target": MANIFEST["name"], "fields": fields})


def now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Invalid(Exception):
    """Bad params: answered -32602 with the message."""


def frames():
    """The host's frames: JSON values, not lines (several in a read, two on a line, one over several)."""
    decoder, buf = json.JSONDecoder(), ""
    for chunk in iter(lambda: os.read(0, 65536), b""):
        buf += chunk.decode("utf-8", "replace")
        while True:
            buf = buf.lstrip()
            if not buf:
                break
            try:
                value, end = decoder.raw_decode(buf)
            except json.JSONDecodeError as e:
                if e.pos >= len(buf):
                    break  # the value goes on in the next read
                line, _, buf = buf.partition("\n")
                sys.stderr.write("%s: skipped input that is not JSON: %r\n" % (MANIFEST["name"], line[:120]))
                continue
            buf = buf[end:]
            if isinstance(value, dict):
                yield value


def initialize(i, params):
    theirs = str(params.get("protocol_version", ""))
    if theirs.split(".")[0] != PROTOCOL.split(".")[0]:
        fail(i, -32602, "host speaks protocol %s but %s speaks %s" % (theirs, MANIFEST["name"], PROTOCOL))
        return
    setup(params.get("init_extensions") or {})
    answer(i, {"protocol_version": PROTOCOL,
               "plugin_info": {"name": MANIFEST["name"], "version": MANIFEST["version"],
                               "plugin_kind": MANIFEST["plugin_kind"], "description": MANIFEST["description"]},
               "capabilities": {"methods": METHODS, "streaming": STREAMING, "progress": False,
                                "cancellation": CANCELLATION, "subject_kinds": SUBJECT_KINDS}})


def request(i, method, params):
    if method == "initialize":
        initialize(i, params)
    elif method in ("$/ping", "shutdown"):
        answer(i, {})
    elif method == "health/check":
        answer(i, {"status": "healthy", "uptime_ms": int((time.monotonic() - STARTED) * 1000)})
    elif not _ready.is_set():
        fail(i, -32000, "not initialized: %s came before initialized" % method)
    elif method in HANDLERS:
        try:
            result = HANDLERS[method](i, params)
        except Invalid as e:
            fail(i, -32602, "%s: %s" % (method, e))
            return
        if result is not None:
            answer(i, result)
    else:
        fail(i, -32601, "method not found: " + method)


def main():
    if sys.argv[1:] == ["--manifest"]:
        print(json.dumps(MANIFEST))
        return
    for m in frames():
        method, i, params = m.get("method"), m.get("id"), m.get("params")
        params = params if isinstance(params, dict) else {}
        if not isinstance(method, str):
            continue  # an answer: this plugin sends the host no requests
        if i is None:
            if method == "initialized":
                _ready.set()
            elif method == "exit":
                os._exit(0)
            elif method in NOTIFICATIONS:
                NOTIFICATIONS[method](params)
            continue
        request(i, method, params)
    os._exit(0)  # the end of stdin: the host closed it or has gone


# --- the {{kind}} part ----------------------------------------------------------------------------
{{kind_code}}

if __name__ == "__main__":
    main()
