"""The line-based Markdown reader: lists, nesting, continuation, fences, comments, line endings."""

from __future__ import annotations

import pytest

from autoqa.spec.markdown import Heading, ListItem, MarkdownList, Paragraph, read_blocks, split_lines


def blocks_of(text: str) -> list[object]:
    return read_blocks(split_lines(text))


def only_list(text: str) -> MarkdownList:
    lists = [b for b in blocks_of(text) if isinstance(b, MarkdownList)]
    assert len(lists) == 1, lists
    return lists[0]


def texts(item: ListItem) -> list[str]:
    return [text for _, text in item.lines]


def test_split_lines_handles_crlf_cr_and_bom_but_not_form_feeds() -> None:
    assert split_lines("\ufeffa\r\nb\rc\nd\x0ce") == ["a", "b", "c", "d\x0ce"]


@pytest.mark.parametrize("marker", [".", ")"])
def test_ordered_markers_dot_and_paren(marker: str) -> None:
    lst = only_list(f"1{marker} one\n2{marker} two\n10{marker} ten\n")
    assert lst.ordered
    assert [texts(i) for i in lst.items] == [["one"], ["two"], ["ten"]]
    assert [i.line for i in lst.items] == [1, 2, 3]


def test_blank_lines_between_items_keep_one_list() -> None:
    lst = only_list("1. one\n\n\n2. two\n\n3. three\n")
    assert [texts(i)[0] for i in lst.items] == ["one", "two", "three"]


@pytest.mark.parametrize("indent", ["  ", "   ", "    ", "\t"])
def test_nested_bullets_with_2_to_4_spaces_or_a_tab(indent: str) -> None:
    lst = only_list(f"1. step\n{indent}- note a\n{indent}- note b\n2. next\n")
    first, second = lst.items
    assert [texts(c) for c in first.children] == [["note a"], ["note b"]]
    assert texts(second) == ["next"] and not second.children


def test_three_levels_and_dedent_back_to_the_middle() -> None:
    lst = only_list("1. top\n  - mid\n    - deep\n  - mid2\n2. top2\n")
    top = lst.items[0]
    assert [texts(c)[0] for c in top.children] == ["mid", "mid2"]
    assert [texts(c)[0] for c in top.children[0].children] == ["deep"]
    assert [texts(d)[0] for d in top.descendants()] == ["mid", "deep", "mid2"]


def test_one_space_of_indent_is_a_sibling_not_a_child() -> None:
    lst = only_list("1. a\n 2. b\n")
    assert len(lst.items) == 2


def test_lazy_and_indented_continuation_lines() -> None:
    lst = only_list("1. Click the button\ncalled Save\n   and wait\n\n   New paragraph\n2. Next\n")
    assert texts(lst.items[0]) == ["Click the button", "called Save", "and wait", "New paragraph"]
    assert [n for n, _ in lst.items[0].lines] == [1, 2, 3, 5]


def test_unindented_paragraph_after_a_blank_line_ends_the_list() -> None:
    blocks = blocks_of("1. a\n\nProse here.\n\n1. b\n")
    assert [type(b).__name__ for b in blocks] == ["MarkdownList", "Paragraph", "MarkdownList"]
    paragraph = blocks[1]
    assert isinstance(paragraph, Paragraph) and paragraph.lines == [(3, "Prose here.")]


def test_bullet_and_ordered_lists_are_separate_lists() -> None:
    blocks = blocks_of("- a\n- b\n1. c\n")
    assert [(b.ordered, len(b.items)) for b in blocks if isinstance(b, MarkdownList)] == [
        (False, 2),
        (True, 1),
    ]


def test_headings_end_lists_and_keep_their_level_and_line() -> None:
    blocks = blocks_of("# Title #\n1. a\n### Sub\n2. b\n")
    headings = [b for b in blocks if isinstance(b, Heading)]
    assert [(h.level, h.text, h.line) for h in headings] == [(1, "Title", 1), (3, "Sub", 3)]
    assert len([b for b in blocks if isinstance(b, MarkdownList)]) == 2


def test_hash_without_space_is_not_a_heading() -> None:
    assert not any(isinstance(b, Heading) for b in blocks_of("#hashtag\n"))


@pytest.mark.parametrize("fence", ["```", "~~~", "````"])
def test_fenced_code_is_ignored_inside_and_outside_lists(fence: str) -> None:
    text = (
        f"1. a\n   {fence}python\n   2. not an item\n   # not a heading\n   {fence}\n"
        f"2. b\n{fence}\n- no\n{fence}\n"
    )
    blocks = blocks_of(text)
    assert not any(isinstance(b, Heading) for b in blocks)
    lists = [b for b in blocks if isinstance(b, MarkdownList)]
    assert [texts(i)[0] for lst in lists for i in lst.items] == ["a", "b"]


def test_a_shorter_fence_does_not_close_a_longer_one() -> None:
    blocks = blocks_of("````\n```\n1. inside\n````\n1. outside\n")
    lists = [b for b in blocks if isinstance(b, MarkdownList)]
    assert [texts(i)[0] for lst in lists for i in lst.items] == ["outside"]


def test_html_comments_single_and_multi_line_are_ignored() -> None:
    lst = only_list("1. a\n<!-- 2. hidden -->\n<!--\n3. hidden too\n-->\n2. b\n")
    assert [texts(i)[0] for i in lst.items] == ["a", "b"]


def test_thematic_break_ends_a_list_and_is_not_a_bullet() -> None:
    blocks = blocks_of("- a\n---\n- b\n* * *\n")
    assert [len(b.items) for b in blocks if isinstance(b, MarkdownList)] == [1, 1]


def test_numbers_without_space_are_text_not_markers() -> None:
    blocks = blocks_of("1.5 seconds\n+1 more\n*emphasis*\n")
    assert all(isinstance(b, Paragraph) for b in blocks)


def test_empty_item_takes_its_text_from_the_next_line() -> None:
    lst = only_list("1.\n   Click it\n")
    assert texts(lst.items[0]) == ["", "Click it"]


def test_first_line_number_offsets_every_line() -> None:
    (block,) = read_blocks(["1. a", "   b"], first_line=11)
    assert isinstance(block, MarkdownList)
    assert block.items[0].line == 11 and block.items[0].lines == [(11, "a"), (12, "b")]
