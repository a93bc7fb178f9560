"""Reliability campaign, the agent's early start: an agent spec's Claude Code CLI starts while the browser
does (``runner/spec_runner.start_agent``). When the browser then fails to start, the spec is an ``error``,
its CLI is ended (no process is left behind) and the model is never asked anything.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from autoqa.demo_app.server import DemoServer
from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env, text

from .harness import assert_aftermath, campaign_environ, run_autoqa, write_project

pytestmark = pytest.mark.agent

SPEC = """---
title: The sign-in page
---
# Sign-in page

## Preconditions
- The shop is open

## Steps
1. Open the sign-in page
2. Check that it asks for a username
"""

# A browser that never starts: it waits until this run's Claude Code CLI is running (same campaign tag),
# notes that it saw it, and exits before Chromium would print its DevTools address.
FAILING_BROWSER = """#!{python}
import os, sys, time
from pathlib import Path

needle = ("AUTOQA_CAMPAIGN_TAG=" + os.environ.get("AUTOQA_CAMPAIGN_TAG", "-")).encode()
deadline = time.monotonic() + 30
seen = False
while not seen and time.monotonic() < deadline:
    for entry in Path("/proc").iterdir():
        try:
            ours = needle in (entry / "environ").read_bytes()
            if ours and b"stream-json" in (entry / "cmdline").read_bytes():
                seen = True
                break
        except OSError:
            continue
    else:
        time.sleep(0.05)
Path({note!r}).write_text("cli seen" if seen else "no cli")
sys.exit(1)
"""


def test_a_browser_that_fails_to_start_ends_the_agent_spec_and_its_already_started_cli(
    tmp_path: Path, campaign_server: DemoServer
) -> None:
    project = write_project(tmp_path / "project", {"sign-in.md": SPEC})
    note = tmp_path / "browser-note.txt"
    browser = tmp_path / "failing-browser"
    browser.write_text(FAILING_BROWSER.format(python=sys.executable, note=str(note)))
    browser.chmod(0o755)
    with FakeAnthropic(text("done")) as fake:
        env = campaign_environ(campaign_server.url, **offline_env(fake.url, str(tmp_path / "claude-config")))
        env["AUTOQA_BROWSER_PATH"] = str(browser)
        run = run_autoqa(["run", "specs"], project=project, env=env, timeout=90)
        requests = fake.message_requests
    assert note.read_text() == "cli seen", "the CLI did not start while the browser did"
    assert_aftermath(run, expected={"sign-in.md": "error"}, secret=None)
    assert "could not launch" in str(run.spec("sign-in.md")["reason"])
    assert requests == [], "the model was asked although the spec never had a page"
