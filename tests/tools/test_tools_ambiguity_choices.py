"""An ambiguous target names, for people, one target per match that a plain step can write and that picks
that match alone: by row, else by region, else by test id; matches nothing else tells apart by their
place ("the second "Archive" link"), each a step that picks its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_step
from autoqa.spec.model import Step, StepKind
from autoqa.tools import ToolContext

from .tools_helpers import IMPATIENT, Call, failed, ok

REGIONS = (
    '<nav aria-label="Main menu"><a href="#a1">Archive</a></nav>'
    '<footer aria-label="Site footer"><a href="#a2">Archive</a></footer>'
)
TEST_IDS = (
    '<a href="#a1" data-testid="archive-q3">Archive</a> <a href="#a2" data-testid="archive-q4">Archive</a>'
)
ALIKE = '<a href="#a1">Archive</a> <a href="#a2">Archive</a>'


def _targets(message: str) -> list[str]:
    return message.split("equally well: ", 1)[1].split("; ")


def _plain_target(choice: str) -> str:
    """The target the grammar sends for ``Click <choice>`` (so the suggestion is a step people can write)."""
    plain = parse_plain_step(Step(1, f"Click {choice}", StepKind.ACTION, Path("spec.md"), 1))
    assert plain is not None, f"Click {choice}"
    return str(plain.actions[0].args["target"])


async def _ambiguous(call: Call, tool_ctx: ToolContext, html: str) -> str:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(f"document.body.innerHTML = {html!r}")
    result = failed(await call("click", target='"Archive" link'), "AMBIGUOUS_TARGET")
    return result.error.message


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        (REGIONS, ['the "Archive" link in "Main menu"', 'the "Archive" link in "Site footer"']),
        (TEST_IDS, ['"archive-q3"', '"archive-q4"']),
    ],
)
async def test_alike_links_are_told_apart_by_a_target_a_step_can_write(
    call: Call, tool_ctx: ToolContext, html: str, expected: list[str]
) -> None:
    message = await _ambiguous(call, tool_ctx, html)
    assert _targets(message) == expected, message
    for index, choice in enumerate(expected):  # each phrasing parses and picks its own link
        clicked = ok(await call("click", target=_plain_target(choice)))
        assert tool_ctx.page.url.endswith(f"#a{index + 1}"), clicked


async def test_links_nothing_else_tells_apart_are_offered_by_place(call: Call, tool_ctx: ToolContext) -> None:
    message = await _ambiguous(call, tool_ctx, ALIKE)
    advice = " (by place in reading order: better, give each its own name or test id)"
    assert message.endswith(advice), message
    choices = _targets(message.removesuffix(advice))
    assert choices == ['the first "Archive" link', 'the second "Archive" link'], message
    for index, choice in enumerate(choices):  # each phrasing parses and picks its own link
        ok(await call("click", target=_plain_target(choice)))
        assert tool_ctx.page.url.endswith(f"#a{index + 1}")


async def test_row_actions_are_told_apart_by_their_row(call: Call, tool_ctx: ToolContext) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/library.html"))
    result = failed(await call("click", target='"Delete" button'), "AMBIGUOUS_TARGET")
    choices = _targets(result.error.message)
    assert choices == [
        'the "Delete" button in "Beloved"',
        'the "Delete" button in "Dune"',
        'the "Delete" button in "Dune Messiah"',
    ], result.error.message
    ok(await call("click", target=_plain_target(choices[2])))
    ok(await call("assert_text_absent", text="Dune Messiah"))
    ok(await call("assert_text_present", text="Frank Herbert"))  # "Dune" itself stays


# Two "Archive" buttons in "Invoice" (its row in the list, and the section under its heading) and one in
# another row before that section: the places are counted in the scope, so they are written in it.
SCOPED = (
    '<ul><li><span>Invoice</span> <a href="#a1">Archive</a></li>'
    '<li><span>Receipt</span> <a href="#other">Archive</a></li></ul>'
    '<section><h2>Invoice</h2><p>Due in 30 days.</p><a href="#a2">Archive</a></section>'
)
ITEMS = (
    '<main><ul><li><b>Kindred</b> <a href="#other">Archive</a></li>'
    '<li><b>SPQR</b> <a href="#a1">Archive</a> <a href="#a2">Archive</a></li></ul></main>'
)


@pytest.mark.parametrize(
    ("html", "target", "expected"),
    [
        (
            SCOPED,
            '"Archive" link in "Invoice"',
            ['the first "Archive" link in "Invoice"', 'the second "Archive" link in "Invoice"'],
        ),
        (
            ITEMS,
            '"Archive" link in item=2',
            ['the first "Archive" link in the second row', 'the second "Archive" link in the second row'],
        ),
    ],
)
async def test_places_in_a_scope_are_offered_in_that_scope(
    call: Call, tool_ctx: ToolContext, html: str, target: str, expected: list[str]
) -> None:
    tool_ctx.settings = IMPATIENT
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(f"document.body.innerHTML = {html!r}")
    error = failed(await call("click", target=target), "AMBIGUOUS_TARGET").error
    message = error.message
    advice = " (by place in reading order: better, give each its own name or test id)"
    assert _targets(message.removesuffix(advice)) == expected, message
    first_ref = error.details["candidates"][0]["ref"]  # a model's choices come in reading order too
    ok(await call("click", ref=first_ref))
    assert tool_ctx.page.url.endswith("#a1"), error.details
    for index, choice in enumerate(expected):  # each phrasing parses and picks its own link, in reading order
        ok(await call("click", target=_plain_target(choice)))
        assert tool_ctx.page.url.endswith(f"#a{index + 1}"), choice
