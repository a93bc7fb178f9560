"""Assertions: auto-waiting success paths and ASSERTION_FAILED messages with expected and actual."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.async_api import Page

from autoqa.spec.grammar import ANY_DIALOG
from autoqa.tools import ToolContext

from .tools_helpers import IMPATIENT, PATIENT, Call, failed, ok


async def test_text_present_waits_for_delayed_content(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = PATIENT
    ok(await call("navigate", url="/playground.html"))
    ok(await call("click", target="Load data"))
    started = time.monotonic()
    ok(await call("assert_text_present", text="data loaded: 42 RECORDS"))  # case-insensitive substring
    assert time.monotonic() - started > 0.5  # it did wait (the text arrives after ~1.5 s)


async def test_text_present_exact(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/playground.html"))
    ok(await call("assert_text_present", text="Delayed content", exact=True))
    result = failed(await call("assert_text_present", text="Delayed", exact=True), "ASSERTION_FAILED")
    assert "Delayed" in result.error.message


async def test_a_whole_text_read_allows_a_close_buttons_glyph_and_nothing_more(
    page: Page, call: Call, tool_ctx: ToolContext
) -> None:
    """'Verify the message reads "Saved!"' on a message drawn with its close button ("Saved! ×"): the "×" is
    the button's, so it reads "Saved!" (and "Saved", its "!" unwritten). Only that glyph comes off the end:
    "Not saved ×" does not read "saved"."""
    tool_ctx.settings = IMPATIENT
    await page.set_content('<div class="flash">Saved! <button aria-label="Close">×</button></div>')
    ok(await call("assert_text_present", text="Saved!", exact=True))
    ok(await call("assert_text_present", text="Saved", exact=True))
    await page.set_content('<main><div class="flash">Not saved <a class="close" href="#">×</a></div></main>')
    ok(await call("assert_text_present", text="Not saved", exact=True))
    failed(await call("assert_text_present", text="saved", exact=True), "ASSERTION_FAILED")


async def test_a_text_read_exactly_allows_nothing_after_it(
    page: Page, call: Call, tool_ctx: ToolContext
) -> None:
    """'Verify the counter reads exactly "1 slot booked"' (whole): "1 slot booked (pending)" and "1 slot
    booked!" read "1 slot booked" (exact), but not exactly; the text alone, give or take spaces, does."""
    tool_ctx.settings = IMPATIENT
    await page.set_content('<p role="status">1 slot booked (pending)</p><p>2 slots   left!</p>')
    ok(await call("assert_text_present", text="1 slot booked", exact=True))
    failed(await call("assert_text_present", text="1 slot booked", whole=True), "ASSERTION_FAILED")
    ok(await call("assert_text_present", text="2 slots left!", whole=True))
    failed(await call("assert_text_present", text="2 slots left", exact=True, whole=True), "ASSERTION_FAILED")
    await page.set_content('<p role="status">1 slot booked</p>')
    ok(await call("assert_text_present", text="1 slot booked", exact=True, whole=True))


async def test_text_inside_the_same_origin_iframe(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("assert_text_present", text="Subscribe"))
    ok(await call("fill", target="Email", value="x@y.z"))
    ok(await call("click", target="Subscribe"))
    ok(await call("assert_text_present", text="Subscribed: x@y.z"))


