"""A control by its place among alike ones: 'Click the second "Add to cart" button', "Check the first
checkbox", 'Click the last "Delete" link'.

Cards, rows and forms repeat their controls under one name, and a step may pick one by where it is rather
than by what is near it. The target then carries the position before the description (``second "Add to
cart" button``, ``first checkbox``): the tools resolve the description as usual and take that one of its
equally good visible matches, in reading (document) order; fewer matches than the position is not found,
never another element. A description alone must be a quoted name with role words or role words only, so a
control named "Last page" is still that control. One definition here (a leaf module, like
``target_scope``): the grammar writes these targets, the tools and export read them.
"""

from __future__ import annotations

import re

POSITIONS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "last": -1,
}  # fmt: skip
POSITION_WORD = rf"(?:{'|'.join(POSITIONS)}|\d{{1,3}}(?:st|nd|rd|th))"
_LEADING = re.compile(rf"^(?:the\s+)?(?P<nth>{POSITION_WORD})\s+(?P<rest>\S.*)$", re.IGNORECASE)


def position_of(word: str) -> int | None:
    """``"second"`` → 2, ``"3rd"`` → 3, ``"last"`` → -1; ``None`` for any other word (or 0th)."""
    folded = word.lower()
    if folded in POSITIONS:
        return POSITIONS[folded]
    number = re.fullmatch(r"(\d{1,3})(?:st|nd|rd|th)", folded)
    return int(number.group(1)) or None if number else None


def split_position(text: str) -> tuple[int | None, str]:
    """``'second "Add to cart" button'`` → ``(2, '"Add to cart" button')``; else ``(None, text)``. The
    caller checks that the rest is a description that may carry a position."""
    match = _LEADING.match(" ".join(text.split()))
    if match is None:
        return None, text
    position = position_of(match.group("nth"))
    return (position, match.group("rest")) if position is not None else (None, text)


def ordinal_words(position: int) -> str:
    """How a target spells ``position``: ``2`` → ``"second"``, ``12`` → ``"12th"``, ``-1`` → ``"last"``."""
    named = {v: k for k, v in POSITIONS.items()}
    if position in named:
        return named[position]
    suffix = "th" if 10 <= position % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(position % 10, "th")
    return f"{position}{suffix}"
