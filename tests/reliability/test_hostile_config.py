"""Hostile configuration through ``autoqa run``: wrong types, impossible values, unknown keys, broken
TOML/JSON/.env files, bad ``AUTOQA_*`` values and flags that contradict each other.

Each must exit 2 before anything runs (no run folder, no browser), with one message naming the key, where
the value came from (file, env variable or flag) and what is allowed — never a traceback. A spec that needs
the model under ``--agent never`` is not a usage error nor an infrastructure error: the run goes ahead,
that spec is ``needs_agent`` naming its step (exit 4), and the other spec passes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from autoqa.cli import main
from autoqa.demo_app.server import DemoServer

from .harness import assert_aftermath, campaign_environ, run_autoqa, write_project

GOOD = """# Good

## Preconditions
- The demo shop runs

## Steps
1. Navigate to /login.html
2. Verify "Log in" is visible
"""
AGENT_ONLY = """# Needs the model

## Preconditions
- The demo shop runs

## Steps
1. Navigate to /login.html
2. Admire the login page and describe its colour scheme
"""


@dataclass(frozen=True)
class Case:
    says: tuple[str, ...]
    """Fragments the error output must contain: key, source, allowed values."""
    toml: str = ""
    files: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    flags: tuple[str, ...] = ()


CASES: dict[str, Case] = {
    "toml workers is text": Case(
        ("workers (from autoqa.toml)", "'many'", "allowed: an integer >= 1 and <= 64"),
        toml='workers = "many"',
    ),
    "toml workers is a boolean": Case(
        ("workers (from autoqa.toml)", "not true", "an integer >= 1"), toml="workers = true"
    ),
    "toml negative timeout": Case(
        ("navigation_timeout_ms (from autoqa.toml)", "-5", "allowed: an integer >= 1"),
        toml="navigation_timeout_ms = -5",
    ),
    "toml artifacts is a number": Case(
        ("artifacts (from autoqa.toml)", "invalid value 3", "allowed: all, fail, none"), toml="artifacts = 3"
    ),
    "toml unknown key": Case(
        ("workes (from autoqa.toml): unknown setting", "did you mean 'workers'?"), toml="workes = 2"
    ),
    "toml syntax error": Case(("autoqa.toml: invalid TOML", "line 1"), toml="workers = "),
    "json syntax error": Case(
        ("autoqa.config.json: invalid JSON at line 1",), files={"autoqa.config.json": '{"schemaVersion": 1,'}
    ),
    "json guardrail is text": Case(
        ("guardrails.maxToolCallsPerSpec (from autoqa.config.json)", "'x'", "allowed: an integer >= 1"),
        files={"autoqa.config.json": '{"schemaVersion": 1, "guardrails": {"maxToolCallsPerSpec": "x"}}'},
    ),
    "dotenv line is not NAME=value": Case(
        ("/.env:2: cannot parse line 2: expected NAME=value",),
        files={".env": "AUTOQA_WORKERS=1\nthis is not a setting\n"},
    ),
    "env workers is text": Case(
        ("workers (from env AUTOQA_WORKERS)", "'many'", "an integer >= 1 and <= 64"),
        env={"AUTOQA_WORKERS": "many"},
    ),
    "env headless is not a boolean": Case(
        ("headless (from env AUTOQA_HEADLESS)", "'maybe'", "true or false"), env={"AUTOQA_HEADLESS": "maybe"}
    ),
    "flag shard beyond its count": Case(
        ("shard (from cli --shard)", "'3/2'", "allowed: 'i/n' with 1 <= i <= n"), flags=("--shard", "3/2")
    ),
    "connect with a browser path": Case(
        ("--connect and --browser-path cannot be used together",),
        flags=("--connect", "ws://127.0.0.1:9/", "--browser-path", "/usr/bin/chromium"),
    ),
    "connect with headed": Case(
        ("--connect and --headed cannot be used together",),
        flags=("--connect", "ws://127.0.0.1:9/", "--headed"),
    ),
    "dry run with json": Case(
        ("--dry-run and --json cannot be used together",), flags=("--dry-run", "--json")
    ),
}


def _project(root: Path, case: Case) -> Path:
    project = write_project(root, {"good.md": GOOD}, config=case.toml + "\n")
    for file, text in case.files.items():
        (project / file).write_text(text)
    return project


@pytest.mark.parametrize("name", list(CASES))
def test_bad_config_exits_2_naming_key_source_and_allowed_values(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In-process (click's runner) keeps the table fast; the real process is checked once below.
    case = CASES[name]
    monkeypatch.chdir(_project(tmp_path / "project", case))
    env = {"AUTOQA_BASE_URL": "http://127.0.0.1:9", **case.env}
    result = CliRunner().invoke(main, ["run", "specs", *case.flags], env=env)
    assert result.exit_code == 2, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit), "an exception escaped (a traceback for the user)"
    for fragment in case.says:
        assert fragment in result.stderr, f"{fragment!r} missing from:\n{result.stderr[-2000:]}"
    assert not (tmp_path / "project" / "artifacts").exists(), "something ran"
    assert len(result.stderr) < 2_000, result.stderr


def test_the_real_process_exits_2_before_any_browser_starts(tmp_path: Path) -> None:
    case = CASES["toml syntax error"]
    run = run_autoqa(
        ["run", "specs"],
        project=_project(tmp_path / "project", case),
        env=campaign_environ("http://127.0.0.1:9"),
        timeout=60,
    )
    assert_aftermath(run, exit_code=2, reports=False, secret=None)
    assert all(fragment in run.stderr for fragment in case.says), run.stderr
    assert run.run_dir is None and not run.events


def test_agent_never_refuses_only_the_spec_that_needs_the_model(
    campaign_server: DemoServer, tmp_path: Path
) -> None:
    project = write_project(
        tmp_path / "project",
        {"a-good.md": GOOD, "b-needs-model.md": AGENT_ONLY},
        config='artifacts = "fail"\nnavigation_timeout_ms = 5000\n',
    )
    run = run_autoqa(
        ["run", "specs", "--agent", "never"],
        project=project,
        env=campaign_environ(campaign_server.url),
        timeout=90,
    )
    assert_aftermath(run, expected={"a-good.md": "passed", "b-needs-model.md": "needs_agent"}, exit_code=4)
    reason = run.spec("b-needs-model.md")["reason"]
    assert "step 2" in reason and "b-needs-model.md:8" in reason and "--agent never" in reason, reason
