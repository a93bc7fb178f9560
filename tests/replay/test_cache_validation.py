"""A cached spec meets the same evidence rules as a live run: a hand-edited or weak cache is reported
with its file and step and never replayed (real runner, real browser, the demo shop)."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.replay import StepCache
from autoqa.replay.keys import step_keys
from autoqa.results import Outcome
from autoqa.runner.run import RunRequest, execute_run, prepare_run
from autoqa.spec.loader import load_spec

CACHE = "specs/.autoqa/specs-login-form.json"
SPEC = """# Login form
## Preconditions
- The demo shop runs at {{BASE_URL}}
## Steps
1. Navigate to /login.html
2. Look the login form over as a returning customer would
3. Click "Log in"
4. Verify "Username" is visible
"""
CALLS: list[list[dict[str, Any]]] = [
    [{"tool": "navigate", "args": {"url": "/login.html"}}],
    [{"tool": "fill", "args": {"target": "Username", "value": "somebody"}}],
    [{"tool": "click", "args": {"target": "Log in"}}],
    [{"tool": "assert_text_present", "args": {"text": "Username"}}],
]  # fmt: skip


def _request(project: Path, server: DemoServer) -> RunRequest:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("AUTOQA_")}
    environ.update(
        AUTOQA_BASE_URL=server.url,
        AUTOQA_USERNAME=server.credentials.username,
        AUTOQA_PASSWORD=server.credentials.password,
    )
    return RunRequest(
        ("specs/login-form.md",), project, {"agent": "never"}, {}, None, environ, project_root=project
    )


@pytest.fixture
def cached_login(tmp_path: Path, demo_server: DemoServer) -> Path:
    """A project whose spec needs the agent (step 2) and whose step cache holds a good recording."""
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "login-form.md").write_text(SPEC)
    (project / "autoqa.toml").write_text('artifacts = "none"\nexport_on_pass = false\n')
    spec = load_spec(
        project / "specs" / "login-form.md", variables={"BASE_URL": demo_server.url}, root=project
    )
    steps = [
        {"index": step.index, "text": step.raw_text or step.text, "key": key, "calls": calls}
        for step, key, calls in zip(spec.steps, step_keys(spec.steps), CALLS, strict=True)
    ]
    (project / CACHE).parent.mkdir(parents=True)
    (project / CACHE).write_text(json.dumps({"version": 1, "spec": "specs/login-form.md", "steps": steps}))
    return project


def _edit(project: Path, change: Callable[[list[dict[str, Any]]], None]) -> None:
    path = project / CACHE
    data = json.loads(path.read_text())
    change(data["steps"])
    path.write_text(json.dumps(data, indent=2))


async def _replay(project: Path, server: DemoServer) -> Any:
    run = await execute_run(prepare_run(_request(project, server)))
    return run.specs[0]


async def test_the_untouched_cache_replays(cached_login: Path, demo_server: DemoServer) -> None:
    result = await _replay(cached_login, demo_server)
    assert result.outcome is Outcome.PASSED and result.executor == "replay", result.reason


async def test_a_non_optional_step_with_no_calls_is_an_error_naming_the_file(
    cached_login: Path, demo_server: DemoServer
) -> None:
    _edit(cached_login, lambda steps: steps[2].update(calls=[]))  # "Click Log in", emptied by hand
    result = await _replay(cached_login, demo_server)
    assert result.outcome is Outcome.ERROR and result.failed_step == 3
    assert "specs-login-form.json" in result.reason and "step 3 has no tool calls" in result.reason


async def test_an_action_step_that_only_looks_at_the_page_is_refused(
    cached_login: Path, demo_server: DemoServer
) -> None:
    look = [{"tool": "snapshot", "args": {}}]
    _edit(cached_login, lambda steps: steps[2].update(calls=look))  # "Click Log in", made a look by hand
    result = await _replay(cached_login, demo_server)
    assert result.outcome is Outcome.ERROR and result.failed_step == 3
    assert "step 3 only looks at the page" in result.reason


async def test_a_claim_whose_cached_evidence_proves_nothing_is_refused(
    cached_login: Path, demo_server: DemoServer
) -> None:
    weak = [{"tool": "assert_url", "args": {"expected": "http", "match": "contains"}}]
    _edit(cached_login, lambda steps: steps[3].update(calls=weak))  # Verify "Username" is visible
    result = await _replay(cached_login, demo_server)
    assert result.outcome is Outcome.ERROR and result.failed_step == 4
    assert "step 4 claims something but holds 0 assertion(s)" in result.reason


async def test_a_claim_with_only_an_action_cached_is_refused(
    cached_login: Path, demo_server: DemoServer
) -> None:
    action = [{"tool": "click", "args": {"target": "Products"}}]
    _edit(cached_login, lambda steps: steps[3].update(calls=action))  # Verify "Username" is visible
    result = await _replay(cached_login, demo_server)
    assert result.outcome is Outcome.ERROR and result.failed_step == 4 and "claims something" in result.reason


async def test_a_hand_edit_that_breaks_the_schema_is_reported_with_the_file(
    cached_login: Path, demo_server: DemoServer
) -> None:
    _edit(cached_login, lambda steps: steps[1]["calls"][0].update(tool=["fill"]))
    result = await _replay(cached_login, demo_server)
    assert result.outcome is Outcome.NEEDS_AGENT  # no usable cache, and the model may not be called
    assert "specs-login-form.json is invalid" in result.reason
    assert "step 2: steps.1.calls.0.tool" in result.reason  # the step number a reader edits by


def _cache_for(tmp_path: Path) -> tuple[StepCache, Any, dict[str, Any]]:
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "login-form.md").write_text(SPEC)
    spec = load_spec(tmp_path / "specs" / "login-form.md", variables={"BASE_URL": "http://x"}, root=tmp_path)
    steps = [
        {"index": step.index, "text": step.raw_text or step.text, "key": key, "calls": calls}
        for step, key, calls in zip(spec.steps, step_keys(spec.steps), CALLS, strict=True)
    ]
    cache = StepCache(tmp_path / "specs" / ".autoqa", root=tmp_path)
    return cache, spec, copy.deepcopy({"version": 1, "spec": "specs/login-form.md", "steps": steps})


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (lambda s: s[2]["calls"][0].update(args=["Log in"]), "step 3: steps.2.calls.0.args"),
        (lambda s: s[3]["calls"].append({"tool": "click", "arg": {}}), "step 4: steps.3.calls.1.arg"),
        (lambda s: s.append(dict(s[1])), "step 2 appears more than once"),
    ],
    ids=["args-not-an-object", "unknown-field", "a-step-twice"],
)
def test_a_schema_break_names_the_file_and_the_step(
    tmp_path: Path, edit: Callable[[list[dict[str, Any]]], None], where: str
) -> None:
    cache, spec, data = _cache_for(tmp_path)
    path = cache.path_for(spec)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    assert cache.lookup(spec).complete
    edit(data["steps"])
    path.write_text(json.dumps(data))
    plan = cache.lookup(spec)
    assert plan.steps == () and plan.first_uncached == 1
    assert plan.reason is not None and f"cache file {path} is invalid" in plan.reason and where in plan.reason
