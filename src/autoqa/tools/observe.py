"""Observation tools: ``snapshot`` (ARIA tree with refs, bounded) and ``screenshot`` (downscaled JPEG)."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import TimeoutError as PlaywrightTimeoutError
from pydantic import Field

from autoqa.tools.args import OptionalElementArgs, ToolArgs
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import bounded
from autoqa.tools.locate import locate
from autoqa.tools.pages import tracker
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult
from autoqa.tools.screenshots import capture
from autoqa.tools.secret_fields import secret_masks
from autoqa.tools.snapshot import bound_snapshot, take_snapshot


class SnapshotArgs(OptionalElementArgs):
    depth: int | None = Field(default=None, ge=1, le=100)


async def snapshot(ctx: ToolContext, args: SnapshotArgs) -> ToolResult:
    scope = None
    if args.ref is not None or args.target is not None:
        scope = (await locate(ctx, args.ref, args.target)).locator
    try:
        text, title = await asyncio.gather(
            take_snapshot(ctx, scope=scope, depth=args.depth),
            bounded(ctx.page.title(), ctx.settings.snapshot_timeout_ms),
        )
    except PlaywrightTimeoutError:
        # Playwright walks the whole DOM however much of it we show: tens of thousands of elements can
        # take longer than the bound. Say how to get a usable answer instead of a bare timeout.
        raise ToolFailure(
            ErrorCode.TIMEOUT,
            f"the {'element' if scope is not None else 'page'} is too large to snapshot within "
            f"{ctx.settings.snapshot_timeout_ms:.0f} ms; snapshot a smaller part "
            "(snapshot(target='<heading or section text>', depth=2)) or act by target text",
        ) from None
    shown, info = bound_snapshot(text, ctx.settings.snapshot_max_chars)
    data: dict[str, Any] = {"url": ctx.page.url, "title": title, "snapshot": shown, **info}
    tabs = len(tracker(ctx).pages())
    if tabs > 1:
        data["tabs"] = tabs
    return ToolResult.success(**data)


class ScreenshotArgs(ToolArgs):
    full_page: bool = False


async def screenshot(ctx: ToolContext, args: ScreenshotArgs) -> ToolResult:
    mask = secret_masks(ctx, ctx.page)
    shot = await capture(ctx.page, ctx.settings, full_page=args.full_page, mask=mask)
    return ToolResult(
        ok=True,
        data={"width": shot.width, "height": shot.height, "full_page": args.full_page},
        screenshot=shot,
    )
