"""Markdown spec text → :class:`ParsedSpec` (structure only: no includes, no variables).

The format is the original AutoQA-Agent's: an optional ``# Title``, a required ``## Preconditions`` list and
a ``## Steps`` numbered list (or, without that heading, the first numbered list after the preconditions).
On top of it: YAML front matter, ``Optional:`` steps, and nested bullets kept as notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from autoqa.errors import IncludeError, SpecError
from autoqa.spec.front_matter import FrontMatter, key_lines, parse_front_matter
from autoqa.spec.grammar_terms import claims
from autoqa.spec.markdown import Block, Heading, ListItem, MarkdownList, Paragraph, read_blocks, split_lines
from autoqa.spec.raw_spec import ParsedSpec, RawStep, SourceText

_PRECONDITION_TITLES = frozenset({"preconditions", "precondition", "前置条件", "前提条件"})
_STEP_TITLES = frozenset({"steps", "test steps", "步骤", "测试步骤"})
_EXPECTED = re.compile(r"(?:expected(?:\s+results?)?|预期(?:结果)?|期望(?:结果)?)\s*[:：]\s*(.*)", re.I)
_OPTIONAL = re.compile(r"(?:optional|可选)\s*[:：]\s*(.*)", re.I)
_INCLUDE = re.compile(r"include\s*[:：]\s*(.*)", re.I)
_TASK_BOX = re.compile(r"\[[ xX]\]\s+(?=\S)")
"""A GitHub task-list box before a step ("- [ ] Go to /explore", "1. [x] …"): a checklist's mark, no words."""
# An action written as conditional is an Optional step: 'Click "Accept cookies" if shown', '… (if present)',
# '… if there is one', '… if prompted', '… when it appears', '… if the banner is displayed', 'If a cookie
# banner is shown, click "Accept"'. Never a check: "Verify X if shown" could not fail. Only presence counts:
# "if the list is empty" is a condition on the app's state, the agent's to judge.
_PRESENT = r"(?:shown|present|visible|displayed|there|available|any|open)"
_SHOWS = rf"(?:appears?|exists?|pops?\s+up|shows?\s+up|(?:is|are|'s)\s+{_PRESENT})"
_PRONOUN_CONDITION = rf"(?:{_PRESENT}|prompted|asked|(?:it|one|they)\s+{_SHOWS})"
_CONDITION = (
    rf"(?:if\s+(?:{_PRONOUN_CONDITION}|there\s+(?:is|are)\s+(?:one|any|some)|(?:a|an|the)\s+[^,()]{{1,60}}?\s+"
    rf"{_SHOWS})|when\s+{_PRONOUN_CONDITION})"
)
_CONDITIONAL_SUFFIX = re.compile(
    rf"^(?P<body>.+?)\s*(?:[,;]\s*|\s)(?:\((?:only\s+)?{_CONDITION}\)|(?:only\s+)?{_CONDITION})\s*[.!]?$",
    re.I,
)
_CONDITIONAL_PREFIX = re.compile(
    rf"^(?:(?:if|when)\s+(?:a|an|the)\s+[^,]{{1,60}}?\s+{_SHOWS}|if\s+there\s+is\s+(?:a|an)\s+[^,]{{1,60}}?"
    rf"|if\s+prompted)\s*,\s*(?P<body>.+)$",
    re.I,
)


@dataclass(slots=True)
class _Section:
    heading: Heading | None
    blocks: list[Block] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.heading.text.strip().rstrip(":：").strip().lower() if self.heading else ""


def _split_front_matter(lines: list[str], path: Path) -> tuple[FrontMatter | None, int, dict[str, int]]:
    """The validated front matter, the index of the first body line and the line of each key."""
    if not lines or lines[0].strip() != "---":
        return None, 0, {}
    for index in range(1, len(lines)):
        if lines[index].strip() in ("---", "..."):
            body = lines[1:index]
            return parse_front_matter(body, path, first_line=2), index + 1, key_lines(body, first_line=2)
    raise SpecError(
        "front matter opened with '---' on line 1 is never closed",
        path=path,
        line=1,
        hint="end it with a '---' line, or remove the first line if it is a horizontal rule",
    )


