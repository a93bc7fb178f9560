"""Settling in exported tests: ``with settled(page):`` around an action, as the run settles each one.

The run waits, after every element action, for the work the action started (``tools/settle.py``); a test
exported from it must wait the same way, or its next line reads a page the app is about to change. A
select the app sets back to its old value 100 ms after the choice, or a field it rewrites 50 ms after
typing, fails the run at the check and passed the exported test, whose ``expect`` matched at once (the
permit form's ``type_resets`` and ``name_rewritten`` builds, ``tests/spec/test_grammar_twelfth_live.py``).

The same in-page tracker and the same rule, through the sync API: arm before the action, settle after it
(bounded by :data:`SETTLE_CAP_MS`, the run's default cap); a navigation the action started is awaited
until the new document is parsed and quiet. Settling never fails a test: a page that cannot be armed or
asked leaves the action's own outcome standing, and the checks that follow decide. A page whose script
never yields (an endless loop) blocks ``evaluate`` here as it blocks every Playwright call.
"""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import Iterator

from playwright.sync_api import Error, Page, Request

from autoqa.tools.context import ToolSettings
from autoqa.tools.deadlines import _is_navigation_race
from autoqa.tools.settle import (
    ARM_FAST_SCRIPT,
    ARM_SCRIPT,
    NAVIGATING_SCRIPT,
    QUIET_MS,
    SETTLE_FRESH_SCRIPT,
    SETTLE_SCRIPT,
)

_RUN_DEFAULTS = ToolSettings()
SETTLE_CAP_MS = _RUN_DEFAULTS.settle_timeout_ms
"""The run's default cap on settling (``settle_timeout_ms``)."""
NAVIGATION_MS = _RUN_DEFAULTS.navigation_timeout_ms
_POLL_MS = 100

_tokens = itertools.count(1)


@contextlib.contextmanager
def settled(page: Page) -> Iterator[None]:
    """Arm the page's tracker, run the block's action, then wait until what it started is done.

    ::

        with settled(page):
            page.get_by_label("Permit type").select_option(label="Visitor")
    """
    token = next(_tokens)
    try:
        if page.evaluate(ARM_FAST_SCRIPT, token) is None:
            page.evaluate(ARM_SCRIPT, token)
    except Error:  # a closed or navigating page: the action says what matters
        yield
        return
    dropped: list[bool] = []

    def on_failed(request: Request) -> None:
        with contextlib.suppress(Error):
            if request.is_navigation_request() and request.frame == page.main_frame:
                dropped.append(True)

    page.on("requestfailed", on_failed)
    try:
        yield
        _settle(page, token, dropped)
    finally:
        with contextlib.suppress(Error):
            page.remove_listener("requestfailed", on_failed)


def _settle(page: Page, token: int, dropped: list[bool]) -> None:
    started = time.monotonic()
    mode = ""
    for _ in range(3):  # a navigation that was dropped (a 204, a download): settle on in this document
        left = max(0.0, SETTLE_CAP_MS - (time.monotonic() - started) * 1000)
        try:
            answer = page.evaluate(SETTLE_SCRIPT, [token, QUIET_MS, left, mode])
        except Error as exc:
            if not _is_navigation_race(exc):
                return
            answer = {"doc": "new"}
        if not isinstance(answer, dict):
            return
        if answer.get("doc") == "new":
            _new_document(page)
            return
        if answer.get("outcome") != "navigating":
            return
        verdict = _await_commit(page, token, dropped)
        if verdict == "new":
            _new_document(page)
            return
        if verdict != "dropped":
            return
        mode = "resume"


def _await_commit(page: Page, token: int, dropped: list[bool]) -> str:
    """``new`` once the action's navigation committed, ``dropped`` when it never will, else ``waiting``."""
    deadline = time.monotonic() + NAVIGATION_MS / 1000
    while time.monotonic() < deadline:
        try:
            page.wait_for_timeout(_POLL_MS)  # lets the sync API deliver the page's events meanwhile
            answer = page.evaluate(NAVIGATING_SCRIPT, [token])
        except Error as exc:
            return "new" if _is_navigation_race(exc) else "lost"
        if not isinstance(answer, dict):
            return "lost"
        if answer.get("doc") == "new":
            return "new"
        if dropped or not answer.get("navigating"):
            return "dropped"
    return "waiting"


def _new_document(page: Page) -> None:
    """The action loaded another document: wait until it is parsed, then until its DOM is quiet."""
    for _ in range(3):  # a document that redirects itself at once gets another go
        try:
            page.wait_for_load_state("domcontentloaded", timeout=NAVIGATION_MS)
            page.evaluate(SETTLE_FRESH_SCRIPT, [QUIET_MS, SETTLE_CAP_MS])
        except Error as exc:
            if _is_navigation_race(exc):
                continue
        return
