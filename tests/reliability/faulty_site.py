"""Sites that misbehave on purpose, for the reliability campaign's site faults.

:class:`FaultySite` is a tiny threaded HTTP server on 127.0.0.1: normal pages, a page that answers 500, a
page slower than any navigation timeout a test sets, and a page whose content arrives by ``fetch`` from an
API that answers too late. Slow handlers wait on the server's stop event, so ``stop()`` is prompt even with
a request pending.

:func:`demo_app_process` runs the demo shop in a child process, so a test can SIGKILL the app mid-run.
:func:`demo_project` and :func:`with_pause` build the small spec sets the fault tests run.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from urllib.parse import parse_qs, urlsplit

from autoqa.demo_app.accounts import Credentials

from .harness import SECRET_PASSWORD

SLOW_S = 30.0
"""How long the slow routes take: far past any timeout a campaign test sets."""

_PAGES = {
    "/": "<h1>Faulty site</h1><p>Everything is fine here.</p>",
    "/ok.html": "<h1>Welcome</h1><p>Everything is fine here.</p>",
    "/broken.html": "<h1>Internal Server Error</h1><p>Something went wrong on our side.</p>",
    "/slow.html": "<h1>Slow page</h1>",
    # The report appears only when /api/report answers, which is too late for any assertion timeout.
    "/report.html": (
        "<h1>Report</h1><p id='status'>Loading report…</p>"
        "<script>fetch('/api/report').then(r => r.text())"
        ".then(t => { document.getElementById('status').textContent = t; });</script>"
    ),
}
_STATUS = {"/broken.html": 500}


@dataclass
class _State:
    stopping: threading.Event
    slow_s: float


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        state = self.server.state
        if path in ("/slow.html", "/api/report"):
            seconds = float(parse_qs(urlsplit(self.path).query).get("s", [state.slow_s])[0])
            if state.stopping.wait(seconds):
                return  # stopping: drop the connection
        if path == "/api/report":
            self._answer(200, "Report ready: 3 rows", "text/plain")
        elif path in _PAGES:
            body = f"<!doctype html><title>Faulty {path}</title>{_PAGES[path]}"
            self._answer(_STATUS.get(path, 200), body, "text/html")
        else:
            self._answer(404, "<!doctype html><title>Not found</title><h1>Not found</h1>", "text/html")

    def _answer(self, status: int, body: str, kind: str) -> None:
        data = body.encode()
        with contextlib.suppress(OSError):  # the browser may have given up on a slow answer
            self.send_response(status)
            self.send_header("Content-Type", f"{kind}; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, state: _State) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.state = state


class FaultySite:
    """``with FaultySite() as site: site.url`` → ``http://127.0.0.1:PORT``."""

    def __init__(self, slow_s: float = SLOW_S) -> None:
        self._state = _State(threading.Event(), slow_s)
        self._server = _Server(self._state)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> FaultySite:
        self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._state.stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)


_DEMO_CHILD = """
import sys, threading
from autoqa.demo_app.server import DemoServer
server = DemoServer(password=sys.argv[1]).start()
print(server.url, flush=True)
threading.Event().wait()
"""


@contextlib.contextmanager
def demo_app_process(password: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """The demo shop in a child process: yields (process, base URL); kills it on exit if still alive.

    The child does not carry the campaign tag, so killing it is the test's fault, not a leftover of the run.
    """
    env = {k: v for k, v in os.environ.items() if k != "AUTOQA_CAMPAIGN_TAG"}
    proc = subprocess.Popen(
        [sys.executable, "-c", _DEMO_CHILD, password], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), f"the demo app did not start: {url!r}"
        yield proc, url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()


def closed_port_url() -> str:
    """A URL on 127.0.0.1 where nothing listens (a port bound once and released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


# --- specs and projects ----------------------------------------------------------------------------------

CREDENTIALS = Credentials.resolve(None, SECRET_PASSWORD)
"""What the demo shop started with ``password=SECRET_PASSWORD`` accepts."""
DEMO_SPECS = ("01-login.md", "02-bad-password.md", "03-checkout.md")


def plain_spec(title: str, *steps: str) -> str:
    """A spec whose steps are the plain-grammar sentences ``steps``."""
    numbered = "\n".join(f"{n}. {step}" for n, step in enumerate(steps, 1))
    return f"# {title}\n\n## Preconditions\n- none\n\n## Steps\n{numbered}\n"


def with_pause(spec_text: str, before_step: int, pause: str = "Wait 1 second") -> str:
    """``spec_text`` with a ``pause`` step inserted as step ``before_step`` (later steps renumbered).

    A fault fired on the pause's ``step.started`` lands while nothing touches the browser or the app, so
    the step that meets it first is always ``before_step + 1``: no race with the watcher's polling.
    """

    def renumber(match: re.Match[str]) -> str:
        number = int(match.group(1))
        if number < before_step:
            return match.group(0)
        prefix = f"{before_step}. {pause}\n" if number == before_step else ""
        return f"{prefix}{number + 1}. "

    return re.sub(r"^(\d+)\. ", renumber, spec_text, flags=re.MULTILINE)


LOGIN_PAGE = plain_spec("Login page still there", "Navigate to /login.html", 'Verify "Log in" is visible')


def demo_project(project: Path, *, pause_checkout_before: int | None = None, **extra: str) -> Path:
    """The demo project cut to 01-login, 02-bad-password, 03-checkout, plus ``extra`` specs (name=text)."""
    specs = project / "specs"
    for path in specs.glob("*.md"):
        if path.name not in DEMO_SPECS:
            path.unlink()
    if pause_checkout_before is not None:
        checkout = specs / "03-checkout.md"
        checkout.write_text(with_pause(checkout.read_text(), pause_checkout_before))
    for name, text in extra.items():
        (specs / f"{name}.md").write_text(text)
    return project
