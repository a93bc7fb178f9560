"""The flaky widget's API fails exactly the loads a test chooses, the same way in every run."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from playwright.async_api import Page

from autoqa.demo_app.server import DemoServer


def _load(server: DemoServer, query: str) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(f"{server.url}/api/flaky?{query}", timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_first_loads_fail_then_pass_per_token_and_a_seeded_rate_repeats() -> None:
    with DemoServer(bugs=()) as first, DemoServer(bugs=()) as second:
        assert [_load(first, "token=a&fails=2")[0] for _ in range(3)] == [503, 503, 200]
        assert _load(first, "token=b&fails=2") == (503, {"ok": False, "load": 1})  # its own count
        seeded = [[_load(s, "token=t&rate=0.5&seed=7")[0] for _ in range(20)] for s in (first, second)]
        assert seeded[0] == seeded[1] and {503, 200} == set(seeded[0])  # same seed, same sequence
        assert _load(first, "token=&fails=1")[0] == 400 and _load(first, "token=x&rate=2")[0] == 400


async def test_the_widget_page_shows_the_seeded_rate_sequence_in_a_browser(page: Page) -> None:
    # The page a spec navigates to, in Chromium, fails on the same loads as the API's seeded sequence
    # (read over HTTP from a second server with the same seed): a flaky-rate spec is reproducible.
    query = "token=w&rate=0.5&seed=7"
    with DemoServer(bugs=()) as browsed, DemoServer(bugs=()) as reference:
        shown = []
        for _ in range(8):
            await page.goto(f"{browsed.url}/flaky.html?{query}")
            status = page.get_by_test_id("flaky-result")
            await status.filter(has_text="(load").wait_for()
            shown.append(await status.text_content())
        expected = [_load(reference, query) for _ in range(8)]
    words = {200: "ready", 503: "failed to load"}
    assert shown == [f"Widget {words[code]} (load {body['load']})" for code, body in expected]
    assert any("ready" in (text or "") for text in shown) and any("failed" in (text or "") for text in shown)
