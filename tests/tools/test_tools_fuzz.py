"""Fuzz: every tool with arbitrary arguments, in good and bad page states, always returns a ToolResult.

Hypothesis drives a pytest-asyncio test on the session loop, so the examples share the real browser.
Each example makes one to three calls; the module fixture checks at teardown that at least 500 calls
ran. ``derandomize=True`` makes the run the same every time.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import math
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.async_api import Browser

from autoqa.tools import RETRIABLE, TOOLS, ErrorCode, ToolContext, ToolResult, call_tool
from live_browser import LiveBrowser

from .tools_helpers import FAST

MIN_CALLS = 500
PER_CALL_LIMIT_S = 10.0
SECRET = "fuzz-secret-value-42"

FUZZ_SETTINGS = dataclasses.replace(
    FAST,
    action_timeout_ms=150,
    navigation_timeout_ms=600,
    assertion_timeout_ms=120,
    snapshot_timeout_ms=600,
    max_wait_ms=150,
    wait_timeout_ms=120,
    target_wait_ms=60,
    screenshot_timeout_ms=400,
    snapshot_max_chars=1_500,
    failure_screenshots=False,
)

FIELDS = sorted({field for spec in TOOLS.values() for field in spec.args_model.model_fields} | {"bogus"})
DEMO_TEXT = [
    "Log in", "Add to cart", "Settings", "Email", "Subscribe", "Show alert", "Delete item", "Open help",
    "Load data", "Continue", "Attachment", "Item 200", "Cart", "#settings", "role=button name=Show toast",
    "//h1", "text=Playground", "购物车按钮", "{{PASSWORD}}", "{{NOPE}}",
]  # fmt: skip
PATHS = ["/", "/playground.html", "/login.html", "/list.html", "/status/500", "/slow?ms=200",
         "https://example.com/", "javascript:alert(1)", "report.txt", "../../etc/passwd"]  # fmt: skip

values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=8),
    st.sampled_from(DEMO_TEXT + PATHS),
    st.sampled_from(["e1", "e2", "e5", "e40", "e99999", "f1e2", "f9e9", "[ref=e3]", "e-1", ""]),
    st.sampled_from([
        "list", "switch", "close", "accept", "dismiss", "down", "up", "left", "right", "visible", "hidden",
        "enabled", "attached", "equals", "regex", "contains", "(", "Enter",
    ]),
    st.builds(lambda n: "x" * n, st.sampled_from([501, 5_000, 200_000])),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)  # fmt: skip
arguments = st.one_of(
    st.none(),
    st.dictionaries(st.sampled_from(FIELDS), values, max_size=4),
    st.dictionaries(st.text(max_size=6), values, max_size=2),
)
names = st.one_of(
    *(
        st.sampled_from([n for n, spec in TOOLS.items() if spec.kind == kind])
        for kind in ("action", "assertion")
    ),
    st.sampled_from([n for n, spec in TOOLS.items() if spec.kind in ("observe", "control")]),
    st.sampled_from(["", "CLICK", "eval", "snapshot "]),
)
texts = st.one_of(
    st.sampled_from(DEMO_TEXT), st.sampled_from(DEMO_TEXT), st.text(max_size=30),
    st.sampled_from(["", " ", "\x00", "é" * 300]),
)  # fmt: skip
FIELD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "url": st.sampled_from(PATHS),
    "ref": st.sampled_from(["e1", "e3", "e8", "e20", "e99999", "f1e2", "f2e4", "[ref=e5]", "e-1", "x"]),
    "target": st.sampled_from(DEMO_TEXT),
    "path": st.sampled_from(["report.txt", "../report.txt", "/etc/passwd", "nope.txt", "", "."]),
    "button": st.sampled_from(["left", "right", "middle", "top"]),
    "direction": st.sampled_from(["down", "up", "left", "right", "in"]),
    "action": st.sampled_from(["list", "switch", "close", "accept", "dismiss", "open"]),
    "state": st.sampled_from(["visible", "hidden", "enabled", "attached", "gone"]),
    "match": st.sampled_from(["contains", "equals", "regex", "fuzzy"]),
    "key": st.sampled_from(["Enter", "Tab", "Escape", "Control+A", "ArrowDown", "Nope", "", "a"]),
    "amount": st.integers(min_value=-10, max_value=20_000),
    "count": st.integers(min_value=-1, max_value=300),
    "index": st.integers(min_value=-1, max_value=4),
    "depth": st.integers(min_value=-1, max_value=6),
    "seconds": st.floats(min_value=-1, max_value=0.2),
}
BOOLEAN_FIELDS = {"double", "checked", "enabled", "exact", "full_page"}


def field_value(field: str) -> st.SearchStrategy[Any]:
    """Mostly values of the right kind (so calls reach the page), sometimes anything at all."""
    fitting = st.booleans() if field in BOOLEAN_FIELDS else FIELD_VALUES.get(field, texts)
    return st.one_of(*([fitting] * 6), values)  # one_of draws its branches evenly


@st.composite
def tool_call(draw: st.DrawFn) -> tuple[str, str, Any]:
    state = draw(st.sampled_from(STATES))
    name = draw(names)
    # Hypothesis favours the first choice of sampled_from, so the usual case goes first.
    if name in TOOLS and draw(st.sampled_from([True, True, True, False])):
        model_fields = TOOLS[name].args_model.model_fields
        fields = list(model_fields)
        chosen = draw(st.lists(st.sampled_from(fields), unique=True, max_size=2)) if fields else []
        # Usually well-formed (required fields and an element present) so calls reach the page.
        if draw(st.sampled_from([True, True, True, True, False])):
            chosen += [f for f, info in model_fields.items() if info.is_required() and f not in chosen]
            if "target" in fields and "ref" not in chosen and "target" not in chosen:
                chosen.append(draw(st.sampled_from(["target", "target", "ref"])))
        args: Any = {field: draw(field_value(field)) for field in chosen}
        if draw(st.sampled_from([False] * 9 + [True])):
            args["bogus"] = draw(values)
    else:
        args = draw(arguments)
    return state, name, args


STATES = ["live", "live", "live", "live", "fresh", "closed_page", "closed_context", "mid_navigation"]


@dataclasses.dataclass
class FuzzEnv:
    browser: Browser
    base_url: str
    upload_dir: Path
    live: ToolContext | None = None
    closed_page: ToolContext | None = None
    closed_context: ToolContext | None = None
    calls: int = 0
    codes: Counter[str] = dataclasses.field(default_factory=Counter)

    def _ctx(self, context: Any, page: Any) -> ToolContext:
        return ToolContext(
            context=context, page=page, base_url=self.base_url, upload_dir=self.upload_dir,
            secrets={"PASSWORD": SECRET}, settings=FUZZ_SETTINGS,
        )  # fmt: skip

    async def start(self) -> None:
        context = await self.browser.new_context(
            base_url=self.base_url, viewport={"width": 800, "height": 600}
        )
        page = await context.new_page()
        await page.goto("/playground.html")
        self.live = self._ctx(context, page)
        gone = await context.new_page()
        await gone.close()
        self.closed_page = self._ctx(context, gone)
        dead_context = await self.browser.new_context(base_url=self.base_url)
        dead_page = await dead_context.new_page()
        await dead_context.close()
        self.closed_context = self._ctx(dead_context, dead_page)

    async def stop(self) -> None:
        assert self.live is not None
        await self.live.context.close()

    async def ready_live(self) -> ToolContext:
        ctx = self.live
        assert ctx is not None
        pages = [p for p in ctx.context.pages if not p.is_closed()]
        for extra in pages[1:]:  # popups opened by fuzzed clicks pile up otherwise
            await extra.close()
        if not pages:
            pages = [await ctx.context.new_page()]
        ctx.page = pages[0]
        return ctx


@pytest.fixture(scope="module")
async def fuzz_env(
    browsers: LiveBrowser, demo_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[FuzzEnv]:
    upload_dir = tmp_path_factory.mktemp("fuzz-uploads")
    (upload_dir / "report.txt").write_text("fuzz")
    env = FuzzEnv(await browsers.get(), demo_url, upload_dir)
    await env.start()
    yield env
    await env.stop()
    print("fuzz calls:", env.calls, "result codes:", dict(env.codes))
    assert env.calls >= MIN_CALLS, f"only {env.calls} fuzz calls ran"


async def _call_in_state(env: FuzzEnv, state: str, name: str, args: Any) -> ToolResult:
    navigation: asyncio.Future[Any] | None = None
    if state in ("closed_page", "closed_context"):
        ctx = env.closed_page if state == "closed_page" else env.closed_context
        assert ctx is not None
    else:
        ctx = await env.ready_live()
        if state == "fresh" and not ctx.page.url.endswith("/playground.html"):
            await ctx.page.goto("/playground.html")
        elif state == "mid_navigation":
            navigation = asyncio.ensure_future(ctx.page.goto("/slow?ms=60", timeout=5_000))
            await asyncio.sleep(0)  # the navigation request is on its way; the call races it
    try:
        return await asyncio.wait_for(call_tool(ctx, name, args), PER_CALL_LIMIT_S)
    finally:
        if navigation is not None:
            with contextlib.suppress(Exception):
                await navigation


def _check(result: ToolResult, name: str, args: Any) -> None:
    assert isinstance(result, ToolResult)
    assert result.tool == (name if name in TOOLS else str(name)[:80])
    assert result.duration_ms >= 0 and math.isfinite(result.duration_ms)
    if result.ok:
        assert result.error is None
    else:
        assert result.error is not None
        assert result.error.code in ErrorCode
        assert result.error.retriable is RETRIABLE[result.error.code]
        assert result.error.message and "\n" not in result.error.message
    assert SECRET not in json.dumps(result.model_dump(mode="json"), default=str), (name, args)
    if result.screenshot is not None:
        assert name == "screenshot" or not result.ok


@settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large,
    ],
)
@given(calls=st.lists(tool_call(), min_size=1, max_size=3))
async def test_every_call_returns_a_result(fuzz_env: FuzzEnv, calls: list[tuple[str, str, Any]]) -> None:
    for state, name, args in calls:
        result = await _call_in_state(fuzz_env, state, name, args)
        _check(result, name, args)
        fuzz_env.calls += 1
        fuzz_env.codes[str(result.error.code) if result.error else "ok"] += 1
        # Our own faults would show up as INTERNAL_ERROR on a healthy page; bad states may legitimately.
        if state in ("live", "fresh") and result.error is not None:
            assert result.error.code is not ErrorCode.INTERNAL_ERROR, (name, args, result.error)
