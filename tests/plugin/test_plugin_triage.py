"""The pytest plugin with retries and triage: a flaky spec's item passes (marked flaky), a warned failure
is an xfail saying why, never a pass; an app bug fails."""

from __future__ import annotations

import uuid
import xml.etree.ElementTree as ET

import pytest

from autoqa.demo_app.server import DemoServer

pytest_plugins = ["pytester"]

QUIET = ("-p", "no:cacheprovider", "-p", "no:asyncio", "-p", "no:playwright", "-p", "no:hypothesispytest")


def test_flaky_passes_marked_a_warned_failure_is_an_xfail_and_an_app_bug_fails(
    pytester: pytest.Pytester, demo_server: DemoServer
) -> None:
    token = uuid.uuid4().hex
    specs = pytester.path / "specs"
    specs.mkdir()
    head = "# {0}\n## Preconditions\n- x\n## Steps\n"
    (specs / "flaky.md").write_text(
        head.format("Flaky")
        + f"1. Navigate to /flaky.html?token={token}&fails=1\n"
        + '2. Verify "Widget ready" is visible\n'
    )
    (specs / "outage.md").write_text(
        head.format("Outage") + '1. Navigate to /status/503\n2. Verify "Order history" is visible\n'
    )
    (specs / "bug.md").write_text(
        head.format("Bug") + '1. Navigate to /help.html\n2. Verify "Help centre" is visible\n'
    )
    (pytester.path / "autoqa.toml").write_text(
        'assertion_timeout_ms = 1500\n[triage]\nenvironment = "warn"\n'
    )
    junit = pytester.path / "report.xml"
    result = pytester.runpytest(
        "specs",
        "--autoqa",
        "--autoqa-url",
        demo_server.url,
        "--autoqa-retries",
        "1",
        "--autoqa-output",
        str(pytester.path / "artifacts"),
        f"--junitxml={junit}",
        "-rxX",
        *QUIET,
    )
    result.assert_outcomes(passed=1, xfailed=1, failed=1)
    result.stdout.fnmatch_lines(
        ["*FAILED: Bug (bug.md, executor: plain)", "  class: app_bug (an assertion saw other content:*"]
    )
    result.stdout.fnmatch_lines(
        ["XFAIL specs/outage.md::Outage - failed (triage environment: warn)*HTTP 503*"]
    )
    props = {
        case.get("name"): {p.get("name"): p.get("value") for p in case.iter("property")}
        for case in ET.parse(junit).iter("testcase")
    }
    assert props["Flaky"]["autoqa_outcome"] == "flaky" and props["Flaky"]["autoqa_attempts"] == "2"
    assert props["Outage"]["autoqa_failure_class"] == "environment"
