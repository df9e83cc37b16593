# A provider runs agent sessions (docs/protocol.md#providers). This one is a stand-in model: it
# streams "You said: <prompt>" word by word. Replace _reply with a call to your model or CLI.
import uuid

STREAMING = True
CANCELLATION = True
_runs = {}  # control_session_id -> threading.Event, set when the host cancels the run
_conversations = {}  # this provider's own session id -> the prompts so far


def setup(init_extensions):
    pass


def _reply(prompts):
    return "You said: " + prompts[-1]


def _start(i, params, conversation):
    prompt = params.get("prompt")
    if not isinstance(prompt, str) or not prompt:
        raise Invalid("prompt is required (a non-empty string)")
    session = params.get("control_session_id")
    if not isinstance(session, str) or not session:
        raise Invalid("control_session_id is required")
    if session in _runs:
        raise Invalid("a run with control_session_id %s is in progress" % session)
    cancelled = threading.Event()
    _runs[session] = cancelled
    conversation.append(prompt)
    threading.Thread(target=_stream, args=(i, session, conversation, cancelled), daemon=True).start()
    return None  # the thread answers, after the last notification


def _stream(i, session, conversation, cancelled):
    words = _reply(conversation).split(" ")
    text = []
    try:
        for k, word in enumerate(words):
            if cancelled.is_set():
                answer(i, {"exit_code": 130, "output": "".join(text), "metadata": {"cancelled": True}})
                return
            piece = word if k == len(words) - 1 else word + " "
            notify("agent/output", {"session_id": session, "text": piece, "final": k == len(words) - 1})
            text.append(piece)
            time.sleep(0.02)
        own = "{{name}}-" + uuid.uuid4().hex[:12]
        _conversations[own] = conversation
        answer(i, {"exit_code": 0, "output": "".join(text), "metadata": {"words": len(words)}, "session_id": own})
    finally:
        _runs.pop(session, None)


def run(i, params):
    return _start(i, params, [])


def resume(i, params):
    own = params.get("session_id")
    if own not in _conversations:
        raise Invalid("no session %r: resume one that an earlier result named" % (own,))
    return _start(i, params, list(_conversations[own]))


def cancel(i, params):
    event = _runs.get(params.get("session_id"))
    if event is None:
        return {"cancelled": False}  # unknown, or already done
    event.set()
    return {"cancelled": True}


HANDLERS = {"agent/run": run, "agent/resume": resume, "agent/cancel": cancel}
NOTIFICATIONS = {}
