"""Hand-written equivalent of specs/03-checkout.md (starts logged in, like `auth: login`)."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect


@pytest.fixture(scope="module")
def logged_in_state(browser: Browser, autoqa_base_url: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    context = browser.new_context(base_url=autoqa_base_url)
    page = context.new_page()
    page.goto("/login.html")
    page.get_by_label("Username").fill(os.environ.get("AUTOQA_USERNAME", "demo"))
    page.get_by_label("Password").fill(os.environ["AUTOQA_PASSWORD"])
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/products\.html"))
    path = tmp_path_factory.mktemp("auth") / "state.json"
    context.storage_state(path=path)
    context.close()
    return str(path)


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args: dict[str, Any], logged_in_state: str) -> dict[str, Any]:
    return {**browser_context_args, "storage_state": logged_in_state}


def test_buy_two_products(page: Page) -> None:
    page.goto("/products.html")
    page.get_by_test_id("add-backpack").click()
    page.get_by_test_id("add-bike-light").click()
    page.get_by_role("link", name="Cart").click()
    expect(page.get_by_text("Total: $39.98")).to_be_visible()
    page.get_by_role("button", name="Checkout").click()
    page.get_by_role("button", name="Place order").click()
    expect(page.get_by_text("First name is required")).to_be_visible()
    page.get_by_label("First name").fill("Ada")
    page.get_by_label("Last name").fill("Lovelace")
    page.get_by_label("Postal code").fill("12345")
    page.get_by_role("button", name="Place order").click()
    expect(page.get_by_role("dialog", name="Confirm order")).to_be_visible()
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("status")).to_have_text("Order placed")
    expect(page.get_by_role("heading", name="Thank you for your order!")).to_be_visible()
