"""Element capture on the real demo pages: fingerprints, frames and validated candidates."""

from __future__ import annotations

import re

from playwright.async_api import Browser, Page

from autoqa.demo_app.server import DemoServer
from autoqa.record import Recorder
from autoqa.record.capture import capture_element, locate_text
from autoqa.record.fingerprint import take_fingerprint
from autoqa.record.ir import ElementRecord
from autoqa.secrets import SecretSet
from record.helpers import Recording, new_context, recording_caller

SECRET = "s3cret-value-42"


async def test_recording_keeps_the_agents_snapshot_refs_working(
    browser: Browser, demo_server: DemoServer
) -> None:
    """Capture must not take an aria snapshot: that would replace the refs the model is using."""
    context, ctx = await new_context(browser, demo_server)
    try:
        recorder = Recorder(ctx)
        caller = recording_caller(recorder)
        assert (await caller("navigate", {"url": "/playground.html"}, step=1)).ok
        snapshot = await caller("snapshot", {}, step=2)
        text = str(snapshot.data)
        refs = [
            re.search(rf'button "{name}"[^\n]*?\[ref=(e\d+)\]', text) for name in ("Settings", "Show toast")
        ]
        assert all(refs), text[:500]
        for step, found in enumerate(refs, start=3):
            assert found is not None
            result = await caller("click", {"ref": found.group(1)}, step=step)
            assert result.ok, result.error
        chosen = [r.element.chosen.code() for r in recorder.records[1:] if r.element and r.element.chosen]
        assert chosen == [
            'page.get_by_test_id("settings")',
            'page.get_by_role("button", name="Show toast", exact=True)',
        ]
    finally:
        await context.close()


async def test_fingerprint_has_roles_names_and_never_a_field_value(page: Page) -> None:
    await page.goto("/login.html")
    password = page.get_by_test_id("password")
    await password.fill(SECRET)
    handle = await password.element_handle()
    assert handle is not None
    fp = await take_fingerprint(handle, test_id_attribute="data-testid", secrets=SecretSet(), timeout_ms=2000)
    assert (fp.tag, fp.role, fp.name, fp.test_id, fp.type) == (
        "input",
        "textbox",
        "Password",
        "password",
        "password",
    )
    assert fp.label == "Password"
    assert SECRET not in fp.model_dump_json()


async def test_implicit_roles_of_link_and_checkbox(page: Page) -> None:
    await page.goto("/playground.html")
    link = await capture_element(
        "click",
        page.locator("a[target=_blank]"),
        {},
        test_id_attribute="data-testid",
        secrets=SecretSet(),
        timeout_ms=2000,
    )
    box = await capture_element(
        "set_checked",
        page.locator("#newsletter-optin"),
        {},
        test_id_attribute="data-testid",
        secrets=SecretSet(),
        timeout_ms=2000,
    )
    assert (link.fingerprint.role, link.fingerprint.name) == ("link", "Open help")
    assert (box.fingerprint.role, box.fingerprint.name) == ("checkbox", "Subscribe to newsletter")
    assert (
        link.chosen is not None
        and link.chosen.code() == 'page.get_by_role("link", name="Open help", exact=True)'
    )


async def test_a_repeated_button_is_found_by_its_test_id_not_its_text(
    browser: Browser, demo_server: DemoServer, demo_suite: dict[str, Recording]
) -> None:
    context = await browser.new_context(
        base_url=demo_server.url, storage_state=demo_suite["01-login.md"].storage_state
    )
    try:
        page = await context.new_page()
        await page.goto("/products.html")
        element = await capture_element(
            "click",
            page.get_by_test_id("add-backpack"),
            {},
            test_id_attribute="data-testid",
            secrets=SecretSet(),
            timeout_ms=2000,
        )
        by_kind = {c.locator.kind: c for c in element.candidates}
        assert by_kind["test_id"].ok and by_kind["test_id"].same_element
        # The test id settles what export and replay read, so the weaker candidates cost no round trip.
        assert list(by_kind) == ["test_id"]
        assert element.chosen is not None and element.chosen.code() == 'page.get_by_test_id("add-backpack")'
        assert element.replay_target == '[data-testid="add-backpack"]'

        group = await capture_element(
            "assert_count",
            page.get_by_test_id("add-backpack"),
            {"count": 6},
            test_id_attribute="data-testid",
            secrets=SecretSet(),
            timeout_ms=2000,
        )
        assert group.group_size == 6
        assert group.chosen is not None and group.chosen.kind == "role"  # all six, ours among them
        assert not next(c for c in group.candidates if c.locator.kind == "test_id").ok
        role = next(c for c in group.candidates if c.locator.kind == "role")
        assert role.count == 6 and role.same_element  # checked once the test id did not settle it
    finally:
        await context.close()


async def test_an_element_in_an_iframe_keeps_its_frame_chain(page: Page) -> None:
    await page.goto("/playground.html")
    email = page.frame_locator("iframe").get_by_role("textbox", name="Email")
    element = await capture_element(
        "fill", email, {}, test_id_attribute="data-testid", secrets=SecretSet(), timeout_ms=2000
    )
    assert [f.selector for f in element.frames] == ['iframe[title="Newsletter"]']
    assert element.frames[0].url.endswith("/frame-form.html")
    chosen = element.chosen
    assert chosen is not None
    rebuilt = chosen.build(page.frame_locator(element.frames[0].selector))
    assert await rebuilt.count() == 1
    # The tool layer searches same-origin frames for hints, so the target needs no frame part.
    assert element.replay_target == '[data-testid="email"]'


