"""Assertion tools. Each auto-waits (polls) up to ``settings.assertion_timeout_ms`` like Playwright's
``expect``, then fails with ASSERTION_FAILED naming what was expected and what was found."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from pydantic import Field, model_validator

from autoqa.role_words import ARIA_ROLES
from autoqa.tools.args import PLAIN_ONLY, ElementArgs, ToolArgs
from autoqa.tools.conditions import (
    judge_accessible,
    judge_attribute,
    judge_checked,
    judge_class,
    judge_count,
    judge_enabled,
    judge_hidden,
    judge_state,
    judge_value,
    judge_visible,
    wait_for_element,
    wait_for_text,
)
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import Deadline, bounded, poll
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult

_FAILED = ErrorCode.ASSERTION_FAILED
MatchMode = Literal["contains", "equals", "regex"]


class TextArgs(ToolArgs):
    text: str = Field(min_length=1, max_length=2_000)


class TextPresentArgs(TextArgs):
    exact: bool = Field(
        default=False, description="true: an element's whole text must equal it (case-sensitive)"
    )
    in_message: bool = Field(default=False, description="true: in a message, alert, toast or live region")
    whole: bool = Field(
        default=False,
        description="true: an element's whole text must equal it with nothing after it, not even a closing "
        "'!' or an aside in brackets, which exact allows ('reads exactly')",
        json_schema_extra=PLAIN_ONLY,
    )


async def assert_text_present(ctx: ToolContext, args: TextPresentArgs) -> ToolResult:
    timeout = ctx.settings.assertion_timeout_ms
    return await wait_for_text(
        ctx, args.text, present=True, exact=args.exact or args.whole, timeout_ms=timeout, code=_FAILED,
        in_message=args.in_message, whole=args.whole,
    )  # fmt: skip


async def assert_text_absent(ctx: ToolContext, args: TextArgs) -> ToolResult:
    timeout = ctx.settings.assertion_timeout_ms
    return await wait_for_text(ctx, args.text, present=False, exact=False, timeout_ms=timeout, code=_FAILED)


async def assert_element_visible(ctx: ToolContext, args: ElementArgs) -> ToolResult:
    return await wait_for_element(
        ctx, "assert_element_visible", args.ref, args.target, judge_visible,
        expectation="visible", timeout_ms=ctx.settings.assertion_timeout_ms, code=_FAILED,
    )  # fmt: skip


async def assert_element_hidden(ctx: ToolContext, args: ElementArgs) -> ToolResult:
    return await wait_for_element(
        ctx, "assert_element_hidden", args.ref, args.target, judge_hidden,
        expectation="hidden", timeout_ms=ctx.settings.assertion_timeout_ms, code=_FAILED,
    )  # fmt: skip


class ValueArgs(ElementArgs):
    expected: str = Field(max_length=10_000)


async def assert_value(ctx: ToolContext, args: ValueArgs) -> ToolResult:
    return await wait_for_element(
        ctx, "assert_value", args.ref, args.target, judge_value(args.expected),
        expectation=f"value {args.expected!r}", timeout_ms=ctx.settings.assertion_timeout_ms, code=_FAILED,
    )  # fmt: skip


class CheckedArgs(ElementArgs):
    checked: bool = True


async def assert_checked(ctx: ToolContext, args: CheckedArgs) -> ToolResult:
    return await wait_for_element(
        ctx, "assert_checked", args.ref, args.target, judge_checked(args.checked),
        expectation="checked" if args.checked else "unchecked",
        timeout_ms=ctx.settings.assertion_timeout_ms, code=_FAILED,
    )  # fmt: skip


class StateArgs(ElementArgs):
    state: Literal["selected", "expanded", "pressed", "current", "invalid"]
    value: bool = True


async def assert_state(ctx: ToolContext, args: StateArgs) -> ToolResult:
    expectation = args.state if args.value else f"not {args.state}"
    return await wait_for_element(
        ctx, "assert_state", args.ref, args.target, judge_state(args.state, args.value),
        expectation=expectation, timeout_ms=ctx.settings.assertion_timeout_ms, code=_FAILED,
    )  # fmt: skip


class ClassArgs(ElementArgs):
    class_name: str = Field(min_length=1, max_length=200, pattern=r"^[^\s]+$")
    present: bool = True


async def assert_class(ctx: ToolContext, args: ClassArgs) -> ToolResult:
    name = args.class_name
    expectation = f"marked with the class {name!r}" if args.present else f"without the class {name!r}"
    return await wait_for_element(
        ctx, "assert_class", args.ref, args.target, judge_class(name, args.present),
        expectation=expectation, timeout_ms=ctx.settings.assertion_timeout_ms, code=_FAILED,
    )  # fmt: skip


class AttributeArgs(ElementArgs):
    attribute: str = Field(min_length=1, max_length=100, pattern=r"^[A-Za-z_:][-A-Za-z0-9_:.]*$")
    value: str | None = Field(default=None, max_length=2_000)
    """None: the attribute is there at all (any value)."""
    present: bool = True


async def assert_attribute(ctx: ToolContext, args: AttributeArgs) -> ToolResult:
    name, value = args.attribute, args.value
    if value is None:
        expectation = f"marked with {name}" if args.present else f"without {name}"
    else:
        expectation = f"{'' if args.present else 'not '}marked {name}={value!r}"
    return await wait_for_element(
        ctx, "assert_attribute", args.ref, args.target, judge_attribute(name, value, args.present),
        expectation=expectation,
        timeout_ms=ctx.settings.assertion_timeout_ms, code=_FAILED,
    )  # fmt: skip


class AccessibleArgs(ElementArgs):
    accessible_name: str | None = Field(default=None, max_length=2_000)
    role: str | None = Field(default=None, max_length=40)
    level: int | None = Field(default=None, ge=1, le=6)
    """A heading's level (an ``<h2>``, or ``role="heading" aria-level="2"``)."""

    @model_validator(mode="after")
    def _one_claim(self) -> AccessibleArgs:
        if sum(claim is not None for claim in (self.accessible_name, self.role, self.level)) != 1:
            raise ValueError("give the accessible name, the role or a heading's level (one of them)")
        if self.role is not None and self.role not in ARIA_ROLES:
            raise ValueError(f"{self.role!r} is not an ARIA role (e.g. button, dialog, tab, img)")
        return self


