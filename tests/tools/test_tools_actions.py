"""Element actions against the demo shop: success paths and each failure code they can produce."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from autoqa.tools import ToolContext

from .tools_helpers import FAST, Call, failed, ok


async def test_click_navigates_and_reports_the_new_url(call: Call) -> None:
    ok(await call("navigate", url="/"))
    result = ok(await call("click", target="Long list"))
    assert result.data["url"].endswith("/list.html")


async def test_double_and_right_click(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend', '<button id=b>Press</button><p id=log></p>');
        const b = document.getElementById('b'), log = document.getElementById('log');
        b.addEventListener('dblclick', () => log.textContent += 'double;');
        b.addEventListener('contextmenu', (e) => { e.preventDefault(); log.textContent += 'right;'; });"""
    )
    ok(await call("click", target="Press", double=True))
    ok(await call("click", target="Press", button="right"))
    assert await tool_ctx.page.locator("#log").inner_text() == "double;right;"


@pytest.mark.usefixtures("logged_in")
async def test_hover_menu(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/products.html"))
    tool_ctx.settings = dataclasses.replace(FAST, action_timeout_ms=400)
    result = failed(await call("click", target="Profile"), "TIMEOUT")  # display:none until hovered
    assert "not visible" in result.error.message
    tool_ctx.settings = FAST
    ok(await call("hover", target="Account"))
    ok(await call("assert_element_visible", target="Profile"))
    ok(await call("click", target="Profile"))
    assert tool_ctx.page.url.endswith("/profile.html")


async def test_enabled_later_button_is_clicked_once_enabled(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("assert_enabled", target="Continue", enabled=False))
    ok(await call("click", target="Continue"))  # Playwright waits for it to become enabled (~1.5 s)
    ok(await call("assert_text_present", text="Continued"))


async def test_disabled_button_times_out(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = dataclasses.replace(FAST, action_timeout_ms=300)
    ok(await call("navigate", url="/playground.html"))
    result = failed(await call("click", target="Continue"), "TIMEOUT")
    assert "not enabled" in result.error.message


async def test_fill_reports_length_and_fills_inside_a_wrapper(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<div id=wrap>Note: <textarea id=t></textarea></div>')"
    )
    result = ok(await call("fill", target="#wrap", value="multi\nline"))
    assert result.data["value_length"] == 10
    assert await tool_ctx.page.locator("#t").input_value() == "multi\nline"


async def test_fill_on_a_non_field_is_not_interactable(call: Call) -> None:
    ok(await call("navigate", url="/help.html"))
    failed(await call("fill", target="Help center", value="x"), "ELEMENT_NOT_INTERACTABLE")


@pytest.mark.usefixtures("logged_in")
async def test_select_option_by_label_value_and_case(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/products.html"))
    sort = tool_ctx.page.get_by_label("Sort by")
    result = ok(await call("select_option", target="Sort by", option="Price (low to high)"))
    assert result.data["selected"] == "Price (low to high)" and result.data["value"] == "price-asc"
    ok(await call("select_option", target="Sort by", option="name-desc"))
    assert await sort.input_value() == "name-desc"
    ok(await call("select_option", target="Sort by", option="price (HIGH to low)"))
    assert await sort.input_value() == "price-desc"
    first = await tool_ctx.page.locator(".product-grid h3, .product-grid h2").first.inner_text()
    assert first == "Fleece Jacket"  # the app re-sorted: the change event fired


@pytest.mark.usefixtures("logged_in")
async def test_select_option_failures(call: Call) -> None:
    ok(await call("navigate", url="/products.html"))
    missing = failed(await call("select_option", target="Sort by", option="Rating"), "ELEMENT_NOT_FOUND")
    assert "Name (A to Z)" in missing.error.message  # the options are listed
    failed(await call("select_option", target="Products", option="x"), "ELEMENT_NOT_INTERACTABLE")


async def test_press_key_submits_and_rejects_unknown_keys(
    call: Call, tool_ctx: ToolContext, demo_url: str
) -> None:
    ok(await call("navigate", url="/login.html"))
    ok(await call("fill", target="Username", value="demo"))
    ok(await call("fill", target="Password", value="demo-pass-123"))
    ok(await call("press_key", target="Password", key="Enter"))
    ok(await call("assert_url", expected="/products.html"))
    failed(await call("press_key", key="Hyperspace"), "INVALID_INPUT")
    ok(await call("press_key", key="End"))


async def test_set_checked_both_ways(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    box = tool_ctx.page.get_by_label("Subscribe to newsletter")
    assert ok(await call("set_checked", target="Subscribe to newsletter")).data["checked"] is True
    assert await box.is_checked()
    ok(await call("set_checked", target="Subscribe to newsletter", checked=False))
    assert not await box.is_checked()
    failed(await call("set_checked", target="Show toast"), "ELEMENT_NOT_INTERACTABLE")


async def test_upload_inside_the_upload_folder(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    result = ok(await call("upload_file", target="Attachment", path="report.txt"))
    assert result.data["file"] == "report.txt" and result.data["size"] == len("hello upload\n")
    ok(await call("assert_text_present", text="Uploaded: report.txt"))


async def test_upload_to_the_pages_one_file_input_even_behind_a_drop_zone(
    call: Call, tool_ctx: ToolContext
) -> None:
    # 'Upload "report.txt"' names no field: the page's one file input, hidden behind a styled drop zone
    page = tool_ctx.page
    await page.set_content(
        '<label class="drop">Drop files here<input type="file" id="f" style="display:none"></label>'
        '<p id="out"></p>'
        "<script>f.onchange = () => { out.textContent = 'Got ' + f.files[0].name; };</script>"
    )
    ok(await call("upload_file", target="css=input[type=file]", path="report.txt"))
    ok(await call("assert_text_present", text="Got report.txt"))
    # two file inputs shown: which one is not said, so neither gets the file
    await page.evaluate(
        "f.style.display = ''; document.body.insertAdjacentHTML('beforeend', '<input type=file>')"
    )
    failed(await call("upload_file", target="css=input[type=file]", path="report.txt"), "AMBIGUOUS_TARGET")
    # two hidden and none shown: ambiguous too
    await page.set_content('<input type=file style="display:none"><input type=file style="display:none">')
    failed(await call("upload_file", target="css=input[type=file]", path="report.txt"), "AMBIGUOUS_TARGET")
    # one shown beside a hidden one (an upload widget's own): the shown one gets the file, as a person's would
    await page.set_content(
        '<input type=file id=shown><input type=file class="dz-hidden-input" hidden><p id="out"></p>'
        "<script>shown.onchange = () => { out.textContent = 'Got ' + shown.files[0].name; };</script>"
    )
    ok(await call("upload_file", target="css=input[type=file]", path="report.txt"))
    ok(await call("assert_text_present", text="Got report.txt"))
    # the hidden one first on the page: still the shown one (not the first of the two)
    await page.set_content(
        '<input type=file class="dz-hidden-input" hidden><input type=file id=shown><p id="out"></p>'
        "<script>shown.onchange = () => { out.textContent = 'Got ' + shown.files[0].name; };</script>"
    )
    ok(await call("upload_file", target="css=input[type=file]", path="report.txt"))
    ok(await call("assert_text_present", text="Got report.txt"))


async def test_upload_through_a_file_chooser_button(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend', '<button id=pick>Choose file</button>');
        document.getElementById('pick').onclick = () => document.getElementById('attachment').click();"""
    )
    ok(await call("upload_file", target="Choose file", path="report.txt"))
    ok(await call("assert_text_present", text="Uploaded: report.txt"))


@pytest.mark.parametrize("path", ["../secret.txt", "/etc/passwd", "sub/../../secret.txt", "missing.txt", "."])
async def test_upload_outside_or_missing_is_invalid_input(call: Call, upload_dir: Path, path: str) -> None:
    (upload_dir.parent / "secret.txt").write_text("not for upload")
    ok(await call("navigate", url="/playground.html"))
    result = failed(await call("upload_file", target="Attachment", path=path), "INVALID_INPUT")
    assert "not for upload" not in result.error.message


async def test_upload_via_symlink_escaping_the_folder_is_refused(call: Call, upload_dir: Path) -> None:
    outside = upload_dir.parent / "outside.txt"
    outside.write_text("x")
    (upload_dir / "link.txt").symlink_to(outside)
    ok(await call("navigate", url="/playground.html"))
    failed(await call("upload_file", target="Attachment", path="link.txt"), "INVALID_INPUT")


async def test_upload_without_an_upload_folder_is_unsupported(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.upload_dir = None
    ok(await call("navigate", url="/playground.html"))
    failed(await call("upload_file", target="Attachment", path="report.txt"), "UNSUPPORTED")


async def test_scroll_the_long_list(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/list.html"))
    first = ok(await call("scroll"))
    assert first.data["y"] == 600 and first.data["atBottom"] is False
    ok(await call("scroll", direction="up", amount=600))
    assert await tool_ctx.page.evaluate("window.scrollY") == 0
    result = ok(await call("scroll", target="Item 200"))
    assert result.data["scrolled_into_view"] is True
    assert await tool_ctx.page.get_by_text("Item 200", exact=True).evaluate(
        "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    )
    bottom = ok(await call("scroll", amount=5000))
    assert bottom.data["atBottom"] is True


async def test_scroll_amount_is_bounded(call: Call) -> None:
    ok(await call("navigate", url="/list.html"))
    failed(await call("scroll", amount=1_000_000), "INVALID_INPUT")
    failed(await call("scroll", amount=-5), "INVALID_INPUT")
    failed(await call("scroll", direction="sideways"), "INVALID_INPUT")
