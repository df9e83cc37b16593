STREAMING = False
CANCELLATION = True
_cancelled = set()


def setup(init_extensions):
    pass


def echo(i, params):
    """{{name}}/echo: answers its params."""
    return {"echo": params}


def wait(i, params):
    """{{name}}/wait {ms}: answers after ms milliseconds, or -32002 at once when the host cancels it."""
    ms = params.get("ms", 1000)
    if not isinstance(ms, int) or isinstance(ms, bool) or not 0 <= ms <= 600000:
        raise Invalid("ms must be a whole number of milliseconds from 0 to 600000")

    def work():
        deadline = time.monotonic() + ms / 1000
        while time.monotonic() < deadline:
            if i in _cancelled:
                _cancelled.discard(i)
                fail(i, -32002, "request cancelled")
                return
            time.sleep(0.01)
        answer(i, {"waited_ms": ms})

    threading.Thread(target=work, daemon=True).start()
    return None  # answered by the thread


HANDLERS = {"{{name}}/echo": echo, "{{name}}/wait": wait}
NOTIFICATIONS = {"$/cancelRequest": lambda params: _cancelled.add(params.get("id"))}
