"""A "not" the grammar does not read is a false green in waiting: "the room types are not listed in the order
"a", "b"" was read as the order claim itself. Every claim of the corpus that reads plain is negated where a
tester would negate it ("is" → "is not", "shows" → "does not show" …, outside quotes); the negated step must
be refused, or read with the claims turned round — never read as the claim it denies."""

from __future__ import annotations

import re
from typing import Any

from bench.grammar_acceptance import load_corpus

from autoqa.spec.grammar import parse_plain_actions

_NEGATIONS = (
    (r"\bis (?!not\b)", "is not "),
    (r"\bare (?!not\b)", "are not "),
    (r"\bshould be\b", "should not be"),
    (r"\bshows\b", "does not show"),
    (r"\bcontains\b", "does not contain"),
    (r"\bhas\b", "does not have"),
    (r"\bdisplays\b", "does not display"),
    (r"\breads\b", "does not read"),
    (r"\bappears\b", "does not appear"),
    (r"\blists\b", "does not list"),
    (r"\bincludes\b", "does not include"),
)
_QUOTES = re.compile(r'"[^"]*"|“[^”]*”')
_NEGATIVE_STATES = ("hidden", "detached", "gone", "unset", "empty", "absent")


def _reading(text: str) -> list[tuple[str, dict[str, Any]]] | None:
    actions = parse_plain_actions(text)
    return None if actions is None else [(a.tool, a.args) for a in actions]


def _denies(tool: str, args: dict[str, Any]) -> bool:
    """Whether a claim says something is not so (absent, hidden, unchecked, disabled, 0 of them …)."""
    if tool in ("assert_text_absent", "assert_element_hidden") or args.get("negate") is True:
        return True
    if args.get("absent") is True:  # a text not in one region
        return True
    if any(args.get(k) is False for k in ("checked", "enabled", "value", "present", "selected", "focused")):
        return True
    return (tool == "assert_count" and args.get("count") == 0) or args.get("state") in _NEGATIVE_STATES


def _polarity(reading: list[tuple[str, dict[str, Any]]]) -> tuple[bool, ...]:
    return tuple(_denies(t, a) for t, a in reading if t.startswith("assert_") or t == "wait_for")


def _negated(text: str) -> list[str]:
    quoted = [(m.start(), m.end()) for m in _QUOTES.finditer(text)]
    out = []
    for pattern, replacement in _NEGATIONS:
        for m in re.finditer(pattern, text):
            if not any(a <= m.start() < b for a, b in quoted):
                out.append(text[: m.start()] + re.sub(pattern, replacement, text[m.start() :], count=1))
                break
    return out


def test_a_negated_claim_is_never_read_as_the_claim_it_denies() -> None:
    ignored, tried = [], 0
    for text in dict.fromkeys(step.text for step in load_corpus()):
        reading = _reading(text)
        if not reading or not _polarity(reading):
            continue
        for negated in _negated(text):
            tried += 1
            denied = _reading(negated)
            if denied is not None and _polarity(denied) == _polarity(reading):
                ignored.append(f"{negated!r} read as {denied}")
    assert tried > 500  # the corpus holds enough claims for this to mean something
    assert ignored == []