def _sections(blocks: list[Block]) -> list[_Section]:
    sections = [_Section(None)]
    for block in blocks:
        if isinstance(block, Heading) and block.level <= 2:
            sections.append(_Section(block))
        else:
            sections[-1].blocks.append(block)
    return sections


def _find_section(sections: list[_Section], names: frozenset[str], label: str, path: Path) -> _Section | None:
    found = [s for s in sections if s.heading and s.heading.level == 2 and s.name in names]
    if len(found) > 1:
        second = found[1].heading
        assert second is not None
        raise SpecError(
            f"a second '## {label}' section", path=path, line=second.line, hint="merge them into one"
        )
    return found[0] if found else None


def _misplaced_heading_hint(blocks: list[Block], names: frozenset[str], label: str) -> str | None:
    for block in blocks:
        if (
            isinstance(block, Heading)
            and block.level != 2
            and block.text.strip().rstrip(":：").lower() in names
        ):
            return f"line {block.line} has a level-{block.level} heading; write it as '## {label}'"
    return None


def _item_text(item: ListItem) -> tuple[SourceText | None, list[SourceText]]:
    """The item's own text and the ``Expected:`` lines inside its paragraph."""
    main: list[tuple[int, str]] = []
    expected: list[list[tuple[int, str]]] = []
    for position, (line, text) in enumerate(item.lines):
        match = _EXPECTED.match(text) if position > 0 else None
        if match:
            expected.append([(line, match.group(1).strip())])
        elif expected:
            expected[-1].append((line, text))
        else:
            main.append((line, text))
    main_text = SourceText(tuple(main)) if any(text for _, text in main) else None
    return main_text, [SourceText(tuple(parts)) for parts in expected]


def _require_text(text: SourceText, what: str, path: Path) -> SourceText:
    if not text.text.strip():
        raise SpecError(f"empty {what}", path=path, line=text.line)
    return text


def _children(item: ListItem, path: Path) -> tuple[list[SourceText], list[SourceText]]:
    """Nested bullets: ``Expected:`` ones (with everything under them) and the rest as notes."""
    expected: list[SourceText] = []
    notes: list[SourceText] = []
    for child in item.children:
        text, inline_expected = _item_text(child)
        expected.extend(_require_text(e, "Expected clause", path) for e in inline_expected)
        match = _EXPECTED.match(text.text) if text else None
        if text is not None and match:
            head = SourceText(((text.line, match.group(1).strip()), *text.parts[1:]))
            below = [t for d in child.descendants() if (t := _item_text(d)[0]) is not None]
            if not head.text and not below:
                raise SpecError("empty Expected clause", path=path, line=child.line)
            expected.extend(([head] if head.text else []) + below)
            continue
        if text is not None:
            notes.append(text)
        for descendant in child.descendants():
            deep_text, deep_expected = _item_text(descendant)
            notes.extend([deep_text] if deep_text else [])
            expected.extend(_require_text(e, "Expected clause", path) for e in deep_expected)
    return expected, notes


def conditional_action(text: str) -> str | None:
    """The action of a step written as conditional on presence ('Click "Accept" if shown' → 'Click
    "Accept"'), which then runs as an ``Optional:`` step; ``None`` for any other step (and for checks)."""
    stripped = text.strip()
    if claims(stripped):
        return None
    match = _CONDITIONAL_SUFFIX.match(stripped) or _CONDITIONAL_PREFIX.match(stripped)
    if match is None or claims(match.group("body")):
        return None
    body = match.group("body").strip()
    return body[:1].upper() + body[1:]


def _step(item: ListItem, path: Path) -> RawStep:
    text, inline_expected = _item_text(item)
    if text is None:
        raise SpecError("empty step", path=path, line=item.line)
    expected, notes = _children(item, path)
    expected = [_require_text(e, "Expected clause", path) for e in inline_expected] + expected
    parts = list(text.parts)
    first = next(i for i, (_, part) in enumerate(parts) if part)
    if box := _TASK_BOX.match(parts[first][1]):
        parts[first] = (parts[first][0], parts[first][1][box.end() :])
        text = SourceText(tuple(parts))
    optional = _OPTIONAL.match(parts[first][1])
    if optional:
        parts[first] = (parts[first][0], optional.group(1).strip())
        text = SourceText(tuple(parts))
        if not text.text:
            raise SpecError("empty step after 'Optional:'", path=path, line=item.line)
    conditional = None if optional else conditional_action(text.text)
    if conditional is not None:
        text = SourceText(((text.line, conditional),))
    include = _INCLUDE.fullmatch(text.text.strip())
    if include and (expected or notes):
        raise IncludeError(
            "an include step cannot have Expected clauses or nested bullets",
            path=path,
            line=item.line,
            hint="put them on the steps of the library, or on a separate step",
        )
    return RawStep(
        source=path,
        line=item.line,
        text=text,
        expected=tuple(expected),
        notes=tuple(notes),
        optional=optional is not None or conditional is not None,
        include=include.group(1).strip().strip("`'\"") if include else None,
    )


