"""Browser storage the app keeps: ``localStorage`` / ``sessionStorage`` of the current page's origin and the
context's cookies. ``assert_storage`` checks one key the way the user's spec says (set, not set, equals,
contains, a number of items in a JSON list or object, empty), or without a key the area itself (how many
keys or cookies it holds, empty); ``clear_storage`` wipes one area, or one key or cookie of it.

Values are the page's own data and may hold secrets: failures quote them through the same redaction as
every tool result (``call_tool``), and only the first 300 characters.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import Field, model_validator

from autoqa.tools.args import PLAIN_ONLY, ToolArgs
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
_KEYS = """(area) => Object.keys(area === 'local' ? window.localStorage : window.sessionStorage)"""
_WEB_AREAS = {"local": "local storage", "session": "session storage", "cookie": "cookie"}
_WHOLE_AREAS = {"local": "local storage", "session": "session storage", "cookie": "the cookies"}


class StorageArgs(ToolArgs):
    area: Area
    key: str | None = Field(default=None, min_length=1, max_length=500)
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
        value_claim = self.equals is not None or self.contains is not None
        if self.key is None and (value_claim or self.state == "unset"):
            raise ValueError("without a key, check the area: count (keys or cookies), empty, or set (any)")
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


async def _names(ctx: ToolContext, area: Area) -> list[str]:
    """The keys of a web storage area, or the names of the cookies the current page would be sent."""
    if area == "cookie":
        cookies = await bounded(ctx.context.cookies(ctx.page.url or None), _READ_MS)
        return [str(c.get("name", "")) for c in cookies]
    if not ctx.page.url.startswith(("http://", "https://")):
        raise ToolFailure(
            ErrorCode.INVALID_INPUT,
            f"{_WEB_AREAS[area]} belongs to a page's origin: open a page of the app first",
        )
    return [str(k) for k in await bounded(ctx.page.evaluate(_KEYS, area), _READ_MS)]


def _judge_area(args: StorageArgs, names: list[str]) -> str | None:
    """``None`` when the claim about the whole area holds, else what it holds instead."""
    held = f"it holds {len(names)}: {', '.join(sorted(names)[:10])}" if names else "it is empty"
    if args.state == "empty":
        return None if not names else held
    if args.count is not None:
        return None if len(names) == args.count else held
    return None if names else held


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
    if args.key is None:
        if args.state == "empty":
            return "to be empty"
        return "to hold at least one" if args.count is None else f"to hold {args.count}"
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
        if args.key is None:
            found.append(_judge_area(args, await _names(ctx, args.area)))
        else:
            found.append(_judge(args, await _read(ctx, args.area, args.key)))
        return True if found[-1] is None else None

    if await poll(attempt, Deadline(ctx.settings.assertion_timeout_ms)):
        return ToolResult.success(area=args.area, key=args.key)
    what = _WHOLE_AREAS[args.area] if args.key is None else f"{_WEB_AREAS[args.area]} {args.key!r}"
    raise ToolFailure(
        _FAILED,
        f"expected {what} {_claim(args)}, but {found[-1] if found else '?'}",
        expected=_claim(args),
        actual=found[-1] if found else None,
    )


class ClearStorageArgs(ToolArgs):
    area: Literal["local", "session", "cookies", "all"]
    # one key or cookie: a spec step ("Delete the cookie k"); the model clears areas (a smaller schema)
    key: str | None = Field(default=None, min_length=1, max_length=500, json_schema_extra=PLAIN_ONLY)

    @model_validator(mode="after")
    def _one_area(self) -> ClearStorageArgs:
        if self.key is not None and self.area == "all":
            raise ValueError("a key belongs to one area: local, session or cookies")
        return self


async def clear_storage(ctx: ToolContext, args: ClearStorageArgs) -> ToolResult:
    if args.key is not None:
        return await _remove_key(ctx, args.area, args.key)
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


_REMOVE = """([area, key]) => {
  const store = area === 'local' ? window.localStorage : window.sessionStorage;
  store.removeItem(key);
}"""


async def _remove_key(ctx: ToolContext, area: str, key: str) -> ToolResult:
    """One key or cookie gone; the rest of the area kept. Removing what is not there is no failure (the
    state the step asks for holds), but the result says it was not there."""
    if area == "cookies":
        present = key in await _names(ctx, "cookie")
        await bounded(ctx.context.clear_cookies(name=key), _READ_MS)
        return ToolResult.success(area=area, key=key, was_set=present)
    web: Area = "local" if area == "local" else "session"
    present = await _read(ctx, web, key) is not None
    await bounded(ctx.page.evaluate(_REMOVE, [area, key]), _READ_MS)
    return ToolResult.success(area=area, key=key, was_set=present)
