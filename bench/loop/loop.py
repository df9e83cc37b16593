#!/usr/bin/env python3
"""bench/loop's client (see run.sh): talks JSON-RPC over the daemon's control socket (NDJSON)."""
import json
import os
import socket
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(root):
    """CPU seconds of `root` and every descendant, by name: user + system, with reaped children's."""
    parent, stat = {}, {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                raw = f.read()
            with open(f"/proc/{d}/cmdline", "rb") as f:
                cmd = f.read().split(b"\0")
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2:].split()
        parent[int(d)] = int(fields[1])
        name = next((a.decode() for a in cmd if b"dev.animus" in a and b"/" in a), raw[raw.index("(") + 1:raw.rindex(")")])
        stat[int(d)] = (name.split("/")[0], sum(int(x) for x in fields[11:15]) / TICK)
    keep, changed = {root}, True
    while changed:
        changed = False
        for pid, pp in parent.items():
            if pp in keep and pid not in keep:
                keep.add(pid)
                changed = True
    out = {}
    for pid in keep:
        if pid in stat:
            name, secs = stat[pid]
            out[name] = out.get(name, 0) + secs
    return out


class Control:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.file = self.sock.makefile("rwb")
        self.next_id = 0

    def call(self, method, params=None):
        self.next_id += 1
        frame = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}}
        self.file.write((json.dumps(frame) + "\n").encode())
        self.file.flush()
        while True:
            line = self.file.readline()
            if not line:
                raise SystemExit("the daemon closed the socket")
            msg = json.loads(line)
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise SystemExit(f"{method}: {msg['error']}")
                return msg["result"]


def main():
    path, count = sys.argv[1], int(sys.argv[2])
    c = Control(path)
    c.call("workflow/pause")
    for i in range(count):
        c.call("subject/create", {"kind": "task", "title": f"bench task {i}", "labels": ["dispatch"]})
    deadline = time.monotonic() + 120
    while True:
        s = c.call("queue/stats")
        if s["pending"] + s["leased"] + s["done"] >= count:
            break
        if time.monotonic() > deadline:
            raise SystemExit(f"the dispatch did not queue {count} tasks: {s}")
        time.sleep(0.05)
    before = c.call("queue/stats")["done"]
    daemon = c.call("daemon/status")["pid"]
    cpu0 = tree_cpu(daemon)
    t0 = time.monotonic()
    c.call("workflow/resume")
    while True:
        s = c.call("queue/stats")
        if s["done"] >= count:
            break
        if s["failed"]:
            raise SystemExit(f"tasks failed: {s}")
        if time.monotonic() > t0 + 300:
            raise SystemExit(f"not all done after 300 s: {s}")
        # each poll is a call through the daemon to the queue: 20 a second keep its cost small and
        # the end's resolution at 50 ms (of a run of 20 s and more)
        time.sleep(0.05)
    elapsed = time.monotonic() - t0
    cpu1 = tree_cpu(daemon)
    done = count - before
    status = c.call("workflow/status")
    t = status["timings"]
    added, total, run = t["added_us"], t["lease_to_done_us"], t["agent_run_us"]
    print(f"tasks: {count} (done after resume: {done}), concurrency {status['concurrency']}")
    print(f"throughput: {done / elapsed:.1f} tasks/s ({done} in {elapsed:.2f} s); target >= 50 tasks/s")
    print(f"lease to done (us): p50 {total['p50']} p90 {total['p90']} p99 {total['p99']}")
    print(f"provider run (us):  p50 {run['p50']} p90 {run['p90']} p99 {run['p99']}")
    print(f"added (us):         p50 {added['p50']} p90 {added['p90']} p99 {added['p99']}; target p50 <= 20000")
    spent = {k: cpu1.get(k, 0) - cpu0.get(k, 0) for k in cpu1}
    total_cpu = sum(spent.values())
    parts = ", ".join(f"{k} {1000 * v / done:.1f}" for k, v in sorted(spent.items(), key=lambda kv: -kv[1]) if v > 0)
    print(f"CPU per task (ms, the daemon and its plugins): {1000 * total_cpu / done:.1f} = {parts}")


if __name__ == "__main__":
    main()
