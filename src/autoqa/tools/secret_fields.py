"""Where a secret is drawn on the page, masked in every screenshot autoqa takes.

Browsers draw password inputs as dots, but a token typed into a plain text field is drawn as text, and a
page may echo a value back ("You typed: …"). A screenshot (sent to the model, kept in the artifacts,
embedded in report.html) would carry it in its pixels, where no text redaction reaches. ``fill``
remembers the fields it typed a secret into; :func:`secret_masks` adds every element whose rendered text
holds a secret value, and screenshots paint them over (Playwright's ``mask``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from playwright.async_api import Locator, Page

from autoqa.secrets import PLACEHOLDER
from autoqa.tools.context import ToolContext

_KEY = "autoqa.tools.secret_fields"
# Shorter values would mask ordinary words all over the page (redaction ignores them for the same reason).
_MIN_SHOWN_LEN = 3


def typed_a_secret(raw_value: Any, secrets: Mapping[str, str]) -> bool:
    """Whether ``raw_value`` (as the caller gave it, placeholders intact) names one of ``secrets``."""
    return isinstance(raw_value, str) and any(name in secrets for name in PLACEHOLDER.findall(raw_value))


def remember_secret_field(ctx: ToolContext, locator: Locator) -> None:
    fields: list[Locator] = ctx.extra.setdefault(_KEY, [])
    fields.append(locator)


def secret_masks(ctx: ToolContext, page: Page) -> list[Locator]:
    """What to paint over in a screenshot of ``page``: the remembered fields that belong to it (a mask
    from another tab would be refused) and the elements showing a secret value."""
    masks = [locator for locator in ctx.extra.get(_KEY, []) if locator.page == page]
    for value in ctx.secrets.values():
        if len(value) >= _MIN_SHOWN_LEN:
            # get_by_text matches the innermost elements holding the text (open shadow roots too).
            masks.append(page.get_by_text(value))
    return masks
