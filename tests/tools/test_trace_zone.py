"""A trace shows the steps a person took: the actions and checks, not the tool layer's own round trips."""

from __future__ import annotations

import json
import zipfile
from collections import Counter
from pathlib import Path

from playwright.async_api import BrowserContext

from autoqa.record.recorder import Recorder
from autoqa.tools import ToolContext, call_tool
from autoqa.tools.trace_zone import AVAILABLE

from .tools_helpers import FAST


def _traced_calls(trace: Path) -> Counter[str]:
    """``Class.method`` of every call the trace recorded (each with its before/after snapshot)."""
    with zipfile.ZipFile(trace) as archive:
        lines = archive.read("trace.trace").decode().splitlines()
    events = (json.loads(line) for line in lines if line.strip())
    return Counter(f"{e['class']}.{e['method']}" for e in events if e.get("type") == "before")


async def test_only_actions_and_checks_are_traced(
    context: BrowserContext, demo_url: str, tmp_path: Path
) -> None:
    # Private Playwright internals: a Playwright upgrade that moves them must fail here, not silently
    # bring back the snapshots of every round trip.
    assert AVAILABLE
    page = await context.new_page()
    ctx = ToolContext(context=context, page=page, base_url=demo_url, settings=FAST)
    recorder = Recorder(ctx, spec_path="spec.md")
    ctx.element_hook = recorder.before_element_action  # element capture: a dozen round trips per action
    await context.tracing.start(snapshots=True)
    calls = [
        ("navigate", {"url": "/login.html"}),
        ("fill", {"target": "Username", "value": "demo"}),
        ("fill", {"target": "Password", "value": "not-the-password"}),
        ("click", {"target": "Log in"}),
        ("assert_text_present", {"text": "Invalid username or password"}),
    ]
    for name, args in calls:
        result = await call_tool(ctx, name, args)
        assert result.ok, result.error
        await recorder.after_call(1, name, args, result, page.url)
    await context.tracing.stop(path=tmp_path / "trace.zip")

    traced = _traced_calls(tmp_path / "trace.zip")
    assert traced["Frame.goto"] == 1 and traced["Frame.fill"] == 2 and traced["Frame.click"] == 1
    assert all(r.element is not None and r.element.chosen is not None for r in recorder.records[1:4])
    # Resolution, capture, settling and the recorder's reads are left out; the check's reads stay.
    reads = traced["Frame.evaluateExpression"] + traced["Frame.evaluateExpressionHandle"]
    assert 1 <= reads <= 3, traced
    assert traced["ElementHandle.evaluateExpression"] == 0 and traced["Frame.queryCount"] == 0, traced
