"""Property tests: arbitrary text never crashes the parser or the grammar with anything but SpecError."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autoqa.errors import SpecError
from autoqa.spec.grammar import parse_plain_text
from autoqa.spec.spec_parser import parse_spec_text

PATH = Path("fuzz.md")

# Lines that exercise the interesting paths far more often than uniform random text would.
_FRAGMENTS = st.sampled_from(
    [
        "---",
        "...",
        "# Title",
        "## Preconditions",
        "## Steps",
        "### Sub",
        "## 前置条件",
        "## 测试步骤",
        "- item",
        "  - nested",
        "    - deeper",
        "\t- tab",
        "* star",
        "+ plus",
        "1. step",
        "2) step",
        "10. ten",
        "1.",
        "   continuation",
        "Expected: x",
        "   - Expected: y",
        "   - Expected:",
        "Optional: z",
        "1. Optional:",
        "1. include: login",
        "1. include: ../x",
        "```",
        "~~~",
        "<!--",
        "-->",
        "",
        "   ",
        "title: [",
        "tags: a, b",
        "timeout: -1",
        "secrets: [1]",
        "{{ VAR }}",
        "key: {a: b}",
        "- - -",
        "***",
        '1. Verify "x" is visible',
        "验证页面显示“x”",
        "\ufeff",
        "\r",
        "\x00",
        ": :",
        "? q",
        "!!python/object x",
    ]
)


@settings(max_examples=300, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_arbitrary_text_only_raises_spec_error(text: str) -> None:
    try:
        parse_spec_text(text, PATH)
    except SpecError as exc:
        assert exc.path == PATH


@settings(max_examples=400, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.one_of(_FRAGMENTS, st.text(max_size=20)), max_size=30), st.sampled_from(["\n", "\r\n", "\r"])
)
def test_markdown_like_text_only_raises_spec_error(lines: list[str], newline: str) -> None:
    try:
        parsed = parse_spec_text(newline.join(lines), PATH)
    except SpecError as exc:
        assert exc.path == PATH
        assert exc.line is None or exc.line >= 1
    else:
        assert parsed.steps and parsed.preconditions
        assert all(step.text.text.strip() or step.include for step in parsed.steps)


@settings(max_examples=300, database=None, deadline=None)
@given(st.text(max_size=200))
def test_grammar_never_raises(text: str) -> None:
    action = parse_plain_text(text)
    assert action is None or isinstance(action.tool, str)
