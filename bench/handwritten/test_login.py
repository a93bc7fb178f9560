"""Hand-written equivalent of specs/01-login.md."""

from __future__ import annotations

import os
import re

from playwright.sync_api import Page, expect


def test_log_in_with_valid_credentials(page: Page) -> None:
    page.goto("/login.html")
    page.get_by_label("Username").fill(os.environ.get("AUTOQA_USERNAME", "demo"))
    page.get_by_label("Password").fill(os.environ["AUTOQA_PASSWORD"])
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Products")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/products\.html"))
