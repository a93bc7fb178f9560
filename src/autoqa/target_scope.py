"""The scope clause of a target: ``"Remove" button for "Backpack"``, ``the checkbox in the "feed the cat"
row``, ``"Science" in the "By genre" filter``, ``the "Delete" link next to "Kindred"``.

A quoted row text or region name at the end of a description says where the element is. The plain grammar
accepts a step whose target ends so, and target resolution (``autoqa.tools.targets``) reads the clause back
and only considers elements in that row or region. One definition here (a leaf module, like
``role_words``), so the grammar cannot accept a clause the tools do not apply.
"""

from __future__ import annotations

import re

REGION_NOUNS = (
    r"row|item|list\s+item|entry|line|card|tile|section|panel|list|table|filters?|menu|dialog|modal|popup|"
    r"form|region|group|area|box|sidebar|toolbar|header|footer|navigation|nav|results|tab|column|lane|pane|"
    r"drawer|widget|block|container"
)
DIALOG_SCOPES = frozenset(("dialog", "modal", "popup", "pop-up"))
"""Scopes that name the open dialog around the element ("Click "Confirm" in the dialog" is scoped to
"dialog"), not a region or row of that text (the page library reads them so too)."""
SCOPE_QUOTED = r"\"[^\"]+\"|“[^”]+”|「[^」]+」|'[^']+'"
SCOPE_CLAUSE = (
    rf"\s+(?:in|inside|within|on|from|under|for|next\s+to|beside)\s+(?:the\s+)?"
    rf"(?:(?:{REGION_NOUNS})\s+)?(?P<within>{SCOPE_QUOTED})(?:\s+(?:{REGION_NOUNS}))?"
)
_SCOPE = re.compile(rf"^(?P<head>.*?\S){SCOPE_CLAUSE}$", re.IGNORECASE)


def split_scope(text: str) -> tuple[str, str | None]:
    """``'"Remove" button for "Backpack"'`` → ``('"Remove" button', 'Backpack')``; else ``(text, None)``."""
    match = _SCOPE.match(" ".join(text.split()))
    if match is None:
        return text, None
    return match.group("head"), match.group("within")[1:-1].strip() or None


def scoped_target(target: str, within: str) -> str:
    """The target string that carries a scope (what the grammar sends the tools)."""
    return f'{target} in "{within}"' if '"' not in within else f"{target} in “{within}”"


# "the "Edit" link in the first row", "the favorite button on the first article": the scope is an item of the
# page's main list or table by its position (autoqa.target_items), written after the description.
_ITEM_SCOPE = re.compile(r"^(?P<head>.*?\S) in (?P<item>(?:item|row)=-?\d{1,5}(?::[a-z-]{1,40})?)$")


def split_item_scope(text: str) -> tuple[str, str | None]:
    """``'"Edit" link in row=1'`` → ``('"Edit" link', 'row=1')``; else ``(text, None)``."""
    match = _ITEM_SCOPE.match(" ".join(text.split()))
    return (match.group("head"), match.group("item")) if match else (text, None)


def item_scoped_target(target: str, item: str) -> str:
    """The target string for ``target`` inside the main list's item ``item`` (an ``item=N`` target)."""
    return f"{target} in {item}"
