"""Many popups at once, each trying to reach another origin: the origin guard stops every one before the
other origin gets a document request, and every stop is reported to the tool calls.

One click on a real page opens 35 popups in one burst: ``target=_blank`` links, ``window.open`` (with and
without ``noopener``), popups the opener sends away later (``w.location = …``), popups whose own script
leaves after a while, popups opened late by a timer, and popups that start on the app and are redirected
by its server to the other origin. The other origin (127.0.0.1, another port) logs every request it gets;
each popup aims at its own path there, so a leak or a missing report names the popup.

A stop is reported either as a notice of the next tool call ("a tab tried to open … and was stopped", when
it happened between calls) or as NAVIGATION_BLOCKED of the call it happened during (``blocked_urls``).

While the redirect interceptor was attached to each page as Playwright reported it, every redirected popup
reached the other origin unreported (its first request had left before the interceptor was there): 5 of
35, every run. The interceptor is now the browser's, there before any popup.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Iterator

import pytest
from playwright.async_api import Browser

from autoqa.tools import ToolContext, ToolResult, call_tool
from autoqa.tools.origin_guard import guard_navigations

from .hostile_site import GUARD_SETTINGS, Site

SETTINGS = GUARD_SETTINGS
PER_KIND = 5
KINDS = (
    "link",  # <a target=_blank href=other> clicked
    "open",  # window.open(other)
    "noopener",  # window.open(other, '_blank', 'noopener')
    "later",  # w = window.open('/blank.html'); later w.location = other
    "own-script",  # window.open('/leave.html?…'): the popup's own timer sets location
    "timer-open",  # setTimeout(() => window.open(other))
    "redirect",  # window.open('/redirect-to/other…'): the app's server redirects the popup
)
POPUPS = [f"{kind}-{i}" for kind in KINDS for i in range(PER_KIND)]
REPORT_WAIT_S = 15.0


def stress_page(other: str) -> str:
    """The app page: one button opens every popup of :data:`POPUPS` (delays spread over ~2 s)."""
    host = other.removeprefix("http://")
    links = "".join(
        f'<a class="lure" target="_blank" href="{other}/doc/link-{i}">link {i}</a> ' for i in range(PER_KIND)
    )
    return f"""<!doctype html>
<title>Popup storm</title>
<h1>Popup storm</h1>
<p>{links}</p>
<button id="storm">Open all popups</button>
<script>
const other = {other!r};
const delay = (i) => 150 + i * 450;
document.getElementById('storm').addEventListener('click', () => {{
  document.querySelectorAll('a.lure').forEach((a) => a.click());
  for (let i = 0; i < {PER_KIND}; i++) {{
    window.open(other + '/doc/open-' + i);
    window.open(other + '/doc/noopener-' + i, '_blank', 'noopener');
    const w = window.open('/blank.html');
    setTimeout(() => {{ w.location = other + '/doc/later-' + i; }}, delay(i));
    const to = encodeURIComponent(other + '/doc/own-script-' + i);
    window.open('/leave.html?to=' + to + '&after=' + delay(i));
    setTimeout(() => window.open(other + '/doc/timer-open-' + i), delay(i));
    window.open('/redirect-to/{host}/doc/redirect-' + i);
  }}
}});
</script>
"""


def hops_page(other: str) -> str:
    """Two links that open a popup on the app, which the app's server redirects to the other origin."""
    host = other.removeprefix("http://")
    return f"""<!doctype html><title>Partners</title>
<p><a target="_blank" href="/redirect-to/{host}/doc/lenient">Lenient partner</a></p>
<p><a target="_blank" href="/redirect-to/{host}/doc/strict">Strict partner</a></p>
"""


LEAVE_PAGE = """<!doctype html><title>Leaving</title><p>Leaving soon</p>
<script>
const query = new URLSearchParams(location.search);
setTimeout(() => { location.href = query.get('to'); }, Number(query.get('after')));
</script>
"""


@pytest.fixture(scope="module")
def sites() -> Iterator[tuple[Site, Site]]:
    other = Site()
    for name in (*POPUPS, "lenient", "strict"):
        other.page(f"/doc/{name}", f"<title>{name}</title><h1>Other origin: {name}</h1>")
    other.start()
    app = Site()
    app.page("/storm.html", stress_page(other.url))
    app.page("/blank.html", "<!doctype html><title>Blank</title><p>opening…</p>")
    app.page("/leave.html", LEAVE_PAGE)
    app.page("/hops.html", hops_page(other.url))
    app.start()
    yield app, other
    app.stop()
    other.stop()


async def guarded_context(browser: Browser, base_url: str, allowed: tuple[str, ...] = ()) -> ToolContext:
    """A ToolContext on a fresh browser context with the origin guard installed, as the runner builds one."""
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    ctx = ToolContext(
        context=context, page=page, base_url=base_url, allowed_origins=allowed, settings=SETTINGS
    )
    await guard_navigations(ctx)
    return ctx


