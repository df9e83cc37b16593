# Hooks are advice the host asks for (docs/lifecycle.md#hooks-and-events): each is a request named
# after the hook; an answer of another shape is read as abstaining. This one classifies commands
# by their first word; lifecycle events it receives are written to stderr.

STREAMING = False
CANCELLATION = False
READ_ONLY = {"ls", "cat", "head", "tail", "grep", "find", "pwd", "echo", "wc", "diff", "stat", "which"}
DANGEROUS = ("rm -rf", "sudo ", "mkfs", "dd if=", "| sh", "| bash", "chmod -R 777")


def setup(init_extensions):
    pass


def command_risk(i, params):
    command = params.get("command")
    if not isinstance(command, str) or not command:
        raise Invalid("command is required")
    first = command.split()[0] if command.split() else ""
    if any(d in command for d in DANGEROUS):
        return {"read_only": 0.0, "low_risk": 0.1, "high_risk": 0.9}
    if first in READ_ONLY:
        return {"read_only": 0.9, "low_risk": 0.08, "high_risk": 0.02}
    return {"read_only": 0.2, "low_risk": 0.6, "high_risk": 0.2}


def event(params):
    sys.stderr.write("%s: event %s of %s\n" % (MANIFEST["name"], params.get("event"), params.get("agent")))


HANDLERS = {"hook/classify.command-risk": command_risk}
NOTIFICATIONS = {"hook/event": event}
