"""The vocabulary of the plain-step grammar: quoted strings, role nouns, verbs, URLs and key names."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from autoqa.input_values import VARIABLE_NAME_PATTERN
from autoqa.role_words import FILLER_NOUNS, ROLE_WORDS
from autoqa.spec.paraphrase import canonical, split_actions

QUOTED = r"(?:\"[^\"]*\"|'[^']*'|“[^”]*”|‘[^’]*’|「[^」]*」|『[^』]*』|`[^`]*`)"
PLACEHOLDER = rf"\{{\{{\s*{VARIABLE_NAME_PATTERN}\s*\}}\}}"
THE = r"(?:the\s+)?"


# Nouns after a target: role words (the vocabulary is autoqa.role_words) are kept in the target by the
# grammar, other nouns are dropped.
def _alternatives(words: Iterable[str], *, plural: bool = False) -> str:
    spelled = sorted(words, key=len, reverse=True)  # longest first: "radio button"
    suffix = "(?:e?s)?" if plural else ""
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") + suffix for w in spelled)


ELEMENT_NOUNS = _alternatives((*ROLE_WORDS, *(w for w in FILLER_NOUNS if w.isascii())))
ROLE_NOUNS = _alternatives(w for w in ROLE_WORDS if w.isascii())
"""The role words alone (no filler nouns): a noun that says what kind of element a name names."""
PLURAL_ROLE_NOUNS = _alternatives((w for w in ROLE_WORDS if w.isascii()), plural=True)
ZH_NOUNS = _alternatives(
    (*(w for w in ROLE_WORDS if not w.isascii()), *(w for w in FILLER_NOUNS if not w.isascii()))
)
TEXT_NOUNS = r"text|message|label|title|toast|notification|banner|error|warning|alert\s+text"
NOUN = rf"(?:\s+(?P<noun>{ELEMENT_NOUNS}|{TEXT_NOUNS}))?"
"""An optional noun after a target; a role word among them is kept (``autoqa.role_words.role_word``)."""
ELEMENT_NOUN = rf"\s+(?P<noun>{ELEMENT_NOUNS})"
ZH_NOUN = rf"\s*(?P<noun>{ZH_NOUNS})?"


VERIFY = r"(?:verify|assert|check\s+that|expect|ensure|confirm)(?:\s+that)?"
ZH_VERIFY = r"(?:验证|断言|确认|检查)"
VISIBLE = r"(?:visible|shown|displayed|present|on\s+the\s+page|on\s+screen)"
APPEARED = (
    r"(?:(?:briefly|momentarily)\s+)?(?:appeared|popped\s+up|showed\s+up|flashed|"
    r"was\s+(?:briefly\s+|momentarily\s+)?(?:shown|displayed|visible))(?:\s+(?:briefly|momentarily))?"
)
"""Past tense: something was on the page at some point (a toast that may be gone by now)."""
HIDDEN = (
    r"(?:not\s+(?:visible|shown|displayed|present|on\s+the\s+page|on\s+screen)|hidden|gone|absent"
    r"|no\s+longer\s+(?:visible|shown|displayed|present))"
)


# "Compare the page with the baseline …" checks too (it is no action of a user's).
_CLAIM = re.compile(rf"(?:{VERIFY}\b|compare\b|{ZH_VERIFY})", re.IGNORECASE)
# A statement of what the page shows, written as a test case's expected result: "An error message "x" is
# displayed", "The "Saved" toast is shown." (a subject, then a visibility predicate that ends the sentence).
_SHOWN_STATEMENT = re.compile(
    rf"(?:the|an?)\s.*\s(?:(?:is|are)\s+(?:now\s+)?{VISIBLE}|{APPEARED})"
    r"(?:\s+since\s+step\s+\d+)?\s*\.?",
    re.IGNORECASE,
)


# A modal claim's verb → its present tense, as asserted and as denied ("should end" → "ends").
MODAL_VERBS = {
    "be": ("is", "is not"), "read": ("reads", "does not read"), "show": ("shows", "does not show"),
    "display": ("displays", "does not display"), "say": ("says", "does not say"),
    "contain": ("contains", "does not contain"), "have": ("has", "does not have"),
    "include": ("includes", "does not include"), "appear": ("appears", "does not appear"),
    "equal": ("equals", "does not equal"), "match": ("matches", "does not match"),
    "end": ("ends", "does not end"), "finish": ("ends", "does not end"),
    "start": ("starts", "does not start"), "begin": ("starts", "does not start"),
    "exist": ("exists", "does not exist"), "become": ("is", "is not"), "stay": ("is", "is not"),
    "remain": ("is", "is not"),
}  # fmt: skip


# An expected result written as what should hold: "The Continue button should be disabled".
# "The Save button should be disabled", "The URL must end with "/edit"", "Luna should not be in the table":
# a claim in the modal mood, any of the ways testers write it; "still", "now", "also" add nothing to check.
# A bare subject is a name only when capitalised and short ("Luna", "Weekly digest"), never "It" or "This".
SHOULD_STATEMENT = re.compile(
    # (a subject's quoted name is taken whole: "The "What needs to be done?" input should be focused")
    rf"(?P<subject>(?:the|an?)\s+(?:[^\s\"“”]|{QUOTED})(?:[^\"“”]|{QUOTED})*?|{QUOTED}(?:\s+\S+)?|"
    r"(?!(?-i:It|This|That|They|There|These|Those|He|She|We|You|I|Nothing|Everything|Each|Every|All|Any|"
    r"No|None|Some|Both|Only|Then|And|When|Given|But|Expected|Verify|Check|Also)\b)(?-i:[A-Z])"
    r"(?![\w'’-]*\s+(?:focus|cursor)\b)[\w'’-]*(?:\s+(?!focus\b|cursor\b)[\w'’-]+){0,2}?)"
    r"\s+(?:should|must|shall|will|has\s+to|have\s+to|needs?\s+to)\s+(?P<neg>not\s+)?"
    # ("should now say "Enrolled"" is a relabelled control, read on its own: "now" only before "be")
    r"(?:(?:still|also|then)\s+|now\s+(?=be\b))?"
    rf"(?P<verb>{'|'.join(MODAL_VERBS)})\b(?P<rest>.*)",
    re.IGNORECASE,
)
# Which page the user is on: "The user stays on the login page", "You are taken to the issue page".
_WHO = r"(?:(?:the\s+)?(?:user|visitor|customer|browser)|you|i|we)"
_MOVED = r"(?:is|are|gets?|should\s+be)\s+(?:taken|redirected|sent|returned|brought|navigated|forwarded)"
# A place named without "page" ("redirected to the dashboard") only after a word of moving there, and only a
# name: never "and …", "with …", "logged in" (those claim more than where the user is).
_PLACE_WORD = r"(?!(?:and|with|but|or|not|without|while|logged|signed)\b)[^\W\d_][\w'’-]*"
ON_PAGE = (
    rf"{_WHO}\s+(?:should\s+)?(?:still\s+)?"
    r"(?:(?:stays?|remains?|is\s+still|is|are|am|be|lands?|ends?\s+up|arrives?|goes|returns?|navigates|"
    rf"{_MOVED})\s+"
    rf"(?:(?:back\s+)?(?:to|on|at|in)\s+)?(?:the\s+|a\s+)?(?:{_PLACE_WORD}\s+){{0,3}}?(?:page|screen|view)"
    rf"|(?:{_MOVED}\s+(?:back\s+)?to|lands?\s+on)\s+(?:the\s+)?{_PLACE_WORD}(?:\s+{_PLACE_WORD})?)"
)
_ON_PAGE_STATEMENT = re.compile(rf"{ON_PAGE}(?:\s*\(.*\))?\s*\.?", re.IGNORECASE)


@functools.lru_cache(maxsize=8192)  # asked of every step several times (load, planning, each executor)
def claims(text: str) -> bool:
    """Whether a sentence states something to check: it starts with one of the grammar's assertion verbs
    (Verify, Assert, Check that, Expect, Ensure, Confirm, Compare, 验证, 断言, 确认, 检查 — any case), or it
    is a statement that something "is shown|displayed|visible", "appeared|was shown", "should be|read|…", or
    which page the user "stays on|is taken to" — as written or in its canonical wording, and in any later
    part of a step that chains several ("Fill in the form and verify …"). Every executor asks
    such a step for evidence; the plain grammar maps it only to assertion tools."""
    stripped = text.strip()
    # "Make sure …", "Then the user sees …", "The toast should still appear": the canonical wording, once;
    # "Fill in the form and verify "Saved" is visible": a later part of a step that chains several.
    return any(
        _claims_as_written(part) or _claims_as_written(canonical(part))
        for part in (stripped, *split_actions(stripped)[1:])
    )


def _claims_as_written(stripped: str) -> bool:
    return (
        _CLAIM.match(stripped) is not None
        or _SHOWN_STATEMENT.fullmatch(stripped) is not None
        or SHOULD_STATEMENT.fullmatch(stripped) is not None
        or _ON_PAGE_STATEMENT.fullmatch(stripped) is not None
    )


def q(name: str) -> str:
    """A named group matching one quoted string (quotes included; see :func:`unquote`)."""
    return rf"(?P<{name}>{QUOTED})"


def value_group(name: str) -> str:
    """A quoted string or a bare ``{{NAME}}`` placeholder (values may be secrets)."""
    return rf"(?P<{name}>{QUOTED}|{PLACEHOLDER})"


def token_group(name: str) -> str:
    """A quoted string or one unquoted word (URLs)."""
    return rf"(?P<{name}>{QUOTED}|\S+)"


_WHOLE_PLACEHOLDER = re.compile(PLACEHOLDER)


def unquote(text: str) -> str:
    if _WHOLE_PLACEHOLDER.fullmatch(text):
        return "{{" + text[2:-2].strip() + "}}"
    if len(text) >= 2 and text[0] in "\"'“‘「『`":
        return text[1:-1]
    return text


_URL = re.compile(r"(?:https?://\S+|/\S*|\{\{\s*[A-Za-z_]\w*\s*\}\}\S*|about:\S+|\.{1,2}/\S*)", re.I)


def as_url(text: str) -> str | None:
    url = unquote(text).strip()
    return url if _URL.fullmatch(url) else None


KEY_IN_WORDS = (
    r"(?:(?:up|down|left|right)\s+arrow|arrow\s+(?:up|down|left|right)|page\s+(?:up|down)|space\s+bar)"
)
"""A key named in two words ("Right Arrow", "Page Down"), which a step's one-word key pattern would cut."""

