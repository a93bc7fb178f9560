"""Exported locators for a control a step picked by its place among alike ones ('Click the second "Add to
cart" button', "Check the first checkbox"; :mod:`autoqa.target_ordinal`): the same position among the same
visible matches (``get_by_role(…).filter(visible=True).nth(i)``), so the exported test acts on whatever is
second then, as the spec says, never on the element that happened to be second when it was recorded.

A control inside an item of the page's main list ('the "Edit" link in the first row'; ``… in row=1``) is
looked for in that item, found again as the run found the list (its CSS path, item selector and position).

Only matches the tools found by role and exact name, or by role alone, have a Playwright spelling of the
same set; a position among matches found any other way is refused rather than exported as another claim
(inside an item, the run's own locator for the element stands in: the item is what the position names).
"""

from __future__ import annotations

from autoqa.errors import ExportError
from autoqa.record.ir import IRRecord
from autoqa.record.locator_spec import py_str
from autoqa.target_ordinal import ordinal_words
from autoqa.tools.targets import parse_target

_BY_ROLE = frozenset({"role", "role_in"})
# Locators that mean the same inside an item as on the page (not a row's or a CSS path from the root).
_IN_ITEM_KINDS = frozenset({"role", "test_id", "label", "placeholder", "alt_text", "title", "text"})


def placed_locator(record: IRRecord, scope: str) -> str | None:
    """The locator code for a target with a position, in ``scope`` (the page or its frames), or ``None``
    when the record's target has none. Raises :class:`ExportError` when the set cannot be spelled."""
    target = record.args.get("target")
    query = parse_target(target) if isinstance(target, str) else None
    if query is None or (query.position is None and query.in_item is None):
        return None
    element = record.element
    role = element.fingerprint.role if element is not None else None
    data = record.data if isinstance(record.data, dict) else {}
    strategy = data.get("strategy")
    item = _item_locator(data.get("collection"), scope) if query.in_item is not None else scope
    if item is None:
        raise ExportError(
            f"cannot export {target!r}: the run did not record which list it was", step=record.step
        )
    if query.position is None:
        chosen = element.chosen if element is not None else None
        if (
            (strategy not in _BY_ROLE or role is None)
            and chosen is not None
            and chosen.kind in _IN_ITEM_KINDS
        ):
            # found some other way (words of its name): the element the run found, looked for in that item
            return chosen.code(item)
        if strategy not in _BY_ROLE or role is None:
            raise ExportError(
                f"cannot export {target!r}: the control in that item was found by {strategy or 'no record'}, "
                "which no Playwright locator in the item finds the same way",
                step=record.step,
            )
        named = f", name={py_str(query.name)}, exact=True" if strategy == "role" else ""
        return f"{item}.get_by_role({py_str(role)}{named})"
    if role is None or query.within is not None or query.in_item is not None or strategy not in _BY_ROLE:
        how = "inside a row or region" if query.within else f"by {strategy or 'an unknown way'}"
        raise ExportError(
            f"cannot export {target!r}: the {ordinal_words(query.position)} of its matches was found {how}, "
            "which no Playwright locator counts the same way",
            step=record.step,
            hint='name the control by its row or region instead (the "Add" button for "Backpack")',
        )
    named = f", name={py_str(query.name)}, exact=True" if strategy == "role" else ""
    at = query.position - 1 if query.position > 0 else query.position
    return f"{scope}.get_by_role({py_str(role)}{named}).filter(visible=True).nth({at})"


def _item_locator(collection: object, scope: str) -> str | None:
    """The main list's item a scope named (``row=1``), as the run found the list: its CSS path and item
    selector, the same position among the visible items."""
    if not isinstance(collection, dict):
        return None
    css, items, position = collection.get("css"), collection.get("items"), collection.get("position")
    if (
        not isinstance(css, str)
        or not isinstance(items, str)
        or not isinstance(position, int)
        or not position
    ):
        return None
    at = position - 1 if position > 0 else position
    return f"{scope}.locator({py_str(css)}).locator({py_str(items)}).filter(visible=True).nth({at})"
