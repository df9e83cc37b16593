# A transport serves the host to something else (docs/protocol.md#transports). This one answers
# HTTP on a loopback port: GET / with the daemon's web token (Authorization: Bearer <token>)
# says who it is. A real one reaches the host through control_socket_path (docs/daemon.md).
import http.server

STREAMING = False
CANCELLATION = False
_served = {"server": None, "info": None}


def setup(init_extensions):
    pass


def _handler(token):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.headers.get("Authorization") != "Bearer " + token:
                self.send_response(401)
                self.end_headers()
                return
            body = json.dumps({"plugin": MANIFEST["name"], "status": "ok"}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format, *args):
            pass  # never log a request line: the token may be in it

    return Handler


def start(i, params):
    token = params.get("auth_token")
    if not isinstance(token, str) or not token:
        raise Invalid("auth_token is required")
    host, _, port = str(params.get("bind_addr") or "127.0.0.1:0").rpartition(":")
    if not port.isdigit() or host not in ("127.0.0.1", "localhost", "[::1]"):
        raise Invalid("bind_addr must be a loopback host:port, e.g. 127.0.0.1:0")
    if _served["server"] is None:
        server = http.server.ThreadingHTTPServer((host.strip("[]"), int(port)), _handler(token))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        bound = "127.0.0.1:%d" % server.server_address[1]
        _served.update(server=server, info={"bound_addr": bound, "url": "http://%s/" % bound, "started_at": now()})
    return _served["info"]


def info(i, params):
    if _served["info"] is None:
        raise Invalid("not started: send transport/start first")
    return _served["info"]


def shutdown(i, params):
    if _served["server"] is not None:
        _served["server"].shutdown()
        _served["server"].server_close()
        _served.update(server=None, info=None)
    return {}


HANDLERS = {"transport/start": start, "transport/info": info, "transport/shutdown": shutdown}
NOTIFICATIONS = {}
