"""Exported locators for a control a step picked by its place among alike ones ('Click the second "Add to
cart" button', "Check the first checkbox"; :mod:`autoqa.target_ordinal`): the same position among the same
visible matches (``get_by_role(…).filter(visible=True).nth(i)``), so the exported test acts on whatever is
second then, as the spec says, never on the element that happened to be second when it was recorded.

Only matches the tools found by role and exact name, or by role alone, have a Playwright spelling of the
same set; any other (a label, a text, words spread over a card, a position inside a row) is refused rather
than exported as another claim.
"""

from __future__ import annotations

from autoqa.errors import ExportError
from autoqa.record.ir import IRRecord
from autoqa.record.locator_spec import py_str
from autoqa.target_ordinal import ordinal_words
from autoqa.tools.targets import parse_target

_BY_ROLE = frozenset({"role", "role_in"})


def placed_locator(record: IRRecord, scope: str) -> str | None:
    """The locator code for a target with a position, in ``scope`` (the page or its frames), or ``None``
    when the record's target has none. Raises :class:`ExportError` when the set cannot be spelled."""
    target = record.args.get("target")
    query = parse_target(target) if isinstance(target, str) else None
    if query is None or query.position is None:
        return None
    element = record.element
    role = element.fingerprint.role if element is not None else None
    strategy = record.data.get("strategy") if isinstance(record.data, dict) else None
    if role is None or query.within is not None or strategy not in _BY_ROLE:
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
