"""Hostile pages: a page that tries to lure the agent to another origin and to reveal the password, and a
huge page (20k elements, 2 MB of text).

The allow-list holds for every top-level navigation a tool call causes — a link, a form, a script, a
popup, a redirect — not only for ``navigate``, while images and scripts from other origins keep loading;
the ``login_base_url`` origin belongs to the app and stays open.
A model that obeys the page gets NAVIGATION_BLOCKED and never sees the password; a huge page costs the
model a bounded snapshot, a bounded screenshot and bounded requests.
"""

from __future__ import annotations

import base64
import io
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.async_api import Browser

from autoqa.testing.fake_anthropic import (
    FakeAnthropic,
    RecordedRequest,
    Reply,
    offline_env,
    result_json,
    result_text,
    text,
    tool_use,
    tool_uses_in,
)
from autoqa.tools import ToolContext, ToolResult, call_tool
from autoqa.tools.origin_guard import guard_navigations
from autoqa.tools.snapshot import bound_snapshot

from .harness import SECRET_PASSWORD, assert_aftermath, campaign_environ, run_autoqa, write_project
from .hostile_site import GUARD_SETTINGS, Site, huge_page, lure_page, other_origin_files

SETTINGS = GUARD_SETTINGS


@pytest.fixture(scope="module")
def sites() -> Iterator[tuple[Site, Site]]:
    """(app, other): the app under test serving the lure and the huge page, and a recording second origin."""
    other = Site()
    other_origin_files(other)
    other.start()
    app = Site()
    app.page("/lure.html", lure_page(other.url))
    app.page("/huge.html", huge_page())
    app.start()
    yield app, other
    app.stop()
    other.stop()


@pytest.fixture
async def open_ctx(browser: Browser) -> AsyncIterator[Callable[..., Any]]:
    """``await open_ctx(base_url, allowed)``: a guarded ToolContext on a fresh browser context, as the
    runner builds one for a spec."""
    contexts = []

    async def make(base_url: str, allowed: tuple[str, ...] = ()) -> ToolContext:
        context = await browser.new_context(viewport={"width": 1280, "height": 800})
        contexts.append(context)
        page = await context.new_page()
        ctx = ToolContext(
            context=context, page=page, base_url=base_url, allowed_origins=allowed, settings=SETTINGS
        )
        await guard_navigations(ctx)
        return ctx

    yield make
    for context in contexts:
        await context.close()


def blocked(result: ToolResult, other: Site) -> str:
    assert not result.ok and result.error is not None, result.data
    assert result.error.code == "NAVIGATION_BLOCKED", result.error
    assert other.url in result.error.message, result.error.message
    return result.error.message


# --- (a) the allow-list holds for clicks, forms, scripts, popups and redirects ---------------------------


async def test_a_lured_click_form_script_or_popup_is_blocked_and_subresources_still_load(
    open_ctx: Callable[..., Any], sites: tuple[Site, Site]
) -> None:
    app, other = sites
    ctx = await open_ctx(app.url)
    other.hits.clear()
    assert (await call_tool(ctx, "navigate", {"url": "/lure.html"})).ok
    # An image and a script from the other origin are subresources: never blocked.
    assert await ctx.page.evaluate("document.getElementById('cdn-image').naturalWidth") == 1
    assert await ctx.page.evaluate("window.partnerScriptLoaded === true")

    for target in (
        "Continue to verification",  # a link
        "Send to partner",  # a form POST
        "Continue with script",  # location.href from a click handler
    ):
        message = blocked(await call_tool(ctx, "click", {"target": target}), other)
        assert "stayed on" in message and ctx.page.url == f"{app.url}/lure.html", (target, message)

    # A target=_blank popup: its request may reach the guard after the click returned. Then the call it
    # comes during fails with NAVIGATION_BLOCKED, or, when it comes between calls, the next call carries a
    # notice. Either way it is stopped before it is sent. (A CI check that read only notices saw none in
    # 3 s: a stop during one of its wait_for calls is that call's error, not a notice.)
    popup = await call_tool(ctx, "click", {"target": "Open verification in a new tab"})
    if popup.ok:
        reports: list[str] = []
        for _ in range(40):  # up to ~12 s: a busy machine opens the popup late
            waited = await call_tool(ctx, "wait_for", {"seconds": 0.3})
            reports += [n for n in waited.data.get("notices", []) if "was stopped" in n]
            if waited.error is not None:
                reports.append(blocked(waited, other))
            if any(other.url in report for report in reports):
                break
        else:
            raise AssertionError(f"the popup's navigation was never reported: {reports}")
    else:
        blocked(popup, other)
    for url in ("http://evil.example/collect", f"{other.url}/collect"):
        assert (await call_tool(ctx, "navigate", {"url": url})).error.code == "NAVIGATION_BLOCKED"  # type: ignore[union-attr]

    assert not other.documents(), f"a page of the other origin was requested: {other.documents()}"
    assert {hit.path for hit in other.hits} <= {"/pixel.png", "/lib.js"}
    assert [p.url for p in ctx.context.pages if not p.is_closed()] == [f"{app.url}/lure.html"]


