"""Faults of the browser: its main process is killed mid-spec, or the page's renderer dies (a page crash).

Policy: the spec could not be judged → ``error``, with a reason a person understands ("the browser
process exited during step 7", "the page crashed during step 7"); the model-facing hint stays in the tool
call. The worker carries on: later specs of the run, on the one worker, still run and pass.

Faults reach only this run's processes (the harness knows them by tag and session); its leftover check
covers the killed browser's helpers (zygote, renderers, GPU), which would outlive a careless cleanup.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

from autoqa.demo_app.server import DemoServer

from .faulty_site import CREDENTIALS, LOGIN_PAGE, demo_project
from .harness import (
    CampaignRun,
    Trigger,
    assert_aftermath,
    campaign_environ,
    is_browser_main,
    is_renderer,
    kill_processes,
    on_step,
    run_autoqa,
)

EXPECTED = {
    "01-login.md": "passed",
    "02-bad-password.md": "passed",
    "03-checkout.md": "error",
    "04-after.md": "passed",
}


def run_with_fault(server: DemoServer, project: Path, match: Callable[[str], bool]) -> CampaignRun:
    """Run the demo project; while checkout pauses at step 6, SIGKILL the run's processes that match."""
    kill = kill_processes(match)
    fault = Trigger(on_step("checkout", 6), kill)
    run = run_autoqa(
        ["run", "specs", "--workers", "1"],
        project=project,
        env=campaign_environ(server.url, CREDENTIALS),
        triggers=[fault],
        timeout=90,
    )
    assert fault.fired_at is not None and kill.killed, "nothing was killed"
    return run


def test_browser_killed_mid_spec_is_an_error_and_the_worker_relaunches(
    campaign_server: DemoServer, demo_copy: Path
) -> None:
    # Checkout pauses at step 6; the browser dies during the pause; step 7 is the first to meet it.
    project = demo_project(demo_copy, pause_checkout_before=6, **{"04-after": LOGIN_PAGE})
    run = run_with_fault(campaign_server, project, is_browser_main)
    # 04-after passing on the only worker proves a new browser was launched for it.
    assert_aftermath(run, expected=EXPECTED, exit_code=3)
    checkout = run.spec("03-checkout.md")
    assert checkout["failed_step"] == 7
    assert checkout["reason"] == (
        "the browser process exited during step 7 (it crashed or was killed); the spec could not be judged"
    )
    # The model's hint stays where a model reads it: the failing tool call.
    call = checkout["steps"][6]["tool_calls"][-1]
    assert call["error_code"] == "PAGE_CLOSED" and "tabs(action='list')" in call["error_message"]
    assert checkout["triage"]["class"] == "environment"
    assert checkout["triage"]["evidence"].startswith("the browser process exited: the browser process exited")


def test_page_crash_is_an_error_and_later_specs_pass(campaign_server: DemoServer, demo_copy: Path) -> None:
    project = demo_project(demo_copy, pause_checkout_before=6, **{"04-after": LOGIN_PAGE})
    run = run_with_fault(campaign_server, project, is_renderer)
    assert_aftermath(run, expected=EXPECTED, exit_code=3)
    checkout = run.spec("03-checkout.md")
    assert checkout["failed_step"] == 7
    assert checkout["reason"].startswith("the page crashed during step 7 (the browser's renderer process")
    call = checkout["steps"][6]["tool_calls"][-1]
    assert call["error_code"] == "PAGE_CLOSED" and "the page crashed" in call["error_message"]
    assert checkout["triage"]["class"] == "environment"
    # Evidence collection on a crashed page gave up at once instead of waiting out its timeouts.
    assert checkout["duration_ms"] < 10_000, checkout["duration_ms"]
    if trace := checkout["artifacts"].get("trace"):
        assert zipfile.is_zipfile(run.run_dir / trace), "a kept trace must be a readable zip"
