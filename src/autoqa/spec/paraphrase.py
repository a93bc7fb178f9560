"""Natural phrasings of a plain step, rewritten to the grammar's canonical sentence.

QA engineers write the same step many ways: "Then the user clicks on Save", "Make sure the text "Saved"
appears on the page", "Enter ada@example.com in the Email field", "A toast saying "Saved" should appear".
Each rewrite here maps one general way of writing to the form the grammar reads, and changes no meaning:
it drops words that say nothing checkable (a leading "Then", "the user", "still", "on the page"), moves
words into the grammar's order, or quotes a value whose ends are certain. A rewrite never adds a claim or
drops one; the result is parsed by the same rules as any other sentence, and a sentence no rule reads stays
an agent step. (Self-contained: ``grammar_terms.claims`` reads the canonical form too, so it imports
nothing from the grammar.)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator

from autoqa.input_values import VARIABLE_NAME_PATTERN
from autoqa.role_words import ARIA_ROLES, ROLE_WORDS
from autoqa.target_ordinal import POSITION_WORD

_Q = r"(?:\"[^\"]*\"|'[^']*'|“[^”]*”|‘[^’]*’|「[^」]*」)"
_I = re.IGNORECASE


class _Lazy:
    """A pattern compiled on first use: ~50 ms of compiling that a run whose steps all read as written, or
    that never parses a step, should not pay at import."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source, self._flags = source, flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def match(self, text: str) -> re.Match[str] | None:
        return self.compiled.match(text)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text)

    def sub(self, replacement: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return self.compiled.sub(replacement, text, count=count)


def _sub(
    pattern: str, replacement: str | Callable[[re.Match[str]], str], *, needs: tuple[str, ...] = ()
) -> Callable[[str], str]:
    """A rewrite of the first match of ``pattern`` that does not start inside a quoted value: a quoted value
    is what the page must show, word for word ("Tables for 6 must be booked" keeps its "must").

    ``needs``: words (lower case) of which the sentence must hold one for the pattern to match at all; a
    sentence without any is left as it is before the pattern is compiled or run (every ``autoqa run`` pays
    for compiling each pattern a step reaches)."""
    compiled = _Lazy(pattern, _I)

    def rewrite(sentence: str) -> str:
        if needs and not any(word in sentence.lower() for word in needs):
            return sentence
        quoted: list[tuple[int, int]] | None = None
        for m in compiled.finditer(sentence):
            if quoted is None:
                quoted = _quoted_spans(sentence)
            if any(a < m.start() < b for a, b in quoted):
                continue
            text = replacement(m) if callable(replacement) else m.expand(replacement)
            return sentence[: m.start()] + text + sentence[m.end() :]
        return sentence

    return rewrite


# --- who acts, and words around the step that say nothing ------------------------------------------------

_BASE_VERBS = {
    "clicks": "click", "taps": "click", "tap": "click", "presses": "press", "hits": "press", "hit": "press",
    "enters": "enter", "types": "type", "fills": "fill", "inputs": "input", "writes": "write",
    "selects": "select", "chooses": "choose", "picks": "pick", "checks": "check", "unchecks": "uncheck",
    "ticks": "tick", "unticks": "untick", "hovers": "hover", "navigates": "navigate", "goes": "go",
    "opens": "open", "visits": "visit", "scrolls": "scroll", "uploads": "upload", "waits": "wait",
    "clears": "clear", "double-clicks": "double-click", "right-clicks": "right-click", "reloads": "reload",
    "refreshes": "refresh", "submits": "submit", "closes": "close", "switches": "switch", "drags": "drag",
    "searches": "search", "sets": "set", "changes": "change", "leaves": "leave", "accepts": "accept",
    "dismisses": "dismiss", "marks": "mark", "focuses": "focus", "blurs": "blur", "logs": "log",
}  # fmt: skip
_ACTOR = r"(?:the\s+)?(?:user|tester|customer|visitor|admin|administrator|shopper|agent|operator)|i|we|you"
_VERB_WORDS = "|".join(sorted((re.escape(v) for v in {*_BASE_VERBS, *_BASE_VERBS.values()}), key=len)[::-1])


def _actor_verb(m: re.Match[str]) -> str:
    verb = m.group("verb").lower()
    return _BASE_VERBS.get(verb, verb) + " "


_PRESENT_S = {
    "be": "is",
    "show": "shows",
    "read": "reads",
    "say": "says",
    "contain": "contains",
    "equal": "equals",
    "display": "displays",
}
# A value written without quotes whose ends are certain: one word with an underscore, an @ or a digit
# ("standard_user", "ada@example.com", "secret_sauce", "Winter2026"), never a word of description.
_TOKEN_VALUE = r"(?:(?=[^\s\"“'‘]*(?:[_@\d]|\w\.\w))[\w.@+-]*[\w@]|(?-i:[A-Z]{2,}[A-Z0-9]*))"

# A row or item named without quotes where its name is certain: a code with a digit ("INV-0042", "MATH110"),
# an email address, or one to four capitalised words or numbers ("Jane Doe", "March 2026").
_ROW_NAME = (
    r"[A-Za-z#]*[\w#./-]*\d[\w.#/-]*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|"
    r"(?-i:(?:[A-Z][\w.'’-]*|\d+)(?:\s+(?:[A-Z][\w.'’-]*|\d+)){0,3})"
)

_STATE_WORDS = (
    r"disabled|enabled|checked|unchecked|ticked|unticked|selected|focused|empty|visible|hidden|shown|displayed|"
    r"open|closed|expanded|collapsed|active|pressed|not\s+pressed|greyed\s+out|grayed\s+out|read-only|readonly|"
    r"required|on|off"
)


def _on_path(m: re.Match[str]) -> str:
    """ "Then I should be on "/home"", "The user is redirected to /dashboard": the page at that path, with
    any query or fragment and a trailing slash or not; not a URL with "/home" elsewhere in it (/homepage,
    /login?next=/home)."""
    path = m.group("url").strip('"')
    if "{{" in path:
        return m.string  # a placeholder is filled in later: escaped here it could never match
    if "?" in path or "#" in path:
        ending = re.escape(path) + "(?:[&#]|$)"
    else:
        ending = re.escape(path.rstrip("/")) + "/?(?:[?#]|$)"
    return f'Verify the URL matches "^[a-z]+://[^/]+{ending}"'


_PLACE_NOUNS = frozenset(
    ("cart", "basket", "list", "table", "page", "inbox", "results", "sidebar", "header", "footer", "menu",
     "panel", "section", "dialog", "modal", "summary", "wishlist", "feed", "timeline", "queue", "board",
     "column", "row")
)  # fmt: skip
_ACTION_VERBS = (
    r"click|double[- ]?click|right[- ]?click|press|type|enter|select|check|uncheck|tick|untick|fill|log\s*in|"
    r"login|sign\s+in|open|go|navigate|hover|add|delete|remove|wait|verify|scroll|upload|clear"
)
_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10,
}  # fmt: skip
_AGAIN_AFTER = "|".join(
    rf"(?<={re.escape(word)})" if not word.isalpha() else rf"(?<=\b{word})"
    for word in (
        *"\"”'’",
        "selected",
        "checked",
        "unchecked",
        "visible",
        "shown",
        "hidden",
        "enabled",
        "disabled",
        "focused",
        "empty",
        "active",
        "expanded",
        "collapsed",
        "button",
        "link",
        "toggle",
        "checkbox",
        "tab",
        "filter",
    )
)
_FILL_PART = _Lazy(
    rf"^(?P<label>(?!the\s+rest\b)\S.*?)\s*(?:\s(?:with|as)\s+|\s*=\s*|\s)(?P<value>{_Q})$", _I
)
_FILL_HEAD = _Lazy(r"^(?P<verb>fill\s+in|fill)\s+(?P<rest>.+)$", _I)


def _many_fills(sentence: str) -> str:
    """'Fill A with "a", B with "b" and C with "c"' → 'Fill A with "a" and fill B with "b" and fill C …'."""
    head = _FILL_HEAD.match(sentence)
    if head is None:
        return sentence
    spans = _quoted_spans(head.group("rest"))
    parts, start = [], 0
    for m in re.finditer(r"\s*,\s*(?:and\s+)?|\s+and\s+", head.group("rest")):
        if any(a <= m.start() < b for a, b in spans) or not head.group("rest")[: m.start()].rstrip().endswith(
            tuple("\"”'’")
        ):
            continue
        parts.append(head.group("rest")[start : m.start()])
        start = m.end()
    parts.append(head.group("rest")[start:])
    if len(parts) < 2 or not all(_FILL_PART.match(part.strip()) for part in parts):
        return sentence
    verb = head.group("verb")
    fills = [_FILL_PART.match(part.strip()) for part in parts]
    return " and ".join(f"{verb} {m.group('label')} with {m.group('value')}" for m in fills if m)


# Words that say where a text is or what it is on ("Dialog text "x" is visible", "Button "Save" is shown"):
# a description before a quoted text is only dropped when it has none of them.
_PLACE_OR_ROLE = (
    r"(?:dialog|modal|pop-?up|header|footer|sidebar|menu|panel|table|row|card|list|section|form|drawer|tooltip|"
    r"tab|column|cell|badge|counter|chip|pill|tag|field|button|link|checkbox|dropdown|heading|title|url|page|"
    r"banner|toast|alert|region|nav|navigation|breadcrumb)"
)

# The first word of a sentence that starts with a capitalised name ("Holds table has 3 rows", "Amount field
# is "12.50""): never a word that points, an article, a claim's or a Gherkin keyword.
_NOT_A_NAME = (
    r"(?!(?:the|this|that|these|those|each|every|a|an|it|its|your|my|our|verify|check|expect|ensure|confirm|"
    r"assert|make|then|and|given|when|but)\b)"
)

# A QA team's shorthand, written out where it stands outside quotes: "btn", "fld", "msg", "err", "pg", "txt",
# "dd" (a dropdown), "chkbox", "hdr", and "Nav to"; an unquoted " = " or "==" reads as "is". Never inside a
# word, a path or a date format ("dd/mm/yyyy").
_SHORT_WORDS = {
    "btn": "button", "fld": "field", "msg": "message", "err": "error", "pg": "page", "txt": "text",
    "dd": "dropdown", "chkbox": "checkbox", "chk": "checkbox", "cb": "checkbox", "hdr": "header",
    "lnk": "link", "pwd": "password", "qty": "quantity",
}  # fmt: skip
_SHORT = _Lazy(
    rf"(?<![\w/.:-])(?:(?P<w>{'|'.join(_SHORT_WORDS)})(?![\w/.-]|:\S)|(?P<nav>^nav)\s+to\b)"
    r"|\s+==?\s+(?=\S)",
    _I,
)


_ASSIGNS = _Lazy(
    r"\s*(?:(?:when|and|then|given)\s+)?(?:step\s*\d+\s*[:.)-]?\s*)?"
    r"(?:fill|set|enter|type|input|change|update|select|choose|pick|write)\b",
    _I,
)


def shorthand(sentence: str) -> str:
    """``sentence`` with a QA team's shorthand written out (itself when it has none)."""
    quoted = _quoted_spans(sentence)

    def spelled(m: re.Match[str]) -> str:
        if any(a <= m.start() < b for a, b in quoted):
            return m.group(0)
        if m.group("w"):
            return _SHORT_WORDS[m.group("w").lower()]
        if m.group("nav"):
            return "Navigate to"
        # "Fill in First name = "Olivia"" assigns: only a claim's "=" reads as "is"
        return m.group(0) if _ASSIGNS.match(sentence) else " is "

    return _SHORT.sub(spelled, sentence)


# --- English as a second language, "System …" outcomes, menu paths, terse checklists ----------------------

_LISTED = (
    "ticket", "order", "item", "product", "course", "recipe", "book", "user", "file", "project", "task",
    "issue", "invoice", "customer", "lesson", "article", "post", "booking", "record",
)  # fmt: skip
_MENU_NAME = rf"(?:{_Q}|(?-i:[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,3}}))"
_MENU_STEP = r"\s*(?:>|→|->|›|»)\s*"
_NOUN = r"(?:button|link|tab|field|checkbox|check\s+box|radio\s+button|dropdown|heading|dialog|option)"
_SHOWN = r"(?:visible|shown|displayed|present)"


_OWNER_NAME = r"(?:" + _Q + r"|(?-i:[A-Z])[\w.'’-]*(?:\s+(?-i:[A-Z])[\w.'’-]*){0,2})"


def _boxes_of_rows(m: re.Match[str]) -> str:
    """ "Tick the checkboxes in the rows for Luna, Oscar and Pip": the box of each row, by its name."""
    names = [n.strip() for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("names")) if n.strip()]
    verb = "Untick" if m.group("verb").lower() in ("uncheck", "untick", "deselect", "unselect") else "Tick"
    return " and ".join(f"{verb} the checkbox next to {_as_quoted(name)}" for name in names)


# "Tick the checkboxes in the rows for Luna, Oscar and Pip", 'Select the rows for "A" and "B"' (read after the
# other rewrites: "When I tick …" has lost its actor by then).
_ROWS_BOXES = _sub(
    r"^(?P<verb>check|uncheck|tick|untick|select|deselect|unselect)\s+the\s+(?:(?:check\s*)?box(?:es)?\s+(?:in|of)\s+"
    rf"the\s+)?rows\s+(?:for|of)\s+(?P<names>{_OWNER_NAME}(?:\s*,\s*{_OWNER_NAME})*\s*,?\s*and\s+{_OWNER_NAME})$",
    _boxes_of_rows,
    needs=("rows",),
)


def _quoted_order(m: re.Match[str]) -> str:
    """ "The rows are ordered TRK-007, VAN-042 and CAR-113" with each value quoted, when each is one."""
    values = [v.strip() for v in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("list")) if v.strip()]
    if len(values) < 2 or not all(_a_written_value(v) and len(v.split()) <= 4 for v in values):
        return m.group(0)
    return f"{m.group('head')} " + ", ".join(f'"{v}"' for v in values)


def _typed_bare(m: re.Match[str]) -> str:
    """ "type 31.5", "type Buy milk + Enter": the unquoted value typed into the focused field (then the key);
    only a value written as one (a number, a capitalised phrase), never "type in the search box"."""
    value = m.group("x").strip()
    if re.search(r"\s(?:in|into|on|to|the)\s", f" {value} ", re.IGNORECASE) or not _a_written_value(value):
        return m.group(0)
    if re.fullmatch(r"[^\W\d][\w'’-]*(?:\s+\S+)*\s+\S*\d\S*", value):
        return m.group(0)  # "Enter OTP 000000": a field's name, then the value for it
    key = m.group("k")
    return f'Type "{value}"' + (
        f" and press {'Escape' if key.lower() == 'esc' else key.capitalize()}" if key else ""
    )


_POSSESSOR = r"(?P<n>(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*){0,3})['’]s"

