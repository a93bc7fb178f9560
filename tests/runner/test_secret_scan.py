"""The password typed by a run appears in nothing the run writes or prints: every file of the run
folder (zip members included), the step cache, the exported tests, and the console output."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, text, tool_use
from autoqa.testing.secret_scan import files_containing

from .conftest import demo_environ, run_cli

pytestmark = pytest.mark.agent


def test_no_file_or_console_line_holds_the_password(
    demo_project: Path, demo_server: DemoServer, tmp_path: Path
) -> None:
    password = demo_server.credentials.password.encode()
    with FakeAnthropic() as fake:
        fake.script(
            tool_use("navigate", {"url": "/products.html", "step": 1}),
            tool_use("select_option", {"target": "Sort by", "option": "Price (low to high)", "step": 2}),
            tool_use("assert_text_present", {"text": "Onesie", "step": 3}),
            # A careless model echoes the placeholder; the tool substitutes, the logs must not show it.
            tool_use("finish", {"status": "passed", "summary": "done; password was {{PASSWORD}}"}),
            text("done"),
        )
        env = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "cfg")))
        out = run_cli(
            [
                "run",
                "specs/01-login.md",
                "specs/02-bad-password.md",
                "specs/06-sorting-agent.md",
                "--artifacts",
                "all",
                "--trace",
                "on",
            ],
            cwd=demo_project,
            env=env,
            timeout=300,
        )
        bodies = b"".join(str(r.body).encode() for r in fake.requests)
    assert out.returncode == 0, out.stderr
    run_dir = demo_project / "artifacts" / "latest"
    kept = {p.name for p in run_dir.resolve().rglob("*")}
    assert {"trace.zip", "transcript.jsonl", "events.jsonl", "ir.jsonl", "report.html"} <= kept
    assert files_containing(demo_project / "artifacts", password) == []
    assert files_containing(demo_project / "specs" / ".autoqa", password) == []
    assert files_containing(demo_project / "tests", password) == []
    assert password.decode() not in out.stdout + out.stderr
    assert password not in bodies
