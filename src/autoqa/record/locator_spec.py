"""``LocatorSpec``: a Playwright locator as data — built in a frame, rendered as Python, replayed by tools.

A recorded element keeps a few of these (its candidates). Each has three faces:

* ``build(scope)`` — the live async ``Locator`` in a page or frame, to validate it at record time;
* ``code(scope)`` — the pytest-playwright (sync) source, e.g. ``page.get_by_role("button", name="Log in",
  exact=True)``, the style ``playwright codegen --target python-pytest`` writes;
* ``replay_target(test_id_attribute)`` — the same element as a ``target`` the tool layer resolves without
  guessing (its explicit-hint forms: ``[data-testid="x"]``, ``role=button name=Log in``, ``#id``, ``css=…``,
  ``text=…``), or ``None`` when no hint form exists (``get_by_label``).

``from_code`` reads back the code ``Locator.normalize()`` reports (Playwright's own locator generator), so
that candidate is parsed with :mod:`ast` rather than from Playwright's internal selector syntax.
"""

from __future__ import annotations

import ast
import re
from typing import Any, Literal

from playwright.async_api import Frame, FrameLocator, Locator, Page
from pydantic import BaseModel, ConfigDict

from autoqa.py_syntax import parse_expression

LocatorKind = Literal[
    "test_id", "role", "row", "region", "label", "placeholder", "alt_text", "title", "text", "css"
]

# Lower is better: what a human reviewer trusts most comes first (test ids and roles survive restyling).
PRIORITY: dict[str, int] = {
    "test_id": 1,
    "role": 2,
    "row": 2,  # an element named only by its row: as good as its role and name would be
    "region": 2,  # an element inside a named list, menu, table … (role and name of both)
    "label": 3,
    "placeholder": 4,
    "alt_text": 5,
    "title": 6,
    "css": 7,
    "text": 8,
}

_GET_BY = {
    "test_id": "get_by_test_id",
    "label": "get_by_label",
    "placeholder": "get_by_placeholder",
    "alt_text": "get_by_alt_text",
    "title": "get_by_title",
    "text": "get_by_text",
}
_KIND_OF_METHOD = {method: kind for kind, method in _GET_BY.items()}
_CSS_IDENT = re.compile(r"-?[A-Za-z_][\w-]*")
_ROLE_NAME = re.compile(r"[a-z]+")

Scope = Page | Frame | FrameLocator


def py_str(text: str) -> str:
    """``text`` as a double-quoted Python literal, valid source for any ``str`` (the one literal builder).

    Printable characters stay readable (é, 中); ``\\``, ``"`` and every character ``str.isprintable()``
    rejects — the rule ``repr`` follows: controls, NUL, lone surrogates, bidi and zero-width characters —
    become escapes, so no invisible character reaches a generated file raw (Trojan Source) and the file
    always encodes as UTF-8.
    """
    return '"' + _escaped(text).replace('"', '\\"') + '"'


def py_text(text: str, *, docstring: bool = False) -> str:
    """``text`` made safe to show in generated code as a comment (default) or a docstring's body.

    Non-printable characters become escapes (``\\u202e``), as in :func:`py_str`. For a comment that is all:
    it stays one line and readable, quotes and backslashes as written. For a docstring, ``\\`` is escaped
    too and a ``"`` that could close the docstring early (before another ``"`` or at the end) becomes
    ``\\"``, while line breaks stay real: the docstring's value is ``text`` again.
    """
    if not docstring:
        return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)
    lines = (_escaped(line) for line in text.split("\n"))
    return _DOCSTRING_QUOTE.sub(r'\\"', "\n".join(lines))


_SHORT_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_DOCSTRING_QUOTE = re.compile(r'"(?="|\Z)')


