"""A small line-based Markdown reader: just enough structure for specs.

It yields headings, paragraphs and (nested) lists with line numbers, and ignores fenced code blocks and
HTML comments. It is deliberately more lenient than CommonMark where spec authors expect it:

- an item is nested under the previous one when it is indented at least 2 columns more (2-4 spaces or a
  tab all work); otherwise it is a sibling;
- blank lines between items do not end a list; a list ends at a heading, a thematic break, an unindented
  fence, or an unindented paragraph after a blank line;
- ``1.`` and ``1)`` markers are both ordered items; any list marker may interrupt a paragraph.

Setext headings (``Title`` underlined with ``===``) are not recognised: specs use ``#`` headings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_TAB = 4
_NEST = 2
"""An item indented at least this many columns more than the open item is its child."""

_HEADING = re.compile(r"(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_THEMATIC_BREAK = re.compile(r"([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_ORDERED = re.compile(r"(\d{1,9})[.)](?:[ \t]+(.*))?$")
_BULLET = re.compile(r"[-*+](?:[ \t]+(.*))?$")
_FENCE = re.compile(r"(`{3,}|~{3,})")


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    text: str
    line: int


@dataclass(slots=True)
class Paragraph:
    line: int
    lines: list[tuple[int, str]] = field(default_factory=list)


@dataclass(slots=True)
class ListItem:
    line: int
    ordered: bool
    indent: int
    lines: list[tuple[int, str]] = field(default_factory=list)
    """The item's own text lines (line number, text), the marker line first; may start with ``""``."""
    children: list[ListItem] = field(default_factory=list)

    def descendants(self) -> list[ListItem]:
        """Every item below this one, in document order (iterative: nesting depth is unbounded)."""
        out: list[ListItem] = []
        pending = list(reversed(self.children))
        while pending:
            item = pending.pop()
            out.append(item)
            pending.extend(reversed(item.children))
        return out


@dataclass(slots=True)
class MarkdownList:
    line: int
    ordered: bool
    items: list[ListItem] = field(default_factory=list)


Block = Heading | Paragraph | MarkdownList


def split_lines(text: str) -> list[str]:
    """Split on ``\\r\\n``, ``\\r`` and ``\\n`` only (``str.splitlines`` also splits on form feeds and
    Unicode separators, which would shift line numbers away from what editors show)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return re.split(r"\r\n|\r|\n", text)


def _indent_of(line: str) -> tuple[int, str]:
    """Leading indentation in columns (tabs to the next multiple of 4) and the rest of the line."""
    column = 0
    for position, char in enumerate(line):
        if char == " ":
            column += 1
        elif char == "\t":
            column += _TAB - column % _TAB
        else:
            return column, line[position:]
    return column, ""


@dataclass(slots=True)
class _Fence:
    char: str
    length: int


class _BlockReader:
    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.current_list: MarkdownList | None = None
        self.stack: list[ListItem] = []
        self.paragraph: Paragraph | None = None
        self.blank_before = False
        self.fence: _Fence | None = None
        self.in_comment = False

    def close_list(self) -> None:
        self.current_list = None
        self.stack = []

    def feed(self, number: int, raw: str) -> None:
        indent, content = _indent_of(raw)
        content = content.rstrip()
        if self.fence is not None:
            if content.startswith(self.fence.char * self.fence.length) and not content.strip(self.fence.char):
                self.fence = None
            return
        if self.in_comment:
            if "-->" in content:
                self.in_comment = False
            return
        if not content:
            self.blank_before = True
            self.paragraph = None
            return
        if self._structural(number, indent, content):
            return
        self._text(number, indent, content)

    def _structural(self, number: int, indent: int, content: str) -> bool:
        fence = _FENCE.match(content)
        if fence:
            if self.current_list is None or indent < _NEST:
                self.close_list()
            self.paragraph = None
            self.fence = _Fence(fence.group(1)[0], len(fence.group(1)))
            return True
        if content.startswith("<!--"):
            self.in_comment = "-->" not in content[4:]
            return True
        if indent <= 3:
            heading = _HEADING.match(content)
            if heading:
                self.close_list()
                self.paragraph = None
                self.blocks.append(Heading(len(heading.group(1)), (heading.group(2) or "").strip(), number))
                self.blank_before = False
                return True
            if _THEMATIC_BREAK.match(content):
                self.close_list()
                self.paragraph = None
                self.blank_before = False
                return True
        ordered = _ORDERED.match(content)
        if ordered:
            self._item(number, indent, True, (ordered.group(2) or "").strip())
            return True
        bullet = _BULLET.match(content)
        if bullet:
            self._item(number, indent, False, (bullet.group(1) or "").strip())
            return True
        return False

    def _item(self, number: int, indent: int, ordered: bool, text: str) -> None:
        self.paragraph = None
        self.blank_before = False
        item = ListItem(line=number, ordered=ordered, indent=indent, lines=[(number, text)])
        while self.stack and indent < self.stack[-1].indent + _NEST:
            self.stack.pop()
        if self.stack:
            self.stack[-1].children.append(item)
        else:
            if self.current_list is None or self.current_list.ordered != ordered:
                self.current_list = MarkdownList(line=number, ordered=ordered)
                self.blocks.append(self.current_list)
            self.current_list.items.append(item)
        self.stack.append(item)

    def _text(self, number: int, indent: int, content: str) -> None:
        if self.stack:
            if not self.blank_before:
                self.stack[-1].lines.append((number, content))
                return
            owners = [item for item in self.stack if indent >= item.indent + _NEST]
            if owners:
                owner = owners[-1]
                del self.stack[self.stack.index(owner) + 1 :]
                owner.lines.append((number, content))
                self.blank_before = False
                return
            self.close_list()
        if self.paragraph is None:
            self.paragraph = Paragraph(line=number)
            self.blocks.append(self.paragraph)
        self.paragraph.lines.append((number, content))
        self.blank_before = False


def read_blocks(lines: list[str], first_line: int = 1) -> list[Block]:
    """Parse ``lines`` (already split) into blocks; ``first_line`` is the number of ``lines[0]``."""
    reader = _BlockReader()
    for offset, raw in enumerate(lines):
        reader.feed(first_line + offset, raw)
    return reader.blocks