_THIRTEENTH: list[Callable[[str], str]] = [
    # "The error under Amount is "Please enter an amount"", "Verify the error for the Email field reads "x"":
    # the note that field shows (never a field named "error for the Amount").
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?the\s+(?:error(?:\s+message)?|validation\s+(?:error|message)|hint|help\s+text)\s+"
        r"(?:under|below|beneath|for|of|beside|next\s+to)\s+(?:the\s+)?"
        rf"(?P<f>{_Q}|(?-i:[A-Z])[\w'’()-]*(?:\s+[\w'’()-]+){{0,2}}?)(?:\s+(?:field|input|box))?\s+(?:is|reads|says|shows)\s+"
        rf"(?P<x>{_Q})$",
        lambda m: f"Verify the {_as_quoted(m.group('f'))} field shows the error {m.group('x')}",
        needs=("error", "hint", "help", "validation"),
    ),
    # 'Click "Share" and then "Copy link"', 'Click "My Account", then the "Holds" tab': the second name is
    # clicked too (only after "then": 'Click Save -> "Saved"' names what the click shows).
    _sub(
        rf"^(?P<a>(?:click|tap)\s+(?:on\s+)?(?:the\s+)?{_Q}(?:\s+(?:tab|link|button|menu))?),?\s+(?:and\s+)?then\s+(?:on\s+)?"
        rf"(?P<b>(?:the\s+)?{_Q}(?:\s+(?:tab|link|button|option|item|menu\s+item))?)$",
        r"\g<a> and then click \g<b>",
        needs=("then",),
    ),
    # 'Click on "Active" filter link.': the quoted name of a control of that kind.
    _sub(
        rf"^(?P<v>click|tap)\s+on\s+(?P<x>{_Q})\s+(?P<n>(?:[a-z]+\s+)?(?:link|button|tab|icon|checkbox|arrow|toggle))\.?$",
        r"\g<v> the \g<x> \g<n>",
    ),
    # "Complete the todo "Buy milk"", 'Verify the task "Pay rent" is checked': the item is named by its text,
    # the noun only says what it is.
    _sub(
        rf"^(?P<v>complete|uncomplete|delete|remove|toggle)\s+the\s+(?:todo|task|item|entry)\s+(?=(?:{_Q})$)",
        r"\g<v> ",
        needs=("todo", "task", "item", "entry"),
    ),
    _sub(
        rf"^(?P<v>verify\s+(?:that\s+)?)the\s+(?:todo|task|item|entry)\s+(?P<x>{_Q})\s+(?=is\s+(?:not\s+)?(?:checked|"
        r"unchecked|completed|complete|done|ticked|unticked|active)$)",
        r"\g<v>\g<x> ",
        needs=("todo", "task", "item", "entry"),
    ),
    # A checklist's claims without their verb: "new todo field focused on load", "Clear completed button not
    # shown anymore", "3 items visible", "still 4 todos": an element of a kind a role word names, a count.
    _sub(
        r"^(?:the\s+)?(?P<x>[\w'’-]+(?:\s+[\w'’-]+){0,3}?\s+(?:field|input|box|textbox|button|link|checkbox|tab))\s+"
        r"(?:has\s+)?focus(?:ed)?(?:\s+on\s+(?:page\s+)?load|\s+initially|\s+by\s+default)?$",
        r"Verify the \g<x> is focused",
        needs=("focus",),
    ),
    _sub(
        r"^(?:the\s+)?(?P<x>(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){0,3}?\s+(?:button|link|checkbox|tab|field))\s+(?P<neg>not\s+)?"
        r"(?:shown|visible|displayed)(?:\s+any\s*more)?$",
        lambda m: f"Verify the {m.group('x')} is {'not ' if m.group('neg') else ''}visible",
    ),
    _sub(
        r"^(?:still\s+)?(?P<n>\d{1,4})\s+(?P<w>(?:item|todo|task|row|result|entry|entrie|card|product)s?)(?:\s+(?:are\s+|is\s+)?"
        r"(?:visible|shown|listed|displayed))?$",
        lambda m: f"Verify {m.group('n')} {m.group('w')} {'is' if m.group('n') == '1' else 'are'} shown",
    ),
    # "Verify only 1 row is shown", "Only 3 results are listed": a count claimed exactly.
    _sub(r"^(?:verify\s+(?:that\s+)?)?only\s+(?=\d+\s+[a-z])", "Verify exactly ", needs=("only",)),
    # "Verify that the first request is from "Aisha Bello"": the item holds that name.
    _sub(
        rf"^(?P<c>(?:verify\s+(?:that\s+)?)?the\s+(?:first|second|third|last|top)\s+[a-z]+)\s+is\s+(?:from|by)\s+(?=(?:{_Q})$)",
        r"\g<c> contains ",
        needs=("from", "by"),
    ),
    # "Type VPN in the search box next to the Search button": the search box (the button says which box).
    _sub(
        r"\b(?P<f>the\s+search\s+(?:box|field|input|bar))\s+(?:next\s+to|beside|by|left\s+of)\s+the\s+[\"“]?search[\"”]?\s+"
        r"button\b",
        r"\g<f>",
        needs=("search",),
    ),
    # "Click Reject on Aisha Bello's row", "Tom Keller's row is in the Approved table": the row for that name.
    _sub(
        rf"\b(?P<p>on|in|from|for|of)\s+{_POSSESSOR}\s+row\b",
        r'\g<p> the row for "\g<n>"',
        needs=("'s", "’s"),
    ),
    _sub(
        rf"^(?P<v>verify\s+(?:that\s+)?)?{_POSSESSOR}\s+row\b",
        r'\g<v>the row for "\g<n>"',
        needs=("'s", "’s"),
    ),
    # "Verify Aisha Bello's status is "Rejected"": that cell of the row for the name.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?{_POSSESSOR}\s+(?P<c>(?!row\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+"
        rf"(?:is|shows|reads|says)\s+(?P<x>{_Q})$",
        r'Verify the \g<c> of "\g<n>" is \g<x>',
        needs=("'s", "’s"),
    ),
    _sub(
        r"^(?:type|enter)\s+(?P<x>[^\s\"'“”‘’+][^\"“”+]*?)(?:\s*\+\s*(?P<k>enter|tab|escape|esc))?$",
        _typed_bare,
        needs=("type", "enter"),
    ),
    # "Input "x" to field Email", "Write "x" in field "From date"": the value goes into that field.
    _sub(
        rf"^(?:input|write|type|enter|put)\s+(?P<v>(?:the\s+[a-z]+\s+)?{_Q})\s+(?:to|into|in)\s+(?:the\s+)?field\s+"
        r"(?P<f>\S.*)$",
        lambda m: f"Type {_last_quoted(m.group('v'))} into the {_as_quoted(m.group('f'))} field",
    ),
    # "Enter in field "Search employee" text "Olena"": the field first, then the value.
    _sub(
        rf"^(?:enter|input|type|write)\s+in(?:to)?\s+(?:the\s+)?(?P<f>{_Q})\s+field\s+(?:the\s+)?(?:text|value)\s+"
        rf"(?P<v>{_Q})$",
        r"Type \g<v> into the \g<f> field",
    ),
    _sub(
        rf"^(?:enter|input|type|write)\s+in(?:to)?\s+(?:the\s+)?field\s+(?P<f>{_Q})\s+(?:the\s+)?(?:text|value)\s+"
        rf"(?P<v>{_Q})$",
        r"Type \g<v> into the \g<f> field",
    ),
    # "Press on link "x"", "Make click on tab "x"", "Click to the "x"", "Do a click on …": a click.
    _sub(r"^(?:make|do)\s+(?:a\s+)?click\s+(?:on|at)\s+", "Click "),
    _sub(
        r"^(?:press|click|tap)\s+(?:on|to|at)\s+(?=(?:the\s+)?(?:[\"“'‘]|(?:link|button|tab|icon)\b))",
        "Click ",
    ),
    _sub(rf"^press\s+(?=(?:the\s+)?{_Q}\s+link$)", "Click "),
    # "Do logout by clicking "Sign out"": the click is the step; what it is for says nothing checkable.
    _sub(
        rf"^(?!verify|check|expect)[a-z]+(?:\s+[a-z]+){{0,3}}\s+by\s+(?P<v>clicking|pressing|tapping)\s+(?:on\s+)?"
        rf"(?P<x>(?:the\s+)?{_Q}(?:\s+{_NOUN})?)$",
        lambda m: ("Press " if m.group("v").lower() == "pressing" else "Click ") + m.group("x"),
    ),
    # "Put the checkbox "x"" / "Remove the checkbox "x"": tick and untick it.
    _sub(
        rf"^put\s+(?:a\s+)?(?:tick|check(?:mark)?)\s+(?:in|on|to)\s+(?:the\s+)?(?P<x>{_Q})(?:\s+checkbox)?$",
        r"Check \g<x>",
    ),
    _sub(rf"^put\s+(?:the\s+)?(?:(?P<x>{_Q})\s+checkbox|checkbox\s+(?P<y>{_Q}))$", r"Check \g<x>\g<y>"),
    _sub(
        rf"^remove\s+(?:the\s+)?(?:tick|check(?:mark)?)\s+from\s+(?:the\s+)?(?P<x>{_Q})(?:\s+checkbox)?$",
        r"Uncheck \g<x>",
    ),
    _sub(rf"^remove\s+(?:the\s+)?(?:(?P<x>{_Q})\s+checkbox|checkbox\s+(?P<y>{_Q}))$", r"Uncheck \g<x>\g<y>"),
    # "Check that is displayed message "x"", "Check that appeared message "x"": the verb before its subject.
    _sub(
        rf"^(?:verify|check|ensure)\s+(?:that\s+)?(?:is\s+|was\s+)?(?:displayed|shown|visible)\s+(?:the\s+)?"
        rf"(?P<n>(?:success\s+|error\s+|info\s+)?(?:message|error|text|notification|warning|label|heading)\s+)?(?P<x>{_Q})$",
        lambda m: f"Verify the {(m.group('n') or '')}{m.group('x')} is visible".replace("the text ", ""),
    ),
    _sub(
        rf"^(?:verify|check|ensure)\s+(?:that\s+)?(?:has\s+|is\s+)?appeared\s+(?:the\s+|a\s+)?"
        rf"(?:(?:success\s+|error\s+|info\s+)?(?:message|notification|toast|alert|warning)\s+)?(?P<x>{_Q})$",
        r"Verify \g<x> appeared",
    ),
    # "Verify that url has "/x"": the URL contains it.
    _sub(r"\b(?:url|address)\s+has\s+(?=[\"“'‘/])", "URL contains "),
    # "Check that user is on page with url "/login"".
    _sub(
        rf"^(?:verify|check|ensure)\s+(?:that\s+)?(?:the\s+)?(?:user|i|we|you)\s+(?:is|am|are)\s+(?:still\s+)?on\s+"
        rf"(?:the\s+)?page\s+with\s+(?:the\s+)?(?:url|address)\s+(?P<u>{_Q})$",
        r"Verify the URL contains \g<u>",
    ),
    # "Go back on previous page" ("Go to the previous page" may be a pager's Previous: not read).
    _sub(r"^(?:go|navigate|return)\s+back\s+(?:on|to)\s+(?:the\s+)?previous\s+page$", "Go back"),
    # "Press key Enter", "Push the key Tab".
    _sub(r"^(?:press|push|hit)\s+(?:the\s+)?key\s+(?=\S+$)", "Press "),
    # "Verify that element with text "x" is visible": the text is what is shown.
    _sub(rf"\b(?:the\s+|an?\s+)?element\s+with\s+(?:the\s+)?text\s+(?={_Q})", ""),
    # "Check that in the table there are 4 rows".
    _sub(
        r"^(?:verify|check|ensure)\s+(?:that\s+)?in\s+the\s+(?P<t>table|list|grid)\s+there\s+(?:are|is)\s+"
        r"(?P<n>\d{1,4})\s+(?P<w>rows?|items?|entries|entry|records?)$",
        r"Verify the \g<t> has \g<n> \g<w>",
    ),
    # "… in row of "Taras Melnyk"": that row.
    _sub(rf"\bin\s+(?:the\s+)?row\s+(?:of|for|with)\s+(?:[a-z]+\s+)?(?P<x>{_Q})", r"in the \g<x> row"),
    # "… is present on page": where every check looks anyway.
    _sub(r"\s+on\s+(?:this\s+|the\s+)?page$", ""),
    # "Check "x" is present": with a claim after it, "check" is a check, not a tick.
    _sub(rf"^check\s+(?=(?:the\s+)?{_Q}\s+(?:is|are|has|was)\s)", "Verify "),
    # The software as the actor: "System displays the heading "x"", "System shows a dialog "x"", "The system
    # shows "Comprehensive" as selected".
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?:system|application|app|site|page)\s+(?:now\s+)?(?:shows|displays|presents|renders|should\s+"
        rf"(?:show|display))\s+(?P<x>(?:the\s+)?{_Q})\s+as\s+(?P<s>selected|checked|active|disabled|enabled)$",
        r"Verify \g<x> is \g<s>",
    ),
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?:system|application|app|site)\s+(?:now\s+|still\s+)?(?:shows|displays|presents|renders|"
        rf"should\s+(?:show|display))\s+(?:the\s+|an?\s+)?(?P<n>(?:success\s+|error\s+)?(?:heading|message|error|"
        rf"warning|dialog|notification|suggestion|option|link|button|tab|alert)\s+)(?P<x>{_Q})$",
        lambda m: f"Verify the {m.group('x')} {_role_of(m.group('n'))} is visible",
    ),
    # A terse check with no verb: ""Sign in" link visible", "Notes panel hidden", ""Retake quiz" button not
    # shown".
    _sub(
        rf"^(?P<s>(?:the\s+)?(?:{_Q}|[A-Za-z][\w-]*)(?:\s+[A-Za-z][\w-]*){{0,2}})(?<!\bis)(?<!\bare)(?<!\bbe)"
        rf"(?<!\bbeen)(?<!\bnot)\s+(?P<neg>not\s+)?(?P<st>{_SHOWN}|hidden|enabled|disabled|checked|unchecked|"
        r"selected|focused|empty)$",
        lambda m: (
            f"{m.group('s')} is {m.group('neg') or ''}{m.group('st')}"
            if _a_subject(m.group("s"))
            else m.group(0)
        ),
    ),
    # ""Link copied" toast": the toast appeared; '"Saved" message' is shown.
    _sub(
        rf"^(?:a\s+|the\s+)?(?P<x>{_Q})\s+(?:toast|snackbar|notification)(?:\s+(?:appears|is\s+shown|shows))?$",
        r"Verify \g<x> appeared",
    ),
    # "Enter subject: "x"", "Status: change to "x"", "Search: "x"": a field named before a colon.
    _sub(
        rf"^(?:type|enter|input|write|fill(?:\s+in)?)\s+(?P<f>[a-z][\w'’ -]{{0,30}}?)\s*:\s*(?P<x>{_Q})$",
        r'Type \g<x> into the "\g<f>" field',
    ),
    _sub(
        rf"^(?P<f>[A-Za-z][\w'’ -]{{0,30}}?)\s*:\s*(?:change|set|switch)\s+(?:it\s+)?to\s+(?P<x>{_Q})$",
        r'Change "\g<f>" to \g<x>',
    ),
    _sub(rf"^search\s*:\s*(?P<x>{_Q})$", r"Search for \g<x>"),
    # "Click ticket "#4822"", "Open course "Intro to Statistics"": the item of that name.
    _sub(
        rf"^(?P<v>click|open|select)\s+(?:the\s+)?(?:{'|'.join(_LISTED)}|title|result|entry)\s+(?P<x>{_Q})$",
        r"Click \g<x>",
    ),
    # 'Verify the "Pending" tab is selected by default', "… is empty on load": the step runs at that moment,
    # so the claim is the same (only a state, never an action's words: "Sort by default order" is no claim).
    _sub(
        r"^(?P<c>(?:verify|check|ensure|confirm)\s+(?:that\s+)?\S.*?\s(?:is|are)\s+(?:not\s+)?\S+)\s+(?:by\s+default|"
        r"initially|on\s+(?:page\s+)?load|at\s+(?:the\s+)?start|at\s+first)$",
        r"\g<c>",
        needs=("default", "initially", "load", "start", "first"),
    ),
    # ""#4822" is in the list again": the claim, whenever it held before.
    _sub(
        rf"^(?P<c>(?:verify\s+(?:that\s+)?)?(?:the\s+)?{_Q}\s+(?:is|are)\s+\S.*?)\s+(?:again|once\s+more)$",
        r"\g<c>",
    ),
    # "focus is on the "Help" button again", "focus returns to "Filters" once more": where the focus is.
    _sub(
        r"^(?P<c>(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?:keyboard\s+)?focus\s+(?:is|returns|moves|goes|lands)\s+"
        r"(?:back\s+)?(?:on|to)\s+\S.*?)\s+(?:again|once\s+more)$",
        r"\g<c>",
        needs=("again", "more"),
    ),
    # "Use keyboard shortcut Ctrl+K", "Press the shortcut Ctrl+K".
    _sub(r"^(?:use|press|hit)\s+(?:the\s+)?(?:keyboard\s+)?shortcut\s+(?=\S+$)", "Press "),
    # "Toggle "Metric units"": a click changes a switch either way.
    _sub(rf"^toggle\s+(?:the\s+)?(?P<x>{_Q})(?:\s+(?:switch|toggle|checkbox|option))?$", r"Click \g<x>"),
    # "Press browser back", "Reload page".
    _sub(r"^(?:press|click|hit|use|tap)\s+(?:the\s+)?browser(?:'s|’s)?\s+back(?:\s+button)?$", "Go back"),
    _sub(r"^(?:reload|refresh)\s+page$", "Reload the page"),
    # 'Error "x"', 'Warning "x"': a bare expected message.
    _sub(
        rf"^(?P<n>error|warning|error\s+message|success\s+message|info\s+message)\s*:?\s+(?P<x>{_Q})$",
        r"Verify the \g<n> \g<x> is shown",
    ),
    # "Results page with heading "Available cars"": that heading (the page is where it is).
    _sub(
        rf"^(?:the\s+)?(?:[\w-]+\s+){{0,2}}page\s+(?:opens\s+|loads\s+|is\s+(?:shown|displayed|opened)\s+)?with\s+"
        rf"(?:the\s+|a\s+)?(?:(?P<n>heading|button|link)\s+(?P<x>{_Q})|(?P<y>{_Q})\s+(?P<m>heading|button|link))$",
        r"Verify the \g<x>\g<y> \g<n>\g<m> is visible",
    ),
    # 'Suggestion "x" appears': that option of the suggestions.
    _sub(
        rf"^(?:the\s+|a\s+)?suggestion\s+(?P<x>{_Q})\s+(?:appears|is\s+(?:shown|displayed|visible))$",
        r"Verify the \g<x> option is visible",
    ),
    # "Download certificate is disabled": a control named without quotes, in a state only a control has.
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?(?P<x>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[a-z]+)){1,3})\s+(?:is|should\s+be)\s+"
        r"(?P<st>(?:not\s+)?(?:disabled|enabled|checked|unchecked|selected))$",
        lambda m: (
            f'Verify "{m.group("x")}" is {m.group("st")}'
            if _a_subject(m.group("x"), control=True)
            else m.group(0)
        ),
    ),
    # "Status badge = "Closed"": what the badge says.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?P<x>(?-i:[A-Z])[\w ]*?)\s+badge\s+"
        rf"(?:is|=|reads|shows|says)\s+(?P<v>{_Q})$",
        lambda m: f'Verify the "{m["x"]}" badge says {m["v"]}' if _a_subject(m["x"]) else m[0],
    ),
    # 'Tooltip "x" is shown': the tooltip's text.
    _sub(
        rf"^(?P<n>tooltip|toast|snackbar|banner|hint)\s+(?={_Q}\s+(?:is|appears|was|has)\b)",
        r"Verify the \g<n> ",
    ),
    # 'Cookie "x" cleared': gone from the browser.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?P<a>cookie|local\s+storage(?:\s+key)?|session\s+storage(?:\s+key)?)\s+"
        rf"(?P<x>{_Q})\s+(?:is\s+|was\s+|has\s+been\s+)?(?:cleared|removed|deleted|gone)$",
        r"Verify the \g<a> \g<x> is cleared",
    ),
    # 'Check that status in row "Taras Melnyk" is "Approved"': that row's cell (not "is changed to", a claim
    # of change the value alone does not prove).
    _sub(
        rf"^(?:verify\s+|check\s+)?(?:that\s+)?(?:the\s+)?(?P<c>[a-z]+(?:\s+[a-z]+)?)\s+in\s+(?:the\s+)?row\s+"
        rf"(?:of\s+|for\s+)?(?P<r>{_Q})\s+(?:is|shows|reads|says)\s+(?P<v>{_Q})$",
        r"Verify the \g<c> of \g<r> is \g<v>",
    ),
    # 'Ingredient "Eggs" shows "9"': the item of that name shows it.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?:{'|'.join(_LISTED)}|ingredient|row|entry|line)\s+(?P<x>{_Q})\s+"
        rf"(?:shows|contains|reads|displays|says)\s+(?P<v>{_Q})$",
        r"Verify the \g<x> row shows \g<v>",
    ),
    # 'Score "2 / 2" displayed': the value labelled so is shown.
    _sub(
        # (without "is": 'Booking reference "x" is shown' is the text shown, 'Warning "x" is shown' a message)
        rf"^(?!(?:then|and|when|text|error|warning|message|banner|toast|notification|success|info)\b)"
        rf"(?P<x>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[a-z]+))?)\s+(?P<v>{_Q})\s+(?:displayed|shown|visible)$",
        lambda m: f'Verify the "{m["x"]}" is {m["v"]}' if _a_subject(m["x"], control=True) else m[0],
    ),
    # 'Clicks the suggestion "x"': an option of the suggestions.
    _sub(rf"\bthe\s+suggestion\s+(?P<x>{_Q})", r"the \g<x> option"),
    # 'Verify the "Updated" column is sorted descending': the main list, by that column.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?the\s+(?P<c>{_Q})\s+column\s+is\s+sorted\s+(?:in\s+)?"
        r"(?P<d>ascending|descending)(?:\s+order)?$",
        r"Verify the list is sorted by \g<c> \g<d>",
    ),
    # 'Summary lists "a", "b", "c" in that order': the order those texts are shown in.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?-i:[A-Z]?[a-z]+)(?:\s+[a-z]+)?\s+(?:lists|shows|displays)\s+"
        rf"(?P<items>{_Q}(?:\s*,\s*{_Q})+(?:,?\s+and\s+{_Q})?)\s+in\s+(?:that|this)\s+order$",
        r"Verify the list shows \g<items> in that order",
    ),
    # "Comment count is 1", 'Course progress is "0%"': the value labelled so.
    _sub(
        rf"^(?!(?:the|a|an|this|that|it|there|page|url|title)\b)(?P<x>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[a-z]+)){{0,2}})\s+"
        rf"(?:is|equals|=)\s+(?P<v>{_Q}|\d+(?:[.,]\d+)?%?)$",
        lambda m: (
            f'Verify the "{m.group("x")}" is {_as_quoted(m.group("v"))}'
            if _a_subject(m.group("x"), control=True)
            and not m.group("v").strip("\"“”'‘’").lower().startswith(m.group("x").lower())
            else m.group(0)
        ),
    ),
    # An unquoted name before its role word in a claim: "Reopen button is visible", "Notes panel hidden".
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?!(?:the|a|an|verify|check)\b)(?P<x>(?-i:[A-Z][\w'’-]*)(?:\s+[a-z][\w'’-]*){0,2})\s+"
        # a role word in capitals may be part of the name ("Verify Login Button is visible" stays unread)
        r"(?P<n>(?-i:button|link|panel|tab|checkbox|field|heading|dialog|menu|section))\s+"
        r"(?P<rest>(?:is|are|should\s+be)\s+.+)$",
        lambda m: (
            f'Verify the "{m.group("x")}" {m.group("n")} {m.group("rest")}'
            if _a_subject(m.group("x"))
            else m.group(0)
        ),
    ),
    # A role word before its quoted name, as many non-native writers order it: "Press button "Submit"",
    # "Check that field "Working days" has value "6"" (the grammar reads "the "X" field" and "the field "X"").
    # Only at the start or after a verb or preposition: "the download button "x"" says more than the role.
    _sub(
        rf"(?P<pre>^|\b(?:press|click|tap|check|uncheck|tick|untick|select|choose|"
        rf"open|close|verify|that|see|and|then)\s+)(?:the\s+)?(?P<n>{_NOUN})\s+(?P<x>{_Q})",
        r"\g<pre>the \g<x> \g<n>",
    ),
]


# Words that make a phrase something other than a name: the step's verb, a determiner or quantifier, the
# claim's own verb ("should become"), or a word naming a kind of control (its own rule reads it).
_NOT_IN_NAME = frozenset(
    (
        "the", "a", "an", "every", "all", "each", "any", "no", "some", "verify", "check", "ensure",
        "confirm", "make", "leave", "keep", "should", "become", "becomes", "be", "is", "are", "was", "were",
        "will", "can", "must", "remain", "remains", "stay", "stays", "get", "gets", "has", "have", "page",
        "url", "title", "this", "that", "these", "those", "everything", "nothing", "something", "anything",
        "else", "other", "one", "it",
    )
)  # fmt: skip


def _a_subject(phrase: str, *, control: bool = False) -> bool:
    """Whether ``phrase`` (unquoted words, or a quoted name and role words) can be what a terse claim is
    about: no verb of an action first, no word of :data:`_NOT_IN_NAME`; with ``control``, no role word
    either ("Submit application button" is read by the rule for named controls)."""
    words = [w.lower() for w in re.sub(_Q, " ", phrase).split()]
    if words and (words[0] in _BASE_VERBS or words[0] in _BASE_VERBS.values()):
        return False
    if any(w in _NOT_IN_NAME for w in words[1:]) or (words and words[0] in _NOT_IN_NAME - {"the"}):
        return False
    return not (control and any(w in ROLE_WORDS for w in words))


def _menu_path(names: list[str], *, acted: bool = False) -> str | None:
    """One click per name; 'Category → "Hardware"' (a bare name, then one quoted value) sets that field —
    never after a verb: 'Click Save -> "Saved"' is a click, then what it shows (not read here)."""
    if len(names) == 2 and names[0][:1] not in "\"“'‘" and names[1][:1] in "\"“'‘":
        if acted:
            return None
        return f'Change "{names[0].strip()}" to {names[1].strip()}'
    return " and ".join(f"click {_as_quoted(name)}" for name in names)


def _last_quoted(value: str) -> str:
    """``the password "x"`` → ``"x"``: the value, without the words naming its kind."""
    m = re.search(_Q + "$", value)
    return m.group(0) if m else value


def _role_of(noun: str) -> str:
    """The role word the grammar reads for a described element ("success message" → "message")."""
    words = noun.split()
    last = words[-1].lower()
    return {"suggestion": "option", "notification": "message", "warning": "message", "alert": "message"}.get(
        last, last
    )


# --- Ticked checklists, "should" prose, inverted word order, ARIA states, where focus goes ---------------

ATTRIBUTE_WORD = (
    r"(?:accessible\s+name|role|alt(?:\s+text)?|alternative\s+text|aria-[a-z]+|tabindex|autocomplete|title|"
    r"placeholder|lang|type|inputmode|maxlength|href)"
)


def attribute_name(word: str) -> str:
    """The attribute a claim's word names ("alt text" → "alt"); "accessible name" and "role" are the
    accessibility tree's, not attributes."""
    word = " ".join(word.lower().split())
    return "alt" if word in ("alt text", "alternative text") else word


_SUBJECT_ROLE = (
    r"(?P<r>button|link|checkbox|switch|toggle|tab|field|input|text\s*box|search\s+box|dropdown|select|combobox|"
    r"combo\s+box|slider|heading|image|img|icon|picture|photo|avatar|logo|dialog|radio(?:\s+button)?|menu\s+item|"
    r"option|column\s+header|header)"
)
_NAMED_SUBJECT_ROLE = _Lazy(
    rf"^(?:the\s+)?(?!the\s)(?P<n>(?-i:[A-Z])[\w'’&-]*(?:\s+[\w'’&-]+){{0,3}}?)\s+{_SUBJECT_ROLE}$", _I
)
_DESCRIBED_SUBJECT_ROLE = _Lazy(rf"^(?:the\s+)?(?:[a-z][\w'’-]*\s+){{0,3}}?{_SUBJECT_ROLE}$", _I)
_NAMING = ("accessible name", "aria-label", "alt")
_WORDY = ("title", "type", "lang", "href")
"""Attribute names that are English words too: a claim of one says it is markup ('type="submit"', 'the
title attribute'). A role claim is held to ARIA's own lower-case role names instead."""
_ATTRIBUTE_NEEDS = (
    "aria-", "alt", "accessible", "role", "tabindex", "autocomplete", "title", "placeholder", "lang", "type",
    "inputmode", "maxlength", "href",
)  # fmt: skip
_NOT_A_SUBJECT = re.compile(
    r"\b(?:each|every|all|any|some|no|none|it|its|they|their|this|that|these|those)\b", _I
)


def _role_noun(word: str) -> str:
    word = " ".join(word.lower().split())
    return {"img": "image", "icon": "image", "picture": "image", "photo": "image", "avatar": "image",
            "logo": "image", "input": "field", "textbox": "field", "text box": "field", "toggle": "switch",
            "select": "dropdown", "combo box": "combobox", "header": "column header",
            "radio": "radio button"}.get(word, word)  # fmt: skip


def _attribute_claim(m: re.Match[str], *, present: bool) -> str:
    """'Verify <the subject> has <attribute>="<value>"' (``present``) or 'does not have <attribute>', with
    an unquoted subject quoted: a capitalised name before its role word ("Search field" → 'the "Search"
    field'), or — for a claim of the element's name (accessible name, aria-label, alt) — a described one
    ("the profile avatar image") as the element of that role the claim names. Anything else is left."""
    attribute = attribute_name(m.group("a"))
    subject = m.group("x").strip()
    value = m.groupdict().get("v")
    if value is not None:
        said = m.group("sep").strip()
        if not m.group("c").strip(" '’s") and not said:
            return m.group(0)  # "Close button aria-label "x"": the claim's verb is missing
        if attribute in _WORDY and "=" not in said and not m.group("k"):
            return m.group(0)  # 'the "Starter" plan has type "Monthly"': an English word, not the markup's
    if _NOT_A_SUBJECT.search(re.sub(_Q, "", subject)):
        return m.group(0)  # "each result", "it": not one element this step names
    if value is not None and value[:1] in "\"'“":
        value = f'"{value[1:-1]}"'
    elif value is not None:
        if attribute in _NAMING:
            return m.group(0)  # a name is quoted: 'aria-label Play button' does not say where it ends
        value = f'"{value}"'
    if attribute == "role" and value is not None and value[1:-1] not in ARIA_ROLES:
        return m.group(
            0
        )  # 'has role "Admin"': a user's role in the app, not the element's (ARIA's are lower case)
    if not re.search(_Q, subject):
        named = _NAMED_SUBJECT_ROLE.fullmatch(subject)
        described = _DESCRIBED_SUBJECT_ROLE.fullmatch(subject)
        role = named or described
        if role is not None and present and attribute in _NAMING and value and value != '""':
            # "Album art img has alt "Album cover: Kind of Blue"": the image the claim names (the first
            # words of a sentence are capitalised whether or not they are a name)
            subject = f"the {value} {_role_noun(role.group('r'))}"
        elif named is not None:
            subject = f'the "{named.group("n")}" {_role_noun(named.group("r"))}'
        else:
            return m.group(0)
    elif not re.fullmatch(rf"(?:the\s+)?(?:[a-z]+\s+)?{_Q}(?:\s+[a-z]+){{0,2}}", subject, _I):
        return m.group(0)
    if not present:
        return f"Verify {subject} does not have {attribute}"
    return f"Verify {subject} has {attribute}={value}"


_ARIA_STATES = {
    "expanded": ("expanded", "collapsed"), "selected": ("selected", "not selected"),
    "checked": ("checked", "unchecked"), "pressed": ("pressed", "not pressed"),
    "disabled": ("disabled", "enabled"), "invalid": ("invalid", "valid"),
}  # fmt: skip
_STATE_WORD = (
    r"(?:visible|displayed|shown|present|disabled|enabled|selected|checked|unchecked|focused|hidden|empty)"
)


def _aria_claim(m: re.Match[str]) -> str:
    attribute, value = m.group("a").lower(), m.group("v").lower()
    subject = m.group("x")
    if attribute == "current":  # aria-current="page"/"step"/"true": the current one; "false": not
        return f"Verify {subject} is {'not ' if value == 'false' else ''}current"
    if value not in ("true", "false"):
        return m.group(0)
    return f"Verify {subject} is {_ARIA_STATES[attribute][0 if value == 'true' else 1]}"


# Verbs a ticked line may start with: 'Click "Save" ✓' is the click, done and ticked off (the tick is
# dropped), never a claim that "Save" is shown.
_TICKED_VERBS = (
    rf"(?:{_ACTION_VERBS}|{_VERB_WORDS}|choose|submit|toggle|expand|collapse|close|dismiss|accept|confirm|"
    r"cancel|save|press|activate|use|pick|drag|drop|focus|switch|reload|go)"
)


def _ticked_text(m: re.Match[str]) -> str:
    words = f"{m.group('d')} {m.group('n') or ''}".split()
    if words and re.fullmatch(_TICKED_VERBS, words[0].lower().rstrip(":")) and words[0].lower() != "verify":
        return m.group(0)  # an action ticked off: the tick alone is dropped below
    if any(re.fullmatch(r"is|are|shows?|has|reads?|contains?|says", w, re.IGNORECASE) for w in words):
        return m.group(0)
    if not any(re.fullmatch(_PLACE_OR_ROLE, w, re.IGNORECASE) for w in words):
        return f"Verify {m.group('x')} is visible"  # "Welcome msg "Hi Leo" ✓": words that only describe it
    return f"Verify {m.group('d')}{m.group('x')}{' ' + m.group('n') if m.group('n') else ''} is visible"


# Acceptance criteria: "The user can add an employer by clicking "Add"", "The taxpayer is able to enter …":
# what the actor can do is the step; doing it shows they can.
_CAN_DO = _sub(
    r"^(?:(?:given|when|and|then)\s+)?(?:the|a|an)\s+(?P<a>[a-z]+)\s+(?:can|is\s+able\s+to|are\s+able\s+to|"
    r"should\s+be\s+able\s+to)\s+(?!see\b|not\b)(?P<rest>[a-z].*)$",
    lambda m: m.group("rest")[:1].upper() + m.group("rest")[1:],
    needs=("can", "able"),
)


# "Make click on the title 'Pachinko' for open the detail": what the click is for says nothing checkable.
_PURPOSE_DROPPED = _sub(
    rf"^(?P<a>(?:click|tap|make\s+click|do\s+click)\b[^\"“'‘]*{_Q}(?:\s+(?:button|link|tab))?)\s+(?:for|to|in\s+order\s+to)\s+"
    r"(?:open|see|view|show|display|access|start|go\s+to)\b[^\"“'‘]*$",
    r"\g<a>",
    needs=(" for ", " to "),
)


# "Spots left = 11 (was 12)": what it was is a note; what it is now is the claim.
_ROW_OR_ITEM = {"row": "row", "line": "row", "item": "item", "card": "item", "entry": "item"}


_WAS_NOTE = _sub(r"\s*\((?:was|previously|before|prev\.?)\s*:?\s+[^()]*\)$", "", needs=("(",))


