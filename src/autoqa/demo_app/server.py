"""``DemoServer``: the bundled demo shop on 127.0.0.1, served from a daemon thread.

::

    with DemoServer(bugs=("total",)) as server:
        page.goto(server.url + "/login.html")

``bugs=None`` reads ``AUTOQA_DEMO_BUGS`` (comma-separated); pass ``()`` to force a bug-free shop. Credentials
default to ``AUTOQA_DEMO_USERNAME`` / ``AUTOQA_DEMO_PASSWORD``, then ``demo`` / ``demo-pass-123``.
See CONTRACT.md for every page the shop offers.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from types import TracebackType

from autoqa.demo_app.accounts import Credentials, SessionStore
from autoqa.demo_app.bugs import parse_bugs
from autoqa.demo_app.handler import DemoHTTPServer, DemoState, RequestCount

POLL_INTERVAL_S = 0.05  # how often the serving loop notices stop(); keeps stop() prompt


class DemoServer:
    """The demo shop in a background thread. ``start()`` binds a free port unless ``port`` is given."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        bugs: Iterable[str] | str | None = None,
        username: str | None = None,
        password: str | None = None,
        quiet: bool = True,
    ) -> None:
        self.host = host
        self.port = port
        self.bugs: frozenset[str] = parse_bugs(bugs)
        self.credentials = Credentials.resolve(username, password)
        self.quiet = quiet
        self._httpd: DemoHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._deletions = RequestCount()

    @property
    def deletion_requests(self) -> int:
        """``POST /api/data-deletion`` requests received so far (the "Delete my data" form was submitted)."""
        return self._deletions.count

    @property
    def username(self) -> str:
        return self.credentials.username

    @property
    def url(self) -> str:
        """``http://HOST:PORT`` without a trailing slash; only valid once started."""
        if self._httpd is None:
            raise RuntimeError("DemoServer is not running; call start() first")
        return f"http://{self.host}:{self.port}"

    def start(self) -> DemoServer:
        if self._httpd is not None:
            raise RuntimeError(f"DemoServer is already running at {self.url}")
        state = DemoState(
            bugs=self.bugs,
            credentials=self.credentials,
            sessions=SessionStore(),
            stopping=self._stopping,
            quiet=self.quiet,
            deletions=self._deletions,
        )
        self._stopping.clear()
        try:
            httpd = DemoHTTPServer((self.host, self.port), state)
        except OSError as exc:
            raise OSError(
                exc.errno, f"demo server cannot listen on {self.host}:{self.port}: {exc.strerror}"
            ) from exc
        self.port = int(httpd.server_address[1])
        self._httpd = httpd
        self._thread = threading.Thread(
            target=httpd.serve_forever,
            kwargs={"poll_interval": POLL_INTERVAL_S},
            name=f"autoqa-demo-{self.port}",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; returns promptly even while a ``/slow`` request is pending. Idempotent."""
        httpd, thread = self._httpd, self._thread
        if httpd is None:
            return
        self._stopping.set()
        httpd.shutdown()
        httpd.server_close()
        if thread is not None:
            thread.join(timeout=5)
        self._httpd = self._thread = None

    def __enter__(self) -> DemoServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        where = self.url if self._httpd else "not running"
        return f"DemoServer({where}, bugs={sorted(self.bugs)})"


def serve_forever(
    host: str = "127.0.0.1",
    port: int = 8000,
    bugs: Iterable[str] | str | None = None,
    *,
    quiet: bool = True,
) -> None:
    """Run the demo shop in the foreground for ``autoqa demo --serve``; Ctrl-C stops it."""
    server = DemoServer(host, port, bugs=bugs, quiet=quiet).start()
    bug_text = ", ".join(sorted(server.bugs)) or "none"
    print(
        f"AutoQA demo shop running at {server.url}/ (bugs: {bug_text}; user: {server.username})", flush=True
    )
    print("Press Ctrl-C to stop.", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        print("Demo shop stopped.", flush=True)
