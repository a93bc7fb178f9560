"""Hand-written equivalent of specs/02-bad-password.md."""

from __future__ import annotations

import os
import re

from playwright.sync_api import Page, expect


def test_a_wrong_password_is_refused(page: Page) -> None:
    page.goto("/login.html")
    page.get_by_label("Username").fill(os.environ.get("AUTOQA_USERNAME", "demo"))
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Invalid username or password")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/login\.html"))
