"""Faults of the app under test: it dies mid-run, is down from the start, answers 500, or answers too late.

Policy: a network-level failure (connection refused, reset, DNS) means the spec could not be judged →
``error``, with a reason naming the unreachable app. An app that answers wrongly (HTTP 500, too slow for
the configured timeouts) is the app's fault → ``failed`` when a check then fails, and the reason names
the status or the timeout. Every other spec of the run keeps its own outcome.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from .faulty_site import (
    CREDENTIALS,
    LOGIN_PAGE,
    FaultySite,
    closed_port_url,
    demo_app_process,
    demo_project,
    plain_spec,
)
from .harness import (
    SECRET_PASSWORD,
    Trigger,
    assert_aftermath,
    campaign_environ,
    on_step,
    run_autoqa,
    write_project,
)

FAST_TIMEOUTS = 'artifacts = "fail"\nnavigation_timeout_ms = 1500\nassertion_timeout_ms = 1500\n'


def test_app_killed_mid_spec_is_an_error_naming_the_unreachable_app(demo_copy: Path) -> None:
    # Step 6 of checkout becomes a pause; the app dies during it; step 7 clicks "Checkout" into a dead app.
    project = demo_project(demo_copy, pause_checkout_before=6, **{"04-after": LOGIN_PAGE})
    with demo_app_process(SECRET_PASSWORD) as (app, url):
        kill_app = Trigger(on_step("checkout", 6), lambda: os.kill(app.pid, signal.SIGKILL))
        run = run_autoqa(
            ["run", "specs"],
            project=project,
            env=campaign_environ(url, CREDENTIALS),
            triggers=[kill_app],
            timeout=90,
        )
    assert kill_app.fired_at is not None, "the app was never killed"
    assert_aftermath(
        run,
        expected={
            "01-login.md": "passed",
            "02-bad-password.md": "passed",
            "03-checkout.md": "error",
            "04-after.md": "error",
        },
        exit_code=3,
    )
    checkout = run.spec("03-checkout.md")
    # The click that led into the dead app is blamed, not the next check that finds nothing there.
    assert checkout["failed_step"] == 7, checkout
    assert f"the app at {url} is unreachable: connection refused" in checkout["reason"]
    assert "/checkout.html" in checkout["reason"]
    after = run.spec("04-after.md")
    assert after["failed_step"] == 1
    assert f"the app at {url} is unreachable: connection refused" in after["reason"]
    assert after["duration_ms"] < 3_000, "an unreachable app must fail fast, not wait out timeouts"
    # Triage: an outage is the environment's, not the app's behaviour.
    assert checkout["triage"]["class"] == after["triage"]["class"] == "environment"
    assert checkout["triage"]["evidence"].startswith(
        "the app was unreachable: step 7: click NAVIGATION_FAILED"
    )


def test_app_down_from_the_start_errors_every_spec_quickly(demo_copy: Path) -> None:
    project = demo_project(demo_copy)
    url = closed_port_url()
    run = run_autoqa(["run", "specs"], project=project, env=campaign_environ(url, CREDENTIALS), timeout=60)
    assert_aftermath(
        run,
        expected={"01-login.md": "error", "02-bad-password.md": "error", "03-checkout.md": "error"},
        exit_code=3,
    )
    for name in ("01-login.md", "02-bad-password.md"):
        spec = run.spec(name)
        assert spec["failed_step"] == 1
        assert f"the app at {url} is unreachable: connection refused" in spec["reason"], spec["reason"]
    # The auth: spec never started: its reason says why in the user's terms, not as a Python exception.
    checkout_reason = run.spec("03-checkout.md")["reason"]
    assert "no spec with `setup: login` passed" in checkout_reason
    assert "Error" not in checkout_reason
    assert {spec["triage"]["class"] for spec in run.run_json["specs"]} == {"environment"}
    assert run.spec("03-checkout.md")["triage"]["evidence"].startswith("its setup spec did not pass")
    assert all(spec["duration_ms"] < 3_000 for spec in run.run_json["specs"]), run.run_json["specs"]


def test_http_500_fails_only_the_check_that_notices_and_names_the_status(tmp_path: Path) -> None:
    specs = {
        "a-500-checked.md": plain_spec(
            "Broken page", "Navigate to /broken.html", 'Verify "Welcome" is visible'
        ),
        # An error page is not a failure by itself: this spec expects exactly that page.
        "b-500-expected.md": plain_spec(
            "Error page shown", "Navigate to /broken.html", 'Verify "Internal Server Error" is visible'
        ),
        "c-ok.md": plain_spec("Fine page", "Navigate to /ok.html", 'Verify "Welcome" is visible'),
    }
    with FaultySite() as site:
        project = write_project(tmp_path / "project", specs, config=FAST_TIMEOUTS)
        run = run_autoqa(["run", "specs"], project=project, env=campaign_environ(site.url), timeout=60)
    assert_aftermath(
        run,
        expected={"a-500-checked.md": "failed", "b-500-expected.md": "passed", "c-ok.md": "passed"},
        exit_code=1,
    )
    checked = run.spec("a-500-checked.md")
    assert checked["failed_step"] == 2
    assert "expected text 'Welcome'" in checked["reason"]
    assert checked["reason"].endswith("the page answered HTTP 500"), checked["reason"]
    assert checked["triage"]["class"] == "environment"  # a check on a server error page: not the app's logic
    navigate = run.spec("b-500-expected.md")["steps"][0]["tool_calls"][0]
    assert navigate["ok"] and navigate["data"]["status"] == 500
    assert "the server answered HTTP 500" in navigate["data"]["warnings"]


def test_answers_slower_than_the_timeouts_fail_naming_the_timeout(tmp_path: Path) -> None:
    specs = {
        "a-slow-page.md": plain_spec("Slow page", "Navigate to /slow.html", 'Verify "Slow page" is visible'),
        # The report text arrives by fetch() from an API that answers long after assertion_timeout_ms.
        "b-late-report.md": plain_spec(
            "Late report", "Navigate to /report.html", 'Verify "Report ready" is visible'
        ),
        "c-ok.md": plain_spec("Fine page", "Navigate to /ok.html", 'Verify "Welcome" is visible'),
    }
    with FaultySite() as site:
        project = write_project(tmp_path / "project", specs, config=FAST_TIMEOUTS)
        run = run_autoqa(["run", "specs"], project=project, env=campaign_environ(site.url), timeout=60)
    assert_aftermath(
        run,
        expected={"a-slow-page.md": "failed", "b-late-report.md": "failed", "c-ok.md": "passed"},
        exit_code=1,
    )
    slow = run.spec("a-slow-page.md")
    assert slow["failed_step"] == 1
    assert f"{site.url}/slow.html did not load within 1500 ms (navigation_timeout_ms)" in slow["reason"]
    # The stalled navigation was cancelled, so the failure screenshots did not wait for the server.
    assert slow["duration_ms"] < 4_500, slow["duration_ms"]
    assert slow["artifacts"].get("screenshot"), slow["artifacts"]
    late = run.spec("b-late-report.md")
    assert late["failed_step"] == 2
    assert "expected text 'Report ready'" in late["reason"] and "waited 1500 ms" in late["reason"]
    assert slow["triage"]["class"] == "environment" and late["triage"]["class"] == "app_bug"
    assert run.seconds < 45, f"the run took {run.seconds:.1f} s"