async def test_toast_is_caught_then_seen_gone(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = PATIENT
    ok(await call("navigate", url="/playground.html"))
    ok(await call("click", target="Show toast"))
    ok(await call("assert_text_present", text="Saved!"))
    ok(await call("assert_text_absent", text="Saved!"))  # waits ~2 s for it to go


async def test_text_absent_fails_while_shown(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/playground.html"))
    result = failed(await call("assert_text_absent", text="Playground"), "ASSERTION_FAILED")
    assert result.error.details["expected"] == "absent"
    ok(await call("assert_text_absent", text="Data loaded"))


@pytest.mark.usefixtures("logged_in")
async def test_wrong_total_is_reported_with_the_actual_text(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/products.html"))
    await tool_ctx.page.evaluate("localStorage.setItem('cart', JSON.stringify({backpack: 1}))")
    ok(await call("navigate", url="/cart.html?bugs=total"))
    result = failed(await call("assert_text_present", text="Total: $29.99"), "ASSERTION_FAILED")
    assert "Total: $30.99" in result.error.message  # the closest visible text: the bug shows
    assert result.screenshot is not None


async def test_hidden_text_is_named_as_hidden(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate("document.body.insertAdjacentHTML('beforeend', '<p hidden>Secret note</p>')")
    result = failed(await call("assert_text_present", text="Secret note"), "ASSERTION_FAILED")
    assert "not visible" in result.error.message


async def test_element_visible_and_hidden(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/playground.html"))
    ok(await call("assert_element_visible", target="Show toast"))
    ok(await call("assert_element_hidden", target="Saved!"))  # not on the page at all
    result = failed(await call("assert_element_hidden", target="Show toast"), "ASSERTION_FAILED")
    assert "expected target 'Show toast' to be hidden, but it is visible" in result.error.message
    result = failed(await call("assert_element_visible", target="Nothing like it"), "ASSERTION_FAILED")
    assert "no element matches" in result.error.message


@pytest.mark.usefixtures("logged_in")
async def test_visible_with_several_matches_passes_but_value_needs_one(call: Call) -> None:
    ok(await call("navigate", url="/products.html"))
    assert ok(await call("assert_element_visible", target="Add to cart")).data["count"] == 6
    failed(await call("assert_enabled", target="Add to cart"), "AMBIGUOUS_TARGET")


async def test_enabled_later(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = PATIENT
    ok(await call("navigate", url="/playground.html"))
    ok(await call("assert_enabled", target="Continue"))  # polls until enabled (~1.5 s)
    tool_ctx.settings = IMPATIENT
    result = failed(await call("assert_enabled", target="Continue", enabled=False), "ASSERTION_FAILED")
    assert "to be disabled, but it is enabled" in result.error.message


async def test_value_checked_and_url_title(call: Call, tool_ctx: ToolContext, demo_url: str) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/login.html"))
    ok(await call("fill", target="Username", value="demo"))
    ok(await call("assert_value", target="Username", expected="demo"))
    result = failed(await call("assert_value", target="Username", expected="other"), "ASSERTION_FAILED")
    assert result.error.details == {
        "expected": "value 'other'",
        "actual": "value 'demo'",
        "target": "Username",
        "strategy": "role",
        "element": 'textbox "Username"',
    }
    failed(await call("assert_checked", target="Username"), "ASSERTION_FAILED")
    ok(await call("assert_url", expected="/login.html"))
    ok(await call("assert_url", expected="/login.html", match="equals"))
    ok(await call("assert_url", expected=r"/log\w+\.html$", match="regex"))
    failed(await call("assert_url", expected="(", match="regex"), "INVALID_INPUT")
    result = failed(await call("assert_url", expected="/cart"), "ASSERTION_FAILED")
    assert demo_url + "/login.html" in result.error.message
    ok(await call("assert_title", expected="Log in"))
    ok(await call("assert_title", expected="Log in · AutoQA Demo Shop", match="equals"))
    failed(await call("assert_title", expected="Log in", match="equals"), "ASSERTION_FAILED")


async def test_checked(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("assert_checked", target="Subscribe to newsletter", checked=False))
    ok(await call("set_checked", target="Subscribe to newsletter"))
    ok(await call("assert_checked", target="Subscribe to newsletter"))
    tool_ctx.settings = IMPATIENT
    result = failed(
        await call("assert_checked", target="Subscribe to newsletter", checked=False), "ASSERTION_FAILED"
    )
    assert "unchecked" in result.error.message and "checked" in result.error.details["actual"]


@pytest.mark.usefixtures("logged_in")
async def test_select_value_by_label_or_value(call: Call) -> None:
    ok(await call("navigate", url="/products.html"))
    ok(await call("select_option", target="Sort by", option="Price (low to high)"))
    ok(await call("assert_value", target="Sort by", expected="Price (low to high)"))
    ok(await call("assert_value", target="Sort by", expected="price-asc"))


@pytest.mark.usefixtures("logged_in")
async def test_count(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/products.html"))
    ok(await call("assert_count", target="Add to cart", count=6))
    result = failed(await call("assert_count", target="Add to cart", count=5), "ASSERTION_FAILED")
    assert result.error.details["actual"] == "6 element(s)"
    ok(await call("assert_count", target="Nothing like it", count=0))


async def test_count_on_the_long_list(call: Call) -> None:
    ok(await call("navigate", url="/list.html"))
    ok(await call("assert_count", target="css=li", count=200))
    ok(await call("assert_element_visible", target="Item 200"))  # offscreen still counts as visible


async def test_assertions_by_ref(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/playground.html"))
    snap = ok(await call("snapshot")).data["snapshot"]
    line = next(li for li in snap.splitlines() if 'checkbox "Subscribe to newsletter"' in li)
    ref = line.split("[ref=")[1].split("]")[0]
    ok(await call("assert_element_visible", ref=ref))
    ok(await call("assert_checked", ref=ref, checked=False))
    ok(await call("assert_enabled", ref=ref))
    ok(await call("assert_count", ref=ref, count=1))
    failed(await call("assert_value", ref=ref, expected="x"), "ASSERTION_FAILED")


async def test_count_counts_visible_matches_only(
    call: Call, tool_ctx: ToolContext, site: tuple[Path, str]
) -> None:
    folder, url = site
    (folder / "count.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>Count</title>'
        '<ul aria-label="Shown"><li><button>Undo</button></li><li><button>Undo</button></li>'
        "<li hidden><button>Undo</button></li></ul>"
        '<div style="display:none"><button>Restore</button><button>Restore</button></div>'
        "<p hidden><button>Archive</button></p>",
        encoding="utf-8",
    )
    tool_ctx.settings = IMPATIENT
    tool_ctx.base_url = url
    ok(await call("navigate", url="/count.html"))
    ok(await call("assert_count", target="Undo", count=2))  # the hidden third one is not shown
    failed(await call("assert_count", target="Undo", count=3), "ASSERTION_FAILED")
    ok(await call("assert_count", target="Restore", count=0))  # every match hidden: none shown
    result = failed(await call("assert_count", target="Restore", count=2), "ASSERTION_FAILED")
    assert result.error is not None and result.error.details["actual"] == "0 element(s)"
    ok(await call("assert_count", target="Archive", count=0))  # one match, hidden
    failed(await call("assert_count", target="Archive", count=1), "ASSERTION_FAILED")


async def test_the_unnamed_dialog_is_every_dialog(call: Call, tool_ctx: ToolContext) -> None:
    # "Verify the dialog is closed" holds only when no dialog of any kind is visible: an open alert dialog
    # or ARIA modal is not "closed" because a native <dialog> elsewhere is.
    ok(await call("navigate", url="/help.html"))
    page = tool_ctx.page
    await page.evaluate("document.body.insertAdjacentHTML('beforeend', '<dialog><p>later</p></dialog>')")
    ok(await call("assert_element_hidden", target=ANY_DIALOG))
    failed(await call("assert_element_visible", target=ANY_DIALOG), "ASSERTION_FAILED")
    for shown in (
        '<div role="alertdialog">Delete?</div>',
        '<div aria-modal="true">Cookies</div>',
        '<div role="dialog">Share</div>',
    ):
        await page.evaluate(f"document.body.insertAdjacentHTML('beforeend', '{shown}')")
        failed(await call("assert_element_hidden", target=ANY_DIALOG), "ASSERTION_FAILED")
        ok(await call("assert_element_visible", target=ANY_DIALOG))
        await page.evaluate("document.body.lastElementChild.remove()")
    ok(await call("assert_element_hidden", target=ANY_DIALOG))


async def test_a_class_check_reads_the_elements_own_class_list(
    page: Page, call: Call, tool_ctx: ToolContext
) -> None:
    """'the "buy milk" item has the class "completed"': the list item's own classes, never its label's or
    its list's, and a class name matched whole ("completed-soon" is not "completed")."""
    tool_ctx.settings = IMPATIENT
    await page.set_content(
        '<ul class="completed"><li class="completed-soon"><label>buy milk</label></li>'
        '<li class="todo completed"><label>feed the cat</label></li></ul>'
    )
    ok(await call("assert_class", target='the list item in "feed the cat"', class_name="completed"))
    result = failed(
        await call("assert_class", target='the list item in "buy milk"', class_name="completed"),
        "ASSERTION_FAILED",
    )
    assert "completed-soon" in (result.error.message if result.error else "")
    ok(
        await call(
            "assert_class", target='the list item in "buy milk"', class_name="completed", present=False
        )
    )
    failed(
        await call("assert_class", target="buy milk", class_name="completed"), "ASSERTION_FAILED"
    )  # the label
    failed(await call("assert_class", target="feed the cat", class_name="x y"), "INVALID_INPUT")


async def test_an_attribute_check_reads_the_elements_own_attribute_exactly(
    page: Page, call: Call, tool_ctx: ToolContext
) -> None:
    """'has aria-sort="descending"', 'alt=""', 'no longer has aria-sort': the attribute as the markup has it,
    on the element itself (its cell's attribute is not its header's), whole ("descending" is not "desc")."""
    tool_ctx.settings = IMPATIENT
    await page.set_content(
        '<table><thead><tr><th aria-sort="descending">Date</th><th>Amount</th></tr></thead>'
        '<tbody><tr><td aria-sort="ascending">2026-11-02</td><td>4.20</td></tr></tbody></table>'
        '<img src="data:," alt="" title="Logo" data-testid="logo">'
    )
    header = '"Amount" column header'
    ok(
        await call(
            "assert_attribute", target='"Date" column header', attribute="aria-sort", value="descending"
        )
    )
    result = failed(
        await call("assert_attribute", target='"Date" column header', attribute="aria-sort", value="desc"),
        "ASSERTION_FAILED",
    )
    assert "marked aria-sort='descending'" in (result.error.message if result.error else "")
    result = failed(await call("assert_attribute", target=header, attribute="aria-sort"), "ASSERTION_FAILED")
    assert "without aria-sort" in (result.error.message if result.error else "")
    ok(await call("assert_attribute", target=header, attribute="aria-sort", present=False))
    failed(
        await call("assert_attribute", target='"Date" column header', attribute="aria-sort", present=False),
        "ASSERTION_FAILED",
    )
    ok(await call("assert_attribute", target="logo", attribute="alt", value=""))  # empty is a value
    failed(await call("assert_attribute", target="logo", attribute="alt", present=False), "ASSERTION_FAILED")
    failed(await call("assert_attribute", target="logo", attribute="aria sort"), "INVALID_INPUT")
    result = failed(await call("assert_attribute", target="Nowhere", attribute="alt"), "ASSERTION_FAILED")
    assert "no element matches" in (result.error.message if result.error else "")


async def test_an_accessible_name_or_role_is_what_the_accessibility_tree_computes(
    page: Page, call: Call, tool_ctx: ToolContext
) -> None:
    """Hidden text counts in a name; a role given or implied by the tag; the name matched whole."""
    tool_ctx.settings = IMPATIENT
    await page.set_content(
        '<a href="#s">Change<span style="position:absolute;width:1px;height:1px;overflow:hidden;'
        'clip:rect(0 0 0 0)"> street address</span></a> <a href="#n">Change name</a>'
        '<ul aria-label="Results"><li>One</li></ul><div role="alertdialog" aria-label="Help">?</div>'
    )
    ok(
        await call(
            "assert_accessible",
            target='"Change street address" link',
            accessible_name="Change street address",
        )
    )
    result = failed(
        await call("assert_accessible", target='"Change name" link', accessible_name="Change"),
        "ASSERTION_FAILED",
    )
    assert "named 'Change name'" in (result.error.message if result.error else "")
    ok(await call("assert_accessible", target="Results", role="list"))  # implied by <ul>
    result = failed(
        await call("assert_accessible", target='"Help" dialog', role="dialog"), "ASSERTION_FAILED"
    )
    assert "role 'alertdialog'" in (result.error.message if result.error else "")
    more = '<h3>Filters</h3><div role="heading" aria-level="2">Sort</div><p>Summary</p>'
    await page.evaluate("(html) => document.body.insertAdjacentHTML('beforeend', html)", more)
    ok(await call("assert_accessible", target='"Sort" heading', level=2))  # role="heading" aria-level="2"
    result = failed(await call("assert_accessible", target='"Filters" heading', level=2), "ASSERTION_FAILED")
    assert "a level 3 heading" in (result.error.message if result.error else "")
    result = failed(await call("assert_accessible", target="Summary", level=2), "ASSERTION_FAILED")
    assert "a paragraph, not a heading" in (result.error.message if result.error else "")
    failed(await call("assert_accessible", target="Results", level=7), "INVALID_INPUT")
    failed(await call("assert_accessible", target="Results", role="lists"), "INVALID_INPUT")
    failed(await call("assert_accessible", target="Results"), "INVALID_INPUT")  # neither name nor role
    failed(
        await call("assert_accessible", target="Results", role="list", accessible_name="Results"),
        "INVALID_INPUT",
    )
