"""Fields a secret was typed into, masked in every screenshot the tools take.

Browsers draw password inputs as dots, but a token typed into a plain text field is drawn as text, and a
screenshot (sent to the model, kept in the artifacts) would carry it in its pixels, where no text redaction
reaches. ``fill`` remembers such fields; screenshots paint them over (Playwright's ``mask``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from playwright.async_api import Locator, Page

from autoqa.secrets import PLACEHOLDER
from autoqa.tools.context import ToolContext

_KEY = "autoqa.tools.secret_fields"


def typed_a_secret(raw_value: Any, secrets: Mapping[str, str]) -> bool:
    """Whether ``raw_value`` (as the caller gave it, placeholders intact) names one of ``secrets``."""
    return isinstance(raw_value, str) and any(name in secrets for name in PLACEHOLDER.findall(raw_value))


def remember_secret_field(ctx: ToolContext, locator: Locator) -> None:
    fields: list[Locator] = ctx.extra.setdefault(_KEY, [])
    fields.append(locator)


def secret_field_masks(ctx: ToolContext, page: Page) -> list[Locator]:
    """The remembered fields that belong to ``page`` (a mask from another tab would be refused)."""
    return [locator for locator in ctx.extra.get(_KEY, []) if locator.page == page]
