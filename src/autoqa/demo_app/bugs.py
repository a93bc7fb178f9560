"""The known bugs the demo shop can switch on, so tests can prove that failures are caught."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

KNOWN_BUGS: Mapping[str, str] = {
    "total": "the cart total is wrong (adds $1.00)",
    "button": 'the "Place order" button does nothing',
    "label": 'the checkout field "Postal code" is renamed "Zip code"',
    # Only a visual check sees it: every text, element and state stays the same.
    "layout": "the cart total is pushed out of line, 140 px to the right",
    # The tasks page (web components with open shadow roots): one behaviour each.
    "tasks-order": "new tasks go to the top of the list instead of the bottom",
    "tasks-focus": 'the "New task" field loses focus after a task is added',
    "tasks-check": "ticking a task marks the first task done instead",
    "tasks-count": 'the "items left" count also counts completed tasks',
    "tasks-filter": 'the "Active" filter still shows completed tasks',
    "tasks-edit": "an edited task keeps its old text",
    # The library catalogue (a search box beside a "Search" button, a table with Edit / Delete per row).
    "library-search": "the library search ignores the query (every book stays listed)",
    "library-delete": "a row's \"Delete\" removes the first book instead of that row's",
    # For the invariants and transient-UI checks: each one breaks only what those checks see.
    "console-error": 'the cart page logs a console error ("Recommendations failed to load")',
    "page-error": '"Add to cart" throws an uncaught TypeError after adding the item',
    "order-api": 'confirming an order POSTs /api/orders, which answers 500; the page still says "Thank you"',
    "nan": 'the cart shows "Qty: NaN" for each item',
    "no-toast": 'toasts never show (no "Order placed" after an order, no "Saved!" on the playground)',
}
BUGS_ENV = "AUTOQA_DEMO_BUGS"


def parse_bugs(bugs: Iterable[str] | str | None) -> frozenset[str]:
    """Validate bug names; ``None`` means "read ``AUTOQA_DEMO_BUGS``".

    Accepts an iterable of names or one comma-separated string (``"total,label"``); blanks are ignored.
    Raises ``ValueError`` naming the unknown bugs and the allowed ones.
    """
    if bugs is None:
        bugs = os.environ.get(BUGS_ENV, "")
    items = [bugs] if isinstance(bugs, str) else list(bugs)
    names = {part.strip().lower() for item in items for part in str(item).split(",") if part.strip()}
    unknown = sorted(names - KNOWN_BUGS.keys())
    if unknown:
        raise ValueError(
            f"unknown demo bug(s): {', '.join(unknown)}; allowed: {', '.join(sorted(KNOWN_BUGS))}"
        )
    return frozenset(names)
