# A log storage backend keeps the daemon's routed log entries (docs/protocol.md#log-storage), here
# in a JSON-lines file of the project: <project>/.animus/logs/{{name}}.jsonl.
import fnmatch

STREAMING = False
CANCELLATION = False
LEVELS = ["trace", "debug", "info", "warn", "error"]
_log = {"path": None, "entries": []}
_lock = threading.Lock()


def setup(init_extensions):
    root = (init_extensions.get("project_binding") or {}).get("project_root") or os.getcwd()
    _log["path"] = os.path.join(root, ".animus", "logs", "{{name}}.jsonl")
    if os.path.exists(_log["path"]):
        with open(_log["path"]) as f:
            _log["entries"] = [json.loads(line) for line in f if line.strip()]


def store(i, params):
    entries = params.get("entries")
    if not isinstance(entries, list):
        raise Invalid("entries must be an array of log entries")
    kept = [e for e in entries if isinstance(e, dict) and isinstance(e.get("message"), str)]
    with _lock:
        os.makedirs(os.path.dirname(_log["path"]), exist_ok=True)
        with open(_log["path"], "a") as f:
            for e in kept:
                f.write(json.dumps(e, separators=(",", ":")) + "\n")
        _log["entries"].extend(kept)
    return {"stored": len(kept)}


def _rank(level):
    return LEVELS.index(level) if level in LEVELS else LEVELS.index("info")


def query(i, params):
    min_level = params.get("min_level")
    if min_level is not None and min_level not in LEVELS:
        raise Invalid("min_level must be one of " + ", ".join(LEVELS))
    limit = params.get("limit", 100)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise Invalid("limit must be a positive whole number")

    def wanted(e):
        return ((min_level is None or _rank(e.get("level")) >= _rank(min_level))
                and all(params.get(k) is None or e.get(k) == params[k] for k in ("source", "source_name"))
                and (params.get("target_glob") is None or fnmatch.fnmatch(e.get("target", ""), params["target_glob"]))
                and (params.get("since") is None or e.get("ts", "") >= params["since"])
                and (params.get("until") is None or e.get("ts", "") < params["until"]))

    with _lock:
        matching = [e for e in _log["entries"] if wanted(e)]
    return {"entries": matching[-limit:]}  # the newest limit, oldest first


HANDLERS = {"log_storage/store": store, "log_storage/query": query}
NOTIFICATIONS = {}
