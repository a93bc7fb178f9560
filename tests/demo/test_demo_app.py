"""Every behaviour in demo_app/CONTRACT.md, driven through a real headless Chromium."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, BrowserContext, Dialog, Page, expect

from autoqa.demo_app import DemoServer

NAME_ASC = ["Backpack", "Bike Light", "Bolt T-Shirt", "Fleece Jacket", "Onesie", "Red T-Shirt"]
# Equal prices (the two T-shirts) keep name order in both price sorts.
PRICE_ASC = ["Onesie", "Bike Light", "Bolt T-Shirt", "Red T-Shirt", "Backpack", "Fleece Jacket"]
PRICE_DESC = ["Fleece Jacket", "Backpack", "Bolt T-Shirt", "Red T-Shirt", "Bike Light", "Onesie"]
SORTS = {
    "Name (A to Z)": NAME_ASC,
    "Name (Z to A)": NAME_ASC[::-1],
    "Price (low to high)": PRICE_ASC,
    "Price (high to low)": PRICE_DESC,
}
DEMO_LOGIN = {"username": "demo", "password": "demo-pass-123"}


async def log_in(context: BrowserContext) -> None:
    response = await context.request.post("/api/login", data=DEMO_LOGIN)
    assert response.status == 200


async def product_names(page: Page) -> list[str]:
    return await page.get_by_test_id("product-list").get_by_role("heading").all_inner_texts()


async def fill_checkout(page: Page, postal_label: str = "Postal code") -> None:
    await page.get_by_label("First name").fill("Ada")
    await page.get_by_label("Last name").fill("Lovelace")
    await page.get_by_label(postal_label).fill("12345")


@pytest.fixture
async def buggy_page(browser: Browser, buggy_demo_server: DemoServer) -> AsyncIterator[Page]:
    context = await browser.new_context(base_url=buggy_demo_server.url)
    await log_in(context)
    yield await context.new_page()
    await context.close()


# --- home and login -----------------------------------------------------------------------------


async def test_home_page_links(page: Page) -> None:
    await page.goto("/")
    await expect(page.get_by_role("heading", name="AutoQA Demo Shop")).to_be_visible()
    for name in ("Log in", "Products", "Playground", "Long list"):
        await expect(page.get_by_role("link", name=name, exact=True)).to_be_visible()
    await page.get_by_role("link", name="Playground").click()
    await expect(page.get_by_role("heading", name="Playground")).to_be_visible()


async def test_shop_pages_redirect_to_login_without_a_session(page: Page) -> None:
    for path in ("/products.html", "/cart.html", "/checkout.html"):
        await page.goto(path)
        assert page.url.endswith("/login.html"), path
        await expect(page.get_by_role("heading", name="Log in")).to_be_visible()


async def test_login_with_bad_password_shows_an_alert(page: Page) -> None:
    await page.goto("/login.html")
    await expect(page.get_by_role("alert")).to_be_hidden()
    await page.get_by_role("textbox", name="Username").fill("demo")
    await page.get_by_label("Password").fill("wrong-password")
    await page.get_by_role("button", name="Log in").click()
    await expect(page.get_by_role("alert")).to_have_text("Invalid username or password")
    assert page.url.endswith("/login.html")


async def test_locked_user_is_refused(page: Page) -> None:
    await page.goto("/login.html")
    await page.get_by_test_id("username").fill("locked")
    await page.get_by_test_id("password").fill("demo-pass-123")
    await page.get_by_role("button", name="Log in").click()
    await expect(page.get_by_role("alert")).to_have_text("This account is locked")


async def test_login_succeeds_with_http_only_cookie_and_logout_clears_it(
    page: Page, context: BrowserContext
) -> None:
    await page.goto("/login.html")
    assert await page.get_by_test_id("password").get_attribute("type") == "password"
    await page.get_by_label("Username").fill("demo")
    await page.get_by_label("Password").fill("demo-pass-123")
    await page.get_by_role("button", name="Log in").click()
    await page.wait_for_url("**/products.html")
    await expect(page.get_by_role("heading", name="Products", exact=True)).to_be_visible()
    cookies = {c["name"]: c for c in await context.cookies()}
    assert cookies["session"]["httpOnly"] is True
    assert "session" not in await page.evaluate("document.cookie")
    # "Log out" sits in the hover menu.
    await page.get_by_role("button", name="Account").hover()
    await page.get_by_role("link", name="Log out").click()
    await page.wait_for_url("**/login.html")
    await page.goto("/products.html")
    assert page.url.endswith("/login.html")


# --- products and cart ----------------------------------------------------------------------------


async def test_every_sort_option_changes_the_order(page: Page, context: BrowserContext) -> None:
    await log_in(context)
    await page.goto("/products.html")
    assert await product_names(page) == NAME_ASC  # the default
    sort = page.get_by_role("combobox", name="Sort by")
    for option in ("Name (Z to A)", "Price (low to high)", "Price (high to low)", "Name (A to Z)"):
        before = await product_names(page)
        await sort.select_option(label=option)
        after = await product_names(page)
        assert after == SORTS[option], option
        assert after != before, f"{option} did not change the order"


async def test_product_cards(page: Page, context: BrowserContext) -> None:
    await log_in(context)
    await page.goto("/products.html")
    cards = page.get_by_role("listitem").filter(has=page.get_by_role("button", name="Add to cart"))
    await expect(cards).to_have_count(6)
    backpack = cards.filter(has=page.get_by_role("heading", name="Backpack"))
    await expect(backpack).to_contain_text("$29.99")
    await expect(page.get_by_role("button", name="Add to cart")).to_have_count(6)
    for slug in ("backpack", "bike-light", "bolt-t-shirt", "fleece-jacket", "onesie", "red-t-shirt"):
        await expect(page.get_by_test_id(f"add-{slug}")).to_have_text("Add to cart")


async def test_cart_total_badge_remove_and_empty(page: Page, context: BrowserContext) -> None:
    await log_in(context)
    await page.goto("/products.html")
    badge = page.get_by_test_id("cart-count")
    await expect(badge).to_be_hidden()
    await page.get_by_test_id("add-backpack").click()
    await page.get_by_test_id("add-backpack").click()
    await page.get_by_test_id("add-bike-light").click()
    await expect(badge).to_have_text("3")
    await page.get_by_role("link", name="Cart", exact=True).click()
    await expect(page.get_by_role("heading", name="Your cart")).to_be_visible()
    await expect(page.get_by_text("Total: $69.97")).to_be_visible()  # 2 × 29.99 + 9.99
    backpack_row = page.get_by_test_id("cart-item-backpack")
    await expect(backpack_row).to_contain_text("Backpack")
    await expect(backpack_row).to_contain_text("Qty: 2")
    await expect(backpack_row).to_contain_text("$29.99")
    await backpack_row.get_by_role("button", name="Remove").click()
    await expect(page.get_by_text("Total: $9.99")).to_be_visible()
    await page.get_by_role("button", name="Remove").click()
    await expect(page.get_by_text("Your cart is empty")).to_be_visible()
    await expect(page.get_by_role("button", name="Checkout")).to_be_disabled()
    assert await page.evaluate("localStorage.getItem('cart')") == "{}"


# --- checkout -------------------------------------------------------------------------------------


async def test_checkout_validation_messages(page: Page, context: BrowserContext) -> None:
    await log_in(context)
    await page.goto("/checkout.html")
    await page.get_by_role("button", name="Place order").click()
    for message in ("First name is required", "Last name is required", "Postal code is required"):
        await expect(page.get_by_text(message)).to_be_visible()
    await expect(page.get_by_role("dialog")).to_be_hidden()
    await page.get_by_label("First name").fill("Ada")
    await page.get_by_role("button", name="Place order").click()
    await expect(page.get_by_text("First name is required")).to_be_hidden()
    await expect(page.get_by_text("Last name is required")).to_be_visible()
    await expect(page.get_by_label("Last name")).to_have_attribute("aria-invalid", "true")


async def test_checkout_modal_cancel_then_confirm_shows_a_toast_that_disappears(
    page: Page, context: BrowserContext
) -> None:
    await log_in(context)
    await page.goto("/products.html")
    await page.get_by_test_id("add-onesie").click()
    await page.goto("/checkout.html")
    await fill_checkout(page)
    await page.get_by_role("button", name="Place order").click()
    dialog = page.get_by_role("dialog", name="Confirm order")
    await expect(dialog).to_be_visible()
    await expect(dialog).to_have_attribute("aria-modal", "true")
    await dialog.get_by_role("button", name="Cancel").click()
    await expect(dialog).to_be_hidden()
    await expect(page.get_by_role("heading", name="Thank you for your order!")).to_be_hidden()

    await page.get_by_role("button", name="Place order").click()
    await dialog.get_by_role("button", name="Confirm", exact=True).click()
    toast = page.get_by_role("status")
    await expect(toast).to_have_text("Order placed")
    shown = time.monotonic()
    await expect(page.get_by_role("heading", name="Thank you for your order!")).to_be_visible()
    await expect(toast).to_be_hidden(timeout=5000)
    lasted = time.monotonic() - shown
    assert 1.0 < lasted < 3.5, f"toast lasted {lasted:.2f} s, expected about 2 s"
    assert await page.evaluate("localStorage.getItem('cart')") == "{}"


# --- playground -----------------------------------------------------------------------------------


async def test_delayed_content_appears_after_about_1_5_s(page: Page) -> None:
    await page.goto("/playground.html")
    result = page.get_by_test_id("load-result")
    started = time.monotonic()
    await page.get_by_role("button", name="Load data").click()
    await expect(result).to_have_text("Loading…")
    await expect(page.get_by_text("Data loaded: 42 records")).to_be_visible(timeout=5000)
    assert time.monotonic() - started >= 1.2


async def test_continue_is_disabled_then_enabled(page: Page) -> None:
    await page.goto("/playground.html")
    button = page.get_by_role("button", name="Continue", exact=True)
    await expect(button).to_be_disabled()
    await expect(button).to_be_enabled(timeout=5000)
    await button.click()
    await expect(page.get_by_test_id("continue-result")).to_have_text("Continued")


async def test_form_inside_the_same_origin_iframe(page: Page) -> None:
    await page.goto("/playground.html")
    frame = page.frame_locator('iframe[title="Newsletter"]')
    await frame.get_by_role("textbox", name="Email").fill("ada@example.test")
    await frame.get_by_role("button", name="Subscribe").click()
    await expect(frame.get_by_text("Subscribed: ada@example.test")).to_be_visible()
    child = page.frame(url=lambda url: url.endswith("/frame-form.html"))
    assert child is not None
    # Reading the parent's location only works when the frame is same-origin.
    assert await child.evaluate("window.parent.location.pathname") == "/playground.html"


async def test_help_link_opens_a_new_tab(page: Page, context: BrowserContext) -> None:
    await page.goto("/playground.html")
    link = page.get_by_role("link", name="Open help")
    assert await link.get_attribute("target") == "_blank"
    async with context.expect_page() as new_page_info:
        await link.click()
    help_page = await new_page_info.value
    await help_page.wait_for_load_state()
    assert help_page.url.endswith("/help.html")
    await expect(help_page.get_by_role("heading", name="Help center")).to_be_visible()
    assert len(context.pages) == 2


async def test_file_upload(page: Page, tmp_path: Path) -> None:
    report = tmp_path / "report.txt"
    report.write_text("hello")
    await page.goto("/playground.html")
    await page.get_by_label("Attachment").set_input_files(report)
    await expect(page.get_by_text("Uploaded: report.txt")).to_be_visible()


async def test_alert_is_shown_and_closed(page: Page) -> None:
    await page.goto("/playground.html")
    seen: list[tuple[str, str]] = []

    async def accept(dialog: Dialog) -> None:
        seen.append((dialog.type, dialog.message))
        await dialog.accept()

    page.once("dialog", accept)
    await page.get_by_role("button", name="Show alert").click()
    await expect(page.get_by_text("Alert closed")).to_be_visible()
    assert seen == [("alert", "Hello from alert")]


@pytest.mark.parametrize(("accept", "expected"), [(True, "Item deleted"), (False, "Deletion cancelled")])
async def test_confirm_accept_and_dismiss(page: Page, accept: bool, expected: str) -> None:
    await page.goto("/playground.html")
    seen: list[str] = []

    async def answer(dialog: Dialog) -> None:
        seen.append(f"{dialog.type}: {dialog.message}")
        await (dialog.accept() if accept else dialog.dismiss())

    page.once("dialog", answer)
    await page.get_by_role("button", name="Delete item").click()
    await expect(page.get_by_test_id("confirm-result")).to_have_text(expected)
    assert seen == ["confirm: Delete this item?"]


async def test_icon_only_controls_are_found_by_role_and_name(page: Page, context: BrowserContext) -> None:
    await page.goto("/playground.html")
    settings = page.get_by_role("button", name="Settings")
    assert (await settings.inner_text()).strip() == ""
    await expect(settings.locator("svg")).to_have_count(1)
    await settings.click()
    await expect(page.get_by_text("Settings opened")).to_be_visible()

    await log_in(context)
    await page.goto("/products.html")
    cart = page.get_by_role("link", name="Cart", exact=True)
    await expect(cart).to_have_attribute("aria-label", "Cart")
    await expect(cart.locator("svg")).to_have_count(1)
    assert "Cart" not in await cart.inner_text()


async def test_checkbox_and_playground_toast(page: Page) -> None:
    await page.goto("/playground.html")
    checkbox = page.get_by_role("checkbox", name="Subscribe to newsletter")
    await checkbox.check()
    await expect(checkbox).to_be_checked()
    await page.get_by_role("button", name="Show toast").click()
    await expect(page.get_by_role("status")).to_have_text("Saved!")
    await expect(page.get_by_role("status")).to_be_hidden(timeout=5000)


async def test_hover_menu_items_are_hidden_until_hover(page: Page, context: BrowserContext) -> None:
    await log_in(context)
    await page.goto("/products.html")
    profile = page.get_by_role("link", name="Profile")
    await expect(profile).to_be_hidden()
    menu_display = await page.locator("[data-testid=account-menu] .menu-items").evaluate(
        "el => getComputedStyle(el).display"
    )
    assert menu_display == "none"
    await page.get_by_role("button", name="Account").hover()
    await expect(profile).to_be_visible()
    await expect(page.get_by_role("link", name="Log out")).to_be_visible()
    await profile.click()
    await expect(page.get_by_role("heading", name="Profile")).to_be_visible()
    await expect(page.get_by_text("Signed in as demo")).to_be_visible()


async def test_long_list_needs_scrolling(page: Page) -> None:
    await page.goto("/list.html")
    await expect(page.get_by_role("heading", name="Long list")).to_be_visible()
    await expect(page.get_by_role("listitem")).to_have_count(200)
    last = page.get_by_text("Item 200", exact=True)
    await expect(last).not_to_be_in_viewport()
    assert await page.evaluate("document.documentElement.scrollHeight > 5 * window.innerHeight")
    await last.scroll_into_view_if_needed()
    await expect(last).to_be_in_viewport()
    await page.get_by_role("button", name="Back to top").click()
    await expect(page.get_by_text("Item 1", exact=True)).to_be_in_viewport()
    assert await page.evaluate("window.scrollY") == 0


async def test_status_and_slow_pages(page: Page) -> None:
    response = await page.goto("/status/500")
    assert response is not None and response.status == 500
    await expect(page.get_by_role("heading", name="Status 500")).to_be_visible()
    started = time.monotonic()
    response = await page.goto("/slow?ms=400")
    assert response is not None and response.status == 200
    assert time.monotonic() - started >= 0.4
    await expect(page.get_by_role("heading", name="Slow page")).to_be_visible()


# --- injected bugs --------------------------------------------------------------------------------


async def test_bug_total_adds_a_dollar(buggy_page: Page) -> None:
    await buggy_page.goto("/products.html")
    await buggy_page.get_by_test_id("add-backpack").click()
    await buggy_page.goto("/cart.html")
    await expect(buggy_page.get_by_test_id("cart-total")).to_have_text("Total: $30.99")  # should be $29.99


async def test_bug_button_makes_place_order_do_nothing(buggy_page: Page) -> None:
    await buggy_page.goto("/checkout.html")
    await fill_checkout(buggy_page, postal_label="Zip code")
    await buggy_page.get_by_role("button", name="Place order").click()
    await buggy_page.wait_for_timeout(300)
    await expect(buggy_page.get_by_role("dialog")).to_be_hidden()
    # Nothing validates either.
    await buggy_page.get_by_label("First name").fill("")
    await buggy_page.get_by_role("button", name="Place order").click()
    await expect(buggy_page.get_by_text("First name is required")).to_be_hidden()


async def test_bug_label_renames_postal_code(buggy_page: Page) -> None:
    await buggy_page.goto("/checkout.html")
    await expect(buggy_page.get_by_label("Zip code")).to_be_visible()
    await expect(buggy_page.get_by_label("Postal code")).to_have_count(0)
    await expect(buggy_page.get_by_test_id("postal-code")).to_be_visible()  # the test id survives


async def test_bugs_query_parameter_is_remembered_for_the_tab(page: Page, context: BrowserContext) -> None:
    await log_in(context)
    await page.goto("/checkout.html?bugs=label")
    await expect(page.get_by_label("Zip code")).to_be_visible()
    await page.goto("/products.html")
    await page.get_by_test_id("add-onesie").click()
    await page.goto("/checkout.html")  # no query: sessionStorage remembers
    await expect(page.get_by_label("Zip code")).to_be_visible()
    await page.goto("/cart.html?bugs=total")  # replaces the remembered list
    await expect(page.get_by_test_id("cart-total")).to_have_text("Total: $8.99")
    await page.goto("/checkout.html?bugs=none")
    await expect(page.get_by_label("Postal code")).to_be_visible()
    await fill_checkout(page)
    await page.get_by_role("button", name="Place order").click()
    await expect(page.get_by_role("dialog", name="Confirm order")).to_be_visible()
