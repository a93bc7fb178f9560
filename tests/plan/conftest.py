"""A small site of the test's own, served on 127.0.0.1, that records every request it gets: a crawl that
must not follow a link or submit a form is checked by what reached the server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


@dataclass
class RecordingSite:
    pages: dict[str, str] = field(default_factory=dict)
    """Path → HTML; anything else is a 404 page."""
    requests: list[str] = field(default_factory=list)
    """Every request's path and query, in order."""
    url: str = ""

    def requested(self, prefix: str) -> list[str]:
        return [r for r in self.requests if r.startswith(prefix)]


def _serve(site: RecordingSite) -> tuple[ThreadingHTTPServer, threading.Thread]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            return None

        def do_GET(self) -> None:
            site.requests.append(self.path)
            body = site.pages.get(self.path.split("?")[0])
            status = 200 if body is not None else 404
            data = (body or "<!doctype html><title>Not found</title><h1>Not found</h1>").encode()
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_POST = do_GET

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    site.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


@pytest.fixture
def recording_sites() -> Iterator[tuple[RecordingSite, RecordingSite]]:
    """``(app, elsewhere)``: two sites on two origins, each recording what it was asked for."""
    app, elsewhere = RecordingSite(), RecordingSite()
    servers = [_serve(app), _serve(elsewhere)]
    try:
        yield app, elsewhere
    finally:
        for server, _ in servers:
            server.shutdown()
            server.server_close()
