"""Failure triage end to end: ``autoqa run`` on the demo shop with one spec per failure class, each class
in every report, and a warned class that leaves the exit code alone without ever reading as a pass."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer
from cli_runs import run_project

LOGIN_THEN = """# {title}
## Preconditions
- The demo shop runs
## Steps
1. include: login
{steps}
"""
SPECS = {
    # app bug: the "total" bug adds $1.00, the check sees other content
    "app-bug.md": LOGIN_THEN.format(
        title="Cart total",
        steps='2. Click "add-backpack"\n3. Click "Cart"\n4. Verify "Total: $29.99" is visible',
    ),
    # app change: the "label" bug renames "Postal code" to "Zip code": gone, but a similar field is there
    "app-change.md": LOGIN_THEN.format(
        title="Postal code", steps='2. Navigate to /checkout.html\n3. Fill "Postal code" with "12345"'
    ),
    # test authoring: a negative check whose words match nothing (failed under strict_negative_checks)
    "authoring.md": LOGIN_THEN.format(title="Wording", steps='2. Verify "Pale Blue Dot link" is not visible'),
    # test authoring too: refused under --agent never (not plain grammar, nothing cached)
    "refused.md": LOGIN_THEN.format(title="Refused", steps="2. Sort the products by price, cheapest first"),
    # environment: a check on a page the server answered with HTTP 500
    "environment.md": (
        "# Server error\n## Preconditions\n- x\n## Steps\n1. Navigate to /status/500\n"
        '2. Verify "Order history" is visible\n'
    ),
    # agent or cache: refused because its step cache file is broken
    "cache.md": (
        "# Broken cache\n## Preconditions\n- x\n## Steps\n1. Sort the products by price, cheapest first\n"
    ),
}
EXPECTED = {
    "app-bug.md": "app_bug",
    "app-change.md": "app_change",
    "authoring.md": "test_authoring",
    "refused.md": "test_authoring",
    "environment.md": "environment",
    "cache.md": "agent_or_cache",
}


def _project(tmp_path: Path, server: DemoServer) -> tuple[Path, dict[str, str]]:
    project = tmp_path / "project"
    (project / "specs" / ".autoqa").mkdir(parents=True)
    shutil.copytree(SPECS_DIR / "steps", project / "specs" / "steps")
    for name, text in SPECS.items():
        (project / "specs" / name).write_text(text)
    (project / "specs" / ".autoqa" / "specs-cache.json").write_text("{not json")
    (project / "autoqa.toml").write_text("assertion_timeout_ms = 1500\naction_timeout_ms = 1500\n")
    env = {
        "AUTOQA_USERNAME": server.credentials.username,
        "AUTOQA_PASSWORD": server.credentials.password,
        "GITHUB_ACTIONS": "true",
    }
    return project, env


def _by_name(run: dict) -> dict[str, dict]:
    return {Path(spec["path"]).name: spec for spec in run["specs"]}


def test_every_class_is_decided_from_evidence_and_shown_in_every_report(
    tmp_path: Path, buggy_demo_server: DemoServer
) -> None:
    project, env = _project(tmp_path, buggy_demo_server)
    code, run, out = run_project(project, buggy_demo_server.url, "--strict-negative-checks", **env)
    specs = _by_name(run)
    assert {name: (s["triage"] or {}).get("class") for name, s in specs.items()} == EXPECTED, out
    assert code == 1  # an app bug always fails the run
    # the evidence line says why, in the app's own words
    assert "Total: $29.99" in specs["app-bug.md"]["triage"]["evidence"]
    assert '"Zip code" field' in specs["app-change.md"]["triage"]["evidence"]
    assert "HTTP 500" in specs["environment.md"]["triage"]["evidence"]
    assert "is invalid" in specs["cache.md"]["triage"]["evidence"]
    assert specs["environment.md"]["outcome"] == "failed" and specs["environment.md"]["fails_run"]

    # console: the class on the spec's line
    assert re.search(r"FAILED +\S*environment\.md \([\d.]+s\) \[environment\]", out), out
    # JUnit: a property and the message
    cases = {c.get("file"): c for c in ET.parse(next((project / "out").glob("*/junit.xml"))).iter("testcase")}
    case = cases["specs/app-change.md"]
    props = {p.get("name"): p.get("value") for p in case.iter("property")}
    assert props["failure_class"] == "app_change" and "Zip code" in props["failure_evidence"]
    failure = case.find("failure")
    assert failure is not None and failure.get("message", "").startswith("[app_change] step 6")
    # report.html: a class filter and the class on each spec
    html = next((project / "out").glob("*/report.html")).read_text()
    assert '<button type="button" data-class="environment">environment (1)</button>' in html
    assert 'data-outcome="failed" data-class="app_bug"' in html
    # GitHub: the class in the annotation's title
    assert re.search(r"::error file=specs/environment\.md,line=\d+,title=failed \(environment\)", out), out


def test_a_warned_class_is_reported_as_failed_but_leaves_the_exit_code_alone(
    tmp_path: Path, buggy_demo_server: DemoServer
) -> None:
    project, env = _project(tmp_path, buggy_demo_server)
    for name in list(SPECS):
        if name != "environment.md":
            (project / "specs" / name).unlink()
    code, run, out = run_project(project, buggy_demo_server.url, **env)
    assert code == 1, out  # seen failing first: the environment class fails by default

    (project / "autoqa.toml").write_text('assertion_timeout_ms = 1500\n[triage]\nenvironment = "warn"\n')
    code, run, out = run_project(project, buggy_demo_server.url, **env)
    spec = _by_name(run)["environment.md"]
    assert code == 0, out
    assert spec["outcome"] == "failed" and spec["fails_run"] is False
    assert spec["triage"] == {
        "class": "environment",
        "evidence": spec["triage"]["evidence"],
        "action": "warn",
    }
    # never read as a pass: the console line, the summary, JUnit, the report and GitHub all say so
    assert re.search(
        r"FAILED +\S+ \([\d.]+s\) \[environment; not failing the run: triage environment: warn\]", out
    )
    assert "not failing the run: failed specs/environment.md (triage environment: warn)" in out
    assert "::warning file=specs/environment.md" in out and "::error" not in out
    # the second run's (run folders are named by their start time; glob order is the file system's)
    junit = sorted((project / "out").glob("*/junit.xml"))[-1].read_text()
    assert "<failure" in junit and "not failing the run" in junit
    html = sorted((project / "out").glob("*/report.html"))[-1].read_text()
    assert 'id="verdict">warned<' in html


def test_a_time_budget_in_the_front_matter_ends_a_plain_spec_and_is_shown_with_what_it_used(
    tmp_path: Path, demo_server: DemoServer
) -> None:
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    spec = (
        "# Slow\n## Preconditions\n- x\n## Steps\n1. Navigate to /slow?ms=4000\n"
        '2. Verify "Slow page" is visible\n'
    )
    (project / "specs" / "slow.md").write_text("---\nbudget: {seconds: 8, usd: 0.05}\n---\n" + spec)
    code, run, out = run_project(project, demo_server.url)
    assert code == 0, out  # within its budget: passes, and the budget travels with the result
    assert run["specs"][0]["budget"] == {"seconds": 8.0, "usd": 0.05}

    (project / "specs" / "slow.md").write_text("---\nbudget: {seconds: 1}\n---\n" + spec)
    code, run, out = run_project(project, demo_server.url)
    result = run["specs"][0]
    assert code == 3, out
    assert result["outcome"] == "error" and result["guardrail"]["name"] == "budget.seconds"
    assert result["guardrail"]["limit"] == 1.0
    assert result["triage"]["class"] == "environment"  # no model drove it: the app was slow
    assert "guardrail budget.seconds tripped" in result["reason"]
    html = sorted((project / "out").glob("*/report.html"))[-1].read_text()
    assert re.search(r"budget 1 s — used [\d.]+ s", html), html
    assert result["budget"] == {"seconds": 1.0, "usd": None}
