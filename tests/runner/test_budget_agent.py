"""A spec's ``budget.usd`` through the whole CLI: the real SDK and CLI against the fake model, which prices
its (fake) usage past the spec's budget although the run's ``max_budget_usd`` is far higher."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, tool_use

from .conftest import demo_environ, run_cli

pytestmark = pytest.mark.agent

SPEC = """---
budget: {usd: 0.25}
---
# Cheapest first
## Preconditions
- The demo shop runs
## Steps
1. Open the help page and look around
2. Verify the help center greets the visitor
"""


def test_a_spec_budget_in_usd_ends_the_agent_and_is_reported_next_to_the_cost(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "budget.md").write_text(SPEC)
    with FakeAnthropic() as fake:
        # A known model name makes the CLI price the usage: 2M input tokens cost several dollars.
        fake.script(
            tool_use("navigate", {"url": "/help.html", "step": 1}, usage={"input_tokens": 2_000_000}),
            tool_use("snapshot", {"step": 1}),
        )
        env = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "claude-config")))
        out = run_cli(
            [
                "run",
                "specs",
                "--json",
                "--model",
                "claude-sonnet-4-5",
                "--max-budget-usd",
                "50",
                "--output",
                "out",
            ],
            cwd=project,
            env=env,
            timeout=240,
        )
    assert out.returncode == 3, out.stderr
    [spec] = json.loads(out.stdout)["specs"]
    assert spec["outcome"] == "error"
    assert spec["guardrail"]["name"] == "budget.usd" and spec["guardrail"]["limit"] == 0.25
    assert spec["usage"]["cost_usd"] > 0.25
    assert spec["triage"]["class"] == "agent_or_cache"
    assert spec["reason"].startswith("guardrail budget.usd tripped")
    html = next((project / "out").glob("*/report.html")).read_text()
    assert f"budget $0.25 — used ${spec['usage']['cost_usd']:.4f}" in html
