"""Text we print: what a page, a spec or a model wrote reaches a terminal or a CI log inert."""

from __future__ import annotations

import re

# C0/C1 controls and escape sequences from a page, a spec or a model never reach a terminal or a CI log
# raw (they could recolour, move the cursor or forge log lines); tabs stay.
_CONTROLS = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def terminal_safe(text: str) -> str:
    """``text`` with escape sequences and control characters shown as ``\\xNN``, never interpreted."""
    return _CONTROLS.sub(lambda m: "".join(_shown(c) for c in m.group(0)), text)


def _shown(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x20 or 0x7F <= code <= 0x9F else char
