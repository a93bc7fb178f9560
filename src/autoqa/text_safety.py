"""Text we write or print: what a page, a spec or a model wrote reaches a file, a terminal or a CI log
safely — lone UTF-16 surrogates (``document.title = 'a\\ud800b'``, ``--var X=$'caf\\xe9'``) become U+FFFD
instead of crashing a writer, and escape sequences stay inert."""

from __future__ import annotations

import re

# C0/C1 controls and escape sequences from a page, a spec or a model never reach a terminal or a CI log
# raw (they could recolour, move the cursor or forge log lines); tabs stay.
_CONTROLS = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def terminal_safe(text: str) -> str:
    """``text`` with escape sequences and control characters shown as ``\\xNN``, never interpreted."""
    text = _SURROGATE.sub("\ufffd", text)
    return _CONTROLS.sub(lambda m: "".join(_shown(c) for c in m.group(0)), text)


def _shown(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x20 or 0x7F <= code <= 0x9F else char


_SURROGATE = re.compile(r"[\ud800-\udfff]")


def encodable(text: str) -> str:
    """``text`` with lone surrogates replaced by U+FFFD, so it always encodes as UTF-8."""
    return _SURROGATE.sub("\ufffd", text)
