"""`--connect ws://…`: specs run in a browser served by a local `playwright run-server`."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import playwright
import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.results import Outcome
from autoqa.runner.run import RunRequest, execute_run, prepare_run

from .conftest import demo_environ


def _registry_tree(root: Path) -> Path:
    """A PLAYWRIGHT_BROWSERS_PATH layout whose headless shell is the system one (no download needed)."""
    browsers = json.loads((Path(playwright.__file__).parent / "driver/package/browsers.json").read_text())
    revision = next(b["revision"] for b in browsers["browsers"] if b["name"] == "chromium-headless-shell")
    system = shutil.which("chromium-headless-shell")
    if system is None:
        pytest.skip("needs chromium-headless-shell on PATH to build a Playwright registry tree")
    target = root / f"chromium_headless_shell-{revision}" / "chrome-headless-shell-linux64"
    target.mkdir(parents=True)
    (target / "chrome-headless-shell").symlink_to(system)
    for marker in ("INSTALLATION_COMPLETE", "DEPENDENCIES_VALIDATED"):
        (target.parent / marker).touch()
    return root


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def run_server(tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    env = {"PATH": "/usr/bin:/bin", "PLAYWRIGHT_BROWSERS_PATH": str(_registry_tree(tmp_path / "browsers"))}
    proc = subprocess.Popen(
        [sys.executable, "-m", "playwright", "run-server", "--port", str(port), "--host", "127.0.0.1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # the wrapper starts a node server: stop the whole group
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.1)
    try:
        yield f"ws://127.0.0.1:{port}/"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=15)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the node server too, should it outlive its wrapper


async def test_specs_run_in_a_remote_browser(
    demo_project: Path, demo_server: DemoServer, run_server: str
) -> None:
    request = RunRequest(
        paths=("specs/01-login.md", "specs/05-long-list.md"),
        root=demo_project,
        cli={"connect": run_server},
        cli_vars={},
        keyword=None,
        environ=demo_environ(demo_server),
        project_root=demo_project,
    )
    run = await execute_run(prepare_run(request))
    assert [s.outcome for s in run.specs] == [Outcome.PASSED, Outcome.PASSED], [s.reason for s in run.specs]


async def test_an_unreachable_endpoint_is_an_infrastructure_error(
    demo_project: Path, demo_server: DemoServer
) -> None:
    request = RunRequest(
        paths=("specs/05-long-list.md",),
        root=demo_project,
        cli={"connect": f"ws://127.0.0.1:{_free_port()}/"},
        cli_vars={},
        keyword=None,
        environ=demo_environ(demo_server),
        project_root=demo_project,
    )
    run = await execute_run(prepare_run(request))
    (result,) = run.specs
    assert result.outcome is Outcome.ERROR
    assert "could not connect to remote browser" in (result.reason or "")
