# A subject backend holds work items of the kind {{subject_kind}} (docs/protocol.md#subject-backends),
# here in a JSON file of the project it is bound to: <project>/.animus/subjects/{{name}}.json.
# Replace _load/_save with your tracker's API.

STREAMING = True
CANCELLATION = False
KIND = SUBJECT_KINDS[0]
STATUSES = ("ready", "in-progress", "blocked", "done", "cancelled")
_store = {"path": None, "next": 1, "subjects": {}}
_watches = {}  # the watch request's id -> its filter
_lock = threading.Lock()


def setup(init_extensions):
    root = (init_extensions.get("project_binding") or {}).get("project_root") or os.getcwd()
    _store["path"] = os.path.join(root, ".animus", "subjects", "{{name}}.json")
    if os.path.exists(_store["path"]):
        with open(_store["path"]) as f:
            saved = json.load(f)
        _store["next"], _store["subjects"] = saved["next"], saved["subjects"]


def _save():
    os.makedirs(os.path.dirname(_store["path"]), exist_ok=True)
    tmp = _store["path"] + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"next": _store["next"], "subjects": _store["subjects"]}, f)
    os.replace(tmp, _store["path"])  # a crash leaves the old file or the new one, never half of one


def _selected(s, f):
    return ((not f.get("kind") or s["kind"] in f["kind"])
            and (not f.get("status") or s["status"] in f["status"])
            and (not f.get("assignee") or s.get("assignee") in f["assignee"])
            and (not f.get("labels_any") or set(f["labels_any"]) & set(s["labels"]))
            and (not f.get("labels_all") or set(f["labels_all"]) <= set(s["labels"]))
            and (not f.get("updated_since") or s["updated_at"] >= f["updated_since"]))


def _changed(change_kind, subject_id, subject=None):
    for watch, f in list(_watches.items()):
        if subject is None or _selected(subject, f):
            event = {"id": subject_id, "change_kind": change_kind}
            if subject is not None:
                event["subject"] = subject
            notify("subject/changed", {"id": watch, "event": event})


def _get(params):
    s = _store["subjects"].get(params.get("id"))
    if s is None:
        raise Invalid("no subject %r" % (params.get("id"),))
    return s


def list_(i, params):
    f = params.get("filter") or {}
    rows = sorted((s for s in _store["subjects"].values() if _selected(s, f)),
                  key=lambda s: (s["updated_at"], s["id"]), reverse=True)
    start, limit = int(f.get("cursor") or 0), int(f.get("limit") or 100)
    result = {"subjects": rows[start:start + limit]}
    if start + limit < len(rows):
        result["next_cursor"] = str(start + limit)
    return result


def get(i, params):
    return {"subject": _get(params)}


def create(i, params):
    title = params.get("title")
    if not isinstance(title, str) or not title.strip():
        raise Invalid("title is required (a non-empty string)")
    with _lock:
        t = now()
        s = {"id": "%s:%d" % (KIND, _store["next"]), "kind": KIND, "title": title, "status": "ready",
             "labels": list(params.get("labels") or []), "children": [], "created_at": t, "updated_at": t,
             "custom": {}}
        for field in ("description", "priority", "assignee", "parent"):
            if field in params:
                s[field] = params[field]
        _store["next"] += 1
        _store["subjects"][s["id"]] = s
        _save()
    _changed("created", s["id"], s)
    return {"subject": s}


def _patch(s, patch):
    before = s["status"]
    if "status" in patch:
        if patch["status"] not in STATUSES:
            raise Invalid("status must be one of " + ", ".join(STATUSES))
        s["status"] = patch["status"]
    if "assignee" in patch:
        if patch["assignee"] is None:
            s.pop("assignee", None)
        else:
            s["assignee"] = patch["assignee"]
    s["labels"] = [l for l in s["labels"] + [l for l in patch.get("labels_add", []) if l not in s["labels"]]
                   if l not in patch.get("labels_remove", [])]
    if "comment" in patch:
        s["custom"].setdefault("comments", []).append({"at": now(), "text": patch["comment"]})
    if isinstance(patch.get("custom"), dict):
        s["custom"].update(patch["custom"])
    s["updated_at"] = now()
    _save()
    _changed("status-changed" if s["status"] != before else "updated", s["id"], s)
    return {"subject": s}


def update(i, params):
    with _lock:
        return _patch(_get(params), params.get("patch") or {})


def status(i, params):
    with _lock:
        return _patch(_get(params), {"status": params.get("status")})


def delete(i, params):
    with _lock:
        s = _get(params)
        del _store["subjects"][s["id"]]
        _save()
    _changed("deleted", s["id"])
    return {"ok": True}


def next_(i, params):
    ready = sorted((s for s in _store["subjects"].values() if s["status"] == "ready"),
                   key=lambda s: (s.get("priority", 256), s["created_at"], s["id"]))
    return {"subject": ready[0]} if ready else {}


def schema(i, params):
    return {"kinds": [KIND], "status_values": list(STATUSES), "supports_watch": True, "supports_create": True,
            "supports_delete": True, "supports_pagination": True, "custom_fields": []}


def watch(i, params):
    answer(i, {})  # answered first; the changes follow as subject/changed
    _watches[i] = params.get("filter") or {}
    return None


HANDLERS = {KIND + "/" + verb: fn for verb, fn in [
    ("list", list_), ("get", get), ("create", create), ("update", update), ("status", status),
    ("delete", delete), ("next", next_), ("schema", schema)]}
HANDLERS["subject/watch"] = watch
NOTIFICATIONS = {"subject/unwatch": lambda params: _watches.pop(params.get("watch_id"), None)}
