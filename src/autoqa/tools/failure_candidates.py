"""Candidate elements for AMBIGUOUS_TARGET / ELEMENT_NOT_FOUND, each with a ref a model can use next.

Only the failure path comes here, so it may take snapshots: one per candidate (an element's own snapshot
line carries its ref), then a full one, because Playwright keeps only the latest snapshot's refs and the
model's earlier refs must keep working.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from playwright.async_api import Locator

from autoqa.target_ordinal import ordinal_words
from autoqa.tools.context import ToolContext
from autoqa.tools.snapshot import first_ref, take_snapshot
from autoqa.tools.targets import Match

_PER_CANDIDATE_TIMEOUT_MS = 2_000


async def _ref_of(locator: Locator, timeout_ms: float) -> str | None:
    try:
        return first_ref(await locator.aria_snapshot(mode="ai", depth=0, timeout=timeout_ms))
    except asyncio.CancelledError:
        raise
    except Exception:  # a candidate that vanished meanwhile just has no ref
        return None


async def with_refs(
    ctx: ToolContext, matches: Sequence[Match], locators: Sequence[Locator]
) -> list[dict[str, Any]]:
    """Candidates as JSON-ready dicts: role, name, ref (if it has one) and context (its card or row)."""
    timeout = min(ctx.settings.snapshot_timeout_ms, _PER_CANDIDATE_TIMEOUT_MS)
    refs = [await _ref_of(locator, timeout) for locator in locators[: len(matches)]]
    if any(refs):
        try:
            await take_snapshot(ctx)
        except asyncio.CancelledError:
            raise
        except Exception:  # the refs above still resolve; only older refs may need a re-snapshot
            pass
    out: list[dict[str, Any]] = []
    for index, match in enumerate(matches):
        entry: dict[str, Any] = {"role": match.role or match.tag, "name": match.name or match.text[:60]}
        if index < len(refs) and refs[index]:
            entry["ref"] = refs[index]
        if match.context and match.context != entry["name"]:
            entry["context"] = match.context
        if not match.state.get("visible", True):
            entry["hidden"] = True
        if match.region:
            entry["region"] = match.region
        if match.test_id:
            entry["test_id"] = match.test_id
        out.append(entry)
    return out


# How a spec names an element of a role (the grammar's role words, autoqa.role_words).
_ROLE_NOUN = {"textbox": "field", "searchbox": "search box", "combobox": "dropdown", "listitem": "list item",
              "menuitem": "menu item", "columnheader": "column header", "img": "image"}  # fmt: skip


def _as_spec_target(c: dict[str, Any]) -> str:
    """``the "Delete" link in "SPQR"``: what a person can write in a step to pick this candidate."""
    role = str(c["role"])
    text = f'the "{c["name"]}" {_ROLE_NOUN.get(role, role)}' if c.get("name") else f"the {role}"
    if c.get("context"):
        text += f' in "{c["context"]}"'
    return text + (" (hidden)" if c.get("hidden") else "")


def as_choices(candidates: Sequence[dict[str, Any]], scope: str = "") -> str:
    """For people, alike matches as targets a step can write that pick one each: by their row or card
    (``the "Archive" link in "Q3 report"``), else by their region (``… in "Footer"``), else by test id.
    Matches nothing else tells apart are offered by their place in reading order (``the second "Archive"
    link``, :mod:`autoqa.target_ordinal`), with the advice to give each its own name or test id: a place
    moves when the page does. Never a phrasing that would pick several again. ``scope`` is the target's
    scope clause as a step writes it (`` in "Invoice"``, `` in the second row``): the matches were counted
    in it, so their places are written in it too (without it, "the second" counts the whole page)."""
    for choice in (
        [_as_spec_target(c) for c in candidates],
        [_as_spec_target({**c, "context": c.get("region")}) if c.get("region") else "" for c in candidates],
        [f'"{c["test_id"]}"' if c.get("test_id") else "" for c in candidates],
    ):
        if all(choice) and len(set(choice)) == len(choice):
            return "; ".join(choice)
    same = _as_spec_target({**candidates[0], "context": None}) if candidates else "the element"
    if candidates and same.startswith("the ") and not any(c.get("hidden") for c in candidates):
        placed = [
            same.replace("the ", f"the {ordinal_words(i + 1)} ", 1) + scope for i in range(len(candidates))
        ]
        return "; ".join(placed) + " (by place in reading order: better, give each its own name or test id)"
    return (
        f"{same}, {len(candidates)} times, with no row, region or test id to tell them apart in a step "
        "(give each its own name or test id)"
    )


def _plural(noun: str) -> str:
    return noun + ("es" if noun.endswith(("x", "s", "ch", "sh")) else "s")


def of_kind(candidates: Sequence[dict[str, Any]], within: str | None) -> str:
    """For people, the elements of the kind a target asked for when none is similar by name:
    ``buttons in "SPQR": "Delete", "Edit"``, ``checkboxes on the page: "Available"``; elements of several
    kinds are named one by one (``in "SPQR": the "Delete" button; the "Notes" field``)."""
    where = f'in "{within}"' if within else "on the page"
    roles = {str(c["role"]) for c in candidates}
    if len(roles) == 1 and all(c.get("name") for c in candidates):
        role = roles.pop()
        names = ", ".join(f'"{c["name"]}"' + (" (hidden)" if c.get("hidden") else "") for c in candidates)
        return f"{_plural(_ROLE_NOUN.get(role, role))} {where}: {names}"
    return f"{where}: " + "; ".join(_as_spec_target({**c, "context": None}) for c in candidates)


def render(candidates: Sequence[dict[str, Any]], *, refs: bool = True) -> str:
    """For a model: ``button "Add to cart" [ref=e21] (in "Backpack")``; for people (``refs=False``): the
    target a step can name, ``the "Add to cart" button in "Backpack"`` (a ref means something only to a
    model that took the snapshot). Joined with ``; ``."""
    if not refs:
        return "; ".join(_as_spec_target(c) for c in candidates)
    parts = []
    for c in candidates:
        text = f'{c["role"]} "{c["name"]}"' if c.get("name") else str(c["role"])
        if refs and c.get("ref"):
            text += f" [ref={c['ref']}]"
        if c.get("context"):
            text += f' (in "{c["context"]}")'
        if c.get("hidden"):
            text += " (hidden)"
        parts.append(text)
    return "; ".join(parts)