def _preconditions(lists: list[MarkdownList]) -> tuple[SourceText, ...]:
    """Every item of the lists, nested ones flattened in document order (nothing is dropped)."""
    out: list[SourceText] = []
    for markdown_list in lists:
        for item in markdown_list.items:
            for node in (item, *item.descendants()):
                if any(text for _, text in node.lines):
                    out.append(SourceText(tuple(node.lines)))
    return tuple(out)


def _lists(blocks: list[Block]) -> list[MarkdownList]:
    return [block for block in blocks if isinstance(block, MarkdownList)]


# Steps as a Markdown table, as test-management tools export a test case: "| # | Action | Expected result |",
# a rule row, then one row per step. A column of step numbers is dropped; the other cells, in order, are the
# step ("Action | Expected", read as an action and its claim); an empty cell ("", "-", "N/A") says nothing.
_TABLE_ROW = re.compile(r"\s*\|.*\|\s*")
_TABLE_RULE = re.compile(r"\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*")
_NUMBER_COLUMN = re.compile(r"#|no\.?|nr\.?|n°|id|s\.?\s*no\.?|step(?:\s*(?:#|no\.?|id))?", re.IGNORECASE)
_NOTHING = frozenset(("", "-", "--", "—", "–", "n/a", "na", "none", "nothing"))


def _cells(row: str) -> list[str]:
    """A table row's cells (an escaped ``\\|`` is a pipe inside a cell)."""
    inner = row.strip().removeprefix("|").removesuffix("|")
    return [cell.replace("\\|", "|").strip() for cell in re.split(r"(?<!\\)\|", inner)]


def _table_steps(section: _Section) -> list[ListItem]:
    for block in section.blocks:
        if not isinstance(block, Paragraph) or len(block.lines) < 3:
            continue
        if not all(_TABLE_ROW.fullmatch(text) for _, text in block.lines) or not _TABLE_RULE.fullmatch(
            block.lines[1][1]
        ):
            continue
        header = _cells(block.lines[0][1])
        keep = [i for i, name in enumerate(header) if not _NUMBER_COLUMN.fullmatch(name)]
        items = []
        for line, row in block.lines[2:]:
            cells = _cells(row)
            parts = [cells[i] for i in keep if i < len(cells) and cells[i].lower() not in _NOTHING]
            if parts:
                items.append(ListItem(line=line, ordered=True, indent=0, lines=[(line, " | ".join(parts))]))
        return items
    return []


# Steps numbered by section, as formal test scripts number them: "1.1 Navigate to …", "2.10 Verify …"
# (Markdown reads those lines as a paragraph: "1.5 seconds" is text elsewhere). A line that does not start
# with a number continues the step before it.
_SECTION_NUMBER = re.compile(r"\d{1,3}(?:\.\d{1,3})+\.?[ \t]+(?=\S)")


def _section_numbered_steps(section: _Section) -> list[ListItem]:
    lines = [pair for block in section.blocks if isinstance(block, Paragraph) for pair in block.lines]
    if not lines or not _SECTION_NUMBER.match(lines[0][1]):
        return []
    items: list[ListItem] = []
    for line, text in lines:
        number = _SECTION_NUMBER.match(text)
        if number:
            items.append(ListItem(line=line, ordered=True, indent=0, lines=[(line, text[number.end() :])]))
        else:
            items[-1].lines.append((line, text))
    return items


def _task_item(item: ListItem) -> bool:
    first = next((text for _, text in item.lines if text), "")
    return _TASK_BOX.match(first) is not None


