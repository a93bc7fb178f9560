"""``call_tool``: the one wrapper every tool call goes through. It never raises (but cancellation)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from autoqa.secrets import PLACEHOLDER, SecretSet
from autoqa.tools.context import ToolContext
from autoqa.tools.invariants import with_violations
from autoqa.tools.locate import RAW_ARGS_KEY, RESOLVED_KEY, WARNINGS_KEY, naming_resolved
from autoqa.tools.origin_guard import blocked_before_call, enforce_after_call
from autoqa.tools.page_health import (
    before_any_page,
    explain_failure,
    looks_for_content,
    nothing_opened,
    on_error_page,
)
from autoqa.tools.page_watch import page_watch
from autoqa.tools.pages import tracker
from autoqa.tools.playwright_errors import map_playwright_error
from autoqa.tools.registry import TOOLS
from autoqa.tools.result import ABSENT_CODES, ErrorCode, ToolError, ToolFailure, ToolResult
from autoqa.tools.screenshots import failure_screenshot
from autoqa.tools.secret_fields import secret_masks
from autoqa.tools.settle import drop_ahead
from autoqa.tools.spec import ToolSpec
from autoqa.tools.trace_zone import traced, untraced

_NOT_ABOUT_THE_PAGE = frozenset(
    {ErrorCode.INVALID_INPUT, ErrorCode.NAVIGATION_BLOCKED, ErrorCode.UNSUPPORTED, ErrorCode.PAGE_CLOSED}
)


def _substitute(value: Any, secrets: Mapping[str, str], unknown: set[str]) -> Any:
    if isinstance(value, str):
        for name in PLACEHOLDER.findall(value):
            if name not in secrets:
                unknown.add(name)
        return SecretSet(secrets).substitute(value) if secrets else value
    if isinstance(value, list):
        return [_substitute(item, secrets, unknown) for item in value]
    return value


def _describe_validation(spec: ToolSpec, exc: ValidationError) -> str:
    # Never include the input values: they may hold a substituted secret.
    problems = []
    for error in exc.errors(include_url=False, include_input=False, include_context=False):
        where = ".".join(str(part) for part in error["loc"]) or "arguments"
        if error["type"] == "extra_forbidden":
            problems.append(f"unknown field {where!r}")
        elif error["type"] == "missing":
            problems.append(f"{where}: required")
        else:
            problems.append(f"{where}: {error['msg'].removeprefix('Value error, ')}")
    fields = ", ".join(spec.args_model.model_fields) or "none"
    return f"invalid arguments for {spec.name}: {'; '.join(problems)} (fields: {fields})"


def _redact(value: Any, secrets: SecretSet) -> Any:
    if isinstance(value, str):
        return secrets.redact(value)
    if isinstance(value, dict):
        return {k: _redact(v, secrets) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_redact(v, secrets) for v in value]
    return value


def _redacted(result: ToolResult, secrets: SecretSet) -> ToolResult:
    update: dict[str, Any] = {"data": _redact(result.data, secrets)}
    if result.error is not None:
        update["error"] = result.error.model_copy(
            update={
                "message": secrets.redact(result.error.message),
                "details": _redact(result.error.details, secrets),
            }
        )
    if result.screenshot_note:
        update["screenshot_note"] = secrets.redact(result.screenshot_note)
    return result.model_copy(update=update)


def _failed(error: ToolError) -> ToolResult:
    return ToolResult(ok=False, error=error)


async def _run(ctx: ToolContext, spec: ToolSpec, model: Any) -> ToolResult:
    ceiling_ms = ctx.settings.ceiling_ms
    try:
        return await asyncio.wait_for(spec.func(ctx, model), ceiling_ms / 1000)
    except asyncio.CancelledError:
        raise
    except ToolFailure as failure:
        return _failed(failure.error)
    except TimeoutError:  # asyncio's (built-in) timeout: our own bound on a call without timeout=
        return ToolResult.failure(
            ErrorCode.TIMEOUT,
            f"{spec.name} got no answer from the browser in time (the page may be busy or frozen)",
        )
    except Exception as exc:
        return _failed(map_playwright_error(exc))


def _with_extras(result: ToolResult, warnings: list[str], notices: list[str]) -> ToolResult:
    if not warnings and not notices:
        return result
    data = dict(result.data)
    if warnings:
        data["warnings"] = list(dict.fromkeys([*data.get("warnings", []), *warnings]))
    if notices:
        data["notices"] = notices
    return result.model_copy(update={"data": data})


def _with_consequences(
    ctx: ToolContext, result: ToolResult, url_before: str, dialogs_before: int
) -> ToolResult:
    """What an action set off that the model cannot see in its arguments: the page it led to and the
    dialogs it opened (type, message, how they were answered)."""
    data = dict(result.data)
    if ctx.page.url != url_before and "url" not in data:
        data["url"] = ctx.page.url
    if len(ctx.dialogs) > dialogs_before:
        data["dialogs"] = list(ctx.dialogs[dialogs_before:])[-5:]
    return result.model_copy(update={"data": data}) if data != result.data else result


async def _validate_and_run(
    ctx: ToolContext,
    spec: ToolSpec,
    args: Mapping[str, Any] | None,
    warnings: list[str],
    notices: list[str],
    report_violations: bool = True,
) -> tuple[ToolResult, bool]:
    """The result, and whether the page was involved (so a failure screenshot can tell something)."""
    if args is not None and not isinstance(args, Mapping):
        return ToolResult.failure(
            ErrorCode.INVALID_INPUT, f"arguments for {spec.name} must be an object"
        ), False
    raw = dict(args or {})
    unknown: set[str] = set()
    values = {key: _substitute(value, ctx.secrets, unknown) for key, value in raw.items()}
    if unknown:
        shown = ", ".join("{{" + n + "}}" for n in sorted(unknown))
        warnings.append(f"no secret or variable named {shown}; the text was used as written")
    try:
        model = spec.args_model.model_validate(values)
    except ValidationError as exc:
        return ToolResult.failure(ErrorCode.INVALID_INPUT, _describe_validation(spec, exc)), False
    ctx.extra[RAW_ARGS_KEY] = raw
    ctx.extra.pop(WARNINGS_KEY, None)
    ctx.extra.pop(RESOLVED_KEY, None)
    try:
        with untraced():  # bookkeeping; a check, and an action's own call, stay in a trace (trace_zone)
            track = tracker(ctx)
            track.begin_call()
            watch = await page_watch(ctx)  # before the call: its navigation must already be watched
            watch.note_call(spec.name, spec.kind)
            was_on_error_page = on_error_page(ctx.page)
            notices.extend(blocked_before_call(ctx))
            url_before, dialogs_before = ctx.page.url, len(ctx.dialogs)
            with traced() if spec.kind == "assertion" else contextlib.nullcontext():
                if looks_for_content(spec.kind, raw) and await nothing_opened(ctx.page):
                    result = before_any_page(spec.kind)
                else:
                    result = await _run(ctx, spec, model)
            if result.error is not None:
                result = result.model_copy(
                    update={"error": naming_resolved(result.error, ctx.extra.get(RESOLVED_KEY))}
                )
            if spec.kind == "action" and result.ok:
                result = _with_consequences(ctx, result, url_before, dialogs_before)
            result = await enforce_after_call(ctx, spec.name, result)
            result = await explain_failure(
                ctx.page, track, spec.name, result, was_on_error_page=was_on_error_page
            )
            if report_violations:
                result = with_violations(result, watch.drain(), spec.name, ctx.step)
            notices.extend(track.pop_notices())
    finally:
        drop_ahead(ctx)  # an arming no action took over is never carried into the next call
        ctx.extra.pop(RAW_ARGS_KEY, None)
        ctx.extra.pop(RESOLVED_KEY, None)
        warnings.extend(ctx.extra.pop(WARNINGS_KEY, None) or ())
    return result, True


async def call_tool(
    ctx: ToolContext, name: str, args: Mapping[str, Any] | None, *, report_violations: bool = True
) -> ToolResult:
    """Run tool ``name`` with raw ``args`` (e.g. a model's tool input) and return its result.

    Validates the arguments, substitutes ``{{NAME}}`` secrets, bounds the call in time, maps every
    exception to an error code, attaches a failure screenshot, redacts secrets and records the duration.
    Invariant violations the page reported since the last call go with the result (``tools/invariants.py``);
    ``report_violations=False`` leaves them for the next call (a look nobody records, such as the agent's
    snapshot excerpt after a failure). Only ``asyncio.CancelledError`` escapes.

    Example::

        result = await call_tool(ctx, "click", {"target": "Log in"})
        if not result.ok:
            print(result.error.code, result.error.message)
    """
    started = time.perf_counter()
    spec = TOOLS.get(name) if isinstance(name, str) else None
    shown_name = spec.name if spec else str(name)[:80]
    warnings: list[str] = []
    notices: list[str] = []
    if spec is None:
        result = ToolResult.failure(
            ErrorCode.INVALID_INPUT, f"unknown tool {shown_name!r}; tools: {', '.join(TOOLS)}"
        )
        touched_page = False
    else:
        result, touched_page = await _validate_and_run(ctx, spec, args, warnings, notices, report_violations)
    result = _with_extras(result, warnings, notices)
    # A screenshot only helps when the page was involved; bad arguments are about the call itself.
    wants_shot = result.error is not None and result.error.code not in _NOT_ABOUT_THE_PAGE
    if result.error is not None and result.error.code in ABSENT_CODES and not ctx.settings.absent_screenshots:
        wants_shot = False
    if shown_name == "snapshot" and result.error is not None and result.error.code is ErrorCode.TIMEOUT:
        wants_shot = False  # the page is still busy building the snapshot: a screenshot would wait on it too
    # A check that attached its own picture (a visual diff) keeps it: it says more than the page now.
    if wants_shot and touched_page and ctx.settings.failure_screenshots and result.screenshot is None:
        mask = secret_masks(ctx, ctx.page)
        with untraced():
            shot, note = await failure_screenshot(ctx.page, ctx.settings, mask=mask)
        result = result.model_copy(update={"screenshot": shot, "screenshot_note": note})
    if ctx.secrets:
        result = _redacted(result, SecretSet(ctx.secrets))
    elapsed = (time.perf_counter() - started) * 1000
    return result.model_copy(update={"tool": shown_name, "duration_ms": elapsed})
