# A trigger backend tells the host what happened outside (docs/protocol.md#triggers). This one is a
# clock: every interval_secs (the plugin's table in .animus/triggers.toml, default 60) an event.
# Replace _poll with what your trigger watches.

STREAMING = True
CANCELLATION = False
_state = {"thread": None, "stop": threading.Event()}


def setup(init_extensions):
    pass


def _poll(n):
    return {"event_id": "{{name}}-%d" % n, "cursor": str(n), "payload": {"title": "tick %d" % n, "at": now()}}


def _emit(first, interval, hint, stop):
    n = first
    while not stop.wait(interval):
        n += 1
        event = _poll(n)
        if hint:
            event["action_hint"] = hint
        notify("trigger/event", event)


def watch(i, params):
    config = params.get("config") or {}
    interval = config.get("interval_secs", 60)
    if isinstance(interval, bool) or not isinstance(interval, (int, float)) or interval <= 0:
        raise Invalid("config.interval_secs must be a positive number of seconds")
    hint = config.get("action_hint")
    if hint is not None and not isinstance(hint, str):
        raise Invalid("config.action_hint must be a string (create_task, run_workflow)")
    cursor = params.get("cursor")
    first = int(cursor) if isinstance(cursor, str) and cursor.isdigit() else 0
    _state["stop"].set()  # a new watch replaces the last one
    _state["stop"] = threading.Event()
    answer(i, {})  # answered at once; the events follow
    _state["thread"] = threading.Thread(target=_emit, args=(first, interval, hint, _state["stop"]), daemon=True)
    _state["thread"].start()
    return None


def ack(params):
    sys.stderr.write("%s: event %s %s\n" % (MANIFEST["name"], params.get("event_id"), params.get("status")))


HANDLERS = {"trigger/watch": watch}
NOTIFICATIONS = {"trigger/ack": ack}