_FOURTEENTH: list[Callable[[str], str]] = [
    # A ticked checklist line, 'Toast "You're booked!" ✓', '"Spin 45" card visible ✓': the tick says the line
    # is a check. A line with a quoted text and no verb claims the text is shown.
    _sub(
        rf"^(?P<d>(?:[\w'’-]+\s+){{0,3}})(?P<x>{_Q})(?:\s+(?P<n>[a-z]+))?\s*[✓✔]$",
        _ticked_text,
        needs=("✓", "✔"),
    ),
    _sub(rf"^(?P<x>.+?)\s+(?P<st>{_STATE_WORD})\s*[✓✔]$", r"\g<x> is \g<st>", needs=("✓", "✔")),
    _sub(r"^(?P<x>.+?\S)\s*[✓✔]$", r"\g<x>", needs=("✓", "✔")),
    # Developers' prose: "url should include '/cart'", "localStorage key 'basket' should not exist", "cookie
    # 'consent' should have value 'accepted'", "get the 'Postcode' input and type "LS6 2QT"".
    _sub(
        r"^(?:the\s+)?(?:url|location|address)\s+should\s+(?:include|contain)\s+",
        "Verify the URL contains ",
        needs=("should",),
    ),
    _sub(
        r"^(?:the\s+)?(?:url|location|address)\s+should\s+(?:equal|be|eq)\s+",
        "Verify the URL is ",
        needs=("should",),
    ),
    _sub(r"\blocal\s*storage\s+(?:key|item|entry)\s+(?=[\"“'‘])", "local storage ", needs=("storage",)),
    _sub(r"\bsession\s*storage\s+(?:key|item|entry)\s+(?=[\"“'‘])", "session storage ", needs=("storage",)),
    _sub(r"\blocalstorage\b", "local storage", needs=("storage",)),
    _sub(r"\bsessionstorage\b", "session storage", needs=("storage",)),
    _sub(
        rf"^(?:the\s+)?cookie\s+(?P<k>{_Q})\s+should\s+(?:have\s+(?:the\s+)?value|equal|be)\s+(?P<v>{_Q})$",
        r"Verify the cookie \g<k> is \g<v>",
        needs=("cookie",),
    ),
    _sub(
        rf"^(?:the\s+)?(?P<x>(?:(?:local|session)\s+storage|cookie)\s+{_Q})\s+should\s+not\s+exist$",
        r"Verify \g<x> does not exist",
        needs=("should",),
    ),
    _sub(
        rf"^(?:the\s+)?page\s+should\s+(?:contain|include|have)\s+(?:the\s+)?text\s+(?P<x>{_Q})$",
        r"Verify the page contains text \g<x>",
        needs=("should",),
    ),
    _sub(
        rf"^get\s+(?P<x>(?:the\s+)?{_Q}\s+[a-z]+)\s+and\s+(?P<v>type|enter|fill\s+in)\s+(?P<t>{_Q})$",
        r"Type \g<t> into \g<x>",
        needs=("get",),
    ),
    _sub(
        rf"^get\s+(?P<x>(?:the\s+)?{_Q}\s+[a-z]+)\s+and\s+(?:click|tap)\s+(?:it|on\s+it)$",
        r"Click \g<x>",
        needs=("get",),
    ),
    _sub(
        rf"^(?:get|find)\s+(?:the\s+)?(?:element\s+with\s+)?text\s+(?P<x>{_Q})\s+and\s+click\s+it$",
        r"Click \g<x>",
        needs=("get", "find"),
    ),
    # Verb before its subject, as several first languages order it: "Confirm is visible the text 'x'",
    # "Verify that appears the book 'x' in the list", "Check that not appears anymore 'x'", "Confirm is
    # disabled the button 'Lend'"; "Control that …" is a check too.
    _sub(r"^control\s+(?:that|if|whether)\s+", "Verify that ", needs=("control",)),
    _sub(
        rf"^(?:verify|check|confirm|ensure)\s+(?:that\s+|if\s+)?(?:is|are)\s+(?P<st>{_STATE_WORD})\s+"
        rf"(?:the\s+)?(?P<n>(?:text|message|heading|button|link|tab|field|checkbox|title|label)\s+)?(?P<x>{_Q})$",
        lambda m: f"Verify the {m.group('x')} {_role_of(m.group('n') or '')} is {m.group('st')}".replace(
            "  ", " "
        ),
    ),
    _sub(
        rf"^(?:verify|check|confirm|ensure)\s+(?:that\s+|if\s+)?(?P<neg>not\s+|no\s+longer\s+)?(?:appears?|is\s+appearing|"
        rf"shows?\s+up)(?:\s+anymore|\s+any\s+more)?\s+(?:the\s+|a\s+)?(?:[a-z]+\s+)?(?P<x>{_Q})(?P<rest>(?:\s+in\s+the\s+"
        rf"(?:list|table)(?:\s+of\s+results)?)?)$",
        lambda m: f"Verify {m.group('x')} is {'not ' if m.group('neg') else ''}visible",
        needs=("appear", "show"),
    ),
    _sub(r"^(?:make|do|give)\s+(?:a\s+|the\s+)?click\s+(?:in|inside|into)\s+", "Click ", needs=("click",)),
    _sub(rf"^press\s+in\s+(?=(?:the\s+)?(?:button|link|tab)\s+{_Q}$)", "Click ", needs=("press",)),
    _sub(
        r"^(?:select|choose)\s+in\s+(?:the\s+)?(?:combo(?:\s*box)?|list|select|dropdown|drop-down)\s+"
        rf"(?P<f>[\w'’ -]{{1,30}}?)"
        rf"\s+the\s+(?:option|value)\s+(?P<v>{_Q})$",
        r'Select \g<v> from "\g<f>"',
        needs=("select", "choose"),
    ),
    # ARIA states as testers write them: 'The "Filters" button has aria-expanded="false"'.
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?(?P<x>.+?)\s+(?:has|have|with|gets|shows)\s+aria-(?P<a>expanded|selected|checked|"
        r"pressed|current|disabled|invalid)\s*(?:=\s*|\s+(?:set\s+to\s+|of\s+)?)[\"'“]?(?P<v>true|false|page|step|location|"
        r"date|time)[\"'”]?$",
        _aria_claim,
        needs=("aria-",),
    ),
    # Any other attribute, the accessible name or the role, however a tester spells the claim: 'The "Date"
    # column header has aria-sort "descending"', 'Search field has the accessible name "Search by ZIP code"',
    # 'The profile avatar image has alt text "Leo Brandt"', 'Close button aria-label = "Close dialog"',
    # '"Private session" switch is role=switch', 'the "Date" header no longer has aria-sort'.
    _sub(
        r"^(?:(?:and|then|but)\s+)?(?:(?:verify|check|confirm|ensure|assert)\s+(?:that\s+)?)?(?P<x>.+?)"
        r"(?P<c>\s+(?:has|have|with|gets|uses|now\s+has|still\s+has|(?:must|should)\s+(?:still\s+)?have|is(?:\s+given)?)"
        rf"(?:\s+(?:the|an?))?\s+|(?:'s|’s)?\s+)(?P<a>{ATTRIBUTE_WORD})(?P<k>\s+attribute)?"
        r"(?P<sep>\s*[=:]\s*|\s+(?:is|set\s+to|of|equal\s+to|equals|=)\s+|\s+)"
        r"(?P<v>\"[^\"]*\"|'[^']*'|“[^”]*”|[\w.#/-]+)\.?$",
        lambda m: _attribute_claim(m, present=True),
        needs=_ATTRIBUTE_NEEDS,
    ),
    _sub(
        r"^(?:(?:and|then|but)\s+)?(?:(?:verify|check|confirm|ensure|assert)\s+(?:that\s+)?)?(?P<x>.+?)\s+(?:does\s+not\s+"
        r"have|doesn't\s+have|"
        rf"doesn’t\s+have|no\s+longer\s+has|has\s+no|(?:must|should)\s+not\s+have)\s+(?:an?\s+|the\s+)?(?P<a>{ATTRIBUTE_WORD})"
        r"(?:\s+attribute)?(?:\s+any\s*more|\s+anymore)?\.?$",
        lambda m: _attribute_claim(m, present=False),
        needs=("aria-", "alt", "tabindex", "autocomplete", "title", "placeholder"),
    ),
    # Where focus goes: "focus moves to the heading "x"", "focus is on its "Cancel" button", "focus returns
    # to the "Filters" button", 'the heading "x" receives focus'.
    _sub(
        rf"^(?:and\s+|then\s+)?(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?:keyboard\s+)?focus\s+(?:moves|goes|returns|is|lands|"
        r"stays|jumps|is\s+moved|(?:should|must)\s+(?:now\s+|still\s+)?(?:be|move|go|return|land|stay)|is\s+now|now\s+is|"
        r"(?:has\s+)?moved|went)\s+"
        rf"(?:back\s+)?(?:to|on|onto)\s+(?:the\s+|its\s+)?(?P<x>(?:(?:[a-z]+\s+){{0,2}}{_Q}|{_Q}(?:\s+[a-z]+){{0,2}}|"
        r"(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){0,2}?\s+(?:field|input|box|button|link|checkbox|tab|textarea)))"
        r"(?:\s+again)?$",
        r"Verify the \g<x> is focused",
        needs=("focus",),
    ),
    _sub(
        rf"^(?P<x>(?:the\s+)?(?:(?:[a-z]+\s+){{0,2}}{_Q}|{_Q}(?:\s+[a-z]+){{0,2}}))\s+(?:receives|gets|has|gains)\s+"
        r"(?:the\s+)?(?:keyboard\s+)?focus$",
        r"Verify \g<x> is focused",
        needs=("focus",),
    ),
    # 'Select "Overdue" in the Status filter': the list that filters is a dropdown of that name.
    _sub(
        rf"^(?P<v>select|choose|pick)\s+(?P<x>{_Q})\s+(?:in|from|on)\s+(?:the\s+)?(?P<f>(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+)?)"
        r"\s+filter$",
        r'Select \g<x> from "\g<f>"',
        needs=("filter",),
    ),
    # "Results list contains "Dune"", "Table shows 4 rows": an export's claim about the list, without "the".
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?!(?:the|this|that|verify|check)\b)(?P<s>(?-i:[A-Z][a-z]+(?:\s+[a-z]+)?)\s+(?:list|table|grid)|"
        rf"(?-i:R)esults)\s+(?P<v>contains|lists|includes)\s+(?={_Q})",
        lambda m: f"Verify the {m.group('s').lower()} {m.group('v')} ",
        needs=("list", "table", "grid", "results"),
    ),
    # "Make click in the button Search": a role word, then the capitalised name it has.
    _sub(
        r"\bthe\s+(?P<n>button|link|tab|checkbox|field|heading|menu\s+item)\s+"
        r"(?P<x>(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*){0,2})$",
        r'the "\g<x>" \g<n>',
    ),
    # "… should contain text 'x'": the text the element contains.
    _sub(
        rf"^(?:the\s+)?(?P<s>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+should\s+(?:contain|include|have)\s+(?:the\s+)?text\s+(?P<x>{_Q})$",
        r"Verify the \g<s> contains \g<x>",
        needs=("should",),
    ),
    # "… and control that the URL is …", "… and focus moves to …": a second claim after an action.
    _sub(r"\s+and\s+control\s+(?:that|if)\s+", " and verify that ", needs=("control",)),
    _sub(
        r"\s+and\s+(?=(?:the\s+)?(?:keyboard\s+)?focus\s+(?:moves|goes|returns|is|lands|stays|jumps)\s)",
        "; ",
        needs=("focus",),
    ),
    # "The board URL includes "/boards/PLAT-24"": the page's URL, whatever the page is called.
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?:[a-z]+\s+)?(?:url|address)\s+(?=(?:includes|contains|ends\s+with|starts\s+with|"
        r"is|equals)\s)",
        "Verify the URL ",
        needs=("url", "address"),
    ),
    # "Table shows 4 rows": the table's rows counted, as "The Vehicles table shows 25 rows" is.
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?table\s+(?:shows|contains|lists|displays|has)\s+(?:exactly\s+)?"
        r"(?P<n>\d{1,4})\s+rows?$",
        r"Verify the table has \g<n> rows",
        needs=("table",),
    ),
    # "Enter their Tax ID "912-44-7730" in the "Taxpayer identification number" field": the field is named.
    _sub(
        rf"^(?P<v>enter|type|input|fill\s+in)\s+(?:their|his|her|your|my|the|a|an)\s+[\w' -]{{1,30}}?\s+"
        rf"(?P<x>{_Q})\s+"
        rf"(?:in|into)\s+(?:the\s+)?(?P<f>{_Q})\s+(?P<n>field|input|box)$",
        r"Type \g<x> into the \g<f> \g<n>",
        needs=("field", "input", "box"),
    ),
    # 'Verify a "Spouse details" section appears': the one the page shows.
    _sub(
        rf"^(?P<v>verify\s+(?:that\s+)?)an?\s+(?={_Q}\s+[a-z]+\s+(?:is\s+(?:visible|shown|displayed)|appears)$)",
        r"\g<v>the ",
        needs=("verify",),
    ),
    # "Open fitzone app /classes", "Visit the shop at /cart": the path is where to go; the words name it.
    _sub(
        r"^(?:open|visit|load|go\s+to|navigate\s+to)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:(?:app|site|page|portal|at|on)\s+)*"
        r"(?P<u>/[^\s\"']*|https?://\S+)$",
        r"Navigate to \g<u>",
        needs=("/",),
    ),
    # "Login -> email = leo@mail.de, pwd = Kettle!88": the login form, as 'Log in as … with password …'.
    _sub(
        r"^(?:log\s*in|sign\s*in)\s*(?:->|→|:|with|as)?\s*(?:e-?mail|user(?:\s*name)?|login)\s*(?:=|:)\s*(?P<u>[^\s,\"']+)"
        # a last "!" or "." may be the sentence's or the password's: such a password stays unread
        r"\s*[,;/]?\s+(?:pwd|password|pass|pw)\s*(?:=|:)\s*(?P<p>[^\s\"']*[^\s\"'.!?,;:])$",
        r'Log in as "\g<u>" with password "\g<p>"',
        needs=("log", "sign"),
    ),
    # "wait the message 'Loan created'", "wait on the message …": until that text shows.
    _sub(
        rf"^wait\s+(?:on\s+|for\s+)?(?:the\s+)?(?:message|text|toast|notification|confirmation)\s+(?P<x>{_Q})$",
        r"Wait for \g<x>",
        needs=("wait",),
    ),
    # "Accept the dialog of confirmation with the button 'Yes, cancel'": that button of the dialog.
    _sub(
        r"^(?:accept|confirm|answer|close)\s+the\s+(?:confirmation\s+)?(?:dialog|modal|pop-?up)(?:\s+of\s+confirmation)?\s+"
        rf"(?:with|by|using|via)\s+(?:the\s+)?(?:button\s+(?P<x>{_Q})|(?P<y>{_Q})(?:\s+button)?)$",
        r"Click \g<x>\g<y> in the dialog",
        needs=("dialog", "modal", "pop"),
    ),
    # "Mark the checkbox 'Send reminder by email'": tick it.
    _sub(
        rf"^mark\s+(?:the\s+)?(?:checkbox\s+(?P<x>{_Q})|(?P<y>{_Q})\s+checkbox)$",
        r"Check \g<x>\g<y>",
        needs=("mark",),
    ),
    # "Shift+Tab from "Next" moves focus to the "Back" link": that key on that element, then where focus is.
    _sub(
        rf"^(?P<k>(?:shift\s*\+\s*)?tab|enter|space|escape|(?:arrow\s+)?(?:up|down|left|right)(?:\s+arrow)?|home|end)\s+"
        rf"(?:from|on)\s+(?P<x>{_Q})(?:\s+(?:button|link|field|input|tab|checkbox))?\s+(?:moves|takes|sends|puts)\s+"
        r"(?:the\s+)?focus\s+(?:back\s+)?(?:to|on|onto)\s+(?P<y>.+)$",
        r"Press \g<k> on \g<x>; focus moves to \g<y>",
        needs=("focus",),
    ),
    # "After click on Save must appear the message 'Room 512 created'": the click, then the message.
    _sub(
        r"^after\s+(?:the\s+|a\s+)?click(?:ing)?\s+(?:on\s+|in\s+)?(?P<x>.+?)\s+(?:must|should|will|has\s+to)\s+"
        rf"(?:appear|be\s+shown|be\s+displayed)\s+(?:the\s+|a\s+)?(?:message|text|notification|toast)\s+(?P<m>{_Q})$",
        r"Click \g<x> and verify \g<m> is visible",
        needs=("after",),
    ),
    # "Verify that in the header stands 'Logged in as …'": the header shows it.
    _sub(
        r"^(?:verify|check|control)\s+(?:that\s+|if\s+)?in\s+the\s+(?P<r>header|footer|sidebar|dialog|title)\s+"
        rf"(?:stands|is\s+written|is\s+shown|appears|there\s+is|is)\s+(?P<x>{_Q})$",
        r"Verify the \g<r> shows \g<x>",
        needs=(" in ",),
    ),
    # "type "Okafor" into the 'Guest name' filter": a filter typed into is a field.
    _sub(
        rf"^(?P<a>(?:type|enter|input|write|fill\s+in)\s+{_Q}\s+(?:into|in)\s+the\s+{_Q})\s+filter$",
        r"\g<a> field",
        needs=("filter",),
    ),
    # "Write in the field Reason 'Water damage'", "confirm with OK", "search after the invoice 'INV-1'".
    _sub(
        r"^(?:write|type|enter|input)\s+in(?:to)?\s+the\s+field\s+(?P<f>(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){0,2}?)\s+"
        rf"(?P<x>{_Q})$",
        r'Type \g<x> into the "\g<f>" field',
        needs=("field",),
    ),
    _sub(
        rf"^confirm\s+(?:it\s+)?(?:with|by\s+clicking|using)\s+(?P<x>{_Q}|OK|Yes|Save|Submit|Confirm)$",
        r"Click \g<x>",
        needs=("confirm",),
    ),
    _sub(
        rf"^search\s+(?:after|by)\s+(?:the\s+)?(?:[a-z]+\s+)?(?P<x>{_Q})$",
        r"Search for \g<x>",
        needs=("search",),
    ),
    # "URL ends #/active", "the url ends in /edit": a checklist's "ends" is "ends with".
    _sub(
        r"\b(?P<u>url|address)\s+(?P<op>ends|starts)(?:\s+in|\s+on)?\s+(?=[/#\"'“‘])",
        r"\g<u> \g<op> with ",
        needs=("url", "address"),
    ),
    # "url ends with /login": a bare path (or "#/route") after the URL's verb is the text the URL has.
    _sub(
        r"\b(?P<u>url|address)\s+(?P<op>ends\s+with|starts\s+with|contains|includes|is|equals)\s+(?P<p>[/#][^\s\"']*)$",
        r'\g<u> \g<op> "\g<p>"',
        needs=("url", "address"),
    ),
]


