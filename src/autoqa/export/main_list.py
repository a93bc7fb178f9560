"""Exported locators for the page's main list by position (``list=``, ``items=``, ``item=N``;
:mod:`autoqa.target_items`): the list the tool found, recorded as its CSS path and item selector, so the
exported test checks the same position of the same list (never the element that was there when recorded).
"""

from __future__ import annotations

from typing import Any

from autoqa.record.ir import IRRecord
from autoqa.record.locator_spec import py_str
from autoqa.target_items import WHOLE_LIST, item_position


def main_list_locator(record: IRRecord, page: str) -> str | None:
    """The locator code for a main-list target, or ``None`` when the record's target is not one (or the
    run did not record which list it was: then the caller refuses as for any element without a locator)."""
    position = item_position(record.args.get("target"))
    collection: Any = record.data.get("collection") if isinstance(record.data, dict) else None
    if position is None or not isinstance(collection, dict):
        return None
    css, items = collection.get("css"), collection.get("items")
    if not isinstance(css, str) or not isinstance(items, str):
        return None
    container = f"{page}.locator({py_str(css)})"
    if position == WHOLE_LIST:
        return container
    visible = f"{container}.locator({py_str(items)}).filter(visible=True)"
    if position == 0:
        return visible
    return f"{visible}.nth({position - 1 if position > 0 else position})"