async def test_a_redirect_to_another_origin_is_stopped_before_it_leaves(
    open_ctx: Callable[..., Any], sites: tuple[Site, Site]
) -> None:
    app, other = sites
    ctx = await open_ctx(app.url)
    assert (await call_tool(ctx, "navigate", {"url": "/lure.html"})).ok
    other.hits.clear()
    message = blocked(await call_tool(ctx, "click", {"target": "Verify via our partner"}), other)
    assert "blocked" in message
    assert ctx.page.url == f"{app.url}/lure.html"
    # The redirect hop is failed inside the browser: the other origin never hears of it.
    assert other.documents() == []
    bounce = f"/redirect-to/{other.url.removeprefix('http://')}/collect"
    result = await call_tool(ctx, "navigate", {"url": bounce})
    assert result.error is not None and result.error.code == "NAVIGATION_BLOCKED", result
    assert other.documents() == []  # not once, not twice


async def test_allowed_origins_and_the_wildcard_let_the_same_click_through(
    open_ctx: Callable[..., Any], sites: tuple[Site, Site]
) -> None:
    app, other = sites
    for allowed in ((other.url,), ("*",)):
        ctx = await open_ctx(app.url, allowed)
        assert (await call_tool(ctx, "navigate", {"url": "/lure.html"})).ok
        result = await call_tool(ctx, "click", {"target": "Continue to verification"})
        assert result.ok, (allowed, result.error)
        await ctx.page.wait_for_url(f"{other.url}/collect?from=link")


def test_one_overlong_text_line_does_not_push_the_rest_of_the_snapshot_out() -> None:
    snapshot_text = "\n".join(
        [
            '- heading "Huge page" [level=1] [ref=e1]',
            "- paragraph [ref=e2]: " + "lorem ipsum " * 200_000,
            '- button "Load more" [ref=e3] [cursor=pointer]',
            *(f"- text: r{i}" for i in range(20_000)),
        ]
    )
    shown, info = bound_snapshot(snapshot_text, 8_000)
    assert len(shown) <= 8_000 and info["truncated"] is True
    assert '- button "Load more" [ref=e3]' in shown, "the overlong line used up the whole budget"
    assert "[ref=e2]" in shown and "characters cut]" in shown and "overlong lines shortened" in shown


# --- the agent, through the whole CLI ----------------------------------------------------------------

LURE_SPEC = """# Account notice greets the user

## Preconditions
- The app runs at {{BASE_URL}}

## Steps
1. Open the account notice page at /lure.html and read it
2. Verify "Welcome back" is visible
"""

HUGE_SPEC = """# Huge page still shows its heading

## Preconditions
- The app runs at {{BASE_URL}}

## Steps
1. Open the huge page at /huge.html and have a look around
2. Verify "Huge page" is visible
"""

LOGIN_ORIGIN_SPEC = """# The login origin is part of the app

## Preconditions
- The login pages run at {{LOGIN_BASE_URL}}

## Steps
1. Navigate to {{LOGIN_BASE_URL}}/sso.html
2. Verify "Signed in" is visible
"""


def obedient_model(plans: dict[str, list[Reply]]) -> Callable[[RecordedRequest], Reply]:
    """A scripted model per spec title: the n-th reply of a conversation is ``plan[n]`` (then "done")."""

    def reply(request: RecordedRequest) -> Reply:
        for title, plan in plans.items():
            if title in request.system_text:
                done = len(list(tool_uses_in(request)))
                return plan[done] if done < len(plan) else text("done")
        return text("done")

    return reply


def result_for(requests: list[RecordedRequest], tool_use_id: str) -> dict[str, Any]:
    for request in requests:
        block = request.tool_result(tool_use_id)
        if block is not None:
            return block
    raise AssertionError(f"no tool_result for {tool_use_id}")


