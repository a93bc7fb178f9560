"""Refs from snapshots: resolution, iframes, DOM changes, scoped snapshots, navigation."""

from __future__ import annotations

import re

import pytest

from autoqa.tools import ToolContext

from .tools_helpers import Call, failed, ok


def ref_of(snapshot: str, line_pattern: str) -> str:
    """The ref on the first snapshot line matching ``line_pattern``."""
    for line in snapshot.splitlines():
        if re.search(line_pattern, line):
            found = re.search(r"\[ref=((?:f\d+)?e\d+)\]", line)
            assert found, line
            return found.group(1)
    raise AssertionError(f"no line matches {line_pattern!r} in:\n{snapshot}")


async def test_click_and_fill_by_ref(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/login.html"))
    snap = ok(await call("snapshot")).data["snapshot"]
    ok(await call("fill", ref=ref_of(snap, r'textbox "Username"'), value="demo"))
    password = ref_of(snap, r'textbox "Password"')
    result = ok(await call("fill", ref=f"[ref={password}]", value="pw"))
    assert result.data == {"ref": password, "value_length": 2}
    assert await tool_ctx.page.get_by_label("Username").input_value() == "demo"


async def test_iframe_fill_and_click_by_ref(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    snap = ok(await call("snapshot")).data["snapshot"]
    email = ref_of(snap, r'textbox "Email"')
    subscribe = ref_of(snap, r'button "Subscribe"')
    assert email.startswith("f") and subscribe.startswith("f")  # frame refs
    ok(await call("fill", ref=email, value="frame@example.com"))
    ok(await call("click", ref=subscribe))
    ok(await call("assert_text_present", text="Subscribed: frame@example.com"))


async def test_ref_of_a_removed_element_is_not_found(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    snap = ok(await call("snapshot")).data["snapshot"]
    toast = ref_of(snap, r'button "Show toast"')
    await tool_ctx.page.evaluate("document.getElementById('show-toast').remove()")
    result = failed(await call("click", ref=toast), "ELEMENT_NOT_FOUND")
    assert "take a new snapshot" in result.error.message
    assert not result.error.retriable  # that ref will never come back: a new snapshot's ref may work
    ok(await call("assert_element_hidden", ref=toast))  # gone counts as hidden


async def test_refs_survive_dom_changes_elsewhere(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    snap = ok(await call("snapshot")).data["snapshot"]
    settings = ref_of(snap, r'button "Settings"')
    # Re-render a large part of the page before the ref is used.
    await tool_ctx.page.evaluate(
        "document.querySelector('main').insertAdjacentHTML('afterbegin', '<p>'.repeat(50) + 'New banner')"
    )
    ok(await call("click", ref=settings))
    ok(await call("assert_text_present", text="Settings opened"))


async def test_ref_outside_a_scoped_snapshot_still_works(call: Call, tool_ctx: ToolContext) -> None:
    """Playwright keeps only the latest snapshot's refs; the tool re-snapshots once to get them back."""
    ok(await call("navigate", url="/playground.html"))
    snap = ok(await call("snapshot")).data["snapshot"]
    settings = ref_of(snap, r'button "Settings"')
    scoped = ok(await call("snapshot", target="Delayed content")).data["snapshot"]
    assert "Settings" not in scoped
    unresolvable = await tool_ctx.page.locator(f"aria-ref={settings}").count()
    assert unresolvable == 0  # Playwright's own behaviour, pinned here: the scoped snapshot replaced the map
    ok(await call("click", ref=settings))
    ok(await call("assert_text_present", text="Settings opened"))


async def test_ref_of_an_element_added_after_the_snapshot(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("snapshot"))
    await tool_ctx.page.evaluate(
        "document.body.insertAdjacentHTML('beforeend',"
        " '<button onclick=\"this.textContent=`clicked`\">Fresh</button>')"
    )
    fresh = ref_of(ok(await call("snapshot")).data["snapshot"], r'button "Fresh"')
    ok(await call("click", ref=fresh))
    ok(await call("assert_text_present", text="clicked"))


async def test_ref_from_an_earlier_page_is_refused(call: Call) -> None:
    ok(await call("navigate", url="/"))
    snap = ok(await call("snapshot")).data["snapshot"]
    link = ref_of(snap, r'link "Playground"')
    ok(await call("navigate", url="/list.html"))
    ok(await call("snapshot"))
    result = failed(await call("click", ref=link), "ELEMENT_NOT_FOUND")
    assert "take a new snapshot" in result.error.message


@pytest.mark.parametrize("bad", ["button", "e", "12", "ref=x3", "e1; drop", "f1", "<e1>"])
async def test_malformed_refs_are_invalid_input(call: Call, bad: str) -> None:
    ok(await call("navigate", url="/"))
    result = failed(await call("click", ref=bad), "INVALID_INPUT")
    assert "snapshot" in result.error.message


async def test_target_stands_in_for_a_stale_ref(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("snapshot"))
    result = ok(await call("click", ref="e999", target="Settings"))
    assert result.data["target"] == "Settings"
    ok(await call("assert_text_present", text="Settings opened"))
