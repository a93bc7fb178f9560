"""The page watcher on fixture pages: each invariant fails the call it happened during (allow-list, browser
noise and unrendered text excepted), and ``assert_appeared`` proves a toast that is gone — within its
window, never from an earlier step's action, never from text that was not shown."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

from playwright.async_api import BrowserContext, Page

from autoqa.tools import ToolContext, ToolResult, call_tool
from autoqa.tools.invariants import InvariantPolicy
from autoqa.tools.page_watch import seen_texts

from .tools_helpers import FAST, failed, ok

QUICK = dataclasses.replace(FAST, assertion_timeout_ms=600)

PAGE = """<!doctype html><meta charset="utf-8"><title>Watch</title>
<script type="text/x-template"><p>undefined NaN</p></script>
<template><p>NaN</p></template>
<p hidden>Something went wrong</p>
<p>Nancy keeps her undefinedness to herself</p>
<img src="/nope.png" alt="">
<div id="toast" role="status"></div>
<div id="whisper" aria-live="polite"
  style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"></div>
<p role="status">3 items in the cart</p>
<dialog id="ask"><p>Delete this file?</p><button onclick="ask.close()">No</button></dialog>
<button onclick="toast.textContent = 'Saved!'; setTimeout(() => { toast.textContent = '' }, 300)">
Save</button>
<button onclick="whisper.textContent = 'Quietly saved'">Whisper</button>
<button onclick="ask.showModal()">Delete</button>
<button onclick="console.error('bad thing', {code: 7})">Log</button>
<button onclick="setTimeout(() => { null.boom })">Throw</button>
<button onclick="console.error('login failed for pw ' + 'hunter2-' + 'secret')">Leak</button>
<button onclick="fetch('/api/missing'); fetch('/optional/avatar.png')">Fetch</button>
<button onclick="add('Total: $NaN', false)">Compute</button>
<button onclick="add('NaN', true)">Hide</button>
<button onclick="shadowed()">Component</button>
<button>Nothing</button>
<script>
function add(text, hidden) {
  const p = document.createElement('p');
  p.hidden = hidden;
  p.textContent = text;
  document.body.append(p);
}
function shadowed() {
  const host = document.createElement('div');
  host.attachShadow({mode: 'open'}).innerHTML = '<p role="alert">Shadow saved</p><p>Result: undefined</p>';
  document.body.append(host);
  setTimeout(() => host.remove(), 300);
}
</script>
"""

FLASH = """<!doctype html><meta charset="utf-8"><title>Flash</title>
<div role="alert" id="flash">Welcome back, Ada</div>
<script>setTimeout(() => document.getElementById('flash').remove(), 300)</script>
"""


def _context(context: BrowserContext, page: Page, url: str, *checks: str, **more: Any) -> ToolContext:
    policy = InvariantPolicy.build(configured=checks, **more)
    return ToolContext(context=context, page=page, base_url=url, settings=QUICK, invariants=policy)


async def _call(ctx: ToolContext, step: int, name: str, **args: Any) -> ToolResult:
    ctx.step = step
    return await call_tool(ctx, name, args)


def _violations(result: ToolResult) -> list[dict[str, Any]]:
    return list(result.data.get("violations") or ())


async def test_each_invariant_fails_the_call_it_happened_during(
    context: BrowserContext, page: Page, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "watch.html").write_text(PAGE, encoding="utf-8")
    ctx = _context(
        context,
        page,
        url,
        "no-console-errors",
        "no-uncaught-exceptions",
        "no-failed-requests",
        allowed_failed_requests=["404 /optional/*"],
    )
    ok(await _call(ctx, 1, "navigate", url="/watch.html"))  # an image answering 404 is not an API call
    ok(await _call(ctx, 2, "click", target="Nothing"))

    logged = failed(await _call(ctx, 3, "click", target="Log"), "INVARIANT_VIOLATED")
    assert [v["invariant"] for v in _violations(logged)] == ["no-console-errors"]
    assert _violations(logged)[0]["step"] == 3
    assert 'console error "bad thing {code: 7}"' in (logged.error.message if logged.error else "")
    assert "do not repeat it" in (logged.error.advice or "" if logged.error else "")

    thrown = failed(await _call(ctx, 4, "click", target="Throw"), "INVARIANT_VIOLATED")
    assert "uncaught TypeError: Cannot read properties of null" in _violations(thrown)[0]["message"]

    fetched = failed(await _call(ctx, 5, "click", target="Fetch"), "INVARIANT_VIOLATED")
    # /optional/* is allowed; Chromium's own "Failed to load resource" console line is not a console error.
    assert [v["message"] for v in _violations(fetched)] == [f"GET {url}/api/missing answered 404 (fetch)"]
    ok(await _call(ctx, 6, "click", target="Nothing"))  # each violation is reported once
    # A look nobody records (the agent's snapshot excerpt) leaves them for the next recorded call.
    ok(await call_tool(ctx, "click", {"target": "Log"}, report_violations=False))
    later = failed(await _call(ctx, 7, "snapshot"), "INVARIANT_VIOLATED")
    assert "while step 6 ran" in (later.error.message if later.error else "")

    ctx.secrets = {"PASSWORD": "hunter2-secret"}  # evidence is scrubbed like every tool result
    leaked = failed(await _call(ctx, 8, "click", target="Leak"), "INVARIANT_VIOLATED")
    assert "hunter2-secret" not in leaked.model_dump_json() and "login failed for pw" in str(leaked.data)


async def test_error_text_is_rendered_text_as_whole_words_through_shadow_roots(
    context: BrowserContext, page: Page, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "watch.html").write_text(PAGE, encoding="utf-8")
    ctx = _context(context, page, url, "no-error-text", error_text=["Total: $"])
    # Templates, a hidden paragraph and "Nancy" / "undefinedness" on the page are not error text.
    ok(await _call(ctx, 1, "navigate", url="/watch.html"))
    ok(await _call(ctx, 2, "click", target="Hide"))
    computed = failed(await _call(ctx, 3, "click", target="Compute"), "INVARIANT_VIOLATED")
    assert sorted(v["message"] for v in _violations(computed)) == [
        'the page shows "NaN": "Total: $NaN"',
        'the page shows "Total: $": "Total: $NaN"',
    ]
    shadow = failed(await _call(ctx, 4, "click", target="Component"), "INVARIANT_VIOLATED")
    assert _violations(shadow)[0]["message"] == 'the page shows "undefined": "Result: undefined"'

    # A spec that itself expects the text checks it with its own steps: the pattern is not looked for.
    # Only what it quotes, as whole words: not a URL's "?bugs=nan", not "Nancy".
    policy = InvariantPolicy.build(
        configured=["no-error-text"],
        spec_texts=['Verify "Result: UNDEFINED" is shown', "Open /cart?bugs=nan", 'Verify "Nancy" is shown'],
    )
    assert "undefined" not in policy.error_text and "NaN" in policy.error_text


async def test_appeared_counts_from_the_last_action_and_only_what_was_shown(
    context: BrowserContext, page: Page, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "watch.html").write_text(PAGE, encoding="utf-8")
    ctx = _context(context, page, url)
    ok(await _call(ctx, 1, "navigate", url="/watch.html"))
    ok(await _call(ctx, 2, "click", target="Save"))
    ok(await _call(ctx, 3, "wait_for", seconds=0.5))
    failed(await _call(ctx, 3, "assert_text_present", text="Saved!"), "ASSERTION_FAILED")  # gone
    proved = ok(await _call(ctx, 3, "assert_appeared", text="saved!"))
    assert proved.data["appeared_in_step"] == 2 and proved.data["window_step"] == 2
    assert proved.data["kind"] == "status" and proved.data["visible_now"] is False

    # Step 4 acted: step 2's toast says nothing about it, unless the claim names step 2.
    ok(await _call(ctx, 4, "click", target="Nothing"))
    missed = failed(await _call(ctx, 4, "assert_appeared", text="Saved!"), "ASSERTION_FAILED")
    assert "since step 4 began" in (missed.error.message if missed.error else "")
    ok(await _call(ctx, 4, "assert_appeared", text="Saved!", since_step=2))
    # Shown right now (since before the window) passes; announced to screen readers only does not.
    assert ok(await _call(ctx, 4, "assert_appeared", text="3 items")).data["visible_now"] is True
    ok(await _call(ctx, 5, "click", target="Whisper"))
    failed(await _call(ctx, 5, "assert_appeared", text="Quietly saved"), "ASSERTION_FAILED")

    ok(await _call(ctx, 6, "click", target="Delete"))
    ok(await _call(ctx, 6, "click", target="No"))
    failed(
        await _call(ctx, 6, "assert_appeared", text="Delete this file?", kind="message"), "ASSERTION_FAILED"
    )
    assert (
        ok(await _call(ctx, 6, "assert_appeared", text="Delete this file?", kind="dialog")).data["kind"]
        == "dialog"
    )

    ok(await _call(ctx, 7, "click", target="Component"))
    ok(await _call(ctx, 7, "wait_for", seconds=0.5))
    assert ok(await _call(ctx, 7, "assert_appeared", text="Shadow saved")).data["kind"] == "alert"

    ok(await _call(ctx, 8, "click", target="Save"))
    ok(await _call(ctx, 9, "scroll", direction="down"))  # only looks: the toast still answers step 8
    assert ok(await _call(ctx, 9, "assert_appeared", text="Saved!")).data["window_step"] == 8


async def test_a_message_on_the_page_a_navigation_opened_is_recorded_from_its_first_paint(
    context: BrowserContext, page: Page, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "flash.html").write_text(FLASH, encoding="utf-8")
    ctx = _context(context, page, url)
    ok(await _call(ctx, 1, "navigate", url="/flash.html"))
    ok(await _call(ctx, 2, "wait_for", seconds=0.5))
    assert ok(await _call(ctx, 2, "assert_appeared", text="Welcome back")).data["appeared_in_step"] == 1


async def test_what_appeared_is_timed_in_milliseconds_since_the_watch_started(
    context: BrowserContext, page: Page, site: tuple[Path, str]
) -> None:
    """Two toasts shown ~0.8 s apart are recorded ~800 ms apart (``at_ms``, what result.json, the report
    and JUnit show), each no later than the wall time since the spec's first call."""
    folder, url = site
    (folder / "watch.html").write_text(PAGE, encoding="utf-8")
    ctx = _context(context, page, url)
    started = time.monotonic()
    ok(await _call(ctx, 1, "navigate", url="/watch.html"))
    ok(await _call(ctx, 2, "click", target="Save"))
    ok(await _call(ctx, 3, "wait_for", seconds=0.8))
    ok(await _call(ctx, 3, "click", target="Component"))
    ok(await _call(ctx, 4, "assert_appeared", text="Shadow saved"))
    elapsed_ms = (time.monotonic() - started) * 1000
    times = {s.text: s.as_dict()["at_ms"] for s in seen_texts(ctx)}
    saved, quiet = times["Saved!"], times["Shadow saved"]
    assert 0 < saved < quiet <= elapsed_ms, (times, elapsed_ms)
    assert 500 <= quiet - saved <= elapsed_ms, (times, elapsed_ms)  # 0.8 s, less what load delays
