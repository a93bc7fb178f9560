"""A test-management export's step on one line: its action, its test data and its expected result.

Jira Xray, Zephyr and TestRail keep a manual test as rows of three cells, and a row pasted into a spec
keeps them on one line: ``Type in the Search field || Dune || "Dune Messiah" is listed``, with ``||``,
``|``, tabs or `` -- `` between the cells, and a cell left empty when there is nothing to say. The cells
have roles: the data cell is what the action enters or where it goes, never a claim of its own, and the
expected cell holds claims only. Reading such a line as a chain of steps would read a data cell like
``Borrower card: 20045871`` as a check (a false verdict in waiting), so the line is split by its cells
here and :mod:`autoqa.spec.grammar` reads each cell in its role.

This module only splits; it knows nothing of the grammar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|'[^'\s][^']*'(?!\w)|‘[^’]*’")

# The separators a pasted row keeps, most certain first. "||" and tabs are never prose; " -- " between
# cells is how a row looks when pasted from a plain-text export. A single "|" also chains steps in prose
# ("Click "A" | Click "B""), so a row of single pipes is a row only when its middle cell is data (below).
_STRONG = (
    re.compile(r"\s*\|\|\s*"),
    re.compile(r" *\t *"),
    re.compile(r"\s*(?<!\S)--(?!\S)\s*"),
)
_PIPE = re.compile(r"\s*\|\s*")
_NUMBER_CELL = re.compile(r"^(?:step\s*)?#?\d{1,3}[.):]?$", re.IGNORECASE)
_LABEL = re.compile(
    r"^(?P<label>action|step|test\s+data|data|input|expected(?:\s+results?)?|result)\s*:\s*", re.IGNORECASE
)
_EMPTY = frozenset(("", "-", "--", "—", "–", "n/a", "na", "none", "nothing", "(none)", "(empty)"))


@dataclass(frozen=True, slots=True)
class StepColumns:
    """One pasted row: ``data`` and ``expected`` are "" when their cell is empty."""

    action: str
    data: str
    expected: str
    strong: bool
    """Split at ``||``, a tab or `` -- ``: certainly cells (a row of single pipes may be prose)."""


def _outside_quotes(pattern: re.Pattern[str], text: str) -> list[str] | None:
    spans = [(m.start(), m.end()) for m in _QUOTED.finditer(text)]
    cells, start, found = [], 0, False
    for m in pattern.finditer(text):
        if m.end() == m.start() or any(a <= m.start() < b for a, b in spans):
            continue
        cells.append(text[start : m.start()])
        start, found = m.end(), True
    cells.append(text[start:])
    return cells if found else None


def _clean(cell: str) -> str:
    cell = _LABEL.sub("", cell.strip()).strip()
    return "" if cell.lower() in _EMPTY else cell


def step_columns(text: str) -> StepColumns | None:
    """The cells of ``text`` when it is one pasted row of two or three cells (action, [data,] expected);
    None when it is a sentence. A leading step-number cell and cell labels ("Action:", "Data:",
    "Expected result:") are dropped."""
    stripped = text.strip()
    for pattern in (*_STRONG, _PIPE):
        # a row with outer pipes ("| 3 | Click … | … |") loses them; without a leading one, a last pipe ends
        # an empty cell ("Go to My loans | /account/loans | ")
        outer = pattern is _PIPE and stripped.startswith("|")
        raw = _outside_quotes(pattern, stripped.strip("|").strip() if outer else stripped)
        if raw is None:
            continue
        if pattern is _PIPE and len(raw) > 1 and _NUMBER_CELL.match(raw[0].strip()):
            raw = raw[1:]
        if raw and not raw[0].strip():
            return None  # a row starting with an empty cell (or "-- text") is no action
        cells = [_clean(cell) for cell in raw]
        strong = pattern is not _PIPE
        if len(cells) == 3:
            return StepColumns(cells[0], cells[1], cells[2], strong)
        if len(cells) == 2 and strong:
            return StepColumns(cells[0], "", cells[1], strong)
        return None
    return None


# --- the data cell -------------------------------------------------------------------------------------

_URL = re.compile(r"^(?:(?:url|address|page|link)\s*:\s*)?(?P<url>https?://\S+|/[^\s]*)$", re.IGNORECASE)
# "Username: anna", "qty = 2", "pwd=Pa55!": a colon is a label's only when a space follows ("18:00" is a
# time).
_KEY = r"[^\W\d_][\w .'’()/-]{0,40}?"
_IS = r"(?::\s+|\s*=\s*)"
_PAIR = re.compile(rf"^(?P<key>{_KEY}){_IS}(?P<value>\S.*)$")
_PAIR_BREAK = re.compile(rf"\s+/\s+|\s*;\s*|\s*,\s+(?={_KEY}{_IS}\S)|\s+and\s+(?={_KEY}{_IS}\S)")


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] + value[-1] in ('""', "''", "“”", "‘’"):
        return value[1:-1]
    return value


def data_url(data: str) -> str | None:
    """The URL or path a data cell gives ("https://…", "/login", "URL: /login"), else None."""
    m = _URL.match(_unquote(data))
    return m.group("url") if m else None


def data_pairs(data: str) -> list[tuple[str, str]] | None:
    """``Username: anna / Password: S3cret!`` → ``[("Username", "anna"), ("Password", "S3cret!")]``: a data
    cell of labelled values (split at " / ", ";", or a comma or "and" before the next label); None unless
    every part is ``label: value``."""
    parts = _outside_quotes(_PAIR_BREAK, data) or [data]
    pairs = []
    for part in parts:
        m = _PAIR.match(part.strip())
        if m is None or data_url(part) is not None:
            return None
        value = _unquote(m.group("value"))
        if not value:
            return None
        pairs.append((" ".join(m.group("key").split()), value))
    return pairs


def data_value(data: str) -> str:
    """A data cell of one value, as entered: its quotes dropped."""
    return _unquote(data)
