"""Whether values read off a page are sorted: "the rows are sorted by title", "the products are sorted by
price from high to low". One definition: the tool (``tools/sorted_check.py``) and exported tests
(``export/sorted_check.py``) judge the values the page library reads with this.

Numbers compare as numbers when every value is one number with the same words around it ("$9.99",
"$29.99"; "84 KB", "120 KB"): "$100" comes after "$9.99", and "84 KB" never compares with "1.2 MB". Else the
values compare as text, folded (case, Unicode forms): sorted either letter by letter or with the numbers
inside the text as numbers ("Bay 9 East" before "Bay 10 West"), the two orders pages use. Equal neighbours
are in order either way. Dates ("27 Nov 2026", "2026-11-27", "11/27/2026") compare as dates; day or month
first, when the format does not say, must both read sorted; a date in a format this does not read fails
rather than compare as text ("01 Dec" before "15 Nov" is sorted as text, not as dates).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from autoqa.text_match import fold

_NUMBER = re.compile(
    r"^(?P<before>[^\d+\-−]*?)(?P<sign>[+\-−]?)\s*"
    r"(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?P<after>[^\d]*)$"
)


def _numbers(values: Sequence[str]) -> list[float] | None:
    """The values as numbers, when each is one number and all have the same words around it."""
    numbers: list[float] = []
    around: set[tuple[str, str]] = set()
    for value in values:
        found = _NUMBER.match(fold(value))
        if found is None:
            return None
        around.add((found["before"].strip(), found["after"].strip()))
        number = float(found["number"].replace(",", ""))
        numbers.append(-number if found["sign"] in ("-", "−") else number)
    return numbers if len(around) == 1 else None


_DATE_FORMATS = (
    "%Y-%m-%d", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y/%m/%d", "%d.%m.%Y",
    "%d %b %Y", "%d %B %Y", "%b %d, %Y", "%B %d, %Y", "%b %d %Y", "%B %d %Y", "%a, %d %b %Y", "%a %d %b %Y",
    "%A, %d %B %Y", "%A, %B %d, %Y", "%d %b %Y, %H:%M", "%b %d, %Y, %H:%M", "%b %d, %Y %H:%M",
    "%b. %d, %Y", "%B %d, %Y, %I:%M %p", "%b %d, %Y, %I:%M %p",
)  # fmt: skip
_SLASHED = ("%d/%m/%Y", "%m/%d/%Y", "%d/%m/%y", "%m/%d/%y")
_MONTHS = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|\d\s+(?:jan|feb|mar|apr|may|"
    r"jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b"
)


def _parsed(value: str, formats: Sequence[str]) -> datetime | None:
    text = " ".join(value.replace("\u202f", " ").split()).replace("Sept ", "Sep ")
    for form in formats:
        try:
            return datetime.strptime(text, form)
        except ValueError:
            continue
    return None


def _dates(values: Sequence[str]) -> list[list[datetime]] | None:
    """The values as dates, one list per reading (day or month first, when the format does not say and
    both read), or ``None`` when some value is no date in a format this knows."""
    plain = [_parsed(v, _DATE_FORMATS) for v in values]
    if all(d is not None for d in plain):
        return [[d for d in plain if d is not None]]
    readings = []
    for day_first in (True, False):
        forms = _SLASHED[0::2] if day_first else _SLASHED[1::2]
        dates = [_parsed(v, forms) for v in values]
        if all(d is not None for d in dates):
            readings.append([d for d in dates if d is not None])
    return readings or None


def looks_dated(values: Sequence[str]) -> bool:
    """Whether the values look like dates ("27 Nov 2026", "11/27/2026"): compared as text they could seem
    sorted when they are not, so they compare as dates or not at all."""
    return any(_MONTHS.search(fold(v)) for v in values)


def _natural(text: str) -> tuple[Any, ...]:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def _first_break(keys: Sequence[Any], descending: bool) -> int | None:
    for i, (a, b) in enumerate(itertools.pairwise(keys), start=1):
        if (a < b) if descending else (b < a):
            return i
    return None


def out_of_order(values: Sequence[str], *, descending: bool = False) -> int | None:
    """The index of the first value out of order (after its neighbour in the asked order), or ``None``
    when the values are sorted so. Raises ``ValueError`` for dates in a format it does not read."""
    numbers = _numbers(values)
    if numbers is not None:
        return _first_break(numbers, descending)
    if looks_dated(values):
        readings = _dates(values)
        if readings is None:
            raise ValueError("values that look like dates in a format autoqa does not read")
        # Day or month first, when both read: sorted only if sorted either way the page may mean.
        return max((_first_break(r, descending) or 0) for r in readings) or None
    folded = [fold(v) for v in values]
    orders: list[Callable[[str], Any]] = [lambda s: s, _natural]
    breaks = [_first_break([key(v) for v in folded], descending) for key in orders]
    if None in breaks:
        return None
    return max(b for b in breaks if b is not None)


def compares_as(values: Sequence[str]) -> str:
    """``numbers``, ``dates`` or ``text``: how :func:`out_of_order` compares these values (for messages)."""
    if _numbers(values) is not None:
        return "numbers"
    return "dates" if looks_dated(values) else "text"
