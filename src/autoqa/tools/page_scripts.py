"""JavaScript the tools run inside the page.

Resolving a plain-language target with Playwright's own locators costs one round trip per strategy and
role (measured: ~9 ms for a union of the interactive roles on a small page, as much as a whole ``fill``).
This library does the whole resolution in one ``evaluate`` instead, over the main document, its open
shadow roots and its same-origin iframes, and answers with a unique CSS path that Playwright then acts on.
It is installed once per document as a non-enumerable ``Symbol.for("autoqa.tools.<hash>")`` property of
the window (the page could see it, but nothing enumerates it).

Roles and accessible names follow the ARIA rules closely enough for matching descriptions (explicit role,
implicit role by tag and input type; aria-labelledby, aria-label, labels, alt, value, content, title,
placeholder). They are not a full accname implementation; the snapshot (Playwright's own) stays the
authority for what the model sees.

Only rendered content is text: ``script``, ``style``, ``template``, ``noscript``, ``title`` and ``head``
content never match, never count and are never suggested, and ``<html>`` / ``<body>`` are never candidates
for a description (text search still reads the body's own text).
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from typing import Any

from playwright.async_api import ElementHandle, Frame, Locator, Page

from autoqa.tools.deadlines import bounded

# The library (page_library.js), evaluated once per document and kept under a symbol on its window.
# Sending and compiling ~15 kB of source on every call cost ~2 ms (half a fill); calling the installed
# copy costs nothing extra.
COLUMN_CELL = (resources.files("autoqa.tools") / "column_cell.js").read_text(encoding="utf-8").strip()
"""``(row, column) => {found, text, kind, names}``: the cell under a column (exported tests run it too)."""
NAMED_REGION = (resources.files("autoqa.tools") / "named_region.js").read_text(encoding="utf-8").strip()
"""``(name) => {status, region, via, names}``: the one region a step names (exported tests run it too)."""
NAMED_BADGE = (resources.files("autoqa.tools") / "named_badge.js").read_text(encoding="utf-8").strip()
"""``(name) => {status, badge, via, names}``: the one badge a step names (exported tests run it too)."""
LIBRARY = (
    (resources.files("autoqa.tools") / "page_library.js")
    .read_text(encoding="utf-8")
    .replace("/*@@COLUMN_CELL@@*/null", COLUMN_CELL)
    .replace("/*@@NAMED_REGION@@*/null", NAMED_REGION)
    .replace("/*@@NAMED_BADGE@@*/null", NAMED_BADGE)
)

LIBRARY_KEY = "autoqa.tools." + hashlib.sha1(LIBRARY.encode()).hexdigest()[:12]
"""The ``Symbol.for`` name the library is kept under (the page watcher installs it under the same one)."""
_KEY = LIBRARY_KEY
_LOOKUP = f"const key = Symbol.for('{_KEY}');"
_INSTALL = f"if (!window[key]) Object.defineProperty(window, key, {{value: {LIBRARY}, configurable: true}});"
# Arguments and answers cross the protocol as one JSON string each: Playwright's per-value serialisation
# and validation of nested objects cost ~1-2 ms a call, more than the resolution itself.
_CALL = "const [name, args] = JSON.parse(json); return JSON.stringify({value: window[key][name]("
_PAGE_FAST = f"(json) => {{ {_LOOKUP} if (!window[key]) return null; {_CALL}args)}}); }}"
_PAGE_FULL = f"(json) => {{ {_LOOKUP} {_INSTALL} {_CALL}args)}}); }}"
_SUBJECT_FAST = f"(subject, json) => {{ {_LOOKUP} if (!window[key]) return null; {_CALL}subject, args)}}); }}"
_SUBJECT_FULL = f"(subject, json) => {{ {_LOOKUP} {_INSTALL} {_CALL}subject, args)}}); }}"


def _decode(answer: str) -> Any:
    return json.loads(answer).get("value")


async def run_in_page(scope: Page | Frame, name: str, args: Any, timeout_ms: float) -> Any:
    """Call library function ``name(args)`` in the page (or frame), installing the library if needed."""
    payload = json.dumps([name, args])
    answer = await bounded(scope.evaluate(_PAGE_FAST, payload), timeout_ms)
    if answer is None:
        answer = await bounded(scope.evaluate(_PAGE_FULL, payload), timeout_ms)
    return _decode(answer)


async def run_on_element(handle: ElementHandle, name: str, args: Any, timeout_ms: float) -> Any:
    """Call ``name(element, args)`` in the element's own frame."""
    payload = json.dumps([name, args])
    answer = await bounded(handle.evaluate(_SUBJECT_FAST, payload), timeout_ms)
    if answer is None:
        answer = await bounded(handle.evaluate(_SUBJECT_FULL, payload), timeout_ms)
    return _decode(answer)


async def run_on_matches(locator: Locator, name: str, args: Any, timeout_ms: float) -> Any:
    """Call ``name(elements, args)`` with every element the locator matches (no waiting)."""
    payload = json.dumps([name, args])
    answer = await bounded(locator.evaluate_all(_SUBJECT_FAST, payload), timeout_ms)
    if answer is None:
        answer = await bounded(locator.evaluate_all(_SUBJECT_FULL, payload), timeout_ms)
    return _decode(answer)
