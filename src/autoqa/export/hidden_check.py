"""``expect_target_hidden``: an exported "… is not visible" check of an element the run never found.

When the run checked that '"Approve" button' is hidden and no element matched, there is no recorded element
to build a locator from. A guess built from the words ('get_by_role("button", name='"Approve" button')')
matches nothing on any page, so the exported check could never fail: the broken build that leaves the
button in place passed it (``tests/spec/test_grammar_thirteenth_live.py``). This looks the element up again
the way the tool did (the page library's ``find``, with the same arguments, ``tools/targets.py``) and
passes when nothing matches or every match is hidden, as the tool's verdict does.

Usage (what export writes)::

    expect_target_hidden(page, '"Approve" button')
"""

from __future__ import annotations

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from autoqa.export.expect_timeout import expect_timeout_ms
from autoqa.tools.context import ToolSettings
from autoqa.tools.page_scripts import LIBRARY
from autoqa.tools.targets import find_args, parse_target

_HIDDEN = "(args) => { const r = (" + LIBRARY + ").find(args); return r.status === 'none' || !!r.hidden; }"
_SHOWN = "(args) => (" + LIBRARY + ").find(args).matches.map((m) => m.name || m.text)"
_TEST_ID = ToolSettings().test_id_attribute


def expect_target_hidden(page: Page, target: str, *, timeout_ms: float | None = None) -> None:
    """Wait up to ``timeout_ms`` (expect's timeout by default) until no element ``target`` describes is
    visible; AssertionError naming what is still shown otherwise."""
    __tracebackhide__ = True
    args = find_args(parse_target(target), test_id_attribute=_TEST_ID)
    try:
        page.wait_for_function(_HIDDEN, arg=args, timeout=expect_timeout_ms(timeout_ms), polling=100)
    except PlaywrightTimeoutError:
        shown = ", ".join(repr(str(name)) for name in page.evaluate(_SHOWN, args)[:3]) or "an element"
        raise AssertionError(f"expected {target!r} to be hidden, but {shown} is visible") from None