async def assert_accessible(ctx: ToolContext, args: AccessibleArgs) -> ToolResult:
    name = args.accessible_name
    said = (
        f"named {name!r} (its accessible name)"
        if name is not None
        else f"role {args.role!r}"
        if args.role is not None
        else f"a level {args.level} heading"
    )
    return await wait_for_element(
        ctx, "assert_accessible", args.ref, args.target, judge_accessible(name, args.role, args.level),
        expectation=said, timeout_ms=ctx.settings.assertion_timeout_ms, code=_FAILED,
    )  # fmt: skip


class EnabledArgs(ElementArgs):
    enabled: bool = True


async def assert_enabled(ctx: ToolContext, args: EnabledArgs) -> ToolResult:
    return await wait_for_element(
        ctx, "assert_enabled", args.ref, args.target, judge_enabled(args.enabled),
        expectation="enabled" if args.enabled else "disabled",
        timeout_ms=ctx.settings.assertion_timeout_ms, code=_FAILED,
    )  # fmt: skip


class CountArgs(ElementArgs):
    count: int = Field(ge=0, le=100_000)


async def assert_count(ctx: ToolContext, args: CountArgs) -> ToolResult:
    return await wait_for_element(
        ctx, "assert_count", args.ref, args.target, judge_count(args.count),
        expectation=f"{args.count} element(s)", timeout_ms=ctx.settings.assertion_timeout_ms,
        code=_FAILED, multi_ok=True,
    )  # fmt: skip


class MatchArgs(ToolArgs):
    expected: str = Field(min_length=1, max_length=2_000)
    match: MatchMode = "contains"
    negate: bool = Field(default=False, json_schema_extra=PLAIN_ONLY)
    """The URL or title must not match ("the URL no longer contains "/login""): waited for like a match."""


def _matcher(expected: str, mode: MatchMode) -> Callable[[str], bool]:
    if mode == "regex":
        try:
            pattern = re.compile(expected)
        except re.error as exc:
            raise ToolFailure(
                ErrorCode.INVALID_INPUT, f"expected is not a valid regular expression: {exc}"
            ) from exc
        return lambda actual: pattern.search(actual) is not None
    if mode == "equals":
        return lambda actual: actual == expected
    return lambda actual: expected in actual


async def _poll_string(
    ctx: ToolContext,
    what: str,
    read: Callable[[], Awaitable[str]],
    expected: str,
    mode: MatchMode,
    negate: bool = False,
) -> ToolResult:
    matches = _matcher(expected, mode)
    seen: list[str] = []

    async def attempt() -> str | None:
        actual = await read()
        seen.append(actual)
        return actual if matches(actual) != negate else None

    timeout = ctx.settings.assertion_timeout_ms
    actual = await poll(attempt, Deadline(timeout))
    if actual is not None:
        data: dict[str, Any] = {what: actual, "match": mode}
        if negate:
            data["negate"] = True
        return ToolResult.success(**data)
    verb = {"contains": "contain", "equals": "equal", "regex": "match"}[mode]
    raise ToolFailure(
        _FAILED,
        f"expected the {what} {'not ' if negate else ''}to {verb} {expected!r}, but it is {seen[-1]!r} "
        f"(waited {timeout:.0f} ms)",
        expected=expected,
        actual=seen[-1],
        match=mode,
    )


class UrlArgs(MatchArgs):
    expected: str = Field(min_length=1, max_length=4_000)


async def assert_url(ctx: ToolContext, args: UrlArgs) -> ToolResult:
    expected = args.expected
    if args.match == "equals" and expected.startswith("/") and ctx.base_url:
        from urllib.parse import urljoin

        expected = urljoin(ctx.page.url or ctx.base_url, expected)

    async def read() -> str:
        return ctx.page.url

    return await _poll_string(ctx, "url", read, expected, args.match, args.negate)


async def assert_title(ctx: ToolContext, args: MatchArgs) -> ToolResult:
    bound = min(ctx.settings.assertion_timeout_ms, 5_000) + 1_000

    async def read() -> str:
        return await bounded(ctx.page.title(), bound)

    return await _poll_string(ctx, "title", read, args.expected, args.match, args.negate)
