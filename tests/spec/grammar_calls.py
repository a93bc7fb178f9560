"""The tool calls a step's sentence reads as, for the grammar's parse-level tests (one helper for all of
them)."""

from __future__ import annotations

from typing import Any

from autoqa.spec.grammar import parse_plain_actions

Call = tuple[str, dict[str, Any]]


def calls(written: str) -> list[Call] | None:
    """``(tool, args)`` of each action ``written`` reads as; None when it is not plain."""
    actions = parse_plain_actions(written)
    return None if actions is None else [(a.tool, a.args) for a in actions]
