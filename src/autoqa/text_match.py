"""Whether a shown text contains a claimed one: a claim that begins or ends with a digit names a whole number.

"Verify the amount raised is "£1,200"" must not pass on "£1,200,000", nor "the tab shows "312"" on "3120",
nor "1.5" on "21.5". Such a claim is read as a regular expression whose ends do not continue a number (no
digit beside it, nor a "," or "." followed by one); any other claim is plain containment. The expression is
written so that Python's ``re`` and JavaScript's ``RegExp`` read it alike: the tools match with it, and the
exported test's ``to_contain_text`` and ``expect_column_text`` run the same one. A leaf module: tools and
export import it, it imports nothing of ours.
"""

from __future__ import annotations

import re

_SPECIAL = frozenset("\\^$.|?*+()[]{}/")
_DIGITS = frozenset("0123456789")


def number_pattern(wanted: str) -> str | None:
    """The expression for ``wanted`` (already folded: single spaces) when it begins or ends with a digit, else
    ``None``. A space matches any white space or none (an exported test reads the page's text unfolded, and
    Playwright joins the text of neighbouring elements without the space the page shows between them)."""
    if not wanted or not (wanted[0] in _DIGITS or wanted[-1] in _DIGITS):
        return None
    body = "".join(r"\s*" if c == " " else "\\" + c if c in _SPECIAL else c for c in wanted)
    before = r"(?<![0-9])(?<![0-9][.,])" if wanted[0] in _DIGITS else ""
    after = r"(?![0-9])(?![.,][0-9])" if wanted[-1] in _DIGITS else ""
    return before + body + after


def contains(text: str, wanted: str) -> bool:
    """``wanted`` is in ``text`` (both folded alike), a number in it matched whole."""
    pattern = number_pattern(wanted)
    return wanted in text if pattern is None else re.search(pattern, text) is not None
