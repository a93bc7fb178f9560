from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer
from local_actions import LocalRunner, load_workflow, workflow_block

DEMO_SPECS = SPECS_DIR


@pytest.fixture
def demo_project(tmp_path: Path) -> Path:
    """A project folder holding a copy of the bundled demo specs (and their steps/ library)."""
    project = tmp_path / "project"
    shutil.copytree(DEMO_SPECS, project / "specs")
    (project / "autoqa.toml").write_text('artifacts = "fail"\n')
    return project


def demo_environ(server: DemoServer, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_"))}
    env.update(
        AUTOQA_BASE_URL=server.url,
        AUTOQA_USERNAME=server.credentials.username,
        AUTOQA_PASSWORD=server.credentials.password,
    )
    if server.bugs:
        # A bug build's wrong total or label is there when the page is: the check that fails on it fails
        # after any wait, and the default 5 s is time the suite only waits (what passes there is at once)
        env["AUTOQA_ASSERTION_TIMEOUT_MS"] = "1500"
    env.update(extra)
    return env


def run_cli(
    args: list[str], *, cwd: Path, env: dict[str, str], timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "autoqa", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# --- the README's GitHub Actions example, run locally once per session -----------------------------------

CI_SPECS = ("01-login.md", "02-bad-password.md", "03-checkout.md", "05-long-list.md")
"""Four demo specs over three shards: shard 1 runs 01 and 05, shard 2 runs 02, shard 3 runs 03 (which
starts from 01's login, so 01 runs there too). With the demo's ``total`` bug 03 fails."""


@pytest.fixture(scope="session")
def ci_example(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalRunner]:
    """The README workflow's jobs run on this machine (see ``tests/local_actions.py``): three shards
    against the demo shop with the ``total`` bug, then the merge job."""
    from autoqa.demo_app.accounts import DEFAULT_PASSWORD

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    with socket.socket() as probe:  # the example's fixed port, made free for a machine running other tests
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    workflow = load_workflow(workflow_block(readme).replace("8000", str(port)))
    root = tmp_path_factory.mktemp("ci-example")
    specs = root / "project" / "specs"
    shutil.copytree(DEMO_SPECS / "steps", specs / "steps")
    for name in CI_SPECS:
        shutil.copy(DEMO_SPECS / name, specs / name)
    machine = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("AUTOQA_", "ANTHROPIC_", "CLAUDE_", "GITHUB_", "RUNNER_")) and k != "CI"
    }
    if os.environ.get("AUTOQA_BROWSER_PATH"):
        machine["AUTOQA_BROWSER_PATH"] = os.environ["AUTOQA_BROWSER_PATH"]
    machine["AUTOQA_DEMO_BUGS"] = "total"  # read by the demo server the example starts
    runner = LocalRunner(
        workflow,
        project=root / "project",
        workdir=root,
        venv=Path(sys.prefix),
        environ=machine,
        secrets={"AUTOQA_PASSWORD": DEFAULT_PASSWORD},
    )
    try:
        runner.run_all()
        yield runner
    finally:
        runner.close()