_KEY_NAMES = {
    name.lower(): name
    for name in (
        "Enter",
        "Tab",
        "Escape",
        "Backspace",
        "Delete",
        "Insert",
        "Home",
        "End",
        "PageUp",
        "PageDown",
        "ArrowUp",
        "ArrowDown",
        "ArrowLeft",
        "ArrowRight",
        "Space",
        "Shift",
        "Control",
        "Alt",
        "Meta",
        "ControlOrMeta",
        *(f"F{n}" for n in range(1, 13)),
    )
}
_KEY_ALIASES = {
    "esc": "Escape",
    "return": "Enter",
    "del": "Delete",
    "ctrl": "Control",
    "cmd": "Meta",
    "command": "Meta",
    "option": "Alt",
    "up": "ArrowUp",
    "down": "ArrowDown",
    "left": "ArrowLeft",
    "right": "ArrowRight",
    "pgup": "PageUp",
    "pgdn": "PageDown",
    # keys as testers write them, in words: "Press Right Arrow", "Press Page Down"
    **{f"{way} arrow": f"Arrow{way.title()}" for way in ("up", "down", "left", "right")},
    **{f"arrow {way}": f"Arrow{way.title()}" for way in ("up", "down", "left", "right")},
    "page up": "PageUp",
    "page down": "PageDown",
    "spacebar": "Space",
    "space bar": "Space",
    "回车": "Enter",
    "空格": "Space",
    "退格": "Backspace",
}


def as_key(text: str) -> str | None:
    """A Playwright key name (``Enter``, ``Control+A``), or None if this is not clearly a key."""
    parts = unquote(text).strip().split("+")
    out: list[str] = []
    for part in parts:
        lowered = " ".join(part.split()).lower()
        if lowered in _KEY_NAMES:
            out.append(_KEY_NAMES[lowered])
        elif lowered in _KEY_ALIASES:
            out.append(_KEY_ALIASES[lowered])
        elif len(part.strip()) == 1 and part.strip().isascii() and part.strip().isprintable():
            out.append(part.strip())
        else:
            return None
    return "+".join(out)


def as_number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value
