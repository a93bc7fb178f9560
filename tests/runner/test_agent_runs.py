"""The agent path through the whole CLI: real SDK + bundled CLI against the fake model server."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, result_json, text, tool_use

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


def test_a_conditional_step_with_nothing_to_do_is_skipped_cached_and_exported(
    demo_project: Path, demo_server: DemoServer, tmp_path: Path
) -> None:
    """'Accept the cookie banner if shown' on a page without one: the model does nothing for it, the step
    is skipped (not a missing-evidence failure), the cache goes past it and export is not refused."""
    spec = demo_project / "specs" / "07-cookie-agent.md"
    spec.write_text(
        "# Cookie banner\n## Preconditions\n- none\n## Steps\n"
        "1. Navigate to /playground.html\n"
        "2. Accept the cookie banner if shown\n"
        "3. Check that the page heading says Playground\n"
    )
    with FakeAnthropic() as fake:
        fake.script(
            tool_use("navigate", {"url": "/playground.html", "step": 1}),
            tool_use("snapshot", {"step": 2}),
            tool_use("assert_text_present", {"text": "Playground", "step": 3}),
            tool_use("finish", {"status": "passed", "summary": "no banner; heading shown"}),
            text("done"),
        )
        env = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "claude-config")))
        out = run_cli(["run", "specs/07-cookie-agent.md", "--json"], cwd=demo_project, env=env, timeout=240)
        system = fake.message_requests[0].system_text if fake.message_requests else ""
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)["specs"][0]
    assert result["outcome"] == "passed", result
    assert [s["status"] for s in result["steps"]] == ["passed", "skipped", "passed"]
    assert "2. Accept the cookie banner (optional" in system  # the model is told it may be absent
    assert "export_error" not in json.dumps(result["artifacts"]), result["artifacts"]
    cache = json.loads(next((demo_project / "specs" / ".autoqa").rglob("*07-cookie-agent*.json")).read_text())
    assert [step["index"] for step in cache["steps"]] == [1, 2, 3]


def test_a_stubborn_model_repeating_a_click_on_a_missing_target_ends_failed_with_default_guardrails(
    demo_project: Path, demo_server: DemoServer, tmp_path: Path
) -> None:
    """The same impossible click until the guardrails stop it: three misses open the circuit, the refusals
    that follow spend the step's attempts, and the spec is the app's failure (exit 1), not a tool error."""
    spec = demo_project / "specs" / "08-stubborn-agent.md"
    spec.write_text(
        "# Stubborn\n## Preconditions\n- none\n## Steps\n"
        "1. Navigate to /playground.html\n"
        "2. Sign up for the newsletter with the big button\n"
    )
    with FakeAnthropic() as fake:
        fake.script(
            tool_use("navigate", {"url": "/playground.html", "step": 1}),
            *[tool_use("click", {"target": "Sign up now", "step": 2}, id=f"toolu_s{i}") for i in range(8)],
            tool_use("finish", {"status": "passed", "summary": "signed up"}),
            text("done"),
        )
        env = demo_environ(demo_server, **offline_env(fake.url, str(tmp_path / "claude-config")))
        out = run_cli(["run", "specs/08-stubborn-agent.md", "--json"], cwd=demo_project, env=env, timeout=240)
        refusals = [
            summary
            for r in fake.message_requests
            for block in r.tool_results()
            if (summary := result_json(block)) and summary.get("error", {}).get("code") == "CIRCUIT_OPEN"
        ]
    assert out.returncode == 1, (out.stdout[-2000:], out.stderr[-2000:])
    result = json.loads(out.stdout)["specs"][0]
    assert result["outcome"] == "failed", result
    assert result["failed_step"] == 2
    assert "its attempts ran out" in result["reason"] and "ELEMENT_NOT_FOUND" in result["reason"]
    assert "Sign up now" in result["reason"]  # the evidence: what was not on the page
    assert result["guardrail"]["name"] == "max_retries_per_step"
    # Judged by the last call that ran (the missing target), not by the refusals that followed it.
    assert result["triage"]["class"] in ("app_bug", "app_change"), result["triage"]
    assert "CIRCUIT_OPEN" not in result["triage"]["evidence"], result["triage"]
    assert refusals and all("attempts_left" in r["error"] for r in refusals), refusals


SHOP = "<!doctype html><title>Shop</title><h1>Shop</h1>{banner}<p>Welcome</p>"
BANNER = (
    '<div role="dialog" aria-label="Cookies"><p>We use cookies.</p>'
    "<button onclick=\"this.parentElement.remove(); document.querySelector('p').textContent='Cookies "
    "accepted'\">Accept cookies</button></div>"
)


def test_skip_step_on_a_conditional_step_is_recorded_cached_as_a_probe_replayed_and_exported(
    site: tuple[Path, str], tmp_path: Path
) -> None:
    """No banner when the agent runs: it calls skip_step with its reason and the button it looked for. The
    step is skipped with that reason; the cache and the exported test hold a "click it if present" probe, so
    a replay on a page that now shows the banner clicks it. skip_step on a required step is refused."""
    folder, base_url = site
    (folder / "shop.html").write_text(SHOP.format(banner=""))
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "autoqa.toml").write_text('artifacts = "fail"\n')
    (project / "specs" / "cookies.md").write_text(
        "# Cookie banner\n## Preconditions\n- none\n## Steps\n"
        # step 1 is no plain step, so the model does the whole spec (plain steps first would run without it)
        "1. Bring up the shop\n"
        "2. Accept the cookie banner if there is one\n"
        '3. Verify "Shop" is visible\n'
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "ANTHROPIC_"))}
    with FakeAnthropic() as fake:
        fake.script(
            tool_use("navigate", {"url": "/shop.html", "step": 1}),
            tool_use("skip_step", {"step": 1, "reason": "done already"}, id="toolu_bad_skip"),
            tool_use("snapshot", {"step": 2}),
            tool_use(
                "skip_step",
                {"step": 2, "reason": "no cookie banner on the page", "target": "Accept cookies"},
                id="toolu_skip",
            ),
            tool_use("assert_text_present", {"text": "Shop", "step": 3}),
            tool_use("finish", {"status": "passed", "summary": "no banner; heading shown"}),
            text("done"),
        )
        env.update(AUTOQA_BASE_URL=base_url, **offline_env(fake.url, str(tmp_path / "claude-config")))
        first = run_cli(["run", "specs/cookies.md", "--json"], cwd=project, env=env, timeout=240)
        system = fake.message_requests[0].system_text if fake.message_requests else ""
        offered = fake.message_requests[0].tool_names if fake.message_requests else []
        refused = next(r for r in fake.message_requests if r.tool_result("toolu_bad_skip")).tool_result(
            "toolu_bad_skip"
        )
    assert first.returncode == 0, (first.stdout[-2000:], first.stderr[-2000:])
    result = json.loads(first.stdout)["specs"][0]
    assert result["outcome"] == "passed" and result["executor"] == "agent", result
    assert "mcp__browser__skip_step" in offered and "(optional: skip_step if its target is missing)" in system
    assert refused is not None and "step 1 is not optional" in json.dumps(refused)
    step2 = result["steps"][1]
    assert step2["status"] == "skipped", step2
    assert "no cookie banner on the page" in step2["reason"] and "Accept cookies" in step2["reason"]

    cache = json.loads(next((project / "specs" / ".autoqa").glob("*cookies*.json")).read_text())
    cached = cache["steps"][1]
    assert cached["skipped_when_recorded"] is True
    assert [(c["tool"], c["args"]) for c in cached["calls"]] == [("click", {"target": "Accept cookies"})]
    exported = Path(result["artifacts"]["exported_test"]).read_text()
    assert "if _is_shown(optional_element):" in exported and "Accept cookies" in exported, exported

    # The banner shows up now: the replay's probe finds it and clicks it, no model involved.
    (folder / "shop.html").write_text(SHOP.format(banner=BANNER))
    second = run_cli(["run", "specs/cookies.md", "--json", "--agent", "never"], cwd=project, env=env)
    assert second.returncode == 0, (second.stdout[-2000:], second.stderr[-2000:])
    replayed = json.loads(second.stdout)["specs"][0]
    assert replayed["executor"] == "replay", replayed
    step2 = replayed["steps"][1]
    assert step2["status"] == "passed", step2
    assert [(c["tool"], c["ok"]) for c in step2["tool_calls"]] == [("click", True)]
