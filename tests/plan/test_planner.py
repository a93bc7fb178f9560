"""The model planner end to end: the real claude-agent-sdk and its bundled CLI against the fake Messages
API, the real ``autoqa plan`` process and Chromium. The model's flows are kept only if they pass when run;
it never sees a credential."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.testing.fake_anthropic import FakeAnthropic, http_error, offline_env, result_text, text, tool_use
from autoqa.testing.secret_scan import files_containing

pytestmark = pytest.mark.agent

PROPOSE = "mcp__planner__propose_spec"


def _spec(title: str, *steps: str) -> str:
    numbered = "\n".join(f"{n}. {step}" for n, step in enumerate(steps, start=1))
    head = f"---\ntitle: {title}\ntags: [flow]\n---\n# {title}\n\n"
    return head + f"## Preconditions\n- The shop runs\n\n## Steps\n{numbered}\n"


SUBSCRIBE = _spec(
    "Subscribe to the newsletter",
    "Navigate to /frame-form.html",
    'Fill "Email" with "qa@example.com"',
    'Click the "Subscribe" button\n   - Expected: "Subscribed: qa@example.com" is visible',
)
IMAGINED = _spec(  # what a model might imagine: the app says something else
    "Subscribing says welcome",
    "Navigate to /frame-form.html",
    'Fill "Email" with "qa@example.com"',
    'Click the "Subscribe" button\n   - Expected: "Welcome aboard!" is visible',
)
NOT_PLAIN = _spec("Vague", "Navigate to /frame-form.html", "Subscribe with a sensible address")
LOGIN = _spec(
    "Log in with the demo account",
    "Navigate to /login.html",
    'Fill "Username" with "{{USERNAME}}"',
    'Fill "Password" with "{{PASSWORD}}"',
    'Click the "Log in" button',
    'Verify the URL contains "/products.html"',
)


def _plan(demo: DemoServer, fake: FakeAnthropic, cwd: Path) -> tuple[subprocess.CompletedProcess[str], Path]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_", "CI"))}
    environ.update(offline_env(fake.url))
    environ.update(AUTOQA_USERNAME=demo.credentials.username, AUTOQA_PASSWORD=demo.credentials.password)
    out = subprocess.run(
        [sys.executable, "-m", "autoqa", "plan", "--url", demo.url + "/frame-form.html", "--output", "out"],
        cwd=cwd,
        env=environ,
        capture_output=True,
        text=True,
        timeout=240,
    )
    line = next((x for x in out.stdout.splitlines() if x.startswith("artifacts: ")), None)
    assert line is not None, out.stdout + out.stderr
    return out, cwd / line.removeprefix("artifacts: ")


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_model_flows_are_run_once_and_kept_or_rejected_by_what_the_app_did(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    with FakeAnthropic() as fake:
        fake.script(
            tool_use("mcp__planner__page_snapshot", {"path": "/frame-form.html"}),
            tool_use(PROPOSE, {"title": "Subscribe to the newsletter", "markdown": SUBSCRIBE}),
            tool_use(PROPOSE, {"title": "Subscribing says welcome", "markdown": IMAGINED}),
            tool_use(PROPOSE, {"title": "Vague", "markdown": NOT_PLAIN}, id="toolu_vague"),
            tool_use(PROPOSE, {"title": "Log in with the demo account", "markdown": LOGIN}),
            text("Proposed four flows."),
        )
        out, run = _plan(demo_server, fake, tmp_path)
        requests = fake.message_requests
    assert out.returncode == 0, out.stdout + out.stderr
    first = requests[0]
    offered = set(first.tool_names) - {"DeferredToolPlaceholder"}  # the CLI's own stub, not a tool
    assert offered == {"mcp__planner__page_snapshot", "mcp__planner__propose_spec"}
    assert "Verify the URL contains" in first.system_text  # the plain grammar, in the planner's prompt
    digest = json.dumps(first.body)
    assert (
        "/frame-form.html" in digest and "submitted_empty_showed" in digest and "Email is required" in digest
    )
    snapshot = result_text(requests[1].tool_results()[0])
    assert 'textbox "Email"' in snapshot
    refused = next(
        r for r in requests if any(b.get("tool_use_id") == "toolu_vague" for b in r.tool_results())
    )
    feedback = result_text(refused.tool_result("toolu_vague") or {})
    assert 'step 2 is not in the plain grammar: "Subscribe with a sensible address"' in feedback

    cases = {c["id"]: c for c in _json(run / "plan" / "test-plan.json")["cases"]}
    assert cases["flow-1-subscribe-to-the-newsletter"]["status"] == "kept"
    assert cases["flow-3-log-in-with-the-demo-account"]["status"] == "kept"  # the password went in, unseen
    imagined = cases["flow-2-subscribing-says-welcome"]
    assert (
        imagined["status"] == "rejected"
        and imagined["file"] == "plan/rejected/flow-2-subscribing-says-welcome.md"
    )
    assert imagined["reason"].startswith("failed at step 3:") and "Welcome aboard!" in imagined["reason"]
    assert {c["kind"] for c in cases.values()} == {"smoke", "form", "flow"}
    refusals = _json(run / "plan" / "test-plan.json")["refused_proposals"]
    assert [r["title"] for r in refusals] == ["Vague"]
    assert "{{PASSWORD}}" in (run / "plan/specs/flow-3-log-in-with-the-demo-account.md").read_text()

    password = demo_server.credentials.password.encode()
    assert not any(password in r.raw for r in fake.requests)  # never in a prompt, a tool result or history
    assert b"{{PASSWORD}}" in b"".join(r.raw for r in requests)
    assert files_containing(run, password) == []
    summary = _json(run / "plan" / "plan-summary.json")["planner"]
    assert (summary["proposals"], summary["accepted"], summary["refused"]) == (4, 3, 1)


def test_a_model_api_failure_keeps_the_smoke_specs_and_exits_3(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    with FakeAnthropic(http_error(529, "Overloaded")) as fake:
        out, run = _plan(demo_server, fake, tmp_path)
    assert out.returncode == 3, out.stdout + out.stderr
    assert "planner" in out.stderr and "529" in out.stderr
    cases = _json(run / "plan" / "test-plan.json")["cases"]
    assert {(c["kind"], c["status"]) for c in cases} == {("smoke", "kept"), ("form", "kept")}
    summary = _json(run / "plan" / "plan-summary.json")
    assert summary["exit_code"] == 3 and "529" in summary["planner"]["error"]
