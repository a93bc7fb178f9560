"""HTTP request handling for the demo shop: static pages, the login API, ``/slow`` and ``/status/<code>``."""

from __future__ import annotations

import html
import json
import sys
import threading
from dataclasses import dataclass, field
from http import HTTPStatus
from http.cookies import CookieError, SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from autoqa.demo_app.accounts import INVALID_MESSAGE, LOCKED_MESSAGE, Credentials, SessionStore
from autoqa.demo_app.bugs import KNOWN_BUGS
from autoqa.demo_app.flaky import FlakyCounter, parse_plan

STATIC_DIR = Path(__file__).resolve().parent / "static"
SPECS_DIR = Path(__file__).parent / "specs"
"""The example specs (the repository's top-level ``specs/``; a link here, so they ship with the package)."""
PROTECTED_PAGES = frozenset({"/products.html", "/cart.html", "/checkout.html", "/profile.html"})
MAX_SLOW_MS = 30_000
MAX_BODY_BYTES = 64 * 1024
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
}


class RequestCount:
    """How many requests an endpoint received, for tests: ``autoqa plan`` must not send one it was not
    allowed to (the "Delete my data" form), and must when it was."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = 0

    def note(self) -> None:
        with self._lock:
            self._count += 1

    @property
    def count(self) -> int:
        return self._count


@dataclass(frozen=True, slots=True)
class DemoState:
    """What every handler thread shares: configuration, sessions and the shutdown signal."""

    bugs: frozenset[str]
    credentials: Credentials
    sessions: SessionStore
    stopping: threading.Event
    quiet: bool
    flaky: FlakyCounter = field(default_factory=FlakyCounter)
    """Loads per token of ``/api/flaky`` (the flaky widget)."""
    deletions: RequestCount = field(default_factory=RequestCount)
    """``POST /api/data-deletion`` requests (the contact page's "Delete my data" form)."""


class DemoHTTPServer(ThreadingHTTPServer):
    # Handler threads never hold up shutdown: /slow waits on ``stopping`` and idle keep-alive
    # connections are daemon threads that die with the process.
    daemon_threads = True
    block_on_close = False
    request_queue_size = 64

    def __init__(self, address: tuple[str, int], state: DemoState) -> None:
        self.state = state
        super().__init__(address, DemoRequestHandler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that navigates away (or a test that times out) drops its connection mid-response;
        # that is normal for a test server, not worth a traceback on stderr.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def simple_page(title: str, body: str = "") -> bytes:
    text = (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<title>{html.escape(title)}</title><link rel="stylesheet" href="/style.css"></head>'
        f'<body><main class="container"><h1>{html.escape(title)}</h1>{body}</main></body></html>\n'
    )
    return text.encode()


class DemoRequestHandler(BaseHTTPRequestHandler):
    server: DemoHTTPServer
    protocol_version = "HTTP/1.1"
    server_version = "AutoQADemo/1.0"
    timeout = 60  # idle keep-alive connections give up after a minute

    # --- plumbing -------------------------------------------------------------------------------

    @property
    def state(self) -> DemoState:
        return self.server.state

    def log_message(self, format: str, *args: Any) -> None:
        if not self.state.quiet:
            sys.stderr.write(f"[demo] {self.address_string()} {format % args}\n")

    def send(
        self,
        status: int,
        body: bytes = b"",
        content_type: str = "text/html; charset=utf-8",
        headers: dict[str, str] | None = None,
    ) -> None:
        # 204/304 must not carry a body.
        if status in (204, 304):
            body = b""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD" and body:
            self.wfile.write(body)

    def send_json(self, status: int, payload: object, headers: dict[str, str] | None = None) -> None:
        self.send(status, json.dumps(payload).encode(), "application/json", headers)

    def redirect(self, location: str, headers: dict[str, str] | None = None) -> None:
        self.send(
            302 if self.command != "POST" else 303, b"", headers={"Location": location, **(headers or {})}
        )

    def session_token(self) -> str | None:
        cookie = SimpleCookie()
        try:
            cookie.load(self.headers.get("Cookie", ""))
        except CookieError:
            return None
        morsel = cookie.get("session")
        return morsel.value if morsel else None

    def read_body(self) -> bytes | None:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return None
        if length < 0 or length > MAX_BODY_BYTES:
            return None
        return self.rfile.read(length)

    # --- routing --------------------------------------------------------------------------------

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        path = url.path
        if path == "/config.js":
            self.send_config()
        elif path == "/slow":
            self.send_slow(url.query)
        elif path.startswith("/status/"):
            self.send_status(path.removeprefix("/status/"))
        elif path == "/api/flaky":
            self.send_flaky(url.query)
        elif path == "/api/session":
            user = self.state.sessions.user(self.session_token())
            if user:
                self.send_json(200, {"username": user})
            else:
                self.send_json(401, {"error": "Not logged in"})
        elif path == "/logout":
            self.state.sessions.close(self.session_token())
            self.redirect("/login.html", {"Set-Cookie": clear_cookie()})
        elif path in PROTECTED_PAGES and not self.state.sessions.user(self.session_token()):
            # Keep ?bugs=... so a redirected first visit still switches bugs on.
            self.redirect("/login.html" + (f"?{url.query}" if url.query else ""))
        else:
            self.send_static(path)

    do_HEAD = do_GET

    def do_POST(self) -> None:
        path = urlsplit(self.path).path
        if path == "/api/login":
            self.handle_login()
        elif path == "/api/logout":
            self.state.sessions.close(self.session_token())
            self.send_json(200, {"ok": True}, {"Set-Cookie": clear_cookie()})
        elif path == "/api/orders":
            self.handle_order()
        elif path == "/api/data-deletion":
            self.read_body()  # the email is not kept: the demo only counts that it was asked
            self.state.deletions.note()
            self.send_json(202, {"ok": True})
        else:
            self.send_json(404, {"error": f"no such endpoint: POST {path}"})

    # --- endpoints ------------------------------------------------------------------------------

    def handle_order(self) -> None:
        """``POST /api/orders``: 201, or 500 with the ``order-api`` bug (server-wide, or switched on in the
        page with ``?bugs=`` and sent as ``X-Demo-Bugs``)."""
        self.read_body()
        page_bugs = {b.strip() for b in self.headers.get("X-Demo-Bugs", "").split(",")}
        if "order-api" in self.state.bugs | page_bugs:
            self.send_json(500, {"error": "order service unavailable"})
        else:
            self.send_json(201, {"ok": True})

    def send_config(self) -> None:
        config = {"bugs": sorted(self.state.bugs), "knownBugs": sorted(KNOWN_BUGS)}
        body = f"window.AUTOQA_DEMO = {json.dumps(config)};\n".encode()
        self.send(200, body, CONTENT_TYPES[".js"])

    def send_slow(self, query: str) -> None:
        raw = parse_qs(query).get("ms", ["1000"])[0]
        try:
            ms = min(max(int(raw), 0), MAX_SLOW_MS)
        except ValueError:
            self.send(
                400, simple_page("Bad request", f"<p>ms must be an integer, got {html.escape(raw)}</p>")
            )
            return
        # Waiting on the shutdown event (not sleeping) lets stop() end a pending /slow at once.
        if self.state.stopping.wait(ms / 1000):
            self.close_connection = True
            self.send(503, simple_page("Server stopping"), headers={"Connection": "close"})
            return
        self.send(200, simple_page("Slow page", f"<p>Responded after {ms} ms</p>"))

    def send_flaky(self, query: str) -> None:
        try:
            plan = parse_plan(parse_qs(query))
        except ValueError as exc:
            self.send_json(400, {"error": str(exc)})
            return
        load = self.state.flaky.load(plan.token)
        if plan.fails_on(load):
            self.send_json(503, {"ok": False, "load": load})
        else:
            self.send_json(200, {"ok": True, "load": load})

    def send_status(self, raw: str) -> None:
        if not raw.isdigit() or not 200 <= int(raw) <= 599:
            self.send(400, simple_page("Bad request", "<p>Status code must be a number from 200 to 599</p>"))
            return
        code = int(raw)
        try:
            phrase = HTTPStatus(code).phrase
        except ValueError:
            phrase = ""
        self.send(code, simple_page(f"Status {code}", f"<p>{html.escape(phrase)}</p>"))

    def handle_login(self) -> None:
        body = self.read_body()
        content_type = self.headers.get("Content-Type", "")
        form_post = content_type.startswith("application/x-www-form-urlencoded")
        fields = parse_login(body, form_post)
        if fields is None:
            self.send_json(400, {"error": 'expected a JSON body {"username": ..., "password": ...}'})
            return
        username, password = fields
        outcome = self.state.credentials.check(username, password)
        if outcome == "ok":
            token = self.state.sessions.open(username)
            cookie = f"session={token}; Path=/; HttpOnly; SameSite=Lax"
            if form_post:  # the login form also works without JavaScript
                self.redirect("/products.html", {"Set-Cookie": cookie})
            else:
                self.send_json(200, {"username": username}, {"Set-Cookie": cookie})
            return
        message = LOCKED_MESSAGE if outcome == "locked" else INVALID_MESSAGE
        if form_post:
            self.redirect(f"/login.html?error={outcome}")
        else:
            self.send_json(401, {"error": message})

    def send_static(self, path: str) -> None:
        if path in ("", "/"):
            path = "/index.html"
        elif path == "/favicon.ico":
            path = "/favicon.svg"
        root = STATIC_DIR
        target = (root / path.lstrip("/")).resolve()
        if not target.is_relative_to(root) or not target.is_file():
            self.send(404, simple_page("Not found", f"<p>No page at {html.escape(path)}</p>"))
            return
        content_type = CONTENT_TYPES.get(target.suffix, "application/octet-stream")
        self.send(200, target.read_bytes(), content_type)


def clear_cookie() -> str:
    return "session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"


def parse_login(body: bytes | None, form_post: bool) -> tuple[str, str] | None:
    """``(username, password)`` from a JSON or form body, or ``None`` when the body is unusable."""
    if body is None:
        return None
    if form_post:
        form = parse_qs(body.decode("utf-8", "replace"))
        return form.get("username", [""])[0], form.get("password", [""])[0]
    try:
        data = json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    username, password = data.get("username", ""), data.get("password", "")
    if not isinstance(username, str) or not isinstance(password, str):
        return None
    return username, password