_REWRITES: list[Callable[[str], str]] = [
    # An export's empty action: "Step 2 | Action: None | Expected: …", "Action: n/a. Expected: …".
    _sub(r"^(?:step\s*\d{1,3}\s*[:.)|-]?\s*)?action\s*:\s*(?:none|nothing|n/?a|-+|—|–)\s*[|.]\s*", ""),
    # Gherkin: "Given I am on "/login"" sets the page up; "Then I should be on "/home"" checks the URL.
    _sub(
        rf"^given\s+(?:(?:{_ACTOR})\s+(?:am|is|are)|i'm|i’m|we're|you're)\s+on\s+(?:the\s+page\s+)?"
        r"(?P<url>\"(?:/|https?://)[^\"]*\"|/\S*|https?://\S+)$",
        r"Navigate to \g<url>",
    ),
    # A checklist's box before the step, as written in a task list: "- [ ] go to /explore".
    _sub(r"^(?:[-*+]\s+)?\[[ x]\]\s+(?=\S)", ""),
    # A step number written into the step: "Step 4 - …", "6) …", "Action: …", and a test script's
    # section-numbered step, "2.9 Click "Save".", "Step 1.2: …" (a word or a quote after the number).
    _sub(
        r"^(?:step\s*\d{1,3}(?:\.\d{1,3})*\s*[:.)-]?|step\s*:|\d{1,3}(?:\.\d{1,3})+\.?(?=\s+[^\W\d_]|\s+[\"'“‘])"
        r"|\d{1,3}\s*[.)]|\d{1,3}\s+-|action\s*:)\s*(?=\S)",
        "",
    ),
    # "Expected: …", "Expected result: …": the claim that follows.
    _sub(r"^expected(?:\s+result)?\s*:\s*", ""),
    # 'Verify success message "Saved" is displayed', 'Check that confirmation dialog "x" is shown': a
    # description before a quoted name with its article dropped, as in a test management tool's shorthand.
    _sub(
        r"^(?P<v>(?:(?:verify|ensure|assert|expect)(?:\s+that)?|(?:check|confirm)\s+that)\s+)(?!(?:the|a|an|that|"
        r"this|these|those|there|all|every|each|no|only|it|its|both|either|neither|not|page|url|title)\b)"
        r"(?P<d>(?:(?!(?:is|are|was|were|has|have|had|appears?|appeared|shows?|shown|displays?|displayed|"
        r"visible|says?|reads?|contains?|now|still|also)\b)[a-z][a-z-]*\s+){1,3})(?=[\"“])",
        r"\g<v>the \g<d>",
    ),
    # Acceptance criteria: what the actor can do; a click's purpose; what a value was before.
    _CAN_DO,
    _PURPOSE_DROPPED,
    _WAS_NOTE,
    # 'The first reservation is shown as "Sat 13 Dec"': what it shows is what it is
    _sub(
        rf"\b(?P<v>is|are)\s+(?:shown|displayed|listed|rendered)\s+as\s+(?={_Q}$)", r"\g<v> ", needs=(" as ",)
    ),
    # English as a second language, the software as the actor, terse checks (_THIRTEENTH).
    *_THIRTEENTH,
    # Ticked checklists, developers' prose, inverted word order, ARIA states, focus (_FOURTEENTH).
    *_FOURTEENTH,
    # "When I follow "Update insurance"": a link, as Gherkin's web steps name it.
    _sub(rf"^(?:(?:when|and|then|given)\s+)?(?:{_ACTOR})\s+follows?\s+(?P<x>{_Q})$", r"Click the \g<x> link"),
    # "Then I should see 4 rows in the medications table": that table's row count.
    _sub(
        rf"^(?:(?:then|and)\s+)?(?:{_ACTOR})\s+should\s+(?:now\s+)?see\s+(?:exactly\s+)?(?P<n>\d{{1,4}})\s+rows?\s+"
        r"in\s+the\s+(?P<t>[\w'’ -]{1,40}?)\s+table$",
        r"Verify the \g<t> table has \g<n> rows",
    ),
    # "The Vehicles table shows 25 rows": its rows counted (not a search for the words "25 rows").
    _sub(
        r"^(?:(?:then|and)\s+)?(?:verify\s+(?:that\s+)?)?the\s+(?P<t>[\w'’ -]{1,40}?)\s+table\s+"
        r"(?:shows|contains|lists|displays)\s+(?:exactly\s+)?(?P<n>\d{1,4})\s+rows?\.?$",
        r"Verify the \g<t> table has \g<n> rows",
    ),
    # A test-management export's table row, "| 3 | Click "Place hold" | "Hold placed" appears |": the number
    # cell and the row's outer pipes go; the cells left are the action and its expected result.
    _sub(r"^\|\s*(?:\d{1,3}\s*\|\s*)?(?=\S)", ""),
    _sub(r"\s*\|\s*$", ""),
    # A QA team's shorthand ("Click "Pay" btn", "Err msg = "…"", "Pg title = "…"", "Nav to …"): the words
    # written out, and an unquoted " = " read as "is".
    shorthand,
    # The passive voice of an outcome-first writer: the action the sentence says was done. Only verbs that
    # never state a widget's state ("is clicked", "is filled with", "is chosen from"): "is selected", "is
    # checked", "is set to", "is opened" and "is pressed" (a toggle button's state) are claims as often.
    _sub(
        rf"^(?P<t>(?:the\s+)?{_Q}(?:\s+(?:button|link|tab|icon|menu\s+item|option|card|row|checkbox|radio))?)\s+"
        r"(?:is|gets|was|has\s+been)\s+(?:clicked|tapped)(?:\s+on)?$",
        r"Click \g<t>",
    ),
    _sub(
        rf"^(?:the\s+)?(?P<t>{_Q})(?P<r>\s+(?:field|box|input|textbox|text\s+box|area|text\s+area))?\s+"
        r"(?:is|gets|was|has\s+been)\s+filled\s+(?:in\s+)?with\s+(?P<v>\S.*)$",
        lambda m: f"Fill the {m.group('t')}{' field' if m.group('r') else ''} with {m.group('v')}",
    ),
    _sub(
        rf"^(?P<v>{_Q})\s+(?:is|gets|was|has\s+been)\s+(?:chosen|selected|picked)\s+(?:from|in)\s+(?P<t>\S.*)$",
        r"Select \g<v> from \g<t>",
    ),
    _sub(
        rf"^(?:the\s+(?:[a-z]+\s+){{1,2}})?(?P<v>{_Q}|\+?\d[\d ()-]*\d|\d|[^\s\"“'‘]+@[^\s\"“'‘]+)\s+"
        r"(?:is|gets|was|has\s+been)\s+(?:entered|typed|input|written)\s+(?:(?:in|into)\s+(?P<t>\S.*)|"
        r"as\s+(?:the\s+)?(?P<w>[a-z]+(?:\s+[a-z]+)?))$",
        lambda m: (
            f"Type {_as_quoted(m.group('v'))} in {m.group('t')}"
            if m.group("t")
            else f"Type {_as_quoted(m.group('v'))} in the {m.group('w').title()} field"
        ),
    ),
    _sub(
        rf"^the\s+page\s+(?P<u>{_Q}|https?://\S+|/\S*)\s+(?:is|gets|was|has\s+been)\s+(?:opened|loaded|visited)$",
        r"Navigate to \g<u>",
    ),
    _sub(
        r"^(?:the\s+)?[\w'’ -]{1,40}?\s+(?:is|gets|was|has\s+been)\s+"
        r"(?:dismissed|closed|accepted|confirmed|submitted)\s+"
        rf"by\s+(?:clicking|pressing|tapping)\s+(?:on\s+)?(?P<x>{_Q}(?:\s+(?:button|link))?)$",
        r"Click \g<x>",
    ),
    _sub(r"^the\s+page\s+(?:is|gets|was)\s+navigated\s+(?P<d>back|forward)$", r"Go \g<d>"),
    _sub(r"^the\s+page\s+(?:is|gets|was)\s+(?:reloaded|refreshed)$", "Reload the page"),
    # A bug report's expected result written as a bare claim: 'toast "Limit reached"', "URL is …".
    _sub(
        rf"^(?:(?:a|the)\s+)?(?:toast|notification|snackbar|banner|alert|message)\s+(?P<x>{_Q})$",
        r"Verify \g<x> is shown",
    ),
    # "the document title changes to "x"": what the title now is (the document's title is the page's)
    _sub(
        r"^(?:(?:verify|check|confirm|ensure)\s+(?:that\s+)?)?(?:the\s+)?(?:page|document|browser|tab)\s+title\s+"
        r"(?:changes|changed|updates|updated|is\s+updated|has\s+changed|has\s+been\s+updated|switches)\s+to\s+(?=[\"'“])",
        "Verify the page title is ",
        needs=("title",),
    ),
    _sub(
        r"^(?:the\s+)?(?P<s>url|page\s+url|page\s+title|document\s+title|title)\s+(?=(?:is|equals|contains|ends\s+with|"
        r"starts\s+with|includes|matches|should)\b)",
        lambda m: f"Verify the {'URL' if 'url' in m.group('s').lower() else 'page title'} ",
    ),
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?(?:i\s+am\s+|you\s+are\s+|user\s+is\s+)?redirected\s+to\s+(?P<u>/\S*)$",
        r'Verify the URL contains "\g<u>"',
    ),
    # Keyboard: "Press Tab once", "Press Down arrow again"; focus: "Focus moves to the Postcode field".
    _sub(
        r"^(?P<p>press\s+(?:the\s+)?\S+(?:\s+(?:arrow|key))?)\s+(?:once|again|one\s+more\s+time)$",
        r"\g<p>",
    ),
    _sub(
        r"^(?:the\s+)?(?:keyboard\s+)?focus\s+(?:moves|goes|jumps|lands|returns|is\s+moved)\s+(?:back\s+)?(?:to|on|onto)\s+"
        r"(?P<t>(?:the\s+)?\S.*)$|^(?:the\s+)?(?:keyboard\s+)?focus\s+is\s+(?:now\s+)?(?:on|in)\s+(?P<u>(?:the\s+)?\S.*)$",
        lambda m: f"Verify {m.group('t') or m.group('u')} is focused",
    ),
    # "The Help disclosure is expanded": a disclosure is a button that says whether it is open.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?P<x>{_Q}|(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){{0,3}}?)\s+"
        r"(?:disclosure|accordion|expander|details)(?:\s+(?:section|panel|button))?\s+is\s+(?:now\s+)?(?P<s>expanded|collapsed|open|closed)$",
        lambda m: (
            f"Verify the {_as_quoted(m.group('x'))} button is "
            f"{'' if m.group('s').lower() in ('expanded', 'open') else 'not '}expanded"
        ),
    ),
    # 'Results list shows 8 items': the named list's items counted (not a search for the words "8 items"; "the
    # change list shows 12 posts" on an admin page is its counter's text, and keeps that reading).
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?{_NOT_A_NAME}(?P<l>(?-i:[A-Z])[\w'’ -]{{0,39}}?)\s+list\s+"
        r"(?:shows|contains|displays|has)\s+"
        r"(?:exactly\s+)?(?P<n>\d{1,4})\s+(?P<noun>[a-z]+)\.?$",
        r"Verify the \g<l> list has \g<n> \g<noun>",
    ),
    # A claim an outcome-first writer starts with its subject: '"Delete card" dialog opens', 'Confirmation
    # dialog appears with text "Hold placed"', "Holds table has 3 rows".
    _sub(
        rf"^(?:the\s+)?(?P<x>{_Q})\s+(?P<r>dialog|modal|pop-?up|panel|drawer)\s+(?:opens|appears|is\s+(?:opened|shown|displayed))$",
        r"Verify the \g<x> \g<r> is visible",
    ),
    _sub(
        r"^(?:(?:then|and)\s+)?(?:verify\s+(?:that\s+)?)?(?:(?:a|the)\s+)?(?!(?:confirm|alert|prompt|native|browser|js|"
        r"javascript)\b)(?:[\w'’-]+\s+){0,2}?(?:dialog|modal|pop-?up)\s+(?:opens|appears|is\s+shown|(?:should|must)\s+"
        rf"(?:open|appear|be\s+shown))\s+with\s+(?:the\s+)?(?:text|message)\s+(?P<x>{_Q})$",
        r"Verify the dialog contains \g<x>",
    ),
    _sub(
        rf"^{_NOT_A_NAME}(?P<t>(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){{0,3}}?)\s+table\s+"
        r"(?:has|shows|contains|lists)\s+(?:exactly\s+)?(?P<n>\d{1,4})\s+rows?$",
        r"Verify the \g<t> table has \g<n> rows",
    ),
    _sub(rf"^(?P<a>{_ACTOR})\s+should\s+now\s+see\s+", r"\g<a> should see "),
    # Outcome sentences with their own verbs: 'The "x" link is present', 'The "x" field has the value "v"',
    # 'Local storage "k" holds "v"', 'The "x" chip is gone', '"x" is not on the board', 'An alert is shown:
    # "…"', 'Booking reference "BL-0418" is shown', 'listed in this order: …', 'the "x" badge says "v"'.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?P<t>(?:the\s+)?{_Q}\s+(?:button|link|tab|checkbox|field|dropdown|heading|"
        r"image|icon|dialog|menu|option|radio|switch|toggle))\s+is\s+present$",
        r"Verify \g<t> is visible",
    ),
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?P<t>{_Q}|(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){{0,2}}?)\s+"
        rf"(?P<r>field|input|box|textbox|dropdown)\s+has\s+(?:the\s+)?value\s+(?P<v>{_Q})$",
        lambda m: f"Verify the {_as_quoted(m.group('t'))} {m.group('r')} is {m.group('v')}",
    ),
    _sub(
        rf"^(?P<h>(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?:local|session)\s*storage\s+(?:key\s+)?{_Q})\s+holds\s+"
        rf"(?=\S)",
        r"\g<h> is ",
    ),
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?P<x>{_Q})(?:\s+(?:chip|tag|pill|badge|label|card|item|row|entry|"
        r"message|toast|banner|notice|text))?\s+(?:is|has)\s+(?:now\s+)?(?:gone|disappeared|vanished)$",
        r"Verify \g<x> is no longer shown",
    ),
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?P<x>{_Q})\s+is\s+(?:no\s+longer|not)\s+(?:on|in)\s+the\s+"
        r"(?:board|page|screen|list)$",
        r"Verify \g<x> is not visible",
    ),
    _sub(
        rf"^(?:a|an|the)\s+(?:[\w'’-]+\s+){{0,3}}?(?:alert|message|notice|notification|toast|banner|error|warning|"
        rf"confirmation)\s+(?:is\s+)?(?:shown|displayed|visible|appears)\s*:\s*(?P<x>{_Q})$",
        r"Verify \g<x> is shown",
    ),
    _sub(
        rf"^(?!(?:the|this|that|a|an|verify|check|expect|ensure)\b)(?!(?:[\w'’-]+\s+){{0,2}}{_PLACE_OR_ROLE}\s)"
        rf"(?-i:[A-Z])[\w'’-]*(?:\s+[a-z][\w'’-]*){{0,2}}\s+(?P<x>{_Q})\s+is\s+(?:shown|displayed|visible)$",
        r"Verify \g<x> is shown",
    ),
    _sub(
        r"^(?:(?:then|and)\s+)?(?:verify\s+(?:that\s+)?)?the\s+(?P<w>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+are\s+"
        rf"(?:listed|shown|sorted|ordered|displayed)\s+in\s+(?:this|that|the\s+following)\s+order\s*:?\s*(?={_Q}\s*,)",
        r"Verify the \g<w> are listed as ",
    ),
    _sub(
        rf"^(?:(?:and|then)\s+)?(?:verify\s+(?:that\s+)?)?the\s+[\"“](?P<n>[^\"”\s]+(?:\s[^\"”\s]+)?)[\"”]\s+"
        rf"(?P<r>badge|counter|chip|pill|tag|indicator)\s+(?:says|reads|shows|displays)\s+(?P<v>{_Q}|\d+)$",
        r"Verify the \g<n> \g<r> shows \g<v>",
    ),
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?P<x>{_Q})\s+(?:modal|dialog|pop-?up)\s+(?:is\s+)?"
        r"(?:shown|displayed|visible|open|opened)$",
        r"Verify the \g<x> dialog is visible",
    ),
    # 'Click "Discard" button in modal': the dialog, without its "the"; 'confirmation dialog "x" appears': the
    # dialog named so; '"Format" dropdown shows "x"': the claim without "Verify the"; 'URL ends with /path':
    # the path quoted; 'the "Suspend until" date field': the field (its kind of value is no part of the name).
    _sub(r"\s+(?:in|inside|within)\s+(?P<r>modal|dialog|pop-?up)$", r" in the \g<r>"),
    _sub(
        r"^(?:(?:a|the)\s+)?(?!(?:confirm|alert|prompt|native|browser|js|javascript)\b)(?:[\w'’-]+\s+)?"
        rf"(?:dialog|modal|pop-?up)\s+(?P<x>{_Q})\s+(?:appears|opens|is\s+(?:shown|displayed|visible|open))$",
        r"Verify the \g<x> dialog is visible",
    ),
    _sub(
        rf"^(?:the\s+)?(?P<x>{_Q})\s+(?P<r>dropdown|field|select|input|box|textbox)\s+"
        rf"(?=(?:shows|reads|contains|displays|is)\s+{_Q}$)",
        r"Verify the \g<x> \g<r> ",
    ),
    _sub(
        r"^(?P<h>verify\s+(?:that\s+)?the\s+url\s+(?:ends\s+with|contains|starts\s+with|is|equals|includes))\s+"
        r"(?P<u>/[^\s\"“']*|https?://[^\s\"“']+)$",
        r'\g<h> "\g<u>"',
    ),
    _sub(
        rf"(?P<x>{_Q})\s+(?:date|time|text|email|number|phone|search|password|name|input)\s+(?=field\b)",
        r"\g<x> ",
    ),
    # 'Verify error message: "Card declined"', 'Error message is "…"': that message's text is shown.
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?P<k>(?:error|success|warning|info|confirmation|validation)\s+)?"
        rf"(?:message|toast|notification|alert|banner)\s*(?::|\s(?:is|says|reads|shows))\s*(?P<x>{_Q})$",
        r"Verify the \g<k>message \g<x> is shown",
    ),
    # "Amount field is "12.50"": a capitalised field's name without its "the".
    _sub(
        rf"^{_NOT_A_NAME}(?P<n>(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){{0,3}}?)\s+"
        rf"(?P<r>field|dropdown|box|input|textbox)\s+(?=(?:is|shows|reads|contains)\s+{_Q}$)",
        r"Verify the \g<n> \g<r> ",
    ),
    # '"Remember me" checkbox checked': a control's state without its "is".
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?P<x>{_Q})\s+(?P<r>checkbox|toggle|switch|radio|button|field)\s+"
        r"(?P<s>checked|unchecked|selected|enabled|disabled|focused)$",
        r"Verify the \g<x> \g<r> is \g<s>",
    ),
    # 'You should now see "ci-deploy" in the API keys table': the text, in that part of the page.
    _sub(
        rf"^(?:(?:then|and)\s+)?(?:{_ACTOR})\s+should\s+(?:now\s+)?see\s+(?P<x>{_Q})\s+(?P<p>(?:in|on|under)\s+the\s+\S.*)$",
        r"Verify \g<x> is shown \g<p>",
    ),
    # 'And the row "Lisinopril 10 mg" should contain "Auto-refill: On"': the row that names it.
    _sub(
        rf"^(?:(?:then|and)\s+)?(?:verify\s+(?:that\s+)?)?the\s+row\s+(?P<r>{_Q})\s+(?:should\s+contain|contains|"
        rf"should\s+show|shows)\s+(?P<v>{_Q})$",
        r"Verify the row for \g<r> contains \g<v>",
    ),
    # 'Then the "Plan type" dropdown should have "PPO" selected': the option it shows.
    _sub(
        rf"^(?:(?:then|and)\s+)?(?:verify\s+(?:that\s+)?)?the\s+(?P<d>{_Q})\s+(?:drop-?down|select|combo\s*box)\s+"
        rf"(?:should\s+have|has)\s+(?P<v>{_Q})\s+selected$",
        r"Verify the \g<d> dropdown shows \g<v>",
    ),
    # English as a second language, and casual verbs: "should to be visible", "is appearing", "Please click
    # on button "Select seats"", "Head over to …", "Paste … into …".
    _sub(r"^please\s+", ""),
    _sub(r"\b(?P<m>should|must)\s+to\s+be\b", r"\g<m> be"),
    _sub(r"\b(?:is|are)\s+(?:appearing|showing|displaying)\.?$", "is shown"),
    _sub(r"\bis\s+containing\b", "contains"),
    _sub(r"\bthe\s+title\s+of\s+(?:the\s+)?page\b", "the page title"),
    _sub(r"^head\s+(?:over\s+)?to\s+", "Go to "),
    _sub(r"\bmust\s+(?=(?:be|not|still|now|appear|show|contain|have|read|say)\b)", "should "),
    _sub(
        rf"^(?P<x>{_Q})(?:\s+(?:message|text|toast|notification|banner))?\s+(?:appears|shows\s+up|pops\s+up)\.?$",
        r"Verify \g<x> is shown",
    ),
    _sub(
        rf"^(?P<h>verify\s+(?:that\s+)?)(?P<r>heading|button|link|tab|checkbox|field|dropdown|message|toast)\s+(?P<x>{_Q})",
        r"\g<h>the \g<x> \g<r>",
    ),
    _sub(r"^paste\s+(?=\S+\s+(?:in|into)\s+)", "Type "),
    _sub(
        r"^(?P<v>type|enter|input|write)\s+(?P<u>https?://[^\s\"']+)\s+(?=(?:in|into)\s)",
        r'\g<v> "\g<u>" ',
    ),
    _sub(
        rf"^(?P<v>click|tap|press|hit)\s+(?:on\s+)?(?:the\s+)?(?P<r>button|link|tab|checkbox|radio)\s+(?P<x>{_Q})$",
        r"\g<v> the \g<x> \g<r>",
    ),
    _sub(
        rf"\bthe\s+(?P<r>button|link|tab|checkbox|radio|field|dropdown|heading|message|toast|notification)\s+(?P<x>{_Q})"
        r"(?=\s+(?:should|must|is|are)\b)",
        r"the \g<x> \g<r>",
    ),
    _sub(
        rf"^(?:choose|select|pick|check|tick)\s+(?:the\s+)?radio(?:\s+button)?\s+(?P<x>{_Q})"
        r"(?:\s+(?:for|as|in)\s+(?:the\s+)?[\w'’ -]{1,40})?$",
        r"Check the \g<x> radio",
    ),
    _sub(
        rf"^(?P<v>select|choose|pick)\s+in\s+(?:the\s+)?(?:drop-?down|select|list)\s+(?P<d>{_Q})\s+"
        rf"(?:the\s+)?(?:option\s+|value\s+)?(?P<o>{_Q})$",
        r"\g<v> \g<o> from the \g<d> dropdown",
    ),
    # 'Flip the "Dark mode" switch off', 'Make sure "Send test events" is switched on'.
    _sub(
        rf"^(?:flip|switch|toggle|turn|set)\s+(?:the\s+)?(?P<x>{_Q})\s+(?P<r>toggle|switch|checkbox)\s+(?P<s>on|off)$",
        lambda m: (
            f"{'Uncheck' if m.group('s').lower() == 'off' else 'Check'} the {m.group('x')} {m.group('r')}"
        ),
    ),
    _sub(
        rf"^(?P<h>(?:verify|make\s+sure|ensure|check)\s+(?:that\s+)?)(?P<x>{_Q})\s+is\s+(?:switched|turned|toggled)\s+"
        r"(?P<s>on|off)$",
        r"\g<h>the \g<x> toggle is \g<s>",
    ),
    # "URL should be http://…", 'A cookie named "dl_session" should exist', "There should be exactly 10
    # results on the page", "the dialog should go away".
    _sub(r"^(?:the\s+)?url\s+should\s+(?:now\s+)?be\s+", "Verify the URL is "),
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:a|the)\s+cookie\s+(?:named|called)\s+(?P<x>{_Q})\s+"
        r"(?:should\s+exist|exists|is\s+set|should\s+be\s+set)$",
        r"Verify the cookie \g<x> exists",
    ),
    _sub(
        r"^there\s+should\s+be\s+(?:exactly\s+)?(?P<n>\d{1,4})\s+(?P<noun>[a-z]+)(?:\s+(?:on|in)\s+the\s+page)?$",
        r"Verify there are \g<n> \g<noun>",
    ),
    _sub(
        r"^(?P<s>(?:the\s+)?(?:dialog|modal|pop-?up)(?:\s+window)?)\s+(?:should\s+)?(?:go(?:es)?\s+away|disappears?)$",
        r"\g<s> should close",
    ),
    # 'Verify heading "X" visible', 'Verify "Signed out" text shown': the claim's missing "is".
    _sub(
        rf"^(?P<h>verify\s+(?:that\s+)?)(?P<x>(?:the\s+)?(?:[a-z]+\s+)?{_Q}(?:\s+[a-z]+)?)\s+"
        r"(?P<s>visible|shown|displayed|enabled|disabled|checked|unchecked|selected|hidden)\.?$",
        lambda m: (
            m.group(0)
            if re.search(r"\b(?:is|are|be|not)$", m.group("x"), re.IGNORECASE)
            else f"{m.group('h')}{m.group('x')} is {m.group('s')}"
        ),
    ),
    # "Verify Remote only is checked", "Verify Submit application button is disabled": a capitalised name
    # before a control's state (never "is visible": "Verify Login Button is visible" may be a text, a
    # page or a control), and never a word that points ("This", "Everything"); one word needs its role.
    _sub(
        r"^(?P<h>verify\s+(?:that\s+)?)(?!(?:this|that|it|everything|nothing|something|all|each|every|both|"
        r"these|those|they|the)\b)(?P<n>(?-i:[A-Z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3}?))"
        r"(?:\s+(?P<r>button|link|checkbox|toggle|switch|field|tab|radio))?\s+(?=is\s+(?:not\s+)?"
        r"(?:checked|unchecked|selected|enabled|disabled|focused)\.?$)",
        lambda m: (
            f'{m.group("h")}the "{m.group("n")}" {m.group("r")} '
            if m.group("r")
            else f'{m.group("h")}"{m.group("n")}" '
            if " " in m.group("n")
            else m.group(0)  # one word alone ("Verify Save is disabled") may name anything: not said
        ),
    ),
    _sub(
        rf"^(?:then\s+|and\s+)?(?:{_ACTOR})\s+(?:should\s+be|am|is|are)\s+(?:now\s+)?on\s+(?:the\s+page\s+)?"
        r"(?P<url>\"/[^\"]*\"|/\S*)$",
        _on_path,
    ),
    # "User stays on /settings/appearance", "the user remains on "/checkout"": still at that path.
    _sub(
        rf"^(?:then\s+|and\s+)?(?:{_ACTOR})\s+(?:(?:should|must)\s+)?(?:still\s+)?(?:stays?|remains?|is\s+still|"
        r"(?:should|must)\s+(?:stay|remain|still\s+be))\s+(?:on|at)\s+(?:the\s+page\s+)?(?P<url>\"/[^\"]*\"|/\S*)$",
        _on_path,
    ),
    # Rows and cells named without quotes or by a cell's word: 'Verify Status for Dana Whitfield is "x"',
    # 'The Driver cell in the row for VAN-042 is "x"', 'Row "CAR-113" is still in the table', "Verify first
    # row in the orders table is …"; a dialog's text; a tab's title ("check its title is …").
    _sub(
        rf"^(?P<v>(?:verify\s+(?:that\s+)?)?)(?:the\s+)?(?P<c>[A-Za-z][\w ]{{0,30}}?)\s+for\s+"
        rf"(?P<r>(?-i:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){{1,3}}))\s+(?=is\s+{_Q}\.?$)",
        r'\g<v>the \g<c> for "\g<r>" ',
    ),
    _sub(r"\bthe\s+(?P<c>[\w ]{1,30}?)\s+(?:cell|column|value)\s+in\s+the\s+row\s+for\s+", r"the \g<c> for "),
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?row\s+(?P<r>{_Q})\s+is\s+(?:still\s+)?(?:in\s+the\s+(?:table|list|grid)|"
        r"shown|visible|present|displayed)\.?$",
        r"Verify the row for \g<r> is visible",
    ),
    _sub(
        r"^(?P<h>verify\s+(?:that\s+)?)(?=(?:first|second|third|last|\d{1,3}(?:st|nd|rd|th))\s+row\b)",
        r"\g<h>the ",
    ),
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?(?:dialog|modal)\s+(?:text|message)\s+(?P<x>{_Q})\s+is\s+"
        r"(?:visible|shown|displayed)\.?$",
        r"Verify \g<x> is shown in the dialog",
    ),
    _sub(r"\b(?:check|verify|confirm)\s+(?:that\s+)?its\s+title\s+is\b", "verify the page title is"),
    _sub(r"^(?P<p>press\s+(?:the\s+)?(?:tab|enter|escape|esc)(?:\s+key)?)\s+from\s+the\s+", r"\g<p> in the "),
    # 'The status badge changes to "Pending"': what it reads now (a button renamed is the rule further on).
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?P<subject>the\s+(?:(?!\b(?:button|link|tab)\b)\S)+(?:\s+(?!(?:button|link|tab)\b)\S+)*?)"
        rf"\s+(?:changes|changed|updates|updated|switches)\s+to\s+(?P<v>{_Q})\.?$",
        r"Verify \g<subject> reads \g<v>",
    ),
    # "… and tab out": Tab leaves the field.
    _sub(r"\s+and\s+tab\s+(?:out|away)(?:\s+of\s+(?:it|the\s+field))?\.?$", " and press Tab"),
    # 'Confirm dialog → "Yes, close it"': the button in that dialog (the dialog is where, not what to click).
    _sub(
        rf"^(?:in\s+)?(?:the\s+)?(?:[\w-]+\s+){{0,2}}(?:dialog|modal|pop-?up)\s*(?:>|→|->|:)\s*(?:click\s+)?(?P<x>{_Q})$",
        r"Click \g<x> in the dialog",
    ),
    # "Click Payments > Pay someone new", "Go to Settings → Notifications", "Menu: Reports > Weekly",
    # "Share → Copy link": a menu path, one click per name (each capitalised, or quoted).
    _sub(
        rf"^(?P<verb>(?:click|open|go\s+to|navigate\s+to|select)\s+(?:on\s+)?(?:the\s+)?(?:menu\s+)?|menu\s*:\s*)?"
        rf"(?P<path>{_MENU_NAME}(?:{_MENU_STEP}{_MENU_NAME})+)\.?$",
        lambda m: (
            _menu_path(re.split(_MENU_STEP, m.group("path")), acted=bool(m.group("verb"))) or m.group(0)
        ),
    ),
    # 'verify error_photo.jpg is listed': a value that is certainly one, as if quoted.
    _sub(rf"^(?P<head>verify\s+(?:that\s+)?)(?P<v>{_TOKEN_VALUE})\s+(?=(?:is|are)\s)", r'\g<head>"\g<v>" '),
    # "Choose Hardware in the Category drop-down": that option of that dropdown.
    _sub(
        r"^(?P<verb>choose|select|pick)\s+(?P<o>(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}))\s+(?:in|from)\s+the\s+"
        r"(?P<d>\S.*?)\s+(?:drop-?down|select|menu)\.?$",
        r'\g<verb> "\g<o>" from the \g<d> dropdown',
    ),
    # 'Upload the file "x" using the Attachments field'.
    _sub(
        rf"^upload\s+(?:the\s+)?(?:file\s+)?(?P<f>{_Q})\s+(?:using|via|with|in|into|to|through)\s+the\s+"
        r"(?P<t>\S.*?)\s+(?:field|input|button|control|area)\.?$",
        r'Upload \g<f> to "\g<t>"',
    ),
    # 'Click the Assignee dropdown and select "Daniel Okafor"': that option of that dropdown.
    _sub(
        rf"^click\s+(?:on\s+)?the\s+(?P<d>(?-i:[A-Z][\w'’ -]*?))\s+(?:drop-?down|select|combo\s*box)\s+and\s+"
        rf"(?:select|choose|pick)\s+(?P<o>{_Q})\.?$",
        r"Select \g<o> from the \g<d> dropdown",
    ),
    # "the Assignee field displays Daniel Okafor": its value, a name written with capitals.
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?the\s+(?P<l>(?-i:[A-Z][\w'’ -]*?))\s+field\s+"
        r"(?:displays|shows|contains|reads|is)\s+"
        r"(?P<v>(?-i:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3}))\.?$",
        r'Verify the "\g<l>" field shows "\g<v>"',
    ),
    # "the Status column of row #1042 shows Resolved": that row's cell.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?the\s+(?P<col>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s+column\s+(?:of|for|in)\s+"
        rf"(?:the\s+)?row\s+(?P<row>#?[\w-]*\d[\w-]*)\s+(?:shows|is|reads|says)\s+"
        rf"(?P<v>{_Q}|(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?))\.?$",
        lambda m: f'Verify the {m.group("col")} for "{m.group("row")}" is {_as_quoted(m.group("v"))}',
    ),
    # "Enter OTP '482913' in …": the word before the value says what it is.
    _sub(
        rf"^(?P<verb>enter|type)\s+(?:the\s+)?(?:(?-i:[A-Z]{{2,}})|[a-z]+)\s+(?P<v>{_Q})\s+(?=(?:in|into)\s)",
        r"\g<verb> \g<v> ",
    ),
    # 'the Accounts overview page is displayed with heading "Your accounts"'.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?the\s+\S.{{0,40}}?\s+(?:page|screen)\s+is\s+(?:displayed|shown|open)\s+with\s+"
        rf"(?:the\s+)?heading\s+(?P<h>{_Q})\.?$",
        r"Verify the \g<h> heading is visible",
    ),
    # A page or a step named before a colon, then what to do there: "Dynamic Controls: click "Remove"", "Key
    # Presses page: press Tab", "Step: Uncheck …" (the action still needs its own element on the page).
    # After a page's name the verb is in lower case: "Status: Open" is a labelled value.
    _sub(rf"^step\s*\d*\s*:\s*(?=(?:{_ACTION_VERBS})\b)", ""),
    _sub(
        rf"^(?-i:[A-Z][\w'’/&-]*(?:\s+[\w'’/&-]+){{0,4}}?)(?:\s+page)?\s*:\s*(?=(?-i:(?:{_ACTION_VERBS}))\b)",
        "",
    ),
    # 'the "All" link has the class "selected"': a class stated is that claim.
    _sub(
        rf"^(?=(?:the\s|{_Q}).*\s(?:has|does\s+not\s+have|doesn't\s+have)\s+(?:the\s+|a\s+)?(?:css\s+)?class\b)",
        "Verify ",
    ),
    # "is showing", "is displaying": shows, is displayed.
    _sub(r"\s+is\s+showing\s+(?=\S)", " shows "),
    _sub(
        r"\s+(?:is|are)\s+displaying(?=$|\s+(?:under|below|beneath|next\s+to|beside|in|on)\b)",
        " is displayed",
    ),
    # 'verify the message "x"', 'verify result "x"': that text is shown.
    _sub(
        rf"^verify\s+(?:that\s+)?(?:the\s+)?(?:(?:flash|error|success)\s+)?(?:message|result|text|error|notification)\s+"
        rf"(?P<t>{_Q})\.?$",
        r"Verify the message \g<t> appears",
    ),
    # "Click on Save button": the name before the role word, as if quoted.
    _sub(
        r"^click\s+on\s+(?P<name>(?-i:[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,3}?))\s+(?P<role>button|link|tab|checkbox|icon)\.?$",
        r'Click the "\g<name>" \g<role>',
    ),
    # "Given I open the TodoMVC app at http://…", "Open http://… in the browser": that address.
    _sub(r"^given\s+(?:that\s+)?", ""),
    _sub(
        r"^(?:i\s+|we\s+|the\s+user\s+)?(?:opens?|navigates?\s+to|goes\s+to|go\s+to|visits?|loads?)\s+(?:the\s+)?"
        r"(?:[\w-]+\s+){0,3}?(?:at|on)\s+(?P<url>https?://\S+)$",
        r"Open \g<url>",
    ),
    _sub(
        r"^(?P<head>(?:open|go\s+to|navigate\s+to|visit)\s+\S+)\s+in\s+(?:the|a|your)\s+browser\.?$",
        r"\g<head>",
    ),
    # 'Add todos "a", "b" and "c" one by one': each one added.
    _sub(
        rf"^(?:add|create)\s+(?:the\s+)?(?:todos|to-dos|tasks|items)\s+(?P<names>{_Q}(?:\s*,\s*{_Q})*\s*,?\s*and\s+{_Q})"
        r"(?:\s+one\s+(?:by|after)\s+(?:one|another))?\.?$",
        lambda m: " and ".join(f"add a todo {name}" for name in re.findall(_Q, m.group("names"))),
    ),
    # 'Select the checkboxes for "Dune" and "Emma"': each one's row checkbox.
    _sub(
        rf"^(?:select|check|tick)\s+the\s+checkboxes\s+(?:for|of|next\s+to)\s+(?P<names>{_Q}(?:\s*,\s*{_Q})*\s*,?\s*"
        rf"and\s+{_Q})\.?$",
        lambda m: " and ".join(
            f"check the checkbox in the {name} row" for name in re.findall(_Q, m.group("names"))
        ),
    ),
    # 'the toggle checkbox of "Pay rent"': the checkbox in that row.
    _sub(rf"\bthe\s+(?:toggle\s+)?checkbox\s+(?:of|for)\s+(?P<row>{_Q})", r"the checkbox in the \g<row> row"),
    # 'Double click on "x" to edit it': what a double-click is for claims nothing.
    _sub(
        r"^(?P<head>double[- ]?click\s+.+?)\s+to\s+(?:edit|rename|change)\s+"
        r"(?:it|the\s+(?:item|todo|text|title|name))\.?$",
        r"\g<head>",
    ),
    # "Navigate back using the browser Back button".
    _sub(
        r"^(?:navigate|go|move)\s+(?P<way>back|forward)\s+(?:using|with|via)\s+the\s+browser(?:'s)?\s+(?:back|forward)\s+"
        r"button\.?$",
        r"Go \g<way>",
    ),
    # 'Verify "Thank you for your order!" header is displayed', 'verify "x" message': the quoted text first,
    # then what it is.
    _sub(
        rf"^verify\s+(?:that\s+)?(?P<x>{_Q})\s+(?:header|heading|title)\s+(?:is\s+)?(?:displayed|shown|visible)\.?$",
        r"Verify the \g<x> heading is visible",
    ),
    _sub(
        rf"^verify\s+(?:that\s+)?(?:the\s+)?(?P<x>{_Q})\s+(?:message|text|notification|toast|alert)"
        r"(?:\s+is\s+(?:displayed|shown|visible))?\.?$",
        r"Verify the message \g<x> appears",
    ),
    # "On Dropdown page select …", "On the change form click …": where the user is, before an action.
    _sub(
        rf"^on\s+(?:the\s+)?(?:[\w-]+\s+){{1,4}}?(?:page|form|screen|tab)\s*,?\s*(?=(?-i:(?:{_ACTION_VERBS}))\b)",
        "",
    ),
    # 'Enter username "admin" and password "secret"': the Username and Password fields.
    _sub(
        rf"^(?P<verb>enter|type|fill\s+in)\s+(?:the\s+)?(?P<user>user\s*name|username|e-?mail|login)\s+(?P<u>{_Q})\s+"
        rf"and\s+(?:the\s+)?password\s+(?P<p>{_Q})",
        lambda m: (
            f"Enter {m.group('u')} in the {m.group('user').capitalize()} field and enter {m.group('p')} in "
            "the Password field"
        ),
    ),
    # "Click on Log in button without filling username and password": the state it is clicked in claims
    # nothing.
    _sub(
        r"^(?P<head>(?:click|press|tap)\s.+?)\s+without\s+(?:filling|entering|typing|selecting|choosing)\b"
        rf"(?:(?!\band\s+(?:{_ACTION_VERBS}|see|then|check)\b)[^\"“])*$",
        r"\g<head>",
    ),
    # '"Buy milk" is displayed as the first item in the list'.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?P<x>{_Q})\s+is\s+(?:displayed|shown|listed)\s+as\s+the\s+"
        rf"(?P<nth>{POSITION_WORD})\s+(?P<noun>item|entry|row|todo|result)(?:\s+in\s+the\s+list)?\.?$",
        r"Verify \g<x> is the \g<nth> \g<noun>",
    ),
    # "… is focused on page load", "… after adding the item": when it holds is the steps' order.
    _sub(r"\s+(?:on|after)\s+(?:the\s+)?page\s+load(?:s|ing)?(?=\.?$)", ""),
    # "URL should be #/active": the URL ends with it.
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?(?:the\s+)?url\s+(?:should\s+be|is)\s+(?P<h>#[^\s\"“']*)(?:\s+again)?\.?$",
        r'Verify the URL ends with "\g<h>"',
    ),
    # "Go to http://… directly".
    _sub(r"^(?P<head>(?:go\s+to|open|navigate\s+to|visit)\s+\S+)\s+directly\b", r"\g<head>"),
    # 'Verify "Item total: $39.98" on the Checkout: Overview page': the page the step is on shows it.
    _sub(
        rf"^verify\s+(?:that\s+)?(?P<x>{_Q})\s+(?:is\s+(?:shown|displayed|visible)\s+)?on\s+the\s+\S.{{0,40}}?\s+page\.?$",
        r"Verify \g<x> is visible",
    ),
    # "only one row is shown", "two items are listed": a count written in words.
    _sub(
        r"\b(?:only\s+)?(?P<n>one|two|three|four|five|six|seven|eight|nine|ten)\s+(?=[^\W\d_][\w-]*\s+(?:is|are)\s+"
        r"(?:shown|displayed|listed|visible)\b)",
        lambda m: str(_NUMBER_WORDS[m.group("n").lower()]) + " ",
    ),
    # 'Verify that user is able to see the "Site administration" page': that text is shown.
    _sub(
        rf"^verify\s+(?:that\s+)?(?:the\s+)?user\s+(?:is\s+able\s+to|can)\s+see\s+(?:the\s+)?(?P<x>{_Q})"
        r"(?:\s+(?:page|heading|screen|title|message|text|link|button))?\.?$",
        r"Verify \g<x> is visible",
    ),
    # "Verify the user is redirected to /home": the statement of where the user is (its own strict reading).
    _sub(
        r"^verify\s+(?:that\s+)?(?=(?:the\s+)?(?:user|visitor|customer)\s+(?:is|gets|should\s+be)\s+"
        r"(?:redirected|taken|sent|returned|brought|navigated|forwarded)\b)",
        "",
    ),
    # "verify 3 "Delete" buttons are displayed".
    _sub(
        rf"^verify\s+(?:that\s+)?(?P<n>\d+)\s+(?P<name>{_Q})\s+(?P<role>buttons|links|checkboxes|rows|items)\s+"
        r"(?:are|is)\s+(?:displayed|shown|visible|listed)\.?$",
        r"Verify there are \g<n> \g<name> \g<role>",
    ),
    # 'wait for "x" to be displayed'.
    _sub(
        rf"^(?P<head>wait\s+(?:for|until)\s+{_Q})\s+to\s+be\s+(?:displayed|shown|visible)\.?$",
        r"\g<head> to appear",
    ),
    # 'click on "Last Name" header': the column header so named.
    _sub(rf"^click\s+(?:on\s+)?(?:the\s+)?(?P<name>{_Q})\s+header\b", r"Click the \g<name> column header"),
    # 'the first row Last Name is "Bach"': that row's cell.
    _sub(
        rf"^(?P<head>(?:verify\s+(?:that\s+)?)?)the\s+(?P<nth>{POSITION_WORD})\s+row\s+"
        r"(?P<column>(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?))\s+(?=is\s|should\s+be\s)",
        r"\g<head>the \g<column> in the \g<nth> row ",
    ),
    # 'The first row of the trips table has Driver "M. Okafor"', 'the second row shows Status "Paid"': that
    # cell of the row at that position (a capitalised column name, as the header writes it).
    _sub(
        rf"^(?P<head>(?:verify\s+(?:that\s+)?)?)the\s+(?P<nth>{POSITION_WORD})\s+row\s+(?:of|in)\s+the\s+"
        r"(?:[\w-]+\s+){0,2}?table\s+(?=(?:has|shows)\s+(?-i:[A-Z]))",
        r"\g<head>the \g<nth> row ",
    ),
    _sub(
        rf"^(?P<head>(?:verify\s+(?:that\s+)?)?)the\s+(?P<nth>{POSITION_WORD})\s+row\s+(?:has|shows)\s+"
        rf"(?P<column>(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?))\s+(?P<x>{_Q})\.?$",
        r"\g<head>the \g<column> in the \g<nth> row is \g<x>",
    ),
    # "The rows are ordered TRK-007, VAN-042, CAR-113": the same order, its values written unquoted (each
    # one a value as written: a code, a number, a capitalised name; never a description such as "by date").
    _sub(
        r"^(?P<head>(?:verify\s+(?:that\s+)?)?the\s+[a-z]+(?:\s+[a-z]+)?\s+are\s+(?:sorted|ordered|listed|shown)"
        r"(?:\s+as)?:?)\s+(?P<list>[^\"“”,]+(?:\s*,\s*[^\"“”,]+)+)$",
        _quoted_order,
        needs=("sorted", "ordered", "listed", "shown"),
    ),
    # "row count is 9", "the row count should be 9": how many rows the table has.
    _sub(
        r"^(?P<head>(?:verify\s+(?:that\s+)?)?)(?:the\s+)?row\s+count\s+(?:is|should\s+be|equals)\s+(?P<n>\d{1,4})\.?$",
        r"\g<head>the number of rows is \g<n>",
    ),
    # 'select "Option 2" from the dropdown and verify it is selected': the dropdown shows that option.
    _sub(
        rf"^(?P<act>(?:select|choose|pick)\s+(?P<x>{_Q})\s+from\s+the\s+dropdown)\s+and\s+verify\s+(?:that\s+)?it\s+is\s+"
        r"(?:selected|chosen)\.?$",
        r"\g<act> and verify the dropdown shows \g<x>",
    ),
    # 'Verify the "x" message is shown on the change list': the page the step is on (its name is not checked).
    _sub(
        rf"^(?P<head>verify\s+(?:that\s+)?(?:the\s+)?{_Q}\s+(?:message|notification|banner|toast)\s+is\s+"
        r"(?:shown|displayed))\s+on\s+the\s+(?:[\w-]+\s+){0,2}(?:page|list|screen)\.?$",
        r"\g<head>",
    ),
    # 'Open "Silmarillion"' (no address): the link or item so named.
    _sub(rf"^open\s+(?P<x>(?=[\"“'‘][^/:]*[\"”'’]$){_Q})$", r"Click \g<x>"),
    # 'Click on "Today" link next to Published date': next to the part so named.
    _sub(
        rf"^(?P<head>click\s+(?:on\s+)?(?:the\s+)?{_Q}\s+(?:link|button))\s+next\s+to\s+"
        r"(?P<n>(?-i:[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,3}?))\.?$",
        lambda m: f'{m.group("head").replace(" on ", " ", 1)} next to "{m.group("n")}"',
    ),
    # 'verify "You entered: TAB"': that text is shown.
    _sub(rf"^verify\s+(?:that\s+)?(?P<x>{_Q})\.?$", r"Verify \g<x> is visible"),
    # "Verify result shows "x"": the result.
    _sub(r"^verify\s+(?:that\s+)?result\s+(?=(?:shows|says|reads|is)\s)", "Verify the result "),
    # 'the first product is "x" with price "$7.99"': both, of that item.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?P<item>the\s+{POSITION_WORD}\s+(?:product|item|result|row))\s+is\s+(?P<x>{_Q})\s+"
        rf"with\s+(?:a\s+|the\s+)?(?:price|cost|total|amount)\s+(?:of\s+)?(?P<p>{_Q})\.?$",
        r"Verify \g<item> is \g<x> and verify \g<item> shows \g<p>",
    ),
    # "Then", "And", "Next,", "Finally", Gherkin's "When" before a step; "Please".
    _sub(r"^(?:(?:and\s+)?then|and|but|when|next|now|finally|afterwards|after\s+that|lastly)\b[,:]?\s+", ""),
    _sub(r"^please\s+", ""),
    # "The user clicks …", "I click …", "User enters …": the step, without who does it.
    _sub(rf"^(?:{_ACTOR})\s+(?P<verb>{_VERB_WORDS})\s+", _actor_verb),
    # "Click on X", "Tap X", "Hit Enter".
    _sub(r"^(?:tap|click)\s+on\s+", "Click "),
    _sub(r"^tap\s+", "Click "),
    _sub(r"^hit\s+(?=(?:the\s+)?(?:enter|return|escape|esc|tab|space|backspace|delete)\b)", "Press "),
    _sub(r"^hit\s+", "Click "),
    # Claim openers: "Make sure (that)", "Validate that", "Double-check that", "It should be verified that".
    _sub(
        r"^(?:make\s+sure|double[-\s]check|validate|assert|verify|ensure|confirm|check|see)\s+that\s+",
        "Verify ",
    ),
    _sub(r"^(?:make\s+sure|double[-\s]check|validate)\s+", "Verify "),
    # "Check the header says "random"": with a claim's verb after its subject, "check" is no tick.
    _sub(
        r"^check\s+(?=\S.*?\s(?:says|shows|reads|displays|contains|equals|is|are|has|have|lists|appears)(?:\s|$))",
        "Verify ",
    ),
    # "The user sees "X"", "You should see the message "X"", "I do not see "X"".
    _sub(
        rf"^(?:{_ACTOR})\s+(?:should\s+|can\s+|will\s+|must\s+)?(?:still\s+)?(?:sees?|can\s+see)\s+(?P<what>.+)$",
        lambda m: f"Verify {m.group('what')} is visible",
    ),
    _sub(
        rf"^(?:{_ACTOR})\s+(?:should\s+not|shouldn't|does\s+not|doesn't|do\s+not|don't|cannot|can't|"
        r"will\s+not|won't|must\s+not|no\s+longer)\s+see\s+(?P<what>.+)$",
        lambda m: f"Verify {m.group('what')} is not visible",
    ),
    # "Click [Save]": brackets around a control's name, as manuals write it.
    _sub(
        r"^(?P<head>[^\"“'\[]*?)\[(?P<name>[^\]\[\"]+)\](?P<tail>[^\"“'\[\]]*)$",
        r'\g<head>"\g<name>"\g<tail>',
    ),
    # 'the button "Save"', 'the form field "Age"': the role word after the name, as the grammar writes it.
    _sub(
        rf"\bthe\s+(?:form\s+)?(?P<noun>field|input|button|link|checkbox|check\s+box|tab|dropdown|heading|radio\s+"
        rf"button|switch|toggle)\s+(?P<name>{_Q})",
        r"the \g<name> \g<noun>",
    ),
    # States said another way: ticked is checked, greyed out is disabled.
    _sub(r"\s+(?:is|are)\s+ticked$", " is checked"),
    _sub(r"\s+(?:is|are)\s+(?:unticked|not\s+ticked)$", " is not checked"),
    _sub(r"\s+(?:is|are)\s+(?:greyed|grayed)\s+out$", " is disabled"),
    _sub(r"\s+(?:is|are)\s+(?:not\s+(?:greyed|grayed)\s+out|clickable)$", " is enabled"),
    # Counts said another way: "3 results should be shown", "3 results are shown".
    _sub(
        r"^(?P<n>\d+)\s+(?P<what>[^\W\d_][\w-]*)\s+(?:should\s+be|are|is)\s+(?P<how>shown|displayed|listed|visible)$",
        r"Verify \g<n> \g<what> are \g<how>",
    ),
    _sub(r"^there\s+should\s+be\s+(?P<n>\d+)\s+", r"Verify there are \g<n> "),
    _sub(
        r"^verify\s+(?:that\s+)?the\s+number\s+of\s+(?P<what>[^\W\d_][\w-]*)\s+(?:is|equals)\s+(?P<n>\d+)$",
        r"Verify there are \g<n> \g<what>",
    ),
    # A text claimed for a row, named after it: 'Verify "Overdue" is shown for "Dune"', '"Overdue" appears in
    # the "Dune" row', '… on the "Dune" card': what that row (list item, card) shows, never the text anywhere.
    _sub(
        rf"^(?P<h>verify\s+(?:that\s+)?)(?P<x>{_Q})\s+(?:is\s+)?(?:shown|displayed|visible|present|appears|listed)\s+"
        rf"(?:for|next\s+to|beside|against)\s+(?P<r>{_Q})$",
        r"\g<h>the row for \g<r> shows \g<x>",
        needs=("for", "next", "beside", "against"),
    ),
    _sub(
        rf"^(?P<h>verify\s+(?:that\s+)?)(?P<x>{_Q})\s+(?:is\s+)?(?:shown|displayed|visible|present|appears|listed)\s+"
        rf"(?:in|on)\s+the\s+(?P<r>{_Q})\s+(?P<n>row|item|card|entry|line)$",
        lambda m: (
            f"{m.group('h')}the {m.group('r')} {_ROW_OR_ITEM[m.group('n').lower()]} shows {m.group('x')}"
        ),
        needs=("row", "item", "card", "entry", "line"),
    ),
    # Order said another way: 'the items are in the order "a", "b"', '"b" comes after "a"' (never "are not
    # listed in the order …", which the words before the order would swallow).
    _sub(
        rf"^verify\s+(?:that\s+)?(?![\w\s]*\b(?:not|no|never|isn't|aren't|don't|doesn't)\b)(?:the\s+)?[\w\s]{{0,30}}?(?:are\s+)?(?:shown\s+|listed\s+|sorted\s+)?in\s+(?:the\s+)?"
        rf"order:?\s+(?P<texts>{_Q}(?:\s*,\s*{_Q})*(?:\s*,?\s*(?:and|then)\s+{_Q})?)$",
        r"Verify \g<texts> appear in that order",
    ),
    _sub(
        rf"^verify\s+(?:that\s+)?(?P<b>{_Q})\s+(?:comes|appears|is\s+(?:shown|listed))\s+after\s+(?P<a>{_Q})$",
        r"Verify \g<a> appears before \g<b>",
    ),
    # 'Verify the column "Author" shows "Mary Beard" in the row "SPQR"': that row's cell under the column.
    _sub(
        rf"^verify\s+(?:that\s+)?(?:the\s+)?column\s+[\"“'‘](?P<what>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){{0,2}})"
        rf"[\"”'’]\s+(?P<verb>shows|contains|reads|says|is)\s+(?P<value>{_Q})\s+(?:in|for)\s+(?:the\s+)?row\s+"
        rf"(?P<row>{_Q})$",
        r"Verify the \g<what> for \g<row> \g<verb> \g<value>",
    ),
    # 'Verify the "VAN-0042" row shows status "In service"', 'the row for "Rebecca" now shows role "Admin"':
    # the row named first, then the cell it shows (one or two words naming the column, never "the correct
    # location" or "an appropriate status": a column name is no judgement, and a value must be quoted).
    _sub(
        rf"^(?:(?:then|and)\s+)?(?:(?:verify|check|confirm|ensure)\s+(?:that\s+)?)?(?:the\s+)?"
        rf"(?:(?P<row>{_Q})\s+row|row\s+(?:for\s+|of\s+)?(?P<row2>{_Q}))\s+(?:still\s+|now\s+)?"
        r"(?:shows|displays|lists|has|reads|should\s+(?:still\s+)?(?:show|display|list|have|read))\s+"
        r"(?P<what>(?!(?:an?|the|no|any|some|correct|right|wrong|proper|appropriate|sensible|valid)\b)"
        rf"[^\W\d_][\w-]*(?:\s+(?!of\s)[^\W\d_][\w-]*)?)\s+(?P<value>{_Q})\.?$",
        r"Verify the \g<what> for \g<row>\g<row2> is \g<value>",  # one of the two row groups matched
        needs=("row",),
    ),
    # 'Verify "Invoice 7" has status "Paid"': that row's status.
    _sub(
        rf"^verify\s+(?:that\s+)?(?P<row>{_Q})\s+has\s+(?:the\s+|a\s+)?(?P<what>[^\W\d_][\w-]*(?:\s+(?!of\s)[^\W\d_][\w-]*)?)"
        rf"\s+(?:of\s+)?(?P<value>{_Q})$",
        r"Verify the \g<what> for \g<row> is \g<value>",
    ),
    # "in the row for MATH110", "… for INV-0042", "… for old.contractor@acme.io", "… for Jane Doe": after
    # "the row for" the rest of the step names the row, as if quoted, when it is a name (a code, an email
    # address, or capitalised words), never a pick ("the newest invoice", "whoever joined last").
    _sub(
        rf"\b(?P<lead>in|on|within)\s+the\s+(?P<noun>row|item|card|line|entry)\s+(?:for|of|with)\s+"
        rf"(?P<name>{_ROW_NAME})\.?$",
        r'\g<lead> the "\g<name>" \g<noun>',
    ),
    # 'Click "Edit" for Jane Doe', 'Click "Remove" next to Blue Mug', 'Verify the Status for INV-0042 is
    # "Paid"': the same names after "for", "next to" and "beside".
    _sub(
        rf"^(?P<head>(?:click(?:\s+on)?|press|tap(?:\s+on)?|open|select|choose)\s+(?:the\s+)?{_Q}(?:\s+(?:button|link|icon))?\s+"
        r"(?:for|next\s+to|beside)\s+)"
        rf"(?P<name>{_ROW_NAME})\.?$",
        r'\g<head>"\g<name>"',
    ),
    _sub(
        rf"^(?P<head>(?:verify\s+(?:that\s+)?)?the\s+[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?\s+(?:for|of)\s+)"
        rf"(?:(?-i:[a-z]+)\s+(?=\S*\d))?(?P<name>{_ROW_NAME})\s+(?P<op>is|shows|reads|says|displays)\s+"
        rf"(?P<value>{_Q}|(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)|[£$€¥]?\d[\d.,]*)\.?$",
        lambda m: f'{m.group("head")}"{m.group("name")}" {m.group("op")} {_as_quoted(m.group("value"))}',
    ),
    # "The Amount in the second row is €1,250.00": a cell's value at a row's position, quoted when its ends
    # are certain (a number or amount, or one or two capitalised words to the end).
    _sub(
        r"^(?P<head>(?:verify\s+(?:that\s+)?)?the\s+[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?\s+(?:in|of|for)\s+"
        r"(?:the\s+[\w-]+\s+row|row\s+\d{1,4})\s+(?:is|shows|reads|says|displays)\s+)"
        r"(?P<value>[£$€¥]?\d[\d.,]*%?|(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?))\.?$",
        lambda m: f'{m.group("head")}"{m.group("value")}"',
    ),
    # "Verify the confirmation screen shows "x"": the page the step is on shows it (its name is not checked).
    _sub(
        rf"^(?P<head>(?:verify\s+(?:that\s+)?)?)the\s+(?:[^\W\d_][\w-]*\s+){{0,2}}(?:page|screen)\s+"
        rf"(?P<verb>shows|displays|says|contains|should\s+(?:show|display|say|contain))\s+(?={_Q}$)",
        lambda m: "Verify the page shows ",
    ),
    # "The Created column is sorted ascending": the rows sorted by that column.
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?the\s+(?P<column>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)\s+column\s+"
        r"(?:is|should\s+be)\s+sorted\s+(?:in\s+)?(?P<how>ascending|descending|alphabetically)(?:\s+order)?$",
        lambda m: f"Verify the rows are sorted by {m.group('column')} {m.group('how').lower()}",
    ),
    # 'Choose the "Editor" role', 'Select the "Full-time" radio button for Employment type': the same as
    # "Choose "Editor" as the role" and "… in the "Employment type" group".
    _sub(
        rf"^(?P<verb>choose|select|pick)\s+the\s+(?P<name>{_Q})\s+(?P<what>role|plan|size|colou?r|language)$",
        r"\g<verb> \g<name> as the \g<what>",
    ),
    _sub(
        rf"^(?P<head>(?:choose|select|pick|check)\s+the\s+{_Q}\s+(?:radio\s+button|radio|option))\s+(?:for|under)\s+"
        r"(?:the\s+)?(?P<group>(?-i:[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,3}?))(?:\s+(?:group|question|field))?$",
        r'\g<head> in the "\g<group>" group',
    ),
    # "Change Rows per page to 50": a field named with a capital first, as "Set the page size to 50" reads.
    _sub(
        r"^(?P<verb>change|set)\s+(?P<label>(?-i:[A-Z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3}))\s+to\s+"
        r"(?P<value>\d[\d.,:]*|(?-i:[A-Z][\w'’-]*))\.?$",
        r"\g<verb> the \g<label> to \g<value>",
    ),
    # 'The new card "x" appears in the To Do column': that text in that place.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?the\s+(?:new\s+)?(?:card|item|task|ticket|entry|issue)\s+(?P<name>{_Q})\s+"
        r"(?:appears|is\s+(?:now\s+)?(?:shown|listed|displayed))\s+(?=in\s+the\s+)",
        r"Verify \g<name> appears ",
    ),
    # "… should be selected again", 'Click "Save" again': "again" after a state, a role word or a quoted name
    # changes nothing checked or done (never after an unquoted name: "Send again" may be the button's name).
    _sub(rf"(?:{_AGAIN_AFTER})\s+(?:again|once\s+more)\.?$", ""),
    # Two states of one element: 'The edit field for "x" should be visible and focused'.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?P<subject>the\s+\S.*?)\s+(?:is|should\s+be)\s+(?P<a>{_STATE_WORDS})\s+and\s+"
        rf"(?P<b>{_STATE_WORDS})$",
        lambda m: (
            f"Verify {m.group('subject')} is {m.group('a')} and verify {m.group('subject')} is {m.group('b')}"
        ),
    ),
    # '"x" is removed from the list', '"x" has been deleted': gone.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?P<x>{_Q})\s+(?:is|was|has\s+been|should\s+be|gets)\s+(?:removed|deleted)"
        r"(?:\s+from\s+the\s+(?:list|page|table|todo\s+list))?\.?$",
        r"Verify \g<x> is not visible",
    ),
    # 'Complete "Pay electricity bill"': mark that todo done.
    _sub(rf"^complete\s+(?P<x>{_Q})$", r"Mark \g<x> as completed"),
    # 'Click the "Active" filter link': a word that describes where a link is, before its role word.
    _sub(
        rf"\bthe\s+(?P<name>{_Q})\s+(?:filter|nav|navigation|menu|footer|header|sidebar|pagination|primary|"
        r"secondary|top|bottom)\s+(?=(?:link|button|tab)\b)",
        r"the \g<name> ",
    ),
    # 'The "Active" link should be highlighted as selected'.
    _sub(r"\s+(?:highlighted|marked|shown|displayed)\s+as\s+(?:selected|active)$", " selected"),
    # "Leave the Title empty": the field named so.
    _sub(
        r"^leave\s+(?:the\s+)?(?P<label>(?-i:[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,2}?))(?:\s+field)?\s+(?:empty|blank)$",
        r'Leave "\g<label>" empty',
    ),
    # 'Fill Title with "Hyperion"': as "Fill in Title with …".
    _sub(
        rf"^fill\s+(?:in\s+)?(?!the\s)(?P<label>(?-i:[A-Z])[^\"“]*?)\s+with\s+(?P<v>{_Q})$",
        r"Fill in the \g<label> field with \g<v>",
    ),
    # Places written around an action: "In the right sidebar, under "By status", click "Published"", "On the
    # JavaScript Alerts page, click …": the place names no element the action could take instead.
    _sub(
        r"^(?:in|on|from)\s+the\s+(?:(?:left|right|top|main)\s+)?(?:(?:filters?\s+)?(?:sidebar|side\s+bar)(?:\s+filters?)?|header|"
        r"footer|navigation|"
        r"nav\s*bar|toolbar|filter\s+panel|filters|(?:[\w-]+\s+){1,4}?page)\s*,\s*(?=(?:under|in|click|press|type|enter|"
        r"select|choose|check|uncheck|tick|fill|hover|double-click)\b)",
        "",
    ),
    _sub(
        rf"^(?:under|in)\s+(?:the\s+)?(?P<scope>{_Q})(?:\s+(?:section|group|filter|panel|heading|list))?\s*,\s*"
        rf"(?P<verb>click|check|uncheck|tick|untick|select|choose)(?:\s+on)?\s+(?P<what>{_Q})$",
        r"\g<verb> \g<what> in \g<scope>",
    ),
    # 'Click the breadcrumb "Library"': that link of the breadcrumb trail.
    _sub(rf"\bthe\s+breadcrumbs?\s+(?:link\s+)?(?P<name>{_Q})", r"the \g<name> link"),
    # 'Expect the message "x"', 'Expect to see the text "x"': that text shown.
    _sub(
        rf"^expect\s+(?:to\s+see\s+)?(?:the\s+|a\s+)?(?:(?:success|error|confirmation|info)\s+)?"
        rf"(?:message|banner|toast|alert|notification|text)\s+(?P<t>{_Q})\.?$",
        r"Verify the message \g<t> appears",
    ),
    # '"x" should become visible': a state it reaches.
    _sub(
        r"\s+(?P<should>should\s+)?becomes?\s+(?P<s>visible|hidden|enabled|disabled|checked|selected)$",
        lambda m: f" {'should be' if m.group('should') else 'is'} {m.group('s')}",
    ),
    # "The first row's Last Name should be "Bach"": that cell of the row at that position.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?the\s+(?P<nth>{POSITION_WORD}|\d{{1,4}}(?:st|nd|rd|th))\s+row['’]s\s+"
        rf"(?P<column>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){{0,2}}?)\s+(?:is|should\s+be|shows|reads|says)\s+"
        rf"(?P<value>{_Q})\.?$",
        r"Verify the \g<column> in the \g<nth> row is \g<value>",
    ),
    # "The URL hash is #/completed": the URL ends with it.
    _sub(
        r"^(?:verify\s+(?:that\s+)?)?the\s+(?:url\s+|location\s+)?hash\s+(?:is|should\s+be|equals)\s+(?P<h>#[^\s\"“']*)\.?$",
        r'Verify the URL ends with "\g<h>"',
    ),
    # 'Double-click "x", change the text to "y"', "… clear the text and press Enter": the field a double-click
    # opened is the one with the focus.
    _sub(
        rf"^(?:change|set|replace)\s+the\s+text\s+(?:to|with)\s+(?P<v>{_Q})$",
        r"Type \g<v> into the focused field",
    ),
    _sub(r"^(?:clear|empty|delete)\s+the\s+(?:text|title|input)$", 'Type "" into the focused field'),
    # "Go to page 2 of the change list": the list is the page's (its pagination's "2").
    _sub(
        r"^(?P<head>(?:go\s+to|open|click)\s+page\s+\d{1,4})\s+of\s+the\s+(?:[\w-]+\s+){0,2}(?:list|table|results)$",
        r"\g<head>",
    ),
    # 'The button on the Sauce Labs Backpack card changes to "Remove"': that card's button is now named so.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?the\s+button\s+(?:on|in|of|for)\s+the\s+(?P<card>(?-i:[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,4}}?))"
        rf"\s+(?:card|row|item|tile|entry)\s+(?:now\s+)?(?:changes\s+to|should\s+(?:now\s+)?(?:say|read)|says|reads)\s+"
        rf"(?:now\s+)?(?P<name>{_Q})$",
        r'Verify the \g<name> button in the "\g<card>" card is visible',
    ),
    # 'Tick "Vegetarian" under Diet': the group named with a capital first, as if quoted.
    _sub(
        rf"^(?P<head>(?:click|check|uncheck|tick|untick|select|choose)\s+{_Q})\s+under\s+"
        r"(?P<group>(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}))"
        r"(?:\s+(?:in|on)\s+the\s+(?:filters?\s+panel|filters|sidebar|side\s+bar))?$",
        r'\g<head> under "\g<group>"',
    ),
    # "On page 1 the Previous button is disabled": where the user is, which the steps before brought about.
    _sub(r"^on\s+page\s+\d{1,4}\s*,?\s+(?=the\s+\S.*\s(?:is|are|should)\s)", ""),
    # 'In Example 1, click the "Last Name" column header': the action inside the part of the page named so.
    _sub(
        rf"^(?:in|within|under)\s+(?:the\s+)?(?P<scope>{_Q}|(?-i:[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,2}}?))\s*,\s*"
        rf"(?P<action>(?:click|double-click|check|uncheck|tick|untick)\s+(?:the\s+)?{_Q}(?:\s+[a-z]+){{0,2}})$",
        lambda m: f"{m.group('action')} in {_as_quoted(m.group('scope'))}",
    ),
    # "The Author column of the first row reads m.okafor": that cell; a value written without quotes is one
    # when it is certainly a value.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?the\s+(?P<column>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s+column\s+(?:of|in)\s+"
        rf"the\s+(?P<nth>{POSITION_WORD}|\d{{1,4}}(?:st|nd|rd|th))\s+row\s+(?:reads|shows|is|says|should\s+(?:be|read|show))\s+"
        rf"(?P<value>{_Q}|{_TOKEN_VALUE})\.?$",
        lambda m: (
            f"Verify the {m.group('column')} in the {m.group('nth')} row is {_as_quoted(m.group('value'))}"
        ),
    ),
    # 'First name still contains "Jonas"': a field named with a capital first holds the value (never a place
    # the page has: "The Cart contains …" is text in the cart).
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?(?!(?:verify|check|ensure)\b)(?P<label>(?-i:[A-Z][a-z]+(?:\s+(?!still\b)[a-z]+){{0,2}}))\s+(?:still\s+)?"
        rf"(?:contains|has\s+the\s+value)\s+"
        rf"(?P<v>{_Q})$",
        lambda m: (
            m.string
            if m.group("label").split()[-1].lower() in _PLACE_NOUNS
            else f'Verify the "{m.group("label")}" field contains {m.group("v")}'
        ),
    ),
    # 'the list no longer shows "x"': gone from the page, which implies gone from the list (never weaker).
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?the\s+(?:list|table|results|page)\s+(?:no\s+longer\s+(?:shows|contains|lists)|"
        rf"does\s+not\s+(?:show|contain|list)|doesn't\s+(?:show|contain|list))\s+(?P<x>{_Q})$",
        r"Verify \g<x> is not visible",
    ),
    # A state of an element named by what it reads, then a noun for what it is ('The "9:00 AM" slot should be
    # disabled', "The 10:30 AM slot is selected"): that element's state.
    _sub(
        rf"^(?:verify\s+(?:that\s+)?)?the\s+(?P<name>{_Q}|\d{{1,2}}:\d{{2}}(?:\s*[AaPp][Mm])?)\s+(?:time\s+)?"
        r"(?:slot|tile|plan|seat|date|day)\s+(?P<verb>is|should\s+be)\s+(?P<state>(?:not\s+)?(?:disabled|enabled|"
        r"selected|checked|pressed))$",
        lambda m: f"Verify {_as_quoted(m.group('name'))} is {m.group('state')}",
    ),
    # "now" and "no longer" in a state claim: 'The Submit button is now enabled', 'The event dialog is no
    # longer visible' (not visible now; that it was before is not checked, as with "still").
    _sub(rf"\s+(?:is|are)\s+now\s+(?=(?:not\s+)?(?:{_STATE_WORDS})$)", " is "),
    _sub(rf"\s+should\s+now\s+be\s+(?=(?:not\s+)?(?:{_STATE_WORDS})$)", " should be "),
    _sub(r"\s+(?:is|are)\s+no\s+longer\s+(?:visible|shown|displayed)$", " is not visible"),
    # A message stated with its kind and no article: 'Validation message "x" should appear', 'Toast "x"
    # appears', 'Expected: banner "x" appears'.
    _sub(
        rf"^(?:expected:\s*)?(?P<kind>(?:(?:success|error|validation|warning|info|confirmation|inline)\s+)?"
        rf"(?:message|banner|toast|alert|notification|error|flash))\s+(?P<text>{_Q})\s+"
        r"(?:is\s+(?:shown|displayed|visible)|appears|should\s+(?:appear|be\s+(?:shown|displayed|visible)))$",
        lambda m: f"Verify the {m.group('kind').lower()} {m.group('text')} appears",
    ),
    # 'Turn on "Email me"', 'Switch "Dark mode" off': a switch or box named so.
    _sub(
        rf"^(?:turn|switch|toggle)\s+(?P<dir>on|off)\s+(?:the\s+)?(?P<name>{_Q})(?:\s+(?:switch|toggle|setting|option))?\.?$",
        lambda m: f"{'Check' if m.group('dir').lower() == 'on' else 'Uncheck'} {m.group('name')}",
    ),
    _sub(
        rf"^(?:turn|switch)\s+(?P<name>{_Q})\s+(?P<dir>on|off)$",
        lambda m: f"{'Check' if m.group('dir').lower() == 'on' else 'Uncheck'} {m.group('name')}",
    ),
    # A value that is certainly one, unquoted: "Enter standard_user in the Username field" (a word with an
    # underscore, an @ or a digit is no description), as quoted; so is "… and secret_sauce in the Password
    # field".
    _sub(
        rf"^(?P<verb>enter|type)\s+(?P<v>{_TOKEN_VALUE})\s+(?=(?:in|into)\s+\S)",
        r'\g<verb> "\g<v>" ',
    ),
    _sub(
        rf"(?<=\S)(?P<sep>\s*,\s*(?:and\s+)?|\s+and\s+)(?P<v>{_TOKEN_VALUE})\s+(?P<p>in|into)\s+(?=the\s+\S)",
        r'\g<sep>"\g<v>" \g<p> ',
    ),
    # Fields in one step: 'Fill in First name with "Jonas" and Last name with "Weber"', 'Fill First Name with
    # "Ada", Last Name with "Lovelace" and Zip with "10115"', 'Enter "Jonas" in First name and "Weber" in Last
    # name': one fill each, each read as if written alone.
    _many_fills,
    _sub(
        rf"^(?P<verb>enter|type)\s+(?P<v1>{_Q})\s+(?P<p1>in|into)\s+(?P<t1>\S.*?)\s*(?:,\s*(?:and\s+)?|\s+and\s+)"
        rf"(?P<v2>{_Q})\s+(?P<p2>in|into)\s+(?P<t2>\S.*)$",
        r"\g<verb> \g<v1> \g<p1> \g<t1> and \g<verb> \g<v2> \g<p2> \g<t2>",
    ),
    # 'Search messages for "invoice"', 'Search all tickets for "x"': the page's search, for a kind of thing.
    _sub(rf"^search\s+(?:the\s+|all\s+)?[a-z][\w-]*s\s+for\s+(?P<x>{_Q})$", r"Search for \g<x>"),
    # "in the web-prod-03 row": a code (letters and digits, never an ordinal such as "2nd") before a row noun
    # names that row, as if quoted.
    _sub(
        r"\b(?P<lead>in|on|within)\s+the\s+(?P<name>(?![\d#]+(?:st|nd|rd|th)?\s)(?=[\w#./-]*[^\W\d_])"
        r"[\w#./-]*\d[\w#./-]*)\s+(?P<noun>row|item|card|line|entry)\b",
        r'\g<lead> the "\g<name>" \g<noun>',
    ),
    # "in the row for "Invoice 7"" is "in the "Invoice 7" row".
    _sub(
        rf"\b(?P<lead>in|on|within)\s+the\s+(?P<noun>row|item|card|line|entry|list\s+item)\s+(?:for|of|with)\s+"
        rf"(?P<name>{_Q})",
        r"\g<lead> the \g<name> \g<noun>",
    ),
    # Keys: "ctrl + a", "the Down arrow key".
    _sub(
        r"^(?P<head>press\s+(?:the\s+)?)(?P<a>\w+)\s*\+\s*(?P<b>\w+)(?:\s*\+\s*(?P<c>\w+))?",
        lambda m: m.group("head") + "+".join(k for k in (m.group("a"), m.group("b"), m.group("c")) if k),
    ),
    _sub(
        r"^press\s+(?:the\s+)?(?P<dir>up|down|left|right)\s+arrow(?:\s+key)?$",
        lambda m: f"Press Arrow{m.group('dir').capitalize()}",
    ),
    _sub(r"^press\s+the\s+(?P<key>\w+)\s+key$", r"Press \g<key>"),
    # A labelled value stated as a test case's expected result: "Total: €41.00", 'Status: "Shipped"' is the
    # value the page labels so (the grammar's "Verify the total is …", which may still refuse the label).
    # Not a note or a message: "Note: …", "Error: Username is required" say something, they label nothing.
    _sub(
        r"^(?!(?:notes?|tips?|warning|error|errors|info|information|hint|message|alert|success|notice|step|"
        r"steps|given|when|then|and|but|precondition|preconditions|todo|example|optional|expected)\s*:)"
        # nor an action written with a colon ("Fill Last name: Shah", "Type Password: …")
        r"(?!(?:fill|type|enter|input|write|click|tap|press|select|choose|pick|check|uncheck|tick|open|go|"
        r"navigate|visit|set|change|update|upload|attach|search|add|remove|delete|clear|hover|drag|scroll|"
        r"wait|switch|close|submit|log|sign|accept|dismiss|verify|assert|confirm|ensure|expect|make|sort|filter|"
        r"toggle|enable|disable|turn|mark|save|edit|rename|move|expand|collapse|download|apply|reload|refresh|"
        r"show|hide|focus)\b)"
        r"(?P<label>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,3})\s*:"  # "label: value", never "https://"
        # an unquoted value looks like one: a number, an amount, a name ("open it" is an instruction)
        rf"(?:\s*(?P<quoted>{_Q})|\s+(?P<value>(?=[^:\"“]*[\d$€£¥%]|(?-i:[A-Z]))[^\s\"“:/][^:\"“]{{0,40}}?))\.?$",
        lambda m: f"Verify the {m.group('label')} is {_as_quoted(m.group('quoted') or m.group('value'))}",
    ),
    _sub(
        r"^expect\s+(?P<subject>(?:the|a|an)\s+.+?)\s+to\s+(?P<verb>be|show|read|say|contain|equal|display)\s+",
        lambda m: f"Verify {m.group('subject')} {_PRESENT_S[m.group('verb').lower()]} ",
    ),
    # A transient message said by its kind: "A toast says "Copied"", "An error appears saying "x"", "Tooltip
    # reads "x"", "Success message is shown: "x"", 'Check the banner "x" appears': the text is on the page.
    # A dialog's text is the dialog's ("A confirm dialog says "x"", "A modal asks "x""): the same text
    # elsewhere on the page is no dialog, so it is the grammar's 'the "x" dialog appeared'.
    _sub(
        rf"^(?:verify\s+)?(?:(?:a|an|the)\s+)?(?:(?:success|error|info|warning|confirmation|confirm|validation|inline|"
        rf"green|status)\s+)?(?P<kind>toast|tooltip|banner|message|error|warning|notification|alert|snackbar|"
        rf"dialog|popup|modal|text|error\s+text|error\s+message|hint|label)\s+(?:that\s+)?(?:says|reads|shows|asks|"
        rf"should\s+(?:say|read|show|ask)|"
        rf"appears\s+saying|appears\s+with|saying|is\s+(?:shown|displayed)\s*:|appears\s*:|pops\s+up\s+saying|"
        rf"with\s+(?:the\s+)?(?:text|message)|containing)\s*:?\s*"
        rf"(?P<text>{_Q})(?:\s+(?:appears|opens|pops\s+up|is\s+(?:shown|displayed|visible)))?$",
        lambda m: (
            f"Verify the {m.group('text')} {m.group('kind')} appeared"
            if m.group("kind").lower() in ("dialog", "popup", "modal")
            else f"Verify {m.group('text')} is visible"
        ),
    ),
    # "Click the sort dropdown and select "Price"": one choice in that dropdown (a native one's option cannot
    # be clicked).
    _sub(
        rf"^(?:click|open)\s+(?:on\s+)?the\s+(?P<d>{_Q}|[\w'’ -]+?)\s+"
        r"(?:dropdown|drop-down|select|selector|menu)\s+"
        rf"(?:,\s*)?(?:and\s+|then\s+)+(?:select|choose|pick)\s+(?P<o>{_Q})$",
        lambda m: f'Select {m.group("o")} from the "{m.group("d").strip(chr(34))}" dropdown',
    ),
    # 'Press "Submit"': a quoted name that is no key is a button pressed.
    _sub(
        r"^press\s+(?=[\"“'](?!(?:enter|return|tab|escape|esc|space|backspace|delete|home|end|pageup|pagedown|"
        r"arrow\w+|f\d{1,2}|shift|control|ctrl|alt|meta)[\"”'])[^\"“'+]+[\"”']$)",
        "Click ",
    ),
    # Other verbs for the same actions.
    _sub(r"^(?P<verb>double|right)[\s-]click\s+(?:on\s+)?", r"\g<verb>-click "),
    _sub(r"^(?:click|tap)\s+(?:in|into|inside)\s+(?=the\s+.+\s(?:field|box|input|textbox|area)$)", "Click "),
    _sub(r"^focus\s+(?:on\s+)?(?=the\s+.+\s(?:field|box|input|textbox|area)$)", "Click "),
    _sub(r"^empty\s+(?=the\s)", "Clear "),
    _sub(r"\bconfirmation(?:\s+(?:dialog|box|popup|prompt))?$", "confirm dialog"),
    # "Open the Receipts link", "Follow the Privacy link in the footer": a link is opened by clicking it.
    _sub(r"^(?:open|follow)\s+(?=the\s+\S.*?\slink(?:\s+(?:in|on|from|at)\s+the\s+.+)?$)", "Click "),
    # "Right-click budget-2026.xlsx", "Expand src/cache/evict.py": a file name (a name, a dot, an extension
    # that starts with a letter) is a literal, named as if quoted; expanding or collapsing it is a click.
    _sub(
        r"^(?P<verb>click|double-click|right-click|hover\s+over|hover|expand|collapse)\s+(?:on\s+)?(?:the\s+)?"
        r"(?:(?:file|folder|directory)\s+)?(?P<file>[\w~.-]*(?:/[\w~.-]+)*\w\.[A-Za-z][A-Za-z0-9]{0,4})$",
        lambda m: (
            f"{'Click' if m.group('verb').lower() in ('expand', 'collapse') else m.group('verb')} "
            f'"{m.group("file")}"'
        ),
    ),
    # "still", "now", "again" in a claim change nothing it checks.
    _sub(r"\s+(?:is|are)\s+still\s+", " is "),
    _sub(r"\s+still\s+(?=(?:shows?|reads?|says?|contains?|displays?|has|have|lists?|equals?)\b)", " "),
    # A row's value with the row as a place: "Status in the "web-prod-03" row says Running", 'In the "Website"
    # row, the Friday hours should be 1.5' is "the status for "web-prod-03"": that row's cell.
    _sub(
        rf"^(?:(?:in|within)\s+the\s+(?P<lead_row>{_Q})\s+row\s*,\s*(?:verify\s+)?(?:the\s+)?"
        r"(?P<lead_what>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"
        r"|(?:verify\s+)?(?:the\s+)?(?P<what>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)\s+"
        rf"(?:in|within)\s+the\s+(?P<row>{_Q})\s+row)"
        r"\s+(?P<op>is|shows|says|reads|displays|should\s+(?:be|show|say|read|display))\s+(?P<value>\S.*)$",
        lambda m: _row_value(m),
    ),
    # "… appears on the page", "… is displayed on the screen", "… can be seen": visible.
    _sub(
        r"\s+(?:appears?|is\s+(?:shown|displayed|visible)|are\s+(?:shown|displayed|visible)|can\s+be\s+seen)"
        r"\s+(?:on|in)\s+(?:the\s+)?(?:page|screen)$",
        " is visible",
    ),
    _sub(r"\s+can\s+be\s+seen$", " is visible"),
    # '"Kindred" is listed' is in the list; "no longer listed" is not.
    _sub(r"^(verify\s+\S.*?)\s+is\s+(?:still\s+|now\s+)?listed$", r"\1 is in the list"),
    _sub(r"^(verify\s+\S.*?)\s+is\s+(?:no\s+longer|not)\s+listed$", r"\1 is not in the list"),
    _sub(r"^(verify\s+.+?\S)\s+appears$", r"\1 is visible"),
    # A field's message stated: 'An error "Required" is shown under the Email field'.
    _sub(
        rf"^(?=(?:(?:an?\s+|the\s+)?(?:(?:red|inline|validation|field|error)\s+)?(?:error|message|warning|hint|"
        rf"validation)\b[^\"]*)?{_Q}.*\s(?:under|below|beneath|underneath|next\s+to|beside)\s+the\s+.+\s"
        rf"(?:field|input|box)$)",
        "Verify ",
    ),
    # A statement of a count or of a region's text is that claim: "The "Negotiation" column has 6 deals",
    # "There are 3 items in the cart", '"Initech" is in the Negotiation column'.
    _sub(
        r"^(?=the\s+\S.{0,60}?\s+(?:has|contains|lists|shows|holds)\s+(?:exactly\s+)?\d+\s+[^\W\d_][\w-]*$)",
        "Verify ",
    ),
    _sub(r"^(?=there\s+(?:are|is)\s+(?:exactly\s+)?\d+\s+[^\W\d_])", "Verify "),
    _sub(
        rf"^(?={_Q}\s+(?:is|appears)\s+(?:(?:now|still|shown|listed)\s+)?(?:in|under)\s+(?:the\s+)?\S)",
        "Verify ",
    ),
    # A statement of state is that claim: "The Save button is disabled", '"Welcome" is displayed'.
    _sub(rf"^(?=(?:the\s|{_Q}).*\s(?:is|are)\s+(?:now\s+)?(?:not\s+)?(?:{_STATE_WORDS})$)", "Verify "),
    _sub(rf"^(?=(?:the|a|an)\s+.*{_Q}.*\s(?:appears|appeared|is\s+shown|is\s+displayed)$)", "Verify "),
    # A statement of a value: "Plan price shows £39.99" (no article: one is added), "The first activity says
    # "x"", "The PR title is "x"" (a should-statement stays one: the should rule reads it).
    _sub(
        rf"^(?!(?:the|a|an|verify|check|click|type|enter|select|choose|press|open|go|set|fill|wait|scroll|hover|"
        rf"upload|navigate|clear)\b)(?=[A-Za-z][\w'’-]*(?:\s+[\w'’-]+){{0,3}}?\s+(?:says|reads|shows|displays|"
        rf"should\s+(?:show|read|say|be|display|equal))\s+(?:now\s+)?(?:{_Q}|[£$€¥+-]?\d))",
        "the ",
    ),
    _sub(
        rf"^(?=the\s+\S.*?\s(?:says|reads|shows|displays|contains|equals|is)\s+(?:now\s+)?(?:exactly\s+)?"
        rf"(?:{_Q}|[£$€¥+-]?\d)\S*"
        r"[^\"“']*$)",
        "Verify ",
    ),
    # "url contains owner=me".
    _sub(
        r"^(?:verify\s+)?(?:the\s+)?url\s+(?:contains|includes|should\s+contain)\s+(?P<x>[^\s\"“']+)$",
        r'Verify the URL contains "\g<x>"',
    ),
    # Storage as a statement: 'localStorage key "k" should equal "v"', 'Cookie "u" should be set to "i"'.
    _sub(r"^(?P<area>(?:the\s+)?(?:local\s*storage|session\s*storage|cookie))\b", r"Verify \g<area>"),
    _sub(
        rf"^(?P<head>verify\s+(?:the\s+)?(?:local\s*storage|session\s*storage|cookie)(?:\s+(?:key|item))?\s+{_Q})\s+"
        r"(?:should\s+(?:equal|be(?:\s+set\s+to)?)|is\s+set\s+to)\s+",
        r"\g<head> equals ",
    ),
    _sub(
        r"^(?P<head>verify\s+(?:the\s+)?(?:local\s*storage|session\s*storage|cookie).*?)\s+should\s+contain\s+",
        r"\g<head> contains ",
    ),
    # "the Enrol button should now say "Enrolled"", "the Subscribe button changes to "Subscribed"": the button
    # is now named so.
    _sub(
        rf"^(?:verify\s+)?the\s+(?:{_Q}|[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,2}}?)\s+button\s+(?:should\s+)?(?:now\s+)?"
        rf"(?:says?|reads?|changes\s+to|change\s+to|is\s+renamed\s+to|shows?|is\s+labell?ed)\s+(?:now\s+)?(?P<name>{_Q})$",
        r"Verify the \g<name> button is visible",
    ),
    # A switch "is on|off" is checked or not.
    _sub(
        r"\s(?P<noun>toggle|switch|checkbox|check\s+box)\s+(?:is|should\s+be)\s+(?:turned\s+|switched\s+)?on$",
        r" \g<noun> is checked",
    ),
    _sub(
        r"\s(?P<noun>toggle|switch|checkbox|check\s+box)\s+(?:is|should\s+be)\s+(?:turned\s+|switched\s+)?off$",
        r" \g<noun> is not checked",
    ),
    # "The user is redirected to "/dashboard"": where the user is, told by the URL.
    _sub(
        rf"^(?:{_ACTOR})\s+(?:is|are|am|gets|get|should\s+be)\s+(?:redirected|taken|sent|navigated|forwarded|"
        r"brought)\s+(?:back\s+)?to\s+(?P<url>\"/[^\"]*\"|/\S*)$",
        _on_path,
    ),
    # "Press Enter to submit": the key is the step; the purpose says what it is for.
    # Only what the key does anyway: Enter submits, Escape closes ("Press Tab to submit" claims more).
    _sub(
        r"^(?P<key>press\s+(?:the\s+)?(?:enter|return)(?:\s+key)?)\s+to\s+(?:submit|confirm|send|search)"
        r"(?:\s+(?:the|it|this)(?:\s+(?:form|search|message|query))?)?$",
        r"\g<key>",
    ),
    _sub(
        r"^(?P<key>press\s+(?:the\s+)?(?:escape|esc)(?:\s+key)?)\s+to\s+(?:close|dismiss|cancel)"
        r"(?:\s+(?:the|it|this)(?:\s+(?:dialog|modal|popup|menu))?)?$",
        r"\g<key>",
    ),
    _sub(r"^press\s+(?P<key>\S+)(?:\s+key)?\s+(?:twice|two\s+times)$", r"press \g<key> and press \g<key>"),
    _sub(r"\bsearch\s+(?:bar|field|input)\b", "search box"),
    _sub(r"\bconfirmation\s+(?:dialog|box|popup)\b", "confirm dialog"),
    _sub(
        r"^verify\s+(?:that\s+)?the\s+focus\s+is\s+(?:on|in)\s+(?P<what>.+)$", r"Verify \g<what> is focused"
    ),
    # "Verify the page contains a link "Privacy"", "Verify there is a "Save" button".
    _sub(
        rf"^verify\s+(?:the\s+page\s+(?:contains|has|shows|displays)|there\s+is)\s+an?\s+"
        rf"(?P<noun>link|button|heading|checkbox|field|image|tab|dialog)\s+(?P<name>{_Q})$",
        r"Verify the \g<name> \g<noun> is visible",
    ),
    _sub(
        rf"^verify\s+(?:the\s+page\s+(?:contains|has|shows|displays)|there\s+is)\s+an?\s+(?P<name>{_Q})\s+"
        r"(?P<noun>link|button|heading|checkbox|field|image|tab|dialog)$",
        r"Verify the \g<name> \g<noun> is visible",
    ),
    # 'Text "x" is visible': the text is the subject.
    _sub(rf"^text\s+(?={_Q}\s+(?:is|should\s+be)\s)", "Verify "),
    # 'Search the catalogue for isbn "978…"': the value, without the word naming its kind.
    _sub(rf"^(?P<head>search\s+(?:the\s+\w+\s+)?for)\s+[a-z]+\s+(?P<value>{_Q})$", r"\g<head> \g<value>"),
    # 'Enter tracking number "1Z9…"': the words name the field, as in 'Enter the tracking number "…"'.
    _sub(
        # (up to three words: "date of birth", never one of the words that say where a value goes)
        rf"^(?P<verb>type|enter|input)\s+(?!the\s|a\s|an\s)(?P<field>[a-z][\w-]*(?:\s+(?!(?:into|in|on|to|as)\b)"
        rf"[a-z][\w-]*){{0,2}})\s+(?P<value>{_Q})$",
        r"\g<verb> the \g<field> \g<value>",
    ),
    # "the text "X"" → "X" (the grammar's text is already text).
    _sub(rf"\b(?:the|a)\s+text\s+(?={_Q})", ""),
]