def _steps_from_section(section: _Section, path: Path) -> list[ListItem]:
    assert section.heading is not None
    lists = _lists(section.blocks)
    ordered = [lst for lst in lists if lst.ordered]
    if not ordered and not lists and (table := _table_steps(section)):
        return table
    if not ordered and not lists and (numbered := _section_numbered_steps(section)):
        return numbered
    if not ordered and lists and all(_task_item(item) for lst in lists for item in lst.items):
        return [item for lst in lists for item in lst.items]  # a checklist: "- [ ] Go to /explore"
    if not ordered:
        if lists:
            raise SpecError(
                "steps must be a numbered list",
                path=path,
                line=lists[0].line,
                hint="write '1. …', '2. …' (or '1) …') instead of bullets",
            )
        raise SpecError(
            f"'## {section.heading.text}' has no numbered steps", path=path, line=section.heading.line
        )
    return [item for lst in ordered for item in lst.items]


def parse_spec_text(text: str, path: Path | str) -> ParsedSpec:
    """Parse a spec's Markdown. Raises :class:`SpecError` (with file and line) and nothing else."""
    path = Path(path)
    lines = split_lines(text)
    front_matter, body_start, fm_lines = _split_front_matter(lines, path)
    blocks = read_blocks(lines[body_start:], first_line=body_start + 1)
    sections = _sections(blocks)
    title = next(
        (SourceText.single(b.line, b.text) for b in blocks if isinstance(b, Heading) and b.level == 1), None
    )

    pre_section = _find_section(sections, _PRECONDITION_TITLES, "Preconditions", path)
    steps_section = _find_section(sections, _STEP_TITLES, "Steps", path)
    if pre_section is None:
        raise SpecError(
            "missing '## Preconditions' section",
            path=path,
            line=body_start + 1,
            hint=_misplaced_heading_hint(blocks, _PRECONDITION_TITLES, "Preconditions")
            or "add '## Preconditions' with a bulleted list before the steps",
        )
    assert pre_section.heading is not None
    pre_lists = _lists(pre_section.blocks)
    no_items = SpecError(
        "'## Preconditions' has no list items",
        path=path,
        line=pre_section.heading.line,
        hint="add at least one '- …' line (e.g. '- The site is reachable at {{BASE_URL}}')",
    )
    if not pre_lists:
        raise no_items

    if steps_section is not None:
        items = _steps_from_section(steps_section, path)
        preconditions = _preconditions(pre_lists)
    else:
        # The original's fallback: the first numbered list after the preconditions list.
        start = next(i for i, block in enumerate(blocks) if block is pre_lists[0])
        after = blocks[start + 1 :]
        fallback = next((b for b in after if isinstance(b, MarkdownList) and b.ordered), None)
        if fallback is None:
            raise SpecError(
                "missing '## Steps' section",
                path=path,
                line=pre_section.heading.line,
                hint=_misplaced_heading_hint(blocks, _STEP_TITLES, "Steps")
                or "add '## Steps' followed by a numbered list ('1. …')",
            )
        preconditions = _preconditions(pre_lists[:1])
        items = fallback.items
    if not preconditions:  # only empty items ("-", "1.")
        raise no_items
    steps = tuple(_step(item, path) for item in items)
    return ParsedSpec(
        path=path,
        title=title,
        front_matter=front_matter,
        preconditions=preconditions,
        steps=steps,
        front_matter_lines=fm_lines,
    )


def parse_library_text(text: str, path: Path | str) -> tuple[RawStep, ...]:
    """The steps of a ``steps/<name>.md`` library: its ``## Steps`` list, else its first numbered list."""
    path = Path(path)
    lines = split_lines(text)
    _, body_start, _ = _split_front_matter(lines, path)
    blocks = read_blocks(lines[body_start:], first_line=body_start + 1)
    section = _find_section(_sections(blocks), _STEP_TITLES, "Steps", path)
    if section is not None:
        items = _steps_from_section(section, path)
    else:
        first = next((b for b in blocks if isinstance(b, MarkdownList) and b.ordered), None)
        if first is None:
            raise IncludeError(
                "step library has no numbered steps",
                path=path,
                line=1,
                hint="a library is a numbered list ('1. …'), optionally under '## Steps'",
            )
        items = first.items
    return tuple(_step(item, path) for item in items)
