"""A spec whose first steps are plain and whose later ones need the model, through the whole CLI (real SDK,
bundled CLI, fake model server): the plain steps run as plain steps — no model turn, a failure final — and
the model takes over at the first step the grammar does not read, told that the steps before it are done
and judged on the rest. A plain-only step (a drag) before it works in such a spec."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, text, tool_use

from .conftest import demo_environ, run_cli

pytestmark = pytest.mark.agent

SPEC = """# Login form, then a judgement
## Preconditions
- none
## Steps
1. Open /login.html
2. Type "demo" in the "{field}" field
3. Check that the login form looks ready to submit
"""


def _run(
    project: Path, server: DemoServer, tmp_path: Path, field: str
) -> tuple[dict[str, object], FakeAnthropic]:
    (project / "specs" / "mixed.md").write_text(SPEC.replace("{field}", field))
    fake = FakeAnthropic()
    with fake:
        fake.script(
            tool_use("assert_element_visible", {"target": '"Log in" button', "step": 3}),
            tool_use("finish", {"status": "passed", "summary": "the form is ready"}),
            text("done"),
        )
        env = demo_environ(server, **offline_env(fake.url, str(tmp_path / "claude-config")))
        out = run_cli(["run", "specs/mixed.md", "--json"], cwd=project, env=env, timeout=240)
    data = json.loads(out.stdout)
    result = data["specs"][0]
    assert isinstance(result, dict), out.stderr
    return result, fake


def test_the_plain_steps_run_without_the_model_which_takes_over_after_them(
    demo_project: Path, demo_server: DemoServer, tmp_path: Path
) -> None:
    result, fake = _run(demo_project, demo_server, tmp_path, "Username")
    assert result["outcome"] == "passed" and result["executor"] == "plain+agent", result
    calls = {s["index"]: [c["tool"] for c in s["tool_calls"]] for s in result["steps"]}
    assert calls == {1: ["navigate"], 2: ["fill"], 3: ["assert_element_visible"]}, calls
    # the model saw only step 3 as a step to do, and was told the two before it were done
    first = fake.message_requests[0].body
    system = json.dumps(first.get("system"))
    opening = json.dumps(first["messages"][0])
    assert "Steps before step 3 were done without you and passed" in opening, opening
    assert "Already done as plain steps, without you: 1. Open /login.html; 2. Type" in system, system
    assert "3. Check that the login form looks ready to submit" in system


def test_a_plain_step_that_fails_ends_the_spec_before_the_model_is_asked(
    demo_project: Path, demo_server: DemoServer, tmp_path: Path
) -> None:
    result, fake = _run(demo_project, demo_server, tmp_path, "Nickname")
    statuses = [s["status"] for s in result["steps"]]
    assert result["outcome"] == "failed" and statuses == ["passed", "failed", "not_run"], result
    assert result["executor"] == "plain", result
    assert fake.message_requests == [], "the model was asked after a plain step failed"