_PICKS_ONE = _Lazy(
    r"\b(?:first|second|third|fourth|fifth|last|next|previous|top|bottom|other|same|only|\w+est)\b", _I
)


def _row_value(m: re.Match[str]) -> str:
    """ "the <what> for "<row>" <op> <value>", the value quoted when its ends are certain (quoted already, a
    literal, or a capitalised name to the end of the sentence); otherwise the sentence as it was."""
    value = m.group("value").strip()
    what, row = m.group("what") or m.group("lead_what"), m.group("row") or m.group("lead_row")
    if _PICKS_ONE.compiled.search(what):
        return m.string  # "the first date in the row" picks one of several: not a column's name
    if not re.fullmatch(_Q, value):
        if re.fullmatch(rf"(?:{_STATE_WORDS})", value, _I) or not _a_written_value(value):
            return m.string
        value = f'"{value}"'
    op = m.group("op").lower().split()[-1]
    op = _PRESENT_S.get(op, op)
    return f"Verify the {what} for {row} {op} {value}"


# "a toast saying "Saved"", "the dialog titled "Share"", "a card named "Fix bug"", "the radio button labelled
# "Weekly"": the quoted words are the element's name, as in 'the "Saved" toast'.
_DESCRIBED = _Lazy(
    rf"\b(?:a|an|the)\s+(?:[\w-]+\s+){{0,2}}?(?!(?:appears|appeared|is|was|says|shows|pops)\b)"
    rf"(?P<noun>[\w-]+(?:\s+button|\s+box)?)\s+"
    r"(?:saying|that\s+says|which\s+says|titled|entitled|labell?ed|called|named|reading|that\s+reads|"
    r"with\s+(?:the\s+)?(?:text|title|label|name|message|heading|caption))\s+"
    rf"(?P<name>{_Q})",
    _I,
)


