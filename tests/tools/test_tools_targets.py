"""Plain-language targets: deterministic resolution order, iframes, ambiguity, candidates, non-ASCII."""

from __future__ import annotations

import dataclasses

import pytest
from playwright.async_api import Page

from autoqa.tools import ToolContext
from autoqa.tools.targets import parse_target, resolve_target

from .tools_helpers import FAST, Call, failed, ok


async def test_role_and_accessible_name_first(call: Call) -> None:
    ok(await call("navigate", url="/login.html"))
    result = ok(await call("click", target="Log in"))
    assert result.data["strategy"] == "role"
    assert result.data["element"] == 'button "Log in"'  # not the "Log in" heading


async def test_case_insensitive_name_and_role_words(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/login.html"))
    assert ok(await call("fill", target="USERNAME", value="demo")).data["strategy"] == "role_ci"
    # "field" filters by role (text fields only); what is left of the description is the name.
    assert ok(await call("fill", target="the Password field", value="x")).data["strategy"] == "role"
    assert await tool_ctx.page.get_by_label("Password").input_value() == "x"


async def test_test_id_wins_over_text(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/login.html"))
    result = ok(await call("fill", target="username", value="by-test-id"))
    assert result.data["element"] == 'textbox "Username"'
    await tool_ctx.page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<button data-testid=\"Log in\">Other</button>')"
    )
    assert ok(await call("click", target="Log in")).data["strategy"] == "test_id"


@pytest.mark.usefixtures("logged_in")
async def test_icon_only_cart_link_by_its_label(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/products.html"))
    result = ok(await call("click", target="Cart"))
    assert result.data["element"] == 'link "Cart"'
    assert tool_ctx.page.url.endswith("/cart.html")


async def test_icon_only_settings_button(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("click", target="Settings"))
    ok(await call("assert_text_present", text="Settings opened"))


async def test_label_placeholder_alt_title_and_exact_text(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend', `
        <input placeholder="Search the docs">
        <img alt="Company logo" src="/favicon.svg" width=20 height=20>
        <span title="Opening hours">9-5</span>
        <p>Exactly this paragraph</p>`)"""
    )
    cases = {
        "Search the docs": "role",  # a placeholder is the field's accessible name
        "Company logo": "alt_title",
        "Opening hours": "alt_title",
        "Exactly this paragraph": "text",
        "exactly THIS paragraph": "text_ci",
    }
    for target, strategy in cases.items():
        result = ok(await call("assert_element_visible", target=target))
        assert result.data["strategy"] == strategy, (target, result.data)


async def test_token_matching_finds_partial_descriptions(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    result = ok(await call("set_checked", target="newsletter checkbox"))
    assert result.data["element"] == 'checkbox "Subscribe to newsletter"'
    assert result.data["strategy"] == "token"


@pytest.mark.usefixtures("logged_in")
async def test_ambiguous_target_lists_candidates_with_refs(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/products.html"))
    result = failed(await call("click", target="Add to cart"), "AMBIGUOUS_TARGET")
    candidates = result.error.details["candidates"]
    assert len(candidates) == 3
    assert result.error.details["count"] == 6
    assert {c["name"] for c in candidates} == {"Add to cart"}
    assert [c["context"] for c in candidates] == ["Backpack", "Bike Light", "Bolt T-Shirt"]
    # People read the candidates as a spec could name them; the refs are advice for the model only.
    assert all(c["ref"] not in result.error.message for c in candidates)
    assert 'the "Add to cart" button in "Backpack"' in result.error.message
    assert result.error.advice is not None and all(c["ref"] in result.error.advice for c in candidates)
    # The refs work: a model recovers with the second one.
    ok(await call("click", ref=candidates[1]["ref"]))
    cart = await tool_ctx.page.evaluate("JSON.parse(localStorage.getItem('cart') || '{}')")
    assert list(cart) == ["bike-light"]


@pytest.mark.usefixtures("logged_in")
async def test_card_context_disambiguates(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/products.html"))
    result = ok(await call("click", target="Add to cart Fleece Jacket"))
    assert result.data["strategy"] == "token_context"
    added = await tool_ctx.page.evaluate("localStorage.getItem('cart')")
    assert "fleece" in added.lower()


async def test_not_found_lists_closest_candidates_with_refs(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    result = failed(await call("click", target="Load dta"), "ELEMENT_NOT_FOUND")
    candidates = result.error.details["candidates"]
    assert candidates and candidates[0]["name"] == "Load data"
    assert candidates[0]["ref"]
    # for people, as a step names it (its region by heading); the ref is for the model
    assert 'closest: the "Load data" button in "Delayed content"' in result.error.message
    assert candidates[0]["ref"] not in result.error.message
    ok(await call("click", ref=candidates[0]["ref"]))


async def test_iframe_fill_and_click_by_target(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("fill", target="Email", value="me@example.com"))
    result = ok(await call("click", target="Subscribe"))
    assert result.data["element"] == 'button "Subscribe"'  # the frame's exact match beats a partial one
    ok(await call("assert_text_present", text="Subscribed: me@example.com"))
    frame = tool_ctx.page.frame_locator("iframe[title=Newsletter]")
    assert await frame.get_by_label("Email").input_value() == "me@example.com"


async def test_explicit_hints(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/playground.html"))
    assert ok(await call("click", target="#settings")).data["strategy"] == "hint"
    ok(await call("assert_text_present", text="Settings opened"))
    ok(await call("click", target="[data-testid=settings]"))
    ok(await call("assert_element_visible", target="text=Delayed content"))
    ok(await call("assert_element_visible", target="role=button name=Show toast"))
    ok(await call("assert_element_visible", target="//h1[text()='Playground']"))
    failed(await call("click", target="#no-such-id"), "ELEMENT_NOT_FOUND")
    failed(await call("click", target="css=button"), "AMBIGUOUS_TARGET")


async def test_chinese_labels_match_exactly_and_by_substring(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend', `
        <button onclick="this.textContent='已加入'">加入购物车</button>
        <label>电子邮件 <input id=mail></label>
        <p id=out></p>`)"""
    )
    assert ok(await call("fill", target="电子邮件", value="张三@例子.cn")).data["strategy"] in (
        "role",
        "label",
    )
    assert await tool_ctx.page.locator("#mail").input_value() == "张三@例子.cn"
    result = ok(await call("click", target="购物车按钮"))  # "cart button": substring + role word
    assert result.data["element"] == 'button "加入购物车"'
    ok(await call("assert_text_present", text="已加入"))


async def test_accented_case_folding(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<button>Übersicht öffnen</button>')"
    )
    assert ok(await call("click", target="übersicht ÖFFNEN")).data["strategy"] == "role_ci"
    assert ok(await call("click", target="öffnen")).data["strategy"] == "token"


async def test_visible_match_preferred_over_hidden(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend',
        '<button style="display:none">Save</button>'
        + '<button onclick="this.textContent=`Saved`">Save</button>')"""
    )
    ok(await call("click", target="Save"))
    ok(await call("assert_element_visible", target="Saved"))


async def test_target_waits_briefly_for_late_elements(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = dataclasses.replace(FAST, target_wait_ms=1_500)
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        "setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<button>Late</button>'), 200)"
    )
    result = ok(await call("click", target="Late"))
    assert result.duration_ms > 150


def test_parse_target_splits_role_words_and_quotes() -> None:
    query = parse_target('the "Save" button')
    assert query.name == "Save" and query.quoted
    assert query.roles == ("button",)
    assert query.tokens == ("save",)
    cjk = parse_target("提交按钮")
    assert cjk.tokens == ("提交",) and cjk.roles == ("button",)
    only_filler = parse_target("the button")  # nothing but filler: the words are the name, not a filter
    assert only_filler.tokens == ("the", "button") and only_filler.roles == ()


async def test_resolution_is_one_round_trip_and_deterministic(page: Page, demo_url: str) -> None:
    await page.goto(demo_url + "/playground.html")
    first = await resolve_target(page, "Show toast", test_id_attribute="data-testid", timeout_ms=2_000)
    again = await resolve_target(page, "Show toast", test_id_attribute="data-testid", timeout_ms=2_000)
    assert first.status == again.status == "found"
    assert first.matches[0].css == again.matches[0].css
    assert await first.locator.count() == 1


async def test_target_on_the_next_page_right_after_a_navigating_click(call: Call) -> None:
    ok(await call("navigate", url="/"))
    ok(await call("click", target="Playground"))
    ok(await call("click", target="Settings"))  # resolution retries while the new document loads
    ok(await call("assert_text_present", text="Settings opened"))


async def test_a_preposition_is_a_word_of_the_name(call: Call, tool_ctx: ToolContext) -> None:
    # "Log in" is not "Log out": a fuzzy token match that dropped the last word "in" clicked the other button
    # on a page that had lost its "Log in" (a wrong action, not an honest not-found).
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend',
        '<button>Log out</button><button>Sign up with Google</button><button>Shopping cart</button>')"""
    )
    # and a quoted name is the name: every word of it counts ("Shopping list" is not "Shopping cart")
    for target in (
        "Log in",
        '"Log in"',
        '"Log in" button',
        "the Log in button",
        '"Sign in with Google"',
        '"Shopping list" button',
    ):
        failed(await call("click", target=target), "ELEMENT_NOT_FOUND")
    # a preposition inside a free description says where, and is not required in the name
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend',
        '<table><tr><td>SPQR</td><td><a href="#spqr-delete">Delete</a></td></tr></table>')"""
    )
    ok(await call("click", target="Delete link in SPQR row"))
    assert tool_ctx.page.url.endswith("#spqr-delete")
    assert ok(await call("click", target="Log out")).data["element"] == 'button "Log out"'
    assert ok(await call("click", target="sign up google")).data["element"] == 'button "Sign up with Google"'


async def test_a_checkbox_the_page_will_not_change_fails_the_action(
    call: Call, tool_ctx: ToolContext
) -> None:
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend',
        '<label><input type="checkbox" onclick="return false"> Locked</label>')"""
    )
    result = failed(await call("set_checked", target="Locked"), "ELEMENT_NOT_INTERACTABLE")
    assert result.error is not None and "kept its old state" in result.error.message


async def test_a_control_without_a_name_is_found_by_its_developer_words(
    call: Call, tool_ctx: ToolContext
) -> None:
    # TodoMVC's edit field and destroy button have no accessible name: "the edit field", "the destroy button"
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend',
        '<input class="edit"><input id="searchBar"><button class="destroy"></button>' +
        '<input class="note" aria-label="Comment">')"""
    )
    assert ok(await call("fill", target="the edit field", value="x")).data["strategy"] == "attribute"
    assert await tool_ctx.page.locator("input.edit").input_value() == "x"
    ok(await call("fill", target="the search bar field", value="y"))
    assert await tool_ctx.page.locator("#searchBar").input_value() == "y"
    ok(await call("click", target="the destroy button"))
    # a control with a name of its own is found by that name, never by its class
    failed(await call("fill", target="the note field", value="z"), "ELEMENT_NOT_FOUND")


async def test_a_named_control_is_found_by_its_developer_words_only_when_nothing_else_says_them(
    call: Call, tool_ctx: ToolContext
) -> None:
    # TodoMVC's new-todo field is named by its placeholder; testers call it "the new todo field"
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend',
        '<input class="new-todo" placeholder="What needs to be done?">' +
        '<input class="note" aria-label="Comment">')"""
    )
    found = ok(await call("fill", target="the new todo field", value="x"))
    assert found.data["strategy"] == "attribute_named", found.data
    assert await tool_ctx.page.locator("input.new-todo").input_value() == "x"
    # a name that says the words wins over a class that does
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend', '<label>New todo <input id="named"></label>')"""
    )
    ok(await call("fill", target="the new todo field", value="y"))
    assert await tool_ctx.page.locator("#named").input_value() == "y"
    assert await tool_ctx.page.locator("input.new-todo").input_value() == "x"
    # one developer word is no description (a control named that word was meant), and a labelled control is
    # never found by its id: a field relabelled "Zip code" is not the "postal code" field a step names
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend', '<input class="memo" placeholder="Write here">' +
        '<label>Zip code <input id="postal-code"></label>')"""
    )
    failed(await call("fill", target="the memo field", value="m"), "ELEMENT_NOT_FOUND")
    failed(await call("fill", target="the postal code field", value="p"), "ELEMENT_NOT_FOUND")
    assert await tool_ctx.page.locator("input.memo").input_value() == ""
    # the same placeholder-named field by two words of its class is found
    await tool_ctx.page.evaluate("document.querySelector('input.memo').className = 'memo-pad'")
    ok(await call("fill", target="the memo pad field", value="m"))
    assert await tool_ctx.page.locator("input.memo-pad").input_value() == "m"


async def test_an_ambiguous_row_action_is_named_by_its_row_label(call: Call, tool_ctx: ToolContext) -> None:
    # 'the "Delete" link in "SPQR"' — a target a step can write — not the row's run-together text
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        """document.body.insertAdjacentHTML('beforeend', '<table><tbody>' +
        '<tr><td><input type="checkbox"></td><td><a href="#s">SPQR</a></td><td>Mary Beard</td>' +
        '<td><a href="#d1">Delete</a></td></tr>' +
        '<tr><td><input type="checkbox"></td><td><a href="#c">Cosmos</a></td><td>Carl Sagan</td>' +
        '<td><a href="#d2">Delete</a></td></tr></tbody></table>')"""
    )
    result = failed(await call("click", target="Delete"), "AMBIGUOUS_TARGET")
    assert result.error is not None
    assert 'the "Delete" link in "SPQR"; the "Delete" link in "Cosmos"' in result.error.message
    ok(await call("click", target='the "Delete" link in "Cosmos"'))
    assert tool_ctx.page.url.endswith("#d2")
