"""Whether a shown text contains a claimed one: a claim that begins or ends with a digit names a whole number.

"Verify the amount raised is "£1,200"" must not pass on "£1,200,000", nor "the tab shows "312"" on "3120",
nor "1.5" on "21.5". Such a claim is read as a regular expression whose ends do not continue a number (no
digit beside it, nor a "," or "." followed by one); any other claim is plain containment, except a value
read under a column or label, which is a whole word too ("Shipped" is not "Unshipped"). The expression is
written so that Python's ``re`` and JavaScript's ``RegExp`` read it alike: the tools match with it, and the
exported test's ``to_contain_text`` and ``expect_column_text`` run the same one. A leaf module: tools and
export import it, it imports nothing of ours.
"""

from __future__ import annotations

import re
import unicodedata

_SPECIAL = frozenset("\\^$.|?*+()[]{}/")
_DIGITS = frozenset("0123456789")


# Letters and digits as both engines read a character class (Python's \w is Unicode, JavaScript's ASCII).
_WORDISH = "0-9A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff"


def number_pattern(wanted: str, *, words: bool = False) -> str | None:
    """The expression for ``wanted`` (already folded: single spaces) when it begins or ends with a digit (or,
    with ``words``, a letter: a value is a whole word, "Shipped" is not "Unshipped"), else ``None``. A space
    matches any white space or none (an exported test reads the page's text unfolded, and Playwright joins
    the text of neighbouring elements without the space the page shows between them)."""
    if not wanted:
        return None
    first, last = wanted[0], wanted[-1]
    if first in _DIGITS:
        before = r"(?<![0-9])(?<![0-9][.,])"
    elif words and _word_char(first):
        before = f"(?<![{_WORDISH}])"
    else:
        before = ""
    if last in _DIGITS:
        after = r"(?![0-9])(?![.,][0-9])"
    elif words and _word_char(last):
        after = f"(?![{_WORDISH}])"
    else:
        after = ""
    if not before and not after:
        return None
    body = "".join(r"\s*" if c == " " else "\\" + c if c in _SPECIAL else c for c in wanted)
    return before + body + after


def fold(text: str) -> str:
    """A shown or claimed text as both are compared: NFKC, case folded, white space collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _word_char(c: str) -> bool:
    return re.fullmatch(f"[{_WORDISH}]", c) is not None


def contains(text: str, wanted: str, *, words: bool = False) -> bool:
    """``wanted`` is in ``text`` (both folded alike), a number in it matched whole (with ``words``, a word
    too)."""
    pattern = number_pattern(wanted, words=words)
    return wanted in text if pattern is None else re.search(pattern, text) is not None