def _described(sentence: str) -> str:
    return _DESCRIBED.sub(lambda m: f"the {m.group('name')} {m.group('noun')}", sentence, count=1)


# "In the Subject field, type "X"" → 'Type "X" in the Subject field';
# 'Enter "Road trip" as the playlist name'.
_IN_FIELD_FIRST = _Lazy(
    rf"^(?:in|into)\s+(?P<field>the\s+.+?|{_Q}(?:\s+\w+)?)\s*,\s*(?P<verb>type|enter|write|input)\s+"
    r"(?P<value>.+)$",
    _I,
)
_AS_THE = _Lazy(
    rf"^(?P<verb>type|enter|input|write|use)\s+(?P<value>{_Q}|\S+)\s+as\s+the\s+(?P<field>.+)$", _I
)
_ROLE_END = r"(?:field|box|input|textbox|text\s+box|area|textarea|text\s+area)"


def _field_first(sentence: str) -> str:
    m = _IN_FIELD_FIRST.match(sentence)
    if m:
        return f"{m.group('verb')} {m.group('value')} in {m.group('field')}"
    m = _AS_THE.match(sentence)
    if m:
        field = m.group("field")
        noun = "" if re.search(rf"\s{_ROLE_END}$", field, _I) else " field"
        verb = "Enter" if m.group("verb").lower() == "use" else m.group("verb")
        return f"{verb} {m.group('value')} in the {field}{noun}"
    return sentence


