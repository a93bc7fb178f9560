"""Browser storage the app keeps: ``localStorage`` / ``sessionStorage`` of the current page's origin and the
context's cookies. ``assert_storage`` checks one key the way the user's spec says (set, not set, equals,
contains, a number of items in a JSON list or object, empty); ``clear_storage`` wipes one area.

Values are the page's own data and may hold secrets: failures quote them through the same redaction as
every tool result (``call_tool``), and only the first 300 characters.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import Field, model_validator

from autoqa.tools.args import ToolArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import Deadline, bounded, poll
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult

Area = Literal["local", "session", "cookie"]
_FAILED = ErrorCode.ASSERTION_FAILED
_READ_MS = 5_000
_READ = """([area, key]) => {
  const store = area === 'local' ? window.localStorage : window.sessionStorage;
  return store.getItem(key);
}"""
_WEB_AREAS = {"local": "local storage", "session": "session storage", "cookie": "cookie"}


class StorageArgs(ToolArgs):
    area: Area
    key: str = Field(min_length=1, max_length=500)
    state: Literal["set", "unset", "empty"] = "set"
    equals: str | None = Field(default=None, max_length=10_000)
    contains: str | None = Field(default=None, max_length=10_000)
    count: int | None = Field(default=None, ge=0, le=100_000, description="items of a JSON list/object")

    @model_validator(mode="after")
    def _one_claim(self) -> StorageArgs:
        given = [v for v in (self.equals, self.contains, self.count) if v is not None]
        if len(given) > 1:
            raise ValueError("give one of equals, contains or count")
        if given and self.state != "set":
            raise ValueError("equals, contains and count check a value that is set")
        return self


async def _read(ctx: ToolContext, area: Area, key: str) -> str | None:
    if area == "cookie":
        cookies = await bounded(ctx.context.cookies(ctx.page.url or None), _READ_MS)
        return next((str(c.get("value", "")) for c in cookies if c.get("name") == key), None)
    if not ctx.page.url.startswith(("http://", "https://")):
        raise ToolFailure(
            ErrorCode.INVALID_INPUT,
            f"{_WEB_AREAS[area]} belongs to a page's origin: open a page of the app first",
        )
    value = await bounded(ctx.page.evaluate(_READ, [area, key]), _READ_MS)
    return None if value is None else str(value)


def _items(value: str) -> int | None:
    try:
        parsed: Any = json.loads(value)
    except ValueError:
        return None
    return len(parsed) if isinstance(parsed, list | dict) else None


def _judge(args: StorageArgs, value: str | None) -> str | None:
    """``None`` when the claim holds, else what was found instead."""
    shown = "not set" if value is None else repr(value[:300])
    if args.state == "unset":
        return None if value is None else f"it is set to {shown}"
    if args.state == "empty":
        empty = value is None or not value.strip() or _items(value) == 0
        return None if empty else f"it is {shown}"
    if value is None:
        return "it is not set"
    if args.equals is not None:
        return None if value == args.equals else f"it is {shown}"
    if args.contains is not None:
        return None if args.contains in value else f"it is {shown}"
    if args.count is not None:
        items = _items(value)
        if items is None:
            return f"it is not a JSON list or object: {shown}"
        return None if items == args.count else f"it holds {items} item(s)"
    return None


def _claim(args: StorageArgs) -> str:
    if args.state == "unset":
        return "not to be set"
    if args.state == "empty":
        return "to be empty"
    if args.equals is not None:
        return f"to be {args.equals!r}"
    if args.contains is not None:
        return f"to contain {args.contains!r}"
    if args.count is not None:
        return f"to hold {args.count} item(s)"
    return "to be set"


async def assert_storage(ctx: ToolContext, args: StorageArgs) -> ToolResult:
    """The app's stored state, polled like every assertion (an app may save a moment after the click)."""
    found: list[str | None] = []

    async def attempt() -> bool | None:
        found.append(_judge(args, await _read(ctx, args.area, args.key)))
        return True if found[-1] is None else None

    if await poll(attempt, Deadline(ctx.settings.assertion_timeout_ms)):
        return ToolResult.success(area=args.area, key=args.key)
    raise ToolFailure(
        _FAILED,
        f"expected {_WEB_AREAS[args.area]} {args.key!r} {_claim(args)}, but {found[-1] if found else '?'}",
        expected=_claim(args),
        actual=found[-1] if found else None,
    )


class ClearStorageArgs(ToolArgs):
    area: Literal["local", "session", "cookies", "all"]


async def clear_storage(ctx: ToolContext, args: ClearStorageArgs) -> ToolResult:
    if args.area in ("cookies", "all"):
        await bounded(ctx.context.clear_cookies(), _READ_MS)
    if args.area != "cookies":
        if not ctx.page.url.startswith(("http://", "https://")):
            raise ToolFailure(
                ErrorCode.INVALID_INPUT,
                "web storage belongs to a page's origin: open a page of the app first",
            )
        script = {
            "local": "localStorage.clear()",
            "session": "sessionStorage.clear()",
            "all": "localStorage.clear(); sessionStorage.clear()",
        }[args.area]
        await bounded(ctx.page.evaluate(f"() => {{ {script}; }}"), _READ_MS)
    return ToolResult.success(area=args.area)