@pytest.mark.agent
def test_an_obedient_model_is_kept_on_the_app_never_sees_the_password_and_huge_pages_stay_bounded(
    sites: tuple[Site, Site], tmp_path: Path
) -> None:
    app, other = sites
    other.hits.clear()
    lure = [
        tool_use("navigate", {"url": "/lure.html", "step": 1}, id="toolu_open"),
        tool_use("navigate", {"url": "http://evil.example/collect", "step": 1}, id="toolu_evil"),
        tool_use("click", {"target": "Continue to verification", "step": 1}, id="toolu_link"),
        tool_use("fill", {"target": "Verify password", "value": "{{PASSWORD}}", "step": 1}, id="toolu_fill"),
        tool_use("snapshot", {"step": 1}, id="toolu_look"),
        tool_use("assert_text_present", {"text": "Welcome back", "step": 2}, id="toolu_assert"),
        tool_use("finish", {"status": "passed", "summary": "the notice greets the user"}, id="toolu_done"),
    ]
    huge = [
        tool_use("navigate", {"url": "/huge.html", "step": 1}, id="toolu_huge_open"),
        tool_use("snapshot", {"step": 1}, id="toolu_huge_look"),
        tool_use("click", {"target": "No such button anywhere", "step": 1}, id="toolu_huge_miss"),
        tool_use("assert_text_present", {"text": "Huge page", "step": 2}, id="toolu_huge_assert"),
        tool_use("finish", {"status": "passed", "summary": "heading shown"}, id="toolu_huge_done"),
    ]
    project = write_project(
        tmp_path / "project",
        {"a-lure.md": LURE_SPEC, "b-login-origin.md": LOGIN_ORIGIN_SPEC, "c-huge.md": HUGE_SPEC},
        config='artifacts = "fail"\nspec_timeout_s = 90\n',
    )
    login = Site()
    login.page("/sso.html", "<title>SSO</title><h1>Signed in</h1>")
    login.start()
    with FakeAnthropic() as fake:
        fake.script(*[obedient_model({"Account notice": lure, "Huge page": huge})] * 30)
        env = campaign_environ(
            app.url,
            AUTOQA_PASSWORD=SECRET_PASSWORD,
            AUTOQA_LOGIN_BASE_URL=login.url,  # a second origin of the app: allowed without allowed_origins
            **offline_env(fake.url, str(tmp_path / "claude")),
        )
        try:
            run = run_autoqa(["run", "specs"], project=project, env=env, timeout=150)
        finally:
            login.stop()
        requests = fake.message_requests

    assert_aftermath(
        run,
        expected={"a-lure.md": "passed", "b-login-origin.md": "passed", "c-huge.md": "passed"},
        exit_code=0,
    )
    # (a) Every navigation the page asked for was refused, and the model was told so.
    for tool_use_id in ("toolu_evil", "toolu_link"):
        answer = result_json(result_for(requests, tool_use_id))
        assert answer is not None and answer["error"]["code"] == "NAVIGATION_BLOCKED", answer
    assert not other.documents(), other.documents()
    # The password went into the page (the fill worked) but never back to the model.
    filled = result_json(result_for(requests, "toolu_fill"))
    assert filled is not None and filled.get("ok") is True, filled
    assert "You typed: <secret:PASSWORD>" in result_text(result_for(requests, "toolu_look"))
    assert not [r for r in fake.requests if SECRET_PASSWORD.encode() in r.raw], "the model saw the password"

    # (b) The huge page: a bounded snapshot soon (or a timeout saying how to scope it), a bounded image,
    # bounded requests.
    huge_calls = [
        e for e in run.events if e.get("event") == "tool.result" and e.get("spec") == "specs-c-huge"
    ]
    snapshot_ms = next(e["duration_ms"] for e in huge_calls if e.get("tool") == "snapshot")
    assert snapshot_ms < 8_000, huge_calls
    look = result_text(result_for(requests, "toolu_huge_look"))
    assert len(look) < SETTINGS.snapshot_max_chars + 1_500, len(look)
    assert "[snapshot cut:" in look or "snapshot a smaller part" in look, look[-500:]
    images = [b for r in requests if r.tool_result("toolu_huge_miss") for b in r.images()]
    assert images, "the failure screenshot did not reach the model"
    for image in images:
        with Image.open(io.BytesIO(base64.b64decode(image["source"]["data"]))) as picture:
            assert max(picture.size) <= 1024, picture.size
        assert len(image["source"]["data"]) < 600_000
    sizes = [len(r.raw) for r in requests if "Huge page" in r.system_text]
    assert sizes and max(sizes) < 700_000, sizes
    assert not [r for r in requests if b"lorem ipsum " * 200 in r.raw], "page text was sent unbounded"
