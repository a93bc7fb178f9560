"""``expect_field_note``: the check exported tests call for "the Email field shows the error "Required"" —
the field's own message (what it names with aria-describedby / aria-errormessage, and the wrapper only it
sits in), found by autoqa's own lookup (the page library's ``fieldNote``), so the export fails where the
tool fails: when the error is shown for another field, or the field has no message area of its own.

Usage (what export writes)::

    expect_field_note(page.get_by_label("Email"), "Enter a valid email address")
"""

from __future__ import annotations

from playwright.sync_api import Locator
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from autoqa.export.expect_timeout import expect_timeout_ms
from autoqa.text_match import number_pattern
from autoqa.tools.page_scripts import LIBRARY

_NOTE = "(e) => (" + LIBRARY + ").fieldNote(e)"
# The same comparison as the tool: text folded (NFKC, lower case, spaces collapsed), contained; a number
# matched whole (autoqa.text_match: the tool's expression, passed in).
_CHECK = (
    "([e, text, exact, number]) => { const note = (" + LIBRARY + ").fieldNote(e);"
    " const fold = (s) => (s || '').replace(/\\s+/g, ' ').trim().normalize('NFKC').toLowerCase();"
    " const have = fold(note.text), want = fold(text);"
    " const held = number ? new RegExp(number, 'i').test(have) : have.includes(want);"
    " return note.found > 0 && (exact ? have === want : held); }"
)


def expect_field_note(
    field: Locator, text: str, *, exact: bool = False, timeout_ms: float | None = None
) -> None:
    """The field's own message shows ``text`` (``exact``: is that text) within ``timeout_ms``."""
    timeout_ms = expect_timeout_ms(timeout_ms)
    __tracebackhide__ = True
    handle = field.element_handle(timeout=timeout_ms)
    try:
        number = number_pattern(" ".join(text.split()).lower())
        field.page.wait_for_function(_CHECK, arg=[handle, text, exact, number], timeout=timeout_ms)
    except PlaywrightTimeoutError:
        seen = handle.evaluate(_NOTE)
        if not seen.get("found"):
            raise AssertionError(
                "the field has no message of its own: no aria-describedby or aria-errormessage, and no "
                "wrapper that holds it alone"
            ) from None
        how = "to be" if exact else "to contain"
        raise AssertionError(
            f"expected the field's message {how} {text!r}, but it shows {' '.join(seen['text'].split())!r}"
        ) from None
    finally:
        handle.dispose()
