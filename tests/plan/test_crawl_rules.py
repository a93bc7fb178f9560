"""The crawl's rules, on a site of the test's own that records every request: what is not followed or not
submitted never reaches a server; the limits leave a partial result that says what was left."""

from __future__ import annotations

import re
from typing import Any

from playwright.async_api import Browser

from autoqa.plan.crawl import Crawl, CrawlOptions, crawl
from autoqa.tools.context import ToolSettings

from .conftest import RecordingSite


def _pages(app: RecordingSite, elsewhere: RecordingSite, *, lure: bool = False) -> None:
    go = '<a href="/go.html">Go</a>' if lure else ""
    app.pages.update(
        {
            "/": f"""<!doctype html><title>Home</title><h1>Home</h1>
                <a href="/a.html">Page A</a> <a href="{elsewhere.url}/outside.html">Elsewhere</a>
                <a href="/logout">Log out</a> {go}
                <a href="mailto:qa@example.com">Mail us</a> <a href="/report.pdf">Report</a>""",
            "/a.html": """<!doctype html><title>A</title><h1>Page A</h1><a href="/b.html">Page B</a>
                <form aria-label="Close account" action="/delete-account" method="get">
                  <label>Email <input name="email"></label><button>Delete account</button></form>
                <form id="news" novalidate><label for="e">Email</label><input id="e" required>
                  <button>Subscribe</button><p id="m"></p></form>
                <script>document.getElementById('news').addEventListener('submit', (e) => {
                  e.preventDefault(); document.getElementById('m').textContent = 'Email is required'; });
                </script>""",
            "/b.html": "<!doctype html><title>B</title><h1>Page B</h1>",
            "/go.html": f"""<!doctype html><title>Go</title><h1>Go</h1>
                <script>location.href = "{elsewhere.url}/lure.html";</script>""",
            "/logout": "<!doctype html><title>Bye</title><h1>Logged out</h1>",
            "/delete-account": "<!doctype html><title>Gone</title><h1>Account deleted</h1>",
        }
    )


async def _crawl(browser: Browser, app: RecordingSite, **options: Any) -> Crawl:
    # /go.html's script leaves for another origin during the load: the guard stops it, and the page's own
    # load then waits out the navigation timeout (kept short here).
    settings = ToolSettings(navigation_timeout_ms=3_000)
    values: dict[str, Any] = {
        "start_url": app.url + "/",
        "max_pages": 20,
        "max_depth": 3,
        "timeout_s": 60,
        "tool_settings": settings,
    }
    return await crawl(browser, CrawlOptions(**{**values, **options}), lambda event, **fields: None)


def _link(found: Crawl, path: str, text: str) -> Any:
    page = next(p for p in found.pages if p.path == path)
    return next(link for link in page.links if link.text == text)


async def test_links_to_other_origins_and_lures_never_reach_them(
    browser: Browser, recording_sites: tuple[RecordingSite, RecordingSite]
) -> None:
    app, elsewhere = recording_sites
    _pages(app, elsewhere, lure=True)
    found = await _crawl(browser, app)
    assert {p.path for p in found.pages} >= {"/", "/a.html", "/b.html"}
    assert elsewhere.requests == []  # neither the link nor the page's script redirect got out
    assert _link(found, "/", "Elsewhere").reason == "off-origin"
    assert _link(found, "/", "Log out").reason == "it would end the session"
    assert app.requested("/logout") == []
    assert _link(found, "/", "Mail us").reason == "not a web page (mailto)"
    assert _link(found, "/", "Report").reason == "a file, not a page"
    assert _link(found, "/", "Page A").followed
    assert not found.guardrails and not found.unvisited


async def test_a_form_whose_button_says_delete_is_submitted_only_when_allowed(
    browser: Browser, recording_sites: tuple[RecordingSite, RecordingSite]
) -> None:
    app, elsewhere = recording_sites
    _pages(app, elsewhere)
    found = await _crawl(browser, app, max_depth=1)
    page = next(p for p in found.pages if p.path == "/a.html")
    risky, news = page.forms
    assert risky.probe is not None and not risky.probe.submitted
    assert risky.probe.reason is not None and '"delete"' in risky.probe.reason
    assert app.requested("/delete-account") == []
    assert news.probe is not None and news.probe.submitted
    assert news.probe.messages == ("Email is required",)

    allowed = await _crawl(browser, app, max_depth=1, allow=frozenset({"delete"}))
    page = next(p for p in allowed.pages if p.path == "/a.html")
    probe = page.forms[0].probe
    assert probe is not None and probe.submitted and probe.url_after is not None
    assert app.requested("/delete-account")


async def test_links_beyond_the_depth_limit_are_listed_as_unvisited(
    browser: Browser, recording_sites: tuple[RecordingSite, RecordingSite]
) -> None:
    app, elsewhere = recording_sites
    _pages(app, elsewhere)
    shallow = await _crawl(browser, app, max_depth=1)
    assert [(u.url, u.reason) for u in shallow.unvisited] == [(app.url + "/b.html", "max_depth")]
    assert [g.name for g in shallow.guardrails] == ["explore_max_depth"]
    assert app.requested("/b.html") == []

    deep = await _crawl(browser, app, max_depth=2)
    assert not deep.guardrails and app.requested("/b.html")


async def test_the_time_limit_ends_the_crawl_with_what_it_found(
    browser: Browser, recording_sites: tuple[RecordingSite, RecordingSite]
) -> None:
    app, elsewhere = recording_sites
    _pages(app, elsewhere)
    found = await _crawl(browser, app, timeout_s=0.01)  # time is up at the start page, or right after it
    # On a busy machine the 10 ms may run out while the start page loads: then nothing was found. Either
    # way the limit ends the crawl there, and no page beyond the start is visited.
    assert [p.path for p in found.pages] in (["/"], []), [p.path for p in found.pages]
    assert [g.name for g in found.guardrails] == ["explore_timeout_s"]
    assert {u.reason for u in found.unvisited} <= {"timeout"} and app.requested("/a.html") == []


async def test_a_long_page_s_snapshot_is_stored_cut_to_the_limit_with_a_notice(
    browser: Browser, recording_sites: tuple[RecordingSite, RecordingSite]
) -> None:
    app, _ = recording_sites
    rows = "".join(f"<li>Product number {n} with a long description</li>" for n in range(200))
    app.pages["/"] = f"<!doctype html><title>Long</title><h1>Catalogue</h1><ul>{rows}</ul>"
    settings = ToolSettings(navigation_timeout_ms=3_000, snapshot_max_chars=500)
    found = await _crawl(browser, app, max_pages=1, tool_settings=settings)
    (page,) = found.pages
    snapshot = found.snapshots[page.id]
    assert snapshot.truncated and len(snapshot.text) <= 500, len(snapshot.text)
    assert 'heading "Catalogue"' in snapshot.text  # the start of the page is kept
    cut = re.search(r"\[snapshot cut: (\d+) more characters in (\d+) lines not shown", snapshot.text)
    assert cut is not None and int(cut[1]) > 5_000 and int(cut[2]) > 150, snapshot.text[-300:]