async def test_candidates_without_a_hint_form_still_validate(page: Page) -> None:
    await page.goto("/playground.html")
    element = await capture_element(
        "click",
        page.locator("#load-data"),
        {},
        test_id_attribute="data-testid",
        secrets=SecretSet(),
        timeout_ms=2000,
    )
    assert element.chosen is not None and element.chosen.kind == "role"
    assert element.replay_target == "role=button name=Load data"
    assert all(c.same_element for c in element.candidates if c.ok)


async def test_capture_of_a_vanished_element_reports_instead_of_raising(page: Page) -> None:
    await page.goto("/playground.html")
    element = await capture_element(
        "click",
        page.locator("#no-such-thing"),
        {},
        test_id_attribute="data-testid",
        secrets=SecretSet(),
        timeout_ms=300,
    )
    assert element.error is not None and "gone" in element.error
    assert element.chosen is None and element.replay_target is None


async def test_text_is_located_in_the_frame_that_shows_it(page: Page) -> None:
    await page.goto("/playground.html")
    frame = page.frame_locator("iframe")
    await frame.get_by_role("textbox", name="Email").fill("qa@example.com")
    await frame.get_by_role("button", name="Subscribe").click()
    found = await locate_text(page, "Subscribed: qa@example.com", exact=False, timeout_ms=2000)
    assert [f.selector for f in found.frames] == ['iframe[title="Newsletter"]'] and found.visible == 1
    absent = await locate_text(page, "Nothing like this", exact=False, timeout_ms=2000)
    assert absent.matches == 0 and absent.frames == ()


async def _capture(page: Page, selector: str, args: dict[str, str] | None = None) -> ElementRecord:
    return await capture_element(
        "click",
        page.locator(selector),
        args or {},
        test_id_attribute="data-testid",
        secrets=SecretSet(),
        timeout_ms=2000,
    )


async def _picks_only(page: Page, element: ElementRecord, selector: str) -> bool:
    """Whether the chosen locator finds exactly the captured element."""
    assert element.chosen is not None, element
    ours = await page.locator(selector).element_handle()
    found = element.chosen.build(page.main_frame)
    return bool(await found.evaluate_all("(els, el) => els.length === 1 && els[0] === el", ours))


ROWS = """<!doctype html><meta charset="utf-8"><table>
<tr><td>Dune</td><td><button data-testid="delete">Delete</button></td></tr>
<tr><td>Kindred</td><td><button data-testid="delete">Delete</button></td></tr></table>"""


async def test_a_row_template_button_is_found_in_its_row_past_candidates_that_match_every_row(
    page: Page,
) -> None:
    """The test id, the role and the text each match both rows' buttons (ours among them): none may be
    chosen, and checking goes on past them to the locator in the step's row."""
    await page.set_content(ROWS)
    ours = "tr:nth-child(2) button"
    element = await _capture(page, ours, {"target": 'the "Delete" button in "Kindred"'})
    assert element.chosen is not None and element.chosen.kind == "row", element.candidates
    assert await _picks_only(page, element, ours)
    for kind in ("test_id", "role"):
        check = next(c for c in element.candidates if c.locator.kind == kind)
        assert check.count == 2 and not check.ok


async def test_a_candidate_that_finds_another_element_is_not_chosen(page: Page) -> None:
    """Inside an aria-hidden part, get_by_role skips our button and finds the other 'Save' alone: a
    locator that finds one element, but not ours, is not usable."""
    await page.set_content(
        '<!doctype html><div aria-hidden="true"><button id="draft-save">Save</button></div>'
        "<button>Save</button>"
    )
    element = await _capture(page, "#draft-save")
    role = next(c for c in element.candidates if c.locator.kind == "role")
    assert role.count == 1 and not role.same_element and not role.ok
    assert await _picks_only(page, element, "#draft-save")


async def test_the_replay_target_is_looked_for_past_a_locator_that_settles_export(page: Page) -> None:
    """A 'Subscribe' button in an iframe, beside one on the page: the role locator (checked in the frame)
    is usable for export, but as a tool-layer target it would land on the page's button first, so the
    replay target is a later candidate's (the frame's own id)."""
    await page.goto("/playground.html")
    origin = page.url.rsplit("/", 1)[0]
    inner = '<!doctype html><button id="frame-subscribe">Subscribe</button>'
    await page.route(
        f"{origin}/mut-inner.html", lambda route: route.fulfill(body=inner, content_type="text/html")
    )
    outer = '<!doctype html><button>Subscribe</button><iframe title="Inner" src="/mut-inner.html"></iframe>'
    await page.route(
        f"{origin}/mut-outer.html", lambda route: route.fulfill(body=outer, content_type="text/html")
    )
    await page.goto("/mut-outer.html")
    button = page.frame_locator("iframe").locator("#frame-subscribe")
    await button.wait_for()
    element = await capture_element(
        "click", button, {}, test_id_attribute="data-testid", secrets=SecretSet(), timeout_ms=2000
    )
    assert element.chosen is not None and element.chosen.kind == "role", element.candidates
    assert element.replay_target == "#frame-subscribe", element.candidates