class Reports:
    """The stops the tool results report, by the other origin's path (``/doc/<name>``): in a notice of a
    call ("a tab tried to open … and was stopped"), or in a call's NAVIGATION_BLOCKED error."""

    def __init__(self, other: Site) -> None:
        self._pattern = re.compile(re.escape(other.url) + r"/doc/([a-z]+(?:-[a-z]+)*(?:-\d+)?)")
        self.stopped: set[str] = set()
        self.other_errors: list[str] = []

    def note(self, result: ToolResult) -> None:
        texts = [n for n in result.data.get("notices", []) if "was stopped" in n]
        if result.error is not None and result.error.code == "NAVIGATION_BLOCKED":
            texts += [str(url) for url in result.error.details.get("blocked_urls", [])]
        elif result.error is not None:
            self.other_errors.append(f"{result.error.code}: {result.error.message}")
        self.stopped.update(m.group(1) for text in texts for m in self._pattern.finditer(text))

    async def wait_for(self, ctx: ToolContext, wanted: set[str]) -> None:
        """Let time pass until ``wanted`` were all reported (or 15 s passed), as an agent does: a pause
        outside any call (the model thinking: a stop then is a notice of the next call), then a short
        ``wait_for`` (a stop during it is its error). One more call at the end: a stop left over shows
        there too."""
        deadline = asyncio.get_running_loop().time() + REPORT_WAIT_S
        while not wanted <= self.stopped and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.2)
            self.note(await call_tool(ctx, "wait_for", {"seconds": 0.1}))
        self.note(await call_tool(ctx, "wait_for", {"seconds": 0.1}))


async def test_every_popup_of_a_storm_is_stopped_before_the_other_origin_and_reported(
    browser: Browser, sites: tuple[Site, Site]
) -> None:
    app, other = sites
    ctx = await guarded_context(browser, app.url)
    try:
        other.hits.clear()
        reports = Reports(other)
        assert (await call_tool(ctx, "navigate", {"url": "/storm.html"})).ok
        reports.note(await call_tool(ctx, "click", {"target": "Open all popups"}))
        await reports.wait_for(ctx, set(POPUPS))

        leaked = sorted({hit.path for hit in other.documents()})
        assert leaked == [], f"the other origin was sent documents: {leaked}"
        missing = sorted(set(POPUPS) - reports.stopped)
        assert missing == [], f"{len(missing)} of {len(POPUPS)} stopped popups never reported: {missing}"
        assert reports.stopped == set(POPUPS), reports.stopped - set(POPUPS)
        assert reports.other_errors == [], reports.other_errors
        tabs = [p.url for p in ctx.context.pages if not p.is_closed()]
        assert not [url for url in tabs if url.startswith(other.url)], tabs
        assert ctx.page.url == f"{app.url}/storm.html"
    finally:
        await ctx.context.close()


async def test_a_redirected_popup_is_judged_by_the_allowed_origins_of_its_own_context(
    browser: Browser, sites: tuple[Site, Site]
) -> None:
    """Contexts of one browser share its redirect interceptor; each popup's hop is judged by its own
    context's guard, and a context that closes leaves the others (and the next ones) guarded."""
    app, other = sites
    other.hits.clear()
    lenient = await guarded_context(browser, app.url, (other.url,))
    strict = await guarded_context(browser, app.url)
    try:
        for ctx in (lenient, strict):
            assert (await call_tool(ctx, "navigate", {"url": "/hops.html"})).ok
        async with lenient.context.expect_page() as opened:
            assert (await call_tool(lenient, "click", {"target": "Lenient partner"})).ok
        await (await opened.value).wait_for_url(f"{other.url}/doc/lenient")
        strict_reports = Reports(other)
        strict_reports.note(await call_tool(strict, "click", {"target": "Strict partner"}))
        await strict_reports.wait_for(strict, {"strict"})
        assert strict_reports.stopped == {"strict"}, strict_reports.other_errors
    finally:
        await strict.context.close()
    again = await guarded_context(browser, app.url)
    try:
        reports = Reports(other)
        async with lenient.context.expect_page() as opened:  # still allowed there, with one context left
            assert (await call_tool(lenient, "click", {"target": "Lenient partner"})).ok
        await (await opened.value).wait_for_url(f"{other.url}/doc/lenient")
        await lenient.context.close()  # no guarded context left for a moment: the next one is guarded anew
        assert (await call_tool(again, "navigate", {"url": "/hops.html"})).ok
        reports.note(await call_tool(again, "click", {"target": "Strict partner"}))
        await reports.wait_for(again, {"strict"})
        assert reports.stopped == {"strict"}, reports.other_errors
    finally:
        await again.context.close()
        with contextlib.suppress(Exception):
            await lenient.context.close()
    assert sorted(hit.path for hit in other.documents()) == ["/doc/lenient", "/doc/lenient"]