def _escaped(text: str) -> str:
    """``text`` with ``\\`` and non-printable characters escaped (quotes are left to the caller)."""
    if text.isprintable():  # the common case
        return text.replace("\\", "\\\\")
    return "".join(ch if ch.isprintable() and ch != "\\" else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    code = ord(ch)
    if ch in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[ch]
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def css_string(text: str) -> str:
    """A CSS attribute-value string in double quotes."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ") + '"'


def css_attr(attribute: str, value: str, tag: str = "") -> str:
    return f"{tag}[{attribute}={css_string(value)}]"


def css_id(element_id: str) -> str | None:
    """``#id`` when the id is a plain CSS identifier (ids with odd characters are not worth escaping)."""
    return f"#{element_id}" if _CSS_IDENT.fullmatch(element_id) else None


class LocatorSpec(BaseModel):
    """A locator as data. ``value`` is the test id, name, label, text… or CSS for ``kind="css"``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: LocatorKind
    value: str
    role: str | None = None
    """For ``kind="role"``: the ARIA role; ``value`` is then the accessible name ("" = any name). For
    ``kind="row"``: the role of the element inside the row."""
    exact: bool = True
    row_role: str | None = None
    """For ``kind="row"``: ``listitem`` or ``row``; ``value`` is then the row's text. For
    ``kind="region"``: the region's role (``list``, ``navigation`` …); ``value`` is then its name."""
    row_tag: str | None = None
    """For ``kind="row"`` inside a web component: the component's tag, which stands for the row."""
    inner_tag: str | None = None
    """For ``kind="row"`` without a role (text drawn through a component's slot): the element's tag."""
    inner_name: str | None = None
    """For ``kind="row"``: the element's accessible name inside the row, when it has one."""
    row_exact: bool = False
    """For ``kind="row"``: the row holds an element whose whole text is ``value`` (``has=get_by_text(…,
    exact=True)``), not just text containing it — "Backpack", not "Backpack Deluxe"."""

    @property
    def priority(self) -> int:
        return PRIORITY[self.kind]

    def build(self, scope: Scope) -> Locator:
        if self.kind == "region":
            region = (
                scope.get_by_role(self.row_role, name=self.value, exact=True)  # type: ignore[arg-type]
                if self.value
                else scope.get_by_role(self.row_role)  # type: ignore[arg-type]
            )
            if self.inner_name:
                return region.get_by_role(self.role, name=self.inner_name, exact=True)  # type: ignore[arg-type]
            return region.get_by_role(self.role)  # type: ignore[arg-type]
        if self.kind == "row":
            rows = scope.locator(self.row_tag) if self.row_tag else scope.get_by_role(self.row_role)  # type: ignore[arg-type]
            if self.row_exact:
                row = rows.filter(has=scope.get_by_text(self.value, exact=True))
            else:
                row = rows.filter(has_text=self.value)
            if not self.role:
                return row.locator(self.inner_tag or "*")
            if self.inner_name:
                return row.get_by_role(self.role, name=self.inner_name, exact=True)  # type: ignore[arg-type]
            return row.get_by_role(self.role)  # type: ignore[arg-type]
        if self.kind == "css":
            return scope.locator(self.value)
        if self.kind == "role":
            assert self.role is not None
            name = self.value or None
            return scope.get_by_role(self.role, name=name, exact=self.exact if name else None)  # type: ignore[arg-type]
        if self.kind == "test_id":
            return scope.get_by_test_id(self.value)
        method = getattr(scope, _GET_BY[self.kind])
        locator: Locator = method(self.value, exact=self.exact)
        return locator

    def code(self, scope: str = "page") -> str:
        if self.kind == "region":
            named = f", name={py_str(self.value)}, exact=True" if self.value else ""
            region = f"{scope}.get_by_role({py_str(self.row_role or '')}{named})"
            name = f", name={py_str(self.inner_name)}, exact=True" if self.inner_name else ""
            return f"{region}.get_by_role({py_str(self.role or '')}{name})"
        if self.kind == "row":
            rows = (
                f"{scope}.locator({py_str(self.row_tag)})"
                if self.row_tag
                else f"{scope}.get_by_role({py_str(self.row_role or '')})"
            )
            if not self.role:
                inner = f"locator({py_str(self.inner_tag or '*')})"
            elif self.inner_name:
                inner = f"get_by_role({py_str(self.role)}, name={py_str(self.inner_name)}, exact=True)"
            else:
                inner = f"get_by_role({py_str(self.role)})"
            if self.row_exact:
                has = f"has={scope}.get_by_text({py_str(self.value)}, exact=True)"
            else:
                has = f"has_text={py_str(self.value)}"
            return f"{rows}.filter({has}).{inner}"
        if self.kind == "css":
            return f"{scope}.locator({py_str(self.value)})"
        if self.kind == "role":
            args = [py_str(self.role or "")]
            if self.value:
                args.append(f"name={py_str(self.value)}")
                if self.exact:
                    args.append("exact=True")
            return f"{scope}.get_by_role({', '.join(args)})"
        if self.kind == "test_id":
            return f"{scope}.get_by_test_id({py_str(self.value)})"
        exact = ", exact=True" if self.exact else ""
        return f"{scope}.{_GET_BY[self.kind]}({py_str(self.value)}{exact})"

    def replay_target(self, test_id_attribute: str = "data-testid") -> str | None:
        """This locator as a tool-layer ``target`` hint, or ``None`` when the tools have no such form."""
        if self.kind == "test_id":
            return css_attr(test_id_attribute, self.value)
        if self.kind == "role":
            value = self.value
            if (
                not self.exact
                or not value
                or value != value.strip()
                or value[:1] in "\"'"
                or value[-1:] in "\"'"
            ):
                return None
            return f"role={self.role} name={value}"
        if self.kind in ("placeholder", "alt_text", "title") and self.exact:
            attribute = {"placeholder": "placeholder", "alt_text": "alt", "title": "title"}[self.kind]
            return css_attr(attribute, self.value)
        if self.kind == "css":
            return self.value if re.fullmatch(r"#[A-Za-z_][\w\-:.]*", self.value) else f"css={self.value}"
        if self.kind == "region" and self.value and not self.inner_name and self.role and self.role.isalpha():
            # A region named by aria-label and its items: what build() finds, as a tools hint.
            return f"css=[aria-label={css_string(self.value)}] >> role={self.role}"
        if (
            self.kind == "row"
            and not self.inner_name
            and not self.row_exact
            and self.row_tag
            and re.fullmatch(r"[a-z][\w.-]*-[\w.-]*", self.row_tag)
        ):
            # The same query as build(): Playwright's :has-text() is filter(has_text=)'s substring match.
            inner = f"role={self.role}" if self.role else f"css={self.inner_tag or '*'}"
            return f"css={self.row_tag}:has-text({css_string(self.value)}) >> {inner}"
        if self.kind == "text":
            stripped = self.value.strip().strip("\"'")
            return f"text={self.value}" if stripped == self.value and self.value else None
        return None

    def describe(self) -> str:
        return self.code("page").removeprefix("page.")

    @classmethod
    def from_code(cls, code: str) -> LocatorSpec | None:
        """Parse ``get_by_role("button", name="Save")`` (optionally after ``….content_frame.``) or None."""
        try:
            tree = parse_expression(code.strip())
        except SyntaxError:
            return None
        call = tree.body
        if not isinstance(call, ast.Call):
            return None
        func = call.func
        method = (
            func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        )
        if isinstance(func, ast.Attribute) and not _is_frame_prefix(func.value):
            return None  # chained .filter()/.nth()/.locator() forms are not worth keeping
        positional = [_const(arg) for arg in call.args]
        keywords = {kw.arg: _const(kw.value) for kw in call.keywords if kw.arg}
        if not positional or not isinstance(positional[0], str):
            return None
        first = positional[0]
        exact = bool(keywords.get("exact", False))
        if method == "get_by_role":
            name = keywords.get("name")
            if not _ROLE_NAME.fullmatch(first) or (name is not None and not isinstance(name, str)):
                return None
            return cls(kind="role", role=first, value=name or "", exact=exact)
        if method == "locator":
            return (
                cls(kind="css", value=first) if not first.startswith(("internal:", "xpath=", "//")) else None
            )
        if method == "get_by_test_id":
            return cls(kind="test_id", value=first)
        kind = _KIND_OF_METHOD.get(method or "")
        return cls(kind=kind, value=first, exact=exact) if kind else None  # type: ignore[arg-type]


def _const(node: ast.expr) -> Any:
    return node.value if isinstance(node, ast.Constant) else None


def _is_frame_prefix(node: ast.expr) -> bool:
    """``locator("iframe").content_frame`` (any depth) — the frame part we record separately."""
    if isinstance(node, ast.Attribute) and node.attr == "content_frame":
        return True
    return isinstance(node, ast.Name)
