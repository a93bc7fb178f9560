"""The agent path through the whole CLI: real SDK + bundled CLI against the fake model server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, text, tool_use

from .conftest import demo_environ, run_cli

pytestmark = pytest.mark.agent


def test_an_agent_spec_passes_on_evidence_and_the_password_never_reaches_the_model(
    demo_project: Path, demo_server: DemoServer, tmp_path: Path
) -> None:
    with FakeAnthropic() as fake:
        fake.script(
            tool_use("navigate", {"url": "/products.html", "step": 1}),
            tool_use("select_option", {"target": "Sort by", "option": "Price (low to high)", "step": 2}),
            tool_use("assert_text_present", {"text": "Onesie", "step": 3}),
            tool_use("finish", {"status": "passed", "summary": "cheapest first"}),
            text("done"),
        )
        env = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "claude-config")))
        out = run_cli(
            ["run", "specs/01-login.md", "specs/06-sorting-agent.md", "--json"],
            cwd=demo_project,
            env=env,
            timeout=240,
        )
        bodies = [json.dumps(r.body) for r in fake.requests]
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    agent = next(s for s in data["specs"] if s["path"].endswith("06-sorting-agent.md"))
    assert agent["outcome"] == "passed" and agent["executor"] == "agent"
    assert bodies, "the model was never called"
    assert not any(demo_server.credentials.password in body for body in bodies)


def test_finish_passed_without_evidence_fails_the_spec_with_exit_1(
    demo_project: Path, demo_server: DemoServer, tmp_path: Path
) -> None:
    with FakeAnthropic() as fake:
        fake.script(
            tool_use("navigate", {"url": "/products.html", "step": 1}),
            tool_use("select_option", {"target": "Sort by", "option": "Price (low to high)", "step": 2}),
            tool_use("finish", {"status": "passed", "summary": "looks sorted to me"}),
            text("done"),
        )
        env = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "claude-config")))
        out = run_cli(
            ["run", "specs/01-login.md", "specs/06-sorting-agent.md", "--json"],
            cwd=demo_project,
            env=env,
            timeout=240,
        )
    assert out.returncode == 1, out.stderr
    agent = next(s for s in json.loads(out.stdout)["specs"] if s["path"].endswith("06-sorting-agent.md"))
    assert agent["outcome"] == "failed"
    assert "no evidence for step 3" in agent["reason"]


def test_a_model_api_error_is_an_error_with_exit_3(
    demo_project: Path, demo_server: DemoServer, tmp_path: Path
) -> None:
    from autoqa.testing.fake_anthropic import http_error

    with FakeAnthropic() as fake:
        fake.script(*[http_error(529)] * 10)
        env = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "claude-config")))
        out = run_cli(
            ["run", "specs/01-login.md", "specs/06-sorting-agent.md", "--json"],
            cwd=demo_project,
            env=env,
            timeout=240,
        )
    assert out.returncode == 3, out.stderr
    agent = next(s for s in json.loads(out.stdout)["specs"] if s["path"].endswith("06-sorting-agent.md"))
    assert agent["outcome"] == "error"
    assert "529" in agent["reason"]
