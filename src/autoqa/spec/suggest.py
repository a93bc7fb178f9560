"""The nearest plain form of a step the grammar does not read ("did you mean: Verify "Tasks" is visible?").

The step's quoted values are put into the grammar's own sentence shapes; a shape is offered only when the
result parses as plain, keeps the step's claim and reads close enough to what was written. Keeping the claim
means: the same polarity (a negative check is never "corrected" into a positive one, nor the other way
round), the same kind (a check stays a check, an action the same action), every value the step names, and
every part that narrows where it looks (a scope, an ordinal). When no shape keeps all of that, there is no
suggestion. A suggestion is advice for a person rewriting a spec; nothing runs it.
"""

from __future__ import annotations

import difflib
import re

from autoqa.spec.grammar import parse_plain_text
from autoqa.spec.grammar_terms import QUOTED

# {0}, {1}: the step's quoted values in order. Each shape is a sentence the grammar reads, offered only
# when the step starts with one of its verbs and (for the narrower checks) mentions what the shape checks.
_CHECK = r"(?:verify|assert|check\s+that|ensure|make\s+sure|expect|confirm|see|should)"
_SHAPES: tuple[tuple[str, str, str | None], ...] = (
    ('Click "{0}"', r"click|press|tap|hit|choose|open|select|follow", None),
    ('Double-click "{0}"', r"double", None),
    ('Click "{0}" for "{1}"', r"click|press|tap|hit", None),
    ('Fill "{0}" with "{1}"', r"fill|set|change|put|update|replace", None),
    ('Type "{0}" into "{1}"', r"type|enter|input|write|key", None),
    ('Select "{0}" from the "{1}" dropdown', r"select|choose|pick", None),
    ('Check "{0}"', r"check|tick|select|mark|enable", None),
    ('Uncheck "{0}"', r"uncheck|untick|deselect|unmark|disable|clear", None),
    ('Hover over "{0}"', r"hover|mouse|point", None),
    ('Wait for "{0}"', r"wait", None),
    ('Wait for "{0}" to disappear', r"wait", None),
    ('Verify "{0}" is visible', _CHECK, None),
    ('Verify "{0}" is not visible', _CHECK, None),
    ('Verify the URL contains "{0}"', _CHECK, r"\burl\b|address"),
    # the page's title only: "the issue title" is text on the page, not the document's title
    (
        'Verify the title is "{0}"',
        _CHECK,
        r"\b(?:the|page|window|browser|tab|document)\s+title\b|^\S+\s+(?:that\s+)?title\b",
    ),
    ('Verify the "{0}" field shows "{1}"', _CHECK, r"\b(?:field|input|text\s*box)\b"),
    ('Verify the "{0}" row shows "{1}"', _CHECK, r"\bfor\b|\brow\b"),
    ('Verify "{0}" has value "{1}"', _CHECK, r"value|contains|shows|reads|says|holds"),
    ('Verify "{0}" is checked', _CHECK, r"check|tick|complete|done"),
    ('Verify "{0}" is not checked', _CHECK, r"check|tick|complete|done"),
    ('Verify "{0}" is enabled', _CHECK, r"enabled|clickable|can\s+be\s+clicked|active"),
    ('Verify "{0}" is disabled', _CHECK, r"disabled|greyed|grayed|inactive"),
    ('Verify the "{0}" field is focused', _CHECK, r"focus"),
    ('Verify "{0}" appears before "{1}"', _CHECK, r"before|above|order"),
    ('Scroll to "{0}"', r"scroll", None),
)
_NEGATIVE = re.compile(
    r"\b(?:not|no\s+longer|never|no|disappear\w*|vanish\w*|gone|hidden|absent|missing|removed|deleted|"
    # disabled is a negative state; "taken away", "went away" are gone (never "right away")
    r"cleared|unchecked|disabled|greyed|grayed|inactive|uncheck\w*|closed|dismissed)\b|n't\b"
    r"|(?<!right )(?<!straight )\baway\b",
    re.IGNORECASE,
)
# What no shape checks: a suggestion would change the claim (storage is not a field's value).
_UNCOVERED = re.compile(
    r"storage|cookie|session|sort|\border|\bcount\b|number|\bitems?\b|\brows?\b|\bresults?\b|tooltip|"
    r"selected|expanded|collapsed|current|download|email|sms|\bapi\b|response|request|screenshot|"
    r"\bif\b|\bunless\b|\bwhen\b|\bonly\b",  # a condition is part of the claim
    re.IGNORECASE,
)
# A step that names a state claims more than presence: "is visible" would drop the state from the claim.
_STATE = re.compile(
    r"check|tick|complete|\bdone\b|enabled|clickable|can\s+be\s+clicked|active|disabled|greyed|grayed|"
    r"focus|editable|read-?only",
    re.IGNORECASE,
)
_PRESENCE = ('Verify "{0}" is visible', 'Verify "{0}" is not visible')
# "the price shown is "£425,000"" claims what a named thing's value is: presence of the text would drop it.
_VALUE_OF = re.compile(r'\b(?:is|are|be|equals?)\s+(?:now\s+|still\s+)?"x"')
# A step that names where its text is (a field, a badge, a cell) claims more than presence on the page.
_PLACE = re.compile(
    r"\b(?:field|input|text\s*box|textarea|text\s+area|dropdown|drop-down|select|combobox|badge|chip|pill|"
    r"tag|cell|column|row|heading|title)\b",
    re.IGNORECASE,
)
# A quoted value after "for", "of", "in", "next to" names a scope (the row of "Dune"): a shape that makes it
# the target ("Verify "Dune" has value …") would check something else; only a row shape keeps it.
_SCOPED = re.compile(r'\b(?:for|of|in|inside|within|next\s+to|beside)\s+(?:the\s+)?"x"')
# A scope that is not a quoted row ("in the In progress column", "next to the upload field") narrows where
# the step looks; no shape names such a scope, so a suggestion would drop it. The page itself is no scope.
_UNQUOTED_SCOPE = re.compile(
    r"\b(?:in|inside|within|next\s+to|beside|under|underneath)\s+(?:the\s+|a\s+|an\s+|this\s+)?"
    r"(?!\"|(?:page|screen|window|browser|view)\b)\w"
)
# An ordinal or position picks one of several matches ("the second photo"); every shape targets by text, so
# quoting the description ("Click "second photo"") would look for other text.
_ORDINAL = re.compile(
    r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|nth|\d+(?:st|nd|rd|th))\b"
)
# What a step claims about its target. After "Check" it makes the step a verification, never a tick
# ("Check the header says ..."); a text claim (says, contains) is never a state such as checked or enabled.
_CLAIM = re.compile(
    r"\b(?:says?|shows?|reads?|contains?|is|are|has|have|displays?|appears?|equals?|match(?:es)?|that)\b"
)
_TEXT_CLAIM = re.compile(
    r"\b(?:says?|shows?|reads?|contains?|displays?|equals?|match(?:es)?|holds?|has|have)\b(?!\s+been)"
)
_STATE_SHAPES = (
    'Verify "{0}" is checked',
    'Verify "{0}" is not checked',
    'Verify "{0}" is enabled',
    'Verify "{0}" is disabled',
    'Verify the "{0}" field is focused',
)
# The shapes whose second value is a row: offered only when the step names it so ("for "Dune""), never
# for two values joined otherwise ('Click "Save" and "Close"' is two clicks, not one in the row "Close").
_ROW_SHAPES = ('Click "{0}" for "{1}"', 'Verify the "{0}" row shows "{1}"')
_QUOTED = re.compile(QUOTED)
_MIN_SIMILARITY = 0.25


