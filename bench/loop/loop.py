#!/usr/bin/env python3
"""bench/loop's client (see run.sh): talks JSON-RPC over the daemon's control socket (NDJSON)."""
import json
import socket
import sys
import time


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
        time.sleep(0.01)
    elapsed = time.monotonic() - t0
    done = count - before
    status = c.call("workflow/status")
    t = status["timings"]
    added, total, run = t["added_us"], t["lease_to_done_us"], t["agent_run_us"]
    print(f"tasks: {count} (done after resume: {done}), concurrency {status['concurrency']}")
    print(f"throughput: {done / elapsed:.1f} tasks/s ({done} in {elapsed:.2f} s); target >= 50 tasks/s")
    print(f"lease to done (us): p50 {total['p50']} p90 {total['p90']} p99 {total['p99']}")
    print(f"provider run (us):  p50 {run['p50']} p90 {run['p90']} p99 {run['p99']}")
    print(f"added (us):         p50 {added['p50']} p90 {added['p90']} p99 {added['p99']}; target p50 <= 20000")


if __name__ == "__main__":
    main()
