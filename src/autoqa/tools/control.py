"""Control tools: ``wait_for`` (a condition or a pause), ``tabs`` and ``dialogs``."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from pydantic import Field, model_validator

from autoqa.tools.args import OptionalElementArgs, ToolArgs
from autoqa.tools.conditions import (
    Judge,
    judge_attached,
    judge_enabled,
    judge_hidden,
    judge_visible,
    wait_for_element,
    wait_for_text,
)
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import Deadline, bounded, poll
from autoqa.tools.pages import tracker
from autoqa.tools.result import ErrorCode, ToolFailure, ToolResult

_POPUP_WAIT_MS = 1_000
ElementState = Literal["visible", "hidden", "enabled", "attached"]
_JUDGES: dict[str, Judge] = {
    "visible": judge_visible,
    "hidden": judge_hidden,
    "enabled": judge_enabled(True),
    "attached": judge_attached,
}


class WaitForArgs(OptionalElementArgs):
    # The tool's description says what text, text_gone and state wait for (bytes sent with every request).
    text: str | None = Field(default=None, min_length=1, max_length=2_000)
    text_gone: str | None = Field(default=None, min_length=1, max_length=2_000)
    state: ElementState = "visible"
    seconds: float | None = Field(default=None, ge=0, le=3_600)

    @model_validator(mode="after")
    def _one_condition(self) -> WaitForArgs:
        given = [
            self.text is not None,
            self.text_gone is not None,
            self.ref is not None or self.target is not None,
        ]
        if sum(given) > 1:
            raise ValueError("give one condition: text, text_gone, or ref/target (with state)")
        if not any(given) and self.seconds is None:
            raise ValueError("give text, text_gone, ref/target (with state), or seconds")
        return self


async def wait_for(ctx: ToolContext, args: WaitForArgs) -> ToolResult:
    limit = ctx.settings.max_wait_ms
    warnings: list[str] = []
    wanted = args.seconds * 1000 if args.seconds is not None else ctx.settings.wait_timeout_ms
    if wanted > limit:
        warnings.append(f"waits are capped at {limit / 1000:g} s for this run")
    timeout = min(wanted, limit)
    if args.text is not None or args.text_gone is not None:
        text = args.text if args.text is not None else args.text_gone
        assert text is not None
        result = await wait_for_text(
            ctx, text, present=args.text is not None, exact=False, timeout_ms=timeout, code=ErrorCode.TIMEOUT
        )
    elif args.ref is not None or args.target is not None:
        result = await wait_for_element(
            ctx, "wait_for", args.ref, args.target, _JUDGES[args.state],
            expectation=args.state, timeout_ms=timeout, code=ErrorCode.TIMEOUT,
        )  # fmt: skip
    else:
        await asyncio.sleep(timeout / 1000)
        result = ToolResult.success(waited_ms=round(timeout))
    if warnings:
        return result.model_copy(update={"data": {**result.data, "warnings": warnings}})
    return result


class TabsArgs(ToolArgs):
    action: Literal["list", "switch", "close"] = "list"
    index: int | None = Field(default=None, ge=-1, le=1_000)


async def _tab_list(ctx: ToolContext) -> list[dict[str, Any]]:
    pages = tracker(ctx).pages()
    bound = ctx.settings.action_timeout_ms

    async def title(page: Any) -> str:
        try:
            return str(await bounded(page.title(), bound))
        except asyncio.CancelledError:
            raise
        except Exception:  # closing or navigating right now
            return ""

    titles = await asyncio.gather(*(title(p) for p in pages))
    return [
        {"index": i, "url": p.url, "title": t, "active": p is ctx.page}
        for i, (p, t) in enumerate(zip(pages, titles, strict=True))
    ]


async def tabs(ctx: ToolContext, args: TabsArgs) -> ToolResult:
    track = tracker(ctx)
    if args.action == "list":
        return ToolResult.success(tabs=await _tab_list(ctx))
    if args.action == "switch":
        if args.index is None:
            raise ToolFailure(ErrorCode.INVALID_INPUT, "switch needs index (see tabs(action='list'))")
        index = args.index
        # -1 means "the newest tab": it needs at least a second tab to exist (a popup still on its way).
        wanted = 2 if index == -1 else index + 1

        # A popup opened by the last click may still be on its way (it usually takes ~50 ms).
        async def arrived() -> bool | None:
            return True if len(track.pages()) >= wanted else None

        if not await poll(arrived, Deadline(min(ctx.settings.action_timeout_ms, _POPUP_WAIT_MS))):
            raise ToolFailure(
                ErrorCode.INVALID_INPUT, f"no tab {index}; there are {len(track.pages())} (indexes from 0)"
            )
        page = track.pages()[index]
        index = track.pages().index(page)
        ctx.page = page
        await bounded(page.bring_to_front(), ctx.settings.action_timeout_ms)
        try:
            await page.wait_for_load_state("domcontentloaded", timeout=ctx.settings.navigation_timeout_ms)
        except asyncio.CancelledError:
            raise
        except Exception:  # a slow tab is still usable; tools wait for their own elements
            pass
        return ToolResult.success(active=index, url=page.url, tabs=await _tab_list(ctx))
    pages = track.pages()
    index = args.index if args.index is not None else (pages.index(ctx.page) if ctx.page in pages else -1)
    if not 0 <= index < len(pages):
        raise ToolFailure(
            ErrorCode.INVALID_INPUT, f"no tab {args.index}; there are {len(pages)} (indexes from 0)"
        )
    if len(pages) == 1:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "cannot close the last tab")
    closing = pages[index]
    await bounded(closing.close(), ctx.settings.action_timeout_ms)
    remaining = track.pages()
    if ctx.page is closing or ctx.page.is_closed():
        ctx.page = remaining[-1]
    track.pop_notices()  # the close notice would repeat what this result says
    return ToolResult.success(closed=index, active=remaining.index(ctx.page), tabs=await _tab_list(ctx))


class DialogsArgs(ToolArgs):
    action: Literal["list", "accept", "dismiss"] = "list"
    prompt_text: str | None = Field(default=None, max_length=2_000, description="answer for prompt() dialogs")


async def dialogs(ctx: ToolContext, args: DialogsArgs) -> ToolResult:
    track = tracker(ctx)
    if args.action != "list":
        # A native dialog is answered the moment it opens. One that opened during the last call (or since)
        # and got the default answer, not this one, is past changing: "Click "Delete"" then "Dismiss the
        # confirm" must not pass on a file the default answer deleted.
        late = [
            d
            for d in ctx.dialogs[track.previous_call_from :]
            if d.get("by_default") and d.get("handled_as") != args.action
        ]
        if late:
            shown = late[-1]
            what = f"{shown.get('type', 'dialog')} {str(shown.get('message', ''))[:80]!r}"
            raise ToolFailure(
                ErrorCode.ASSERTION_FAILED,
                f"the {what} already opened and "
                f"was answered {shown.get('handled_as')!r} (the default) the moment it did; a browser "
                f"dialog's answer must be given before it opens: in the step that opens it "
                f"('Click \"…\" and {args.action} the confirm') or before it "
                f"('{args.action.capitalize()} the next dialog')",
                expected=args.action,
                actual=shown.get("handled_as"),
            )
        track.dialog_choice = args.action
        track.prompt_text = args.prompt_text
    policy = track.dialog_choice or ctx.settings.dialog_policy
    return ToolResult.success(policy=policy, dialogs=list(ctx.dialogs[-20:]), total=len(ctx.dialogs))