def _values(text: str) -> list[str]:
    quoted = [match[1:-1] for match in _QUOTED.findall(text)]
    if quoted:
        return quoted
    verb, _, rest = text.strip().partition(" ")  # "Click Log in": the rest is an unquoted target
    if not re.fullmatch(r"click|press|tap|hover|check|uncheck|tick|untick", verb, re.IGNORECASE):
        return []
    rest = re.sub(r"^(?:on\s+)?(?:the\s+)?", "", rest.strip(), flags=re.IGNORECASE).rstrip(".")
    rest = re.sub(r"\s+(?:button|link|checkbox|tab|icon)$", "", rest, flags=re.IGNORECASE)
    return [rest] if rest else []


def _shape_of(text: str) -> str:
    return " ".join(_QUOTED.sub('"x"', text).lower().split())


def _is_check(written: str) -> bool:
    """Whether a step (in ``_shape_of`` form) verifies rather than acts; "Check" then a claim verifies."""
    if re.match(_CHECK, written):
        return True
    verb, _, rest = written.partition(" ")
    return verb == "check" and bool(_CLAIM.search(rest))


def nearest_plain(text: str) -> str | None:
    """A plain sentence close to ``text`` that keeps its claim (see the module docstring), or ``None``."""
    if parse_plain_text(text) is not None:
        return None
    values = _values(text)
    if not values:
        return None
    negative = bool(_NEGATIVE.search(_QUOTED.sub("", text)))
    written = _shape_of(text)
    if _UNCOVERED.search(written) or _ORDINAL.search(written) or _UNQUOTED_SCOPE.search(written):
        return None
    checks = _is_check(written)
    text_claim = bool(_TEXT_CLAIM.search(written))
    verb = written.split(" ", 1)[0]
    states = bool(_STATE.search(_QUOTED.sub("", text))) or bool(_PLACE.search(_QUOTED.sub("", text)))
    scoped = bool(_SCOPED.search(written))
    value_of = bool(_VALUE_OF.search(written))
    best: tuple[float, str] | None = None
    for shape, verbs, mentions in _SHAPES:
        slots = shape.count("{")
        # every value is kept: a shape with fewer slots would silently drop one ("Email" and "SMS")
        if slots != len(values) or bool(_NEGATIVE.search(shape.replace('"{0}"', ""))) != negative:
            continue
        if shape.startswith("Verify") != checks or (text_claim and shape in _STATE_SHAPES):
            continue
        if (states or value_of) and shape in _PRESENCE:
            continue
        if scoped and " for " not in shape and " row " not in shape:
            continue
        if shape in _ROW_SHAPES and not scoped:
            continue
        if not re.match(rf"(?:{verbs})", written) or (mentions and not re.search(mentions, written)):
            continue
        sentence = shape.format(*values)
        if parse_plain_text(sentence) is None:
            continue
        score = difflib.SequenceMatcher(None, written, _shape_of(sentence)).ratio()
        if shape.split(" ", 1)[0].lower() == verb:
            score += 0.15  # the same verb: the author's intent
        if best is None or score > best[0]:
            best = (score, sentence)
    return best[1] if best is not None and best[0] >= _MIN_SIMILARITY else None
