"""A local relay between the Claude Code CLI and the Messages API that keeps the history lean.

The CLI is started with ``ANTHROPIC_BASE_URL`` pointing here; every request is passed on to the real
upstream (the user's ``ANTHROPIC_BASE_URL`` or ``https://api.anthropic.com``) with the same method, path,
query and headers (credentials included, never read or logged), and the answer streams back unchanged.
Only model request bodies change: :func:`autoqa.agent.history.lean_request` replaces superseded images
with a short text. Responses are copied as they arrive (server-sent events included), so streaming and
the CLI's own timeouts and retries behave as without the relay.

The upstream is reached with the standard library (``urllib``), which honours ``HTTPS_PROXY`` /
``NO_PROXY`` and ``SSL_CERT_FILE``. When the upstream cannot be reached the CLI gets a 502 in the
Messages API's error format, which it reports (and retries) like any API error.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import ssl
import threading
import urllib.error
import urllib.request
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from autoqa.agent.history import KEEP_IMAGES, lean_request
from autoqa.config.masking import mask_url

log = logging.getLogger(__name__)

DEFAULT_UPSTREAM = "https://api.anthropic.com"
UPSTREAM_TIMEOUT_S = 600.0
"""Socket timeout towards the upstream: a stream may pause between events, the CLI has its own limits."""
HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "host",
        "content-length",
    }
)
OTHER_PROVIDERS = (
    "CLAUDE_CODE_USE_BEDROCK",
    "CLAUDE_CODE_USE_VERTEX",
    "CLAUDE_CODE_USE_FOUNDRY",
    "CLAUDE_CODE_USE_MANTLE",
    "CLAUDE_CODE_USE_ANTHROPIC_AWS",
    "CLAUDE_CODE_USE_ANTHROPIC_GOOGLE_CLOUD",
    "ANTHROPIC_UNIX_SOCKET",
)
"""Settings under which the CLI does not talk to ``ANTHROPIC_BASE_URL``: no relay, the history stays full."""


def relay_upstream(env: Mapping[str, str]) -> str | None:
    """The upstream a relay should forward to, or ``None`` when the CLI would not use one (another
    provider than the Messages API over HTTP)."""
    for name in OTHER_PROVIDERS:
        if env.get(name, "").strip() not in ("", "0", "false"):
            return None
    base = env.get("ANTHROPIC_BASE_URL", "").strip() or DEFAULT_UPSTREAM
    if not base.startswith(("http://", "https://")):
        return None
    return base.rstrip("/")


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    """Built once per process, and only for an ``https`` upstream: loading the system's CA store costs
    ~50 ms, which would otherwise delay every agent session's start."""
    context = ssl.create_default_context()
    extra = os.environ.get("NODE_EXTRA_CA_CERTS")  # what the CLI itself would trust in addition
    if extra:
        try:
            context.load_verify_locations(cafile=extra)
        except (OSError, ssl.SSLError) as exc:
            log.warning("history relay: cannot load NODE_EXTRA_CA_CERTS: %s", exc)
    return context


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # the CLI sees the redirect itself, as it would without the relay


class HistoryRelay:
    """Relays the CLI's API traffic to ``upstream`` on ``127.0.0.1`` (free port), in a daemon thread."""

    def __init__(self, upstream: str, *, keep_images: int = KEEP_IMAGES) -> None:
        self.upstream = upstream.rstrip("/")
        self.keep_images = keep_images
        self.requests = 0
        self.images_dropped = 0
        self._lock = threading.Lock()
        handlers: list[Any] = [_NoRedirect()]
        if self.upstream.startswith("https://"):
            handlers.insert(0, urllib.request.HTTPSHandler(context=_ssl_context()))
        self._opener = urllib.request.build_opener(*handlers)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        if self._server is None:
            raise RuntimeError("HistoryRelay is not started")
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> HistoryRelay:
        if self._server is None:
            self._server = _Server(("127.0.0.1", 0), _handler(self))
            self._thread = threading.Thread(
                target=self._server.serve_forever, args=(0.05,), name="autoqa-history-relay", daemon=True
            )
            self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> HistoryRelay:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _lean(self, method: str, path: str, raw: bytes) -> bytes:
        if method != "POST" or not path.split("?", 1)[0].rstrip("/").endswith("/v1/messages"):
            return raw
        try:
            body, dropped = lean_request(raw, self.keep_images)
        except Exception as exc:  # never let the rewrite break a request: send it as it was
            log.warning("history relay: request left as it was: %s: %s", type(exc).__name__, exc)
            return raw
        with self._lock:
            self.requests += 1
            self.images_dropped += dropped
        return body


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        log.debug("history relay: connection ended early", exc_info=True)


def _handler(relay: HistoryRelay) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            return

        def _body(self) -> bytes:
            if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                chunks: list[bytes] = []
                while True:
                    size = int(self.rfile.readline().split(b";", 1)[0].strip() or b"0", 16)
                    if size == 0:
                        while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                            pass
                        return b"".join(chunks)
                    chunks.append(self.rfile.read(size))
                    self.rfile.readline()
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length else b""

        def _relay(self) -> None:
            raw = self._body()
            data = relay._lean(self.command, self.path, raw)
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            request = urllib.request.Request(
                relay.upstream + self.path,
                data=data if (data or self.command in ("POST", "PUT", "PATCH")) else None,
                headers=headers,
                method=self.command,
            )
            try:
                response: Any = relay._opener.open(request, timeout=UPSTREAM_TIMEOUT_S)
            except urllib.error.HTTPError as error:
                response = error  # an API error answer: passed on as it is
            except (urllib.error.URLError, OSError, ValueError) as exc:
                reason = getattr(exc, "reason", exc)
                self._fail(f"the history relay could not reach {mask_url(relay.upstream)}: {reason}")
                return
            with response:
                self._copy(response)

        def _copy(self, response: Any) -> None:
            status = getattr(response, "status", None) or response.getcode()
            self.send_response(status)
            length = response.headers.get("Content-Length")
            for key, value in response.headers.items():
                if key.lower() not in HOP_BY_HOP:
                    self.send_header(key, value)
            if length is not None:
                self.send_header("Content-Length", length)
            elif self.command != "HEAD":
                self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            if self.command == "HEAD":
                return
            read = getattr(response, "read1", None) or response.read
            try:
                while chunk := read(65536):
                    if length is None:
                        self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                    else:
                        self.wfile.write(chunk)
                    self.wfile.flush()
                if length is None:
                    self.wfile.write(b"0\r\n\r\n")
            except OSError as exc:  # a timeout, or the CLI hung up
                log.debug("history relay: stream ended early: %s", exc)
                self.close_connection = True

        def _fail(self, message: str) -> None:
            payload = {"type": "error", "error": {"type": "api_error", "message": message}}
            data = json.dumps(payload).encode()
            self.send_response(502)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_POST = do_GET = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = _relay

    return Handler
