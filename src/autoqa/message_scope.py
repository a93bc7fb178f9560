"""Where a page shows its messages: "Verify the flash message contains "You logged into"" claims the words
are in a message, so a heading or a list holding them elsewhere is no evidence.

A message is a live region (role alert, status or log, ``aria-live``, ``<output>``), an open dialog, or an
element whose class, id or test id says it is one (Django's ``messagelist`` and ``errornote``, Rails' and
GitHub's ``flash``, Bootstrap's ``alert``, a ``toast``, a ``snackbar``, a ``#result``, an order
``summary``). One CSS selector, so the tools and the exported tests look in the same elements. A leaf module:
the tools and export read it.
"""

from __future__ import annotations

MESSAGE_WORDS = (
    "message", "alert", "flash", "notice", "notification", "toast", "snackbar", "banner", "callout",
    "error", "success", "warning", "feedback", "result", "summary",
)  # fmt: skip
"""Words a message's class, id or test id holds (as a substring: ``messagelist``, ``errornote``)."""

_NAMING = ("class", "id", "data-testid", "data-test")
_LIVE = (
    "[role=alert]", "[role=status]", "[role=log]", "[role=alertdialog]", "[role=dialog]", "dialog[open]",
    "[aria-live=polite]", "[aria-live=assertive]", "output",
)  # fmt: skip

MESSAGE_SELECTOR = ", ".join((*_LIVE, *(f"[{attr}*={word} i]" for word in MESSAGE_WORDS for attr in _NAMING)))
"""Every element that is a message by its role or its words (case-insensitive)."""

MESSAGE_KINDS = (
    "a live region (role alert, status or log), a dialog, or an element whose class, id or test id says "
    "message, alert, flash, notice, toast, error, success, result …"
)
"""What counts as a message, as a failure tells a person."""