# An unquoted value's characters: no quote mark, except an apostrophe inside a word ("how's", "O'Brien").
_UNQUOTED = r"(?:[^\"'“”‘’]|(?<=[^\W\d_])['’](?=[^\W\d_]))"
# An unquoted value whose ends are certain: after the verb and before "in|into the … field" (or a quoted
# target), or before "from the … dropdown". Never a value that starts like a field ("the username").
_BARE_FILL = _Lazy(
    rf"^(?P<verb>type|enter|input|write|fill\s+in)\s+(?!the\s|a\s|an\s|{_Q})(?P<value>{_UNQUOTED}+?)\s+"
    rf"(?P<prep>in|into|in\s+to)\s+(?P<target>(?:the\s+)?{_Q}.*|the\s+[^\"“]+?\s+{_ROLE_END})$",
    _I,
)
_BARE_SELECT = _Lazy(
    rf"^(?P<verb>select|choose|pick)\s+(?!the\s|a\s|an\s|{_Q})(?P<value>[^\"'“”‘’]+?)\s+(?P<prep>from|in)\s+"
    rf"(?P<target>(?:the\s+)?{_Q}.*|the\s+(?:[^\"“]+?\s+)?(?:dropdown|drop-down|drop\s+down|select|list|menu|"
    r"combobox|picker|selector))$",
    _I,
)
_PLACEHOLDER_VALUE = re.compile(rf"\{{\{{\s*{VARIABLE_NAME_PATTERN}\s*\}}\}}")
_FILL_WITH = _Lazy(
    rf"^(?P<verb>(?i:fill(?:\s+in|\s+out)?))\s+(?:the\s+)?(?P<field>{_Q}|[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,3}}?)"
    rf"(?:\s+(?:field|box|input))?\s+with\s+(?P<value>[^\"'“”‘’]+)$",
)
# "Set check-in date to 2026-12-10", "Change Servings to 3": a value with a digit (a number, date, time,
# amount) or an e-mail address, unquoted, at the end.
# A literal: a word with a digit, an e-mail address, or a word joined by "_" or "." ("standard_user",
# "secret_sauce", "john.doe"), which no description of a value is.
_LITERAL = (
    r"[^\s\"'“”‘’]*\d[^\s\"'“”‘’]*|[^\s@\"'“”]+@[^\s@\"'“”]+\.[^\s\"'“”]+"
    r"|[^\W\d_]+(?:[_.][^\W\d_]+)+"
)
_SET_LITERAL = _Lazy(rf"^(?P<head>(?:set|change|update)\s+(?:the\s+)?.+?\s+to)\s+(?P<value>{_LITERAL})$", _I)
# "Set Priority to High", "Change the currency to EUR", "Set Country to United Kingdom": a value written with
# a capital, as a dropdown's options are (set_field picks the option of that label, and fails on none).
_SET_NAMED = _Lazy(
    r"^(?P<head>(?i:set|change|update)\s+(?:(?i:the)\s+)?.+?\s+(?i:to))\s+(?P<value>[A-Z][^\"'“”‘’]{0,40})$"
)
_CHECK_LITERAL = _Lazy(
    rf"^(?P<head>verify\s+.+?\s+(?:is|shows|reads|says|displays|equals|contains|has\s+value|should\s+be))\s+"
    rf"(?P<value>{_LITERAL}|[£$€¥+-]?\d[^\"'“”‘’]*)$",
    _I,
)


# An unquoted value is taken as written only when it cannot be a description of one: a literal (a digit or an
# e-mail address in it) or a name written with a capital ("United Kingdom", "Fix login bug"); never "your
# name", "admin" or "something valid", which say what kind of value to type, not which.
_DESCRIBING = _Lazy(
    r"^(?:your|my|his|her|their|our|any|some|something|anything|whatever|whichever|valid|invalid|random|new)\b",
    _I,
)


def _a_written_value(value: str) -> bool:
    value = value.strip()
    if _DESCRIBING.match(value) or len(value.split()) > 6:
        return False
    literal = re.fullmatch(_LITERAL, value) is not None or re.match(r"[+£$€¥-]?\d", value) is not None
    return literal or value[:1].isupper()


def _quote_values(sentence: str) -> str:
    for pattern in (_BARE_FILL, _BARE_SELECT):
        m = pattern.match(sentence)
        # An option may be one lowercase word ("medium": a wrong one is in no list and fails), never a
        # description of one ("your country", "any size").
        if m and (
            _a_written_value(m.group("value"))
            or (pattern is _BARE_SELECT and not _DESCRIBING.match(m.group("value")))
        ):
            head = f'{m.group("verb")} "{m.group("value").strip()}" {m.group("prep")} '
            return head + m.group("target")
    m = _FILL_WITH.match(sentence)
    if m and _PLACEHOLDER_VALUE.fullmatch(m.group("value").strip()):  # "Fill in Password with {{PASSWORD}}"
        field = m.group("field").strip("\"'“”‘’")
        return f'Fill the "{field}" field with {m.group("value").strip()}'
    if m and _a_written_value(m.group("value")):
        field = m.group("field").strip("\"'“”‘’")
        return f'Fill the "{field}" field with "{m.group("value").strip()}"'
    for pattern in (_SET_LITERAL, _CHECK_LITERAL):
        m = pattern.match(sentence)
        if m and not m.group("head").lower().rstrip().endswith(("url is", "url contains", "url matches")):
            return f'{m.group("head")} "{m.group("value")}"'
    m = _SET_NAMED.match(sentence)
    if m and _a_written_value(m.group("value")) and not _DESCRIBING.match(m.group("value")):
        return f'{m.group("head")} "{m.group("value").strip()}"'
    return sentence


# "Open the jobs page at /jobs", "Go to the survey at /survey/feedback", "Visit the listing on /homes/881":
# the URL is where to go; the words before it only name it.
_NAMED_URL = _Lazy(
    r"^(?P<verb>open|go\s+to|visit|navigate\s+to|browse\s+to|load)\s+(?:the\s+|a\s+)?[\w\s'’-]{1,40}?\s+"
    r"(?:at|on|via|from|using)\s+(?:the\s+)?(?:url\s+|address\s+|path\s+)?(?P<url>\S+)$",
    _I,
)


def _named_url(sentence: str) -> str:
    m = _NAMED_URL.match(sentence)
    if m and re.match(r"(?:https?://|/|\{\{|[\"'“‘]\s*(?:https?://|/))", m.group("url"), _I):
        return f"Navigate to {m.group('url')}"
    return sentence


# "in the Done column", "Scroll down to the Transcript section": a capitalised name before a region noun is
# that region's name, as if quoted.
_REGION_NOUN = (
    r"column|lane|section|panel|card|sidebar|menu|dialog|modal|form|group|area|pane|tab|drawer|widget|list|"
    r"table|row|filter|tile"
)
_NAMED_REGION = _Lazy(
    rf"\b(?P<lead>in|inside|within|on|from|under|to|into)\s+the\s+(?P<name>[A-Z][\w'’-]*(?:\s+(?!(?:{_REGION_NOUN})\b)"
    rf"[\w'’-]+){{0,3}}?)\s+(?P<noun>{_REGION_NOUN})\b"
)
_NAMED_SUBJECT = _Lazy(
    # the last of the region nouns is the noun: "the Employee List table" is the table named "Employee List"
    # (never across a place: "the Amount in the second row" is a cell of that row, not a row "Amount in …")
    rf"^(?P<head>verify\s+)the\s+(?P<name>[A-Z][\w'’-]*(?:\s+(?!(?:in|on|at|the)\s)[\w'’-]+){{0,3}}?)\s+"
    rf"(?P<noun>{_REGION_NOUN})\b(?!\s+(?:{_REGION_NOUN})\b)",
    _I,
)


# "Lisbon appears under Saved locations": a capitalised name closing the sentence after "under" is the
# heading the text is under, as if quoted.
_UNDER_HEADING = _Lazy(
    r"\bunder\s+(?:the\s+)?(?P<name>[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,3})$(?<!field)(?<!input)(?<!box)"
)


# "Verify the bulk actions bar says "3 selected"", "The thread panel shows "2 replies"": a part of the page
# named by lower-case words (its heading, label, id or class say them), read as that region's text. Never a
# place word ("the top bar", "the left panel"): those name no region.
_DESCRIBED_REGION = _Lazy(
    r"^(?P<head>verify\s+(?:that\s+)?)the\s+(?P<name>(?!(?:first|second|third|last|main|top|bottom|left|right|"
    r"whole|entire|same|other|new|current|open|side|nav|navigation|menu|status|progress|search|address|title)\b)"
    r"[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,2}?)\s+(?P<noun>panel|bar|toolbar|pane|drawer|widget)\s+"
    rf"(?:says|shows|reads|contains|displays|lists)\s+(?P<x>{_Q})$",
    _I,
)

# 'Verify "2 selected" is shown in the bulk actions bar': the same region, named after the text.
_IN_DESCRIBED_REGION = _Lazy(
    rf"^(?P<head>verify\s+(?:that\s+)?)(?P<x>{_Q})\s+(?:is\s+(?:shown|displayed|visible|present)|appears)\s+"
    r"(?:in|on|inside|within)\s+the\s+(?P<name>(?!(?:first|second|third|last|main|top|bottom|left|right|"
    r"whole|entire|same|other|new|current|open|side|nav|navigation|menu|status|progress|search|address|title)\b)"
    r"[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,2}?)\s+(?P<noun>panel|bar|toolbar|pane|drawer|widget)$",
    _I,
)


def _named_region(sentence: str) -> str:
    if m := _DESCRIBED_REGION.match(sentence) or _IN_DESCRIBED_REGION.match(sentence):
        return f'{m.group("head")}the "{m.group("name")}" panel contains {m.group("x")}'
    sentence = _UNDER_HEADING.sub(lambda m: f'under "{m.group("name")}"', sentence)
    sentence = _NAMED_REGION.sub(
        lambda m: f'{m.group("lead")} the "{m.group("name")}" {m.group("noun")}', sentence
    )
    m = _NAMED_SUBJECT.match(sentence)
    if m and m.group("name")[0].isupper():
        sentence = f'{m.group("head")}the "{m.group("name")}" {m.group("noun")}{sentence[m.end() :]}'
    return sentence


# An action's place that names no one element: "Click "#random" in the sidebar". The action still needs one
# element by that name on the whole page (several are ambiguous and fail), so dropping the place never
# acts on another element; a check keeps its place (dropping it would claim less), so this is actions only.
_ACTION_PLACE = _Lazy(
    r"^(?P<head>(?:click|double-click|right-click|hover(?:\s+over)?|check|uncheck|tick|untick)\s.+?)\s+"
    r"(?:in|on|from|at)\s+the\s+(?:left\s+|right\s+|top\s+|main\s+)?(?:sidebar|side\s+bar|header|footer|"
    r"top\s+bar|navigation(?:\s+bar|\s+menu)?|nav\s*bar|nav|toolbar|menu\s+bar|menu|page|screen|"
    r"(?:cookie\s+|consent\s+|privacy\s+)?(?:banner|notice|bar)|"
    r"breadcrumbs?(?:\s+trail|\s+bar)?|filters?\s+panel|(?:[\w-]+\s+){1,4}?page|corner|(?:top|bottom)(?:[\s-]+(?:right|left))?(?:\s+corner)?"
    r"(?:\s+of\s+the\s+(?:form|page|screen|list|table|dialog))?)$",
    _I,
)
# 'Click "Confirm" in the dialog', "Close the modal": the one open dialog is the element's scope (the page
# library reads a scope named "dialog" as the open dialog, modal or popup around the element).
_DIALOG_PLACE = _Lazy(
    r"^(?P<head>(?:click|double-click|right-click|hover(?:\s+over)?|check|uncheck|tick|untick|press|select|"
    r"choose|fill|type|enter)\s.+?)\s+(?:in|on|inside|within)\s+the\s+(?:open\s+)?(?:dialog|modal|popup|pop-up)"
    r"(?:\s+window|\s+box)?$",
    _I,
)
# 'Click page "2" in the pagination', "Click Next in the pager": the control in the page's pagination (a
# region the page names so: autoqa.target_region), never a "2" or "Next" elsewhere on the page.
_IN_PAGINATION = _Lazy(
    r"^(?P<verb>click|tap|go\s+to|open)\s+(?:page\s+)?(?P<name>\"[^\"]+\"|'[^']+'|\d+|[A-Z][\w'’-]*)\s+"
    r"(?:in|on|from)\s+the\s+(?:pagination|pager|paginator|page\s+navigation)(?:\s+bar|\s+links)?$",
    _I,
)
# "Click page 2": the pagination's "2".
_PAGE_NUMBER = _Lazy(r"^(?:click|go\s+to|open)\s+page\s+(?:number\s+)?(?P<n>\d{1,4})$", _I)
# 'Click the "Last Name" column header to sort': what the click is for claims nothing (the next step checks
# the order).
_TO_SORT = _Lazy(
    r"^(?P<head>(?:click|tap)\s.+?)\s+to\s+sort(?:\s+(?:the\s+)?(?:table|list|rows|column|results|items|it|them))?"
    r"(?:\s+by\s+[\w\s'’-]+?)?(?:\s+(?:ascending|descending|alphabetically))?$",
    _I,
)
# 'Add "Backpack" to the cart', 'Remove "Backpack" from the cart', 'Delete the comment "Nice post"': the
# row's own control, named as the step says ("Add to cart", "Remove", "Delete").
# A product named as it reads, unquoted ("Remove the Sauce Labs Backpack from the cart"): capitals or digits.
_PRODUCT_NAME = r"(?-i:[A-Z][\w'’.&-]*(?:\s+[A-Z0-9(][\w'’.&()-]*){0,5})"
_ADD_TO = _Lazy(
    rf"^add\s+(?:the\s+)?(?:item\s+|product\s+)?(?P<name>{_Q}|{_PRODUCT_NAME})\s+to\s+(?:the\s+|my\s+)?"
    r"(?P<place>cart|basket|bag|wishlist|wish\s+list|favourites|favorites)$",
    _I,
)
_REMOVE_ROW = _Lazy(
    rf"^(?P<verb>remove|delete)\s+(?:(?:the\s+(?:[\w-]+\s+)?)?(?P<name>{_Q})(?:\s+from\s+(?:the\s+|my\s+)?"
    r"(?:cart|basket|bag|list|wishlist|wish\s+list|favourites|favorites|table))?|(?:the\s+)?"
    rf"(?P<bare>{_PRODUCT_NAME})\s+from\s+(?:the\s+|my\s+)?"
    r"(?:cart|basket|bag|list|wishlist|wish\s+list|favourites|favorites|table))$",
    _I,
)
# 'Fill in First Name with "Ada"': a capitalised field name with no "the" or noun.
_FILL_IN_BARE = _Lazy(
    rf"^(?i:fill\s+(?:in|out))\s+(?!(?i:the)\s)(?P<field>[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,3}}?)\s+with\s+(?P<value>{_Q})$"
)
# 'Sort the products by "Price (low to high)"': that option of the sort control. Unquoted as the option
# reads ("Sort products by Price (low to high)", "Sort the results by Newest"): a capital first, up to four
# words and a bracket, to the end of the sentence; never a description of an order ("by price from lowest
# to highest", "by Date in descending order") nor more than the option ("by Price and check the total").
_SORT_BY_OPTION = _Lazy(
    rf"^sort\s+(?:the\s+)?(?:[\w-]+\s+){{0,2}}?by\s+(?:(?P<option>{_Q})|(?P<bare>(?-i:[A-Z0-9])[\w'’&:/+-]*"
    r"(?:\s+[\w'’&:/+-]+){0,3}(?:\s*\([^()\"“”]{1,30}\))?))$",
    _I,
)
_NOT_IN_AN_OPTION = frozenset(
    ("and", "or", "then", "so", "that", "which", "is", "are", "in", "from", "order", "ascending",
     "descending", "with", "without", "if", "when", "verify", "check")
)  # fmt: skip
_CLOSE_DIALOG = _Lazy(r"^close\s+the\s+(?:open\s+)?(?:dialog|modal|popup|pop-up)(?:\s+window|\s+box)?$", _I)
# "Check the "Free cancellation" filter": a check box named by the filter it sets.
_CHECK_NOUN = _Lazy(
    rf"^(?P<verb>check|uncheck|tick|untick|enable|disable)\s+the\s+(?P<name>{_Q})\s+(?:filter|option|setting|"
    r"preference|facet|toggle|switch|box)$",
    _I,
)
# "Check the boxes "Email" and "SMS"": one step per box.
_MANY_BOXES = _Lazy(
    rf"^(?P<verb>check|uncheck|tick|untick)\s+(?:the\s+)?(?:boxes|checkboxes|check\s+boxes|options)\s+"
    rf"(?P<names>{_Q}(?:\s*,\s*{_Q})*\s*,?\s*and\s+{_Q})$",
    _I,
)
# "Type "1990-04-01" in Date of birth": a capitalised field name with no noun after it.
_BARE_TARGET = _Lazy(
    rf"^(?P<verb>(?i:type|enter|input|write))\s+(?P<value>{_Q})\s+(?:in|into)\s+(?P<name>[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,3}})$"
)
# "Set check-in date to "…"" (no "the"), "Select "x" from the Delivery method list".
_SET_NO_THE = _Lazy(
    rf"^(?P<verb>set|change|update)\s+(?!the\s)(?P<name>[\w'’-]+(?:\s+[\w'’-]+){{0,3}}?)\s+to\s+"
    rf"(?P<value>{_Q})$",
    _I,
)
_FROM_LIST = _Lazy(rf"^(?P<head>(?:select|choose|pick)\s+{_Q}\s+(?:from|in)\s+the\s+.+?)\s+list$", _I)
# "Assignee should be displayed as "Ada"", "Price should read "£5"": a label, then its value.
_LABEL_SHOULD = _Lazy(
    rf"^(?!(?i:verify|check|ensure|confirm|the)\b)(?P<label>[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,2}}?)\s+should\s+"
    r"(?:be\s+(?:displayed|shown|set)\s+(?:as|to)|be|read|"
    rf"show|say|equal)\s+(?P<value>{_Q})$"
)
# 'the message "Hello team"', 'the channel "#random"': the quoted words name it, as in '"Hello team"'.
_NOUN_THEN_NAME = _Lazy(
    rf"\bthe\s+(?P<noun>message|comment|post|reply|email|item|entry|card|task|ticket|file|song|track|channel|"
    rf"conversation|thread|folder|tag|label|chip|product|recipe|article|event|document|project|user|contact)\s+"
    rf"(?P<name>{_Q})",
    _I,
)


_ROLE_WORD = "(?:" + "|".join(re.escape(w) for w in ROLE_WORDS if w.isascii() and " " not in w) + ")"
# 'Click the "#random" channel', 'Click the Edit icon': a name, then a noun that names no role (a role word
# stays: the grammar keeps it as a filter, "Click the "Books" link in the sidebar" clicks a link). A word of
# place is no name: "the first image" is a position (the grammar's own reading), never an element "first".
_CLICK_NAMED = _Lazy(
    rf"^(?P<verb>click|double-click|right-click|hover\s+over|hover)\s+the\s+(?:(?P<name>{_Q})\s+"
    rf"(?:(?!{_ROLE_WORD}\s)(?-i:[a-z][\w-]*)\s+)?(?!{_ROLE_WORD}$)[^\W\d_][\w-]*|"
    rf"(?!(?:{POSITION_WORD}|next|previous|top|bottom|middle|other|same)\b)"
    r"(?P<bare>[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,2}?)\s+(?:icon|image|logo|thumbnail|tile|chip|pill|menu|card|"
    r"filter|entry|toggle))"
    # 'Click the Delete icon for "Alden"': the same, in that row (a quoted row only)
    rf"(?P<scope>\s+(?:for|next\s+to|beside)\s+{_Q})?$",
    _I,
)
_SWITCH_TAB = _Lazy(rf"^(?:switch|go)\s+to\s+the\s+(?P<name>{_Q})\s+tab$", _I)
# 'The "Share" dialog should open', 'A modal should pop up', '… should close'.
_OPENS = _Lazy(
    r"^(?:verify\s+)?(?P<subject>(?:the|a|an)\s+.*?(?:dialog|modal|popup|pop-up|drawer))\s+(?:should\s+|is\s+)?"
    r"(?P<how>open|opens|be\s+opened|be\s+open|pop\s+up|pops\s+up|appear|appears|close|closes|be\s+closed|"
    r"disappear|disappears)$",
    _I,
)


# What no link on a page opens: "Open the TodoMVC app", "Go to the Admin site" say where the spec starts
# (its URL, or the agent's to find), never a click on a link of that name.
NOT_A_LINK_PLACE = frozenset(("app", "application", "site", "website", "web", "browser"))


# "Open Filters", "Expand Advanced options", "Navigate to Deals", "Open the Queue panel": a capitalised name
# after a verb of opening is what is clicked; "Go to Settings > Downloads" clicks each in turn.
_OPEN_NAMED = _Lazy(
    r"^(?i:open|expand|collapse|navigate\s+to|go\s+to|switch\s+to)\s+(?:the\s+)?(?P<name>[A-Z][\w'’&-]*(?:\s+[\w'’&-]+)"
    r"{0,3}?(?:\s*>\s*[A-Z][\w'’&-]*(?:\s+[\w'’&-]+){0,3}?)*)(?:\s+(?:panel|section|tab|menu|page|view|pane|drawer))?$"
)
# "Fill Last name: Shah", "Enter priya@x.org into Email", "Enter 58,400.00 in Wages (Box 1)".
_FILL_COLON = _Lazy(
    r"^(?i:fill(?:\s+in)?|enter|set)\s+(?P<field>[A-Z][\w\s()'’-]{0,40}?)\s*:\s*(?P<value>\S.*)$"
)
_FILL_BARE_FIELD = _Lazy(
    r"^(?P<verb>(?i:type|enter|input|write))\s+(?P<value>[^\s\"'“”‘’]+(?:\s+[^\s\"'“”‘’]+){0,3}?)\s+(?i:in|into)\s+"
    r"(?P<field>[A-Z][\w\s()'’-]{0,40})$"
)
# "Select English as source language", "Select "x" from Home type", "Choose machine type "e2-standard-4"".
_SELECT_AS = _Lazy(
    # (an unquoted option is a capitalised name of a few words: "Pick any ticket and check … as the list row"
    # names no option)
    rf"^(?P<verb>select|choose|pick)\s+(?P<option>{_Q}|(?-i:[A-Z])[\w,'’-]*(?:\s+(?!and\b|then\b)[\w,'’-]+){{0,4}}?)\s+as\s+"
    r"(?:the\s+)?"
    r"(?P<field>[\w\s'’-]{1,40})$",
    _I,
)
_SELECT_FROM_BARE = _Lazy(
    rf"^(?P<head>(?i:select|choose|pick)\s+{_Q}\s+(?i:from))\s+(?P<field>[A-Z][\w\s'’-]{{0,40}})$"
)
# "Select Closed in the Status filter", 'Choose "Paid" from the "Status" filter': a filter that is a dropdown.
_SELECT_IN_FILTER = _Lazy(
    rf"^(?P<verb>select|choose|pick)\s+(?P<option>{_Q}|(?-i:[A-Z0-9])[\w.'’-]*(?:\s+[\w.'’-]+){{0,2}}?)\s+(?:in|from)\s+"
    rf"the\s+(?P<field>{_Q}|(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){{0,2}}?)\s+filter$",
    _I,
)
_SELECT_FIELD_VALUE = _Lazy(
    rf"^(?P<verb>(?i:select|choose|pick))\s+(?P<field>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){{0,2}}?)\s*:?\s+"
    rf"(?P<option>{_Q}|[A-Z0-9][\w.,'’-]*(?:\s+[\w.,'’-]+){{0,3}}|[a-z]+-[\w.-]+)$"
)
_NOT_A_FIELD_WORD = frozenset(("for", "next", "to", "beside", "by", "in", "of", "on", "all"))
_DROPDOWN_WORDS = frozenset(("dropdown", "drop-down", "select", "combobox", "option"))


def _selected_in(field: str, option: str) -> str | None:
    """ "Select size Large", "Select the size Large": the option of the field those words name; "Select
    dropdown Large", "Select option Large": of the page's one dropdown; "Select the checkbox for Kindred"
    or "Select radio Yes" name another control (and its row), so no dropdown reading."""
    words = field.split()
    if words and words[0].lower() in ("the", "a", "an"):
        words = words[1:]
    if not words:
        return None
    if len(words) == 1 and words[0].lower() in _DROPDOWN_WORDS:
        return f'Select "{option}" from the dropdown'
    if any(w.lower() in _NOT_A_FIELD_WORD or w.lower() in ROLE_WORDS for w in words):
        return None
    return f'Select "{option}" from the "{" ".join(words)}" dropdown'


_NOUN_BEFORE_QUOTE = _Lazy(
    rf"^(?P<verb>(?i:select|choose|pick))\s+(?P<noun>[a-z]+)\s+(?P<option>{_Q})\s+(?P<rest>(?i:from|in)\s+.+)$"
)
# 'Choose the "Premium" plan', 'Select the 11:00 time slot': a choice shown as a tile or a button.
_CHOICE = _Lazy(
    rf"^(?:select|choose|pick)\s+the\s+(?P<name>{_Q}|[\w:.£$€-]*\d[\w:.£$€-]*)\s+(?:plan|tier|reward\s+tier|slot|"
    r"time\s+slot|size|colou?r|package|tile|amount|delivery\s+option|shipping\s+option)(?:\s+button)?$",
    _I,
)
# "Upload proof_of_address.pdf to the Documents field": a file name is a literal.
_UPLOAD_BARE = _Lazy(
    r"^(?P<verb>upload|attach)\s+(?P<file>[\w./-]+\.[A-Za-z0-9]{2,5})(?P<rest>\s+(?:to|into|in|using)\s+.+|)$",
    _I,
)


# "Search for CS201", "Enter the promo code FRIENDS10", "Enter tracking number 1Z999…": a literal value last.
_LAST_LITERAL = _Lazy(
    r"^(?:(?P<search>(?i:search(?:\s+the\s+\w+)?\s+for))(?:\s+[a-z]+)?"
    r"|(?P<verb>(?i:type|enter|input))\s+(?:the\s+)?(?P<field>[a-z][\w-]*(?:\s+[a-z][\w-]*)?))"
    rf"\s+(?P<value>{_LITERAL})$"
)
# 'Answer Yes to "Did you …?"', "Choose No for 'Do you have pets?'": that radio in that question's group.
_ANSWER = _Lazy(
    rf"^(?:answer|choose|select|pick|tick)\s+(?P<a>{_Q}|[A-Z][\w'’-]*)\s+(?:to|for)\s+(?:the\s+question\s+)?(?P<q>{_Q})$",
    _I,
)
# 'Choose "Leave with neighbour"', "Select Standard deduction": a choice by its name alone.
_CHOOSE_NAMED = _Lazy(rf"^(?i:choose|select|pick)\s+(?P<name>{_Q}|[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,3}})$")
# 'Toggle "Auto-download" off', "Shuffle should be on": a switch's state.
_TOGGLE = _Lazy(
    rf"^(?i:toggle|turn|switch)\s+(?P<name>{_Q}|[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,3}}?)\s+(?P<to>(?i:on|off))$"
)
_TOGGLED = _Lazy(
    rf"^(?P<name>{_Q}|[A-Z][\w'’-]*(?:\s+[\w'’-]+){{0,2}}?)\s+(?i:should\s+be|is)\s+(?:(?i:turned|switched)\s+)?"
    r"(?P<to>(?i:on|off))$"
)
# 'Verify the order confirmation "Thank you for your order!" is displayed', 'Verify the article title "Hello"
# is shown': words that say what kind of text the quoted text is, then that it shows — the text is on the
# page. Not the page's (or a window's) title, which is the document's; a role word ("the Save button") and a
# region ("the cart") have readings of their own.
_TEXT_CALLED = _Lazy(
    rf"^(?:(?i:verify|check\s+that|ensure|confirm|expect)\s+(?:(?i:that)\s+)?)?(?i:the)\s+"
    r"(?P<words>(?:[\w-]+\s+){0,2}(?i:confirmation|title|subtitle|text|message|caption|description|greeting|"
    r"notice|summary|tagline|headline|note|name))\s+"
    rf"(?P<text>{_Q})\s+(?i:is|appears|shows)(?:\s+(?i:displayed|shown|visible|present|on\s+the\s+page))?$"
)
_NOT_TEXT_KINDS = frozenset(("page", "window", "tab", "browser", "document", "site"))


# "Click Add next to Books" (an admin index: each model's row has its own Add and Change links): that name in
# the row of the other, both as they read. Only "next to" / "beside": "Save for Later" is one button's name.
_CLICK_NEXT_TO_BARE = _Lazy(
    r"^(?P<verb>(?i:click|tap))\s+(?:(?i:on)\s+)?(?P<name>[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,2}?)\s+"
    r"(?i:next\s+to|beside)\s+(?:(?i:the)\s+)?(?P<row>[A-Z0-9][^\"“”]{0,60}?)$"
)


# "Select the checkbox for Kindred", "Tick the checkbox next to A Wizard of Earthsea": a row's box, the row
# named as it reads (with a capital or a digit, or a file or host name: "budget-final.xlsx"), as if quoted.
_BOX_FOR_BARE = _Lazy(
    r"^(?P<head>(?i:select|check|tick|uncheck|untick|deselect|unselect)\s+(?i:the)\s+"
    r"(?i:checkbox|check\s+box|radio\s+button|radio)\s+(?i:for|next\s+to|beside|by|on))\s+"
    r"(?P<name>[A-Z0-9][^\"“”]{0,60}?|[a-z][\w-]*[.\d-][\w.-]*)$"
)
_CHECK_BOX_NAMED = _Lazy(
    r"^(?P<verb>(?i:check|tick|uncheck|untick))\s+(?:the\s+)?(?P<name>[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,3}?)\s+(?i:box|checkbox)$"
)
# "Due date should change to 19 Dec 2026", "Source language should now be Japanese".
_LABEL_BECOMES = _Lazy(
    r"^(?P<label>[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,2}?)\s+(?i:should\s+(?:change\s+to|now\s+be|now\s+read|be\s+updated\s+to))\s+"
    rf"(?P<value>{_Q}|[A-Z0-9£$€][^\"“']*)$"
)
_DOUBLE_NAMED = _Lazy(
    r"^(?P<verb>(?i:double-click|right-click|hover\s+over|hover))\s+(?P<name>[A-Z0-9][^\"“'‘]*)$"
)
# "the volume slider value is 70", "The Other amount field value is 12.50": that control's value.
_CONTROL_VALUE = _Lazy(
    rf"^(?P<head>verify\s+)the\s+(?P<name>.+?)\s+(?P<noun>slider|field|input|dropdown|box)\s+value\s+(?:is|equals|should\s+be)\s+"
    rf"(?P<value>{_Q})$",
    _I,
)

# "Verify a Delete button is displayed", 'Verify there is a "Save" link': a control of that role and name is
# shown — read as "the": a second one fails the step as ambiguous, never passes on another element. The name
# is quoted or written with capitals ("Add/Remove Elements"); "a new button", "a button" name nothing.
_A_NAMED_CONTROL = _Lazy(
    r"^(?i:verify|check|confirm|ensure|assert)(?:\s+(?i:that))?\s+(?P<there>(?i:there\s+is)\s+)?(?i:an?)\s+"
    rf"(?P<name>{_Q}|[A-Z][\w'’/&-]*(?:\s+[A-Z][\w'’/&-]*){{0,2}})\s+(?P<role>(?i:{_ROLE_WORD}))"
    r"(?P<state>\s+(?i:is\s+(?:displayed|visible|shown|present)|appears|exists))?$"
)


# 'Verify the "Book" button for Saturday Yoga is disabled', "Verify the status for Dr. Silva is "Cancelled"",
# "Hover over the info icon next to Overtime": a row or card named as it reads (capitals, digits), after
# "for", "of", "next to" or "beside", as if quoted — the grammar then reads that row's control or value.
_BARE_ROW_NAME = r"[A-Z0-9][\w'’.&:-]*(?:\s+(?:[A-Z0-9][\w'’.&:-]*|of|and|the|de|da|von|van|on)){0,4}"
_CHECK_IN_BARE_ROW = _Lazy(
    r"^(?P<head>(?i:verify|check|confirm|ensure|make\s+sure)\s+(?:(?i:that)\s+)?(?i:the)\s+"
    r"(?:\"[^\"]+\"(?:\s+[a-z][\w-]*)?|[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+(?i:for|of|next\s+to|beside))\s+"
    rf"(?P<name>{_BARE_ROW_NAME})\s+(?P<rest>(?i:is|shows|says|reads|displays|contains|has|should)\s.*)$"
)
_ACT_IN_BARE_ROW = _Lazy(
    r"^(?P<head>(?i:hover\s+over|hover|click|tap|double-click|right-click)\s+(?i:the)\s+\S.*?\s+"
    rf"(?i:for|next\s+to|beside))\s+(?P<name>{_BARE_ROW_NAME})$"
)


def quote_bare_row(sentence: str) -> str:
    """``sentence`` with a row named bare after "for" / "next to" quoted (itself when there is none): read
    before any other wording, so that the sentence keeps its role word ('the "Book" button')."""
    if m := _CHECK_IN_BARE_ROW.match(sentence) or _ACT_IN_BARE_ROW.match(sentence):
        rest = m.groupdict().get("rest")
        return f'{m.group("head")} "{m.group("name")}"' + (f" {rest}" if rest else "")
    return sentence


# "Verify Kindred is no longer in the list", "Verify Hotel Avenida is shown in the results": a name written
# with capitals (an item, a person, a place) is that text, as if quoted; only where the claim is that it
# shows or not. Never a role or page word ("Verify Login Button is visible", "Verify Dashboard Page is
# shown": an element or a page, not a text), nor a word that points ("This", "Everything").
_NAME_SHOWN = _Lazy(
    r"^(?P<verb>(?i:verify|check|confirm|ensure))(?:\s+(?i:that))?\s+"
    r"(?P<name>[A-Z][\w'’.&-]*(?:\s+(?:[A-Z][\w'’.&-]*|of|and|the|de|da|von|van)){0,3})\s+"
    r"(?P<tail>(?i:is\s+(?:still\s+|now\s+)?(?:no\s+longer\s+|not\s+)?(?:visible|shown|displayed|present|listed|"
    r"(?:shown\s+|listed\s+)?(?:in|on|under)\s+the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?|"
    # a place the page names: quoted, or written with a capital ("listed under Contacts", "in Active loans")
    r"(?:shown\s+|listed\s+)?(?:in|on|under)\s+(?:the\s+)?(?:\"[^\"]+\"(?:\s+[a-z]+)?|"
    r"(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){0,3}))))$"
)
_NOT_A_SHOWN_NAME = frozenset(
    (
        "page",
        "screen",
        "title",
        "url",
        "it",
        "this",
        "that",
        "everything",
        "nothing",
        "all",
        "none",
        "each",
        "there",
        "these",
        "those",
        "they",
        "he",
        "she",
        "we",
        "you",
        "i",
    )
)


# "Biscuit should still be in favourites", "Lisbon appears under Saved locations": a statement that a name
# written with capitals shows in a place — the claim 'Verify "Biscuit" is in the favourites'. Only with the
# place (a bare "Checkout is shown" may be a page), and never a word that points ("It", "Everything").
_NAME_STATED = _Lazy(
    r"^(?P<name>[A-Z][\w'’.&-]*(?:\s+(?:[A-Z][\w'’.&-]*|of|and|de|da|von|van)){0,3})\s+"
    r"(?i:should\s+(?:still\s+|now\s+)?(?:appear|be(?:\s+(?:shown|listed|visible|displayed))?)|appears|"
    r"is\s+(?:still\s+|now\s+)?(?:shown|listed|displayed|visible))\s+"
    r"(?P<prep>(?i:in|under|on))\s+(?:(?i:the)\s+)?(?P<place>\"[^\"]+\"|[^\W\d_][\w'’-]*(?:\s+[\w'’-]+){0,3})$"
)


_NOT_A_STATED_NAME = frozenset(("the", "a", "an", "verify", "check", "confirm", "ensure", "expect", "assert"))
"""First words of no stated name: an article (a title, or not: not said) or the verb of a claim."""


def _wording_more(sentence: str) -> str:
    if (
        (m := _NAME_STATED.match(sentence))
        and m.group("name").split()[0].lower() not in _NOT_A_STATED_NAME
        and not any(
            w.lower().strip(".") in ROLE_WORDS or w.lower().strip(".") in _NOT_A_SHOWN_NAME
            for w in m.group("name").split()
        )
    ):
        place = m.group("place")
        the = "the " if place[:1].islower() else ""  # a name ("Saved locations", quoted or not) takes none
        return f'Verify "{m.group("name")}" is {m.group("prep").lower()} {the}{place}'
    if (m := _NAME_SHOWN.match(sentence)) and not any(
        w.lower().strip(".") in ROLE_WORDS or w.lower().strip(".") in _NOT_A_SHOWN_NAME
        for w in m.group("name").split()
    ):
        return f'{m.group("verb")} "{m.group("name")}" {m.group("tail")}'
    if (m := _A_NAMED_CONTROL.match(sentence)) and bool(m.group("there")) != bool(m.group("state")):
        name = m.group("name").strip("\"'“”‘’")
        return f'Verify the "{name}" {m.group("role").lower()} is visible'
    if m := _LAST_LITERAL.match(sentence):
        head = m.group("search") or f"{m.group('verb')} the {m.group('field')}"
        return f'{head} "{m.group("value")}"'
    if m := _ANSWER.match(sentence):
        answer = m.group("a").strip("\"'“”‘’")
        return f'Check the "{answer}" radio in the {m.group("q")} group'
    if m := _TOGGLE.match(sentence):
        name = m.group("name").strip("\"'“”‘’")
        return f'{"Check" if m.group("to").lower() == "on" else "Uncheck"} "{name}"'
    if m := _TOGGLED.match(sentence):
        name = m.group("name").strip("\"'“”‘’")
        return f'Verify "{name}" is {"checked" if m.group("to").lower() == "on" else "not checked"}'
    if m := _CHECK_BOX_NAMED.match(sentence):
        return f'{m.group("verb")} the "{m.group("name")}" checkbox'
    if m := _LABEL_BECOMES.match(sentence):
        value = m.group("value").strip().strip("\"'“”‘’")
        return f'Verify the "{_label(m.group("label"))}" value is "{value}"'
    if m := _DOUBLE_NAMED.match(sentence):
        return f'{m.group("verb")} "{m.group("name").strip()}"'
    if m := _CONTROL_VALUE.match(sentence):
        return f'{m.group("head")}the "{m.group("name")}" {m.group("noun")} has value {m.group("value")}'
    if (m := _OPEN_NAMED.match(sentence)) and not any(
        w.lower() in NOT_A_LINK_PLACE for w in m.group("name").split()
    ):
        names = [n.strip() for n in m.group("name").split(">")]
        return " and ".join(f'Click "{n}"' for n in names)
    if (m := _FILL_COLON.match(sentence)) and (
        _a_written_value(m.group("value")) or m.group("value").strip()[:1] in "\"'“‘"
    ):
        value = m.group("value").strip().strip("\"'“”‘’")
        return f'Fill the "{m.group("field").strip()}" field with "{value}"'
    if (m := _FILL_BARE_FIELD.match(sentence)) and _a_written_value(m.group("value")):
        return f'{m.group("verb")} "{m.group("value")}" in the "{m.group("field").strip()}" field'
    if m := _SELECT_AS.match(sentence):
        option = m.group("option").strip().strip("\"'“”‘’")
        return f'Select "{option}" from the "{m.group("field").strip()}" dropdown'
    if m := _SELECT_FROM_BARE.match(sentence):
        return f'{m.group("head")} the "{m.group("field").strip()}" dropdown'
    if m := _SELECT_IN_FILTER.match(sentence):
        option, field = (_as_quoted(m.group(g)) for g in ("option", "field"))
        return f"Select {option} from the {field} dropdown"
    if m := _NOUN_BEFORE_QUOTE.match(sentence):
        return f"{m.group('verb')} {m.group('option')} {m.group('rest')}"
    if m := _CHOICE.match(sentence):
        name = m.group("name").strip("\"'“”‘’")
        return f'Click "{name}"'
    if (m := _TEXT_CALLED.match(sentence)) and not any(
        w.lower() in ROLE_WORDS or w.lower() in _NOT_TEXT_KINDS for w in m.group("words").split()
    ):
        return f"Verify {m.group('text')} is visible"
    if m := _CLICK_NEXT_TO_BARE.match(sentence):
        return f'{m.group("verb")} "{m.group("name")}" next to "{m.group("row").strip()}"'
    if m := _BOX_FOR_BARE.match(sentence):
        return f'{m.group("head")} "{m.group("name").strip()}"'
    if (m := _SELECT_FIELD_VALUE.match(sentence)) and (
        selected := _selected_in(m.group("field"), m.group("option").strip().strip("\"'“”‘’"))
    ):
        return selected
    if m := _UPLOAD_BARE.match(sentence):
        return f'{m.group("verb")} "{m.group("file")}"{m.group("rest")}'
    if m := _CHOOSE_NAMED.match(sentence):
        name = m.group("name").strip("\"'“”‘’")
        return f'Click "{name}"'
    return sentence


def _label(words: str) -> str:
    """ "Status" in "Status should change to "Shipped"": the name of a value the page labels, quoted in the
    canonical wording so that it is read as that label's value (unquoted, "the status is" would read as a
    readout: the text anywhere on the page, say a "Shipped" filter button)."""
    return re.sub(r"^(?:the|a|an)\s+", "", words.strip(), flags=_I)


def _wording(sentence: str) -> str:
    if m := _ACTION_PLACE.match(sentence):
        sentence = m.group("head")
    if m := _DIALOG_PLACE.match(sentence):
        return f'{m.group("head")} in "dialog"'
    if m := _PAGE_NUMBER.match(sentence):
        return f'Click "{m.group("n")}" in "pagination"'
    if m := _TO_SORT.match(sentence):
        sentence = m.group("head")
    if m := _ADD_TO.match(sentence):
        place = " ".join(m.group("place").split())
        return f'Click "Add to {place}" for {_as_quoted(m.group("name"))}'
    if m := _REMOVE_ROW.match(sentence):
        return f'Click "{m.group("verb").capitalize()}" for {m.group("name") or _as_quoted(m.group("bare"))}'
    if m := _FILL_IN_BARE.match(sentence):
        return f'Fill the "{m.group("field")}" field with {m.group("value")}'
    if (m := _SORT_BY_OPTION.match(sentence)) and (
        m.group("option") or not any(w.lower() in _NOT_IN_AN_OPTION for w in m.group("bare").split())
    ):
        return f'Select {m.group("option") or _as_quoted(m.group("bare"))} from the "Sort" dropdown'
    if m := _IN_PAGINATION.match(sentence):
        return f'Click "{m.group("name").strip(chr(34) + chr(39))}" in "pagination"'
    if _CLOSE_DIALOG.match(sentence):
        return 'Click "Close" in "dialog"'
    if m := _OPENS.match(sentence):
        closed = m.group("how").lower().startswith(("clos", "be clos", "disap"))
        subject = re.sub(r"^(?:a|an)\s", "the ", m.group("subject"), flags=_I)
        return f"Verify {subject} is {'closed' if closed else 'open'}"
    if m := _SWITCH_TAB.match(sentence):
        return f"Click the {m.group('name')} tab"
    if m := _CLICK_NAMED.match(sentence):
        scope = m.group("scope") or ""
        return f"{m.group('verb')} {m.group('name') or chr(34) + m.group('bare') + chr(34)}{scope}"
    if m := _CHECK_NOUN.match(sentence):
        verb = {"enable": "check", "disable": "uncheck"}.get(m.group("verb").lower(), m.group("verb"))
        return f"{verb} {m.group('name')}"
    if m := _MANY_BOXES.match(sentence):
        return " and ".join(f"{m.group('verb')} {name}" for name in re.findall(_Q, m.group("names")))
    if m := _BARE_TARGET.match(sentence):
        return f'{m.group("verb")} {m.group("value")} in the "{m.group("name")}" field'
    if m := _SET_NO_THE.match(sentence):
        return f"{m.group('verb')} the {m.group('name')} to {m.group('value')}"
    if m := _FROM_LIST.match(sentence):
        return f"{m.group('head')} dropdown"
    if m := _LABEL_SHOULD.match(sentence):
        return f'Verify the "{_label(m.group("label"))}" value is {m.group("value")}'
    return _NOUN_THEN_NAME.sub(lambda m: m.group("name"), sentence, count=1)


# A step's text is read several times before it runs (is it a claim, a conditional action, its parts, its
# plain reading, at load and again at planning), and suites repeat steps (a login in every spec): one
# rewrite per distinct sentence per process. The rewrites are pure functions of the text.
@functools.lru_cache(maxsize=8192)
def canonical(sentence: str) -> str:
    """``sentence`` rewritten to the grammar's canonical wording (itself when nothing applies)."""
    text = sentence
    for rewrite in _REWRITES:
        text = rewrite(text)
    for rewrite in (
        _ROWS_BOXES,
        _described,
        _field_first,
        _quote_values,
        _named_url,
        _named_region,
        _wording,
        _wording_more,
    ):
        text = rewrite(text)
    return text[:1].upper() + text[1:] if text != sentence else text


# Two actions in one step: 'Type "Hello" in the message box and press Enter', 'Leave "Comments" empty and
# click Submit'. Split only before a verb that starts a step of its own, or at a semicolon ('Press Tab; the
# Tax ID field should be focused').
_SECOND_STEP = _Lazy(
    r"\s*(?:->|=>|→|⇒)\s*|"
    # "Press End: the "Privacy" tab gets aria-selected"; never a label's colon ("Expected: The …",
    # "Step 3: …")
    r"(?<!\d)(?<!action)(?<!expected)(?<!result)(?<!results)(?<!step)(?<!data)(?<!note)(?<!then)(?<!when)(?<!given)"
    r"(?<!outcome)(?<!condition)(?<!conditions)(?<!verify)(?<!check)(?<!input)(?<!output)(?<!scenario)(?<!test)"
    r"(?<!expectation):\s+(?=(?:the|focus|it|its|aria-[a-z]+)\b)|\s+[—–]\s+|\s+-\s+(?=(?:the|a|an|it|you|verify|check|expect|should)\b)|\s*;\s*|\s*\|\s*|(?<!^\d)(?<!^\d\d)\.\s+(?=(?-i:[A-Z]))|\s*(?:,\s*)?(?:,|\band\s+then\b|\bthen\b|\band\b)\s+(?=(?:press|click|tap|hit|select|choose|check|"
    r"uncheck|tick|untick|type|enter|fill|pick|set|change|leave|add|submit|verify|confirm|ensure|wait|scroll|hover|clear|open|"
    r"go\s+(?:to|back|forward)|"
    r"navigate|reload|refresh|double-click|expect|make\s+sure|make\s+(?:a\s+)?click|accept|dismiss|tab\s+(?:back\s+)?(?:to|until)|"
    r"shift\s*\+\s*tab|(?:its\s+)?aria-[a-z]+|it\s+(?:is|has|gets|should|becomes|now)|(?:the\s+)?focus\s+(?:moves|goes|"
    r"returns|is|lands|stays|should|must))\b)",
    _I,
)


def split_actions(sentence: str) -> list[str]:
    """The parts of a step that chains steps with "and", "then" or a comma (itself when it does not)."""
    parts: list[str] = []
    start = 0
    quoted = _quoted_spans(sentence)
    for m in _SECOND_STEP.finditer(sentence):
        if any(a <= m.start() < b for a, b in quoted):
            continue  # inside a quoted value
        parts.append(sentence[start : m.start()].strip())
        start = m.end()
    parts.append(sentence[start:].strip())
    return [p for p in parts if p]


def _quoted_spans(sentence: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(_Q, sentence)]


def _as_quoted(value: str) -> str:
    """``€41.00`` → ``"€41.00"``; a value already quoted stays as it is."""
    value = value.strip()
    return value if value[:1] in "\"“'‘" else f'"{value}"'
