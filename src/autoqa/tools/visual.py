"""``assert_matches_baseline``: the page (or one element) looks like its committed baseline image.

* No baseline yet: the picture becomes the baseline (``written``; the verdict flags the step for review)
  — or, with ``missing_baselines = "error"`` (the default in CI), the check fails with
  ``BASELINE_MISSING`` and the picture is attached for someone to review and commit.
* ``update_baselines``: the baseline is rewritten with the picture (``updated``, or ``matched`` when it
  did not change).
* Otherwise the picture is compared (``tools/visual_compare.py``) and, like every assertion, retaken until
  it matches or ``assertion_timeout_ms`` runs out; a mismatch is ``VISUAL_MISMATCH`` with the expected,
  actual and diff images attached, and the diff is the failure screenshot the model sees.

A new baseline is written only from a stable page: two pictures in a row that are the same. Pictures are
taken as ``baseline_files.SHOT_OPTIONS`` say, after web fonts load, with every field holding a secret and
every element showing one painted over (always), and the ``ignore`` targets too.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator, Page
from pydantic import Field

from autoqa.artifacts.atomic import write_bytes_atomic
from autoqa.tools.args import OptionalElementArgs
from autoqa.tools.baseline_files import (
    FONTS_READY,
    HOLDING_A_SECRET,
    SECRET_FIELDS,
    SHOT_OPTIONS,
    BaselineNameError,
    shown_secret_values,
)
from autoqa.tools.context import ToolContext
from autoqa.tools.deadlines import Deadline, bounded, poll
from autoqa.tools.locate import locate, run_element_hook, target_failure
from autoqa.tools.result import (
    ErrorCode,
    EvidenceImage,
    Screenshot,
    ToolError,
    ToolFailure,
    ToolResult,
)
from autoqa.tools.screenshots import downscale_jpeg
from autoqa.tools.targets import TargetLookup, resolve_target
from autoqa.tools.visual_compare import Comparison, ImageError, compare_images, image_size

TOOL = "assert_matches_baseline"
_RETAKE_MS = 150
"""Pause between two pictures while waiting for a match (or for the page to hold still)."""


class BaselineArgs(OptionalElementArgs):
    # No field descriptions: the tool's own says it all, and every byte goes with every model request.
    name: str = Field(min_length=1, max_length=100)
    ignore: list[str] = Field(default_factory=list, max_length=10)
    full_page: bool = False


@dataclass(frozen=True, slots=True)
class _Picture:
    png: bytes
    what: str
    """``the page`` or ``element "Cart"``, for messages."""


async def assert_matches_baseline(ctx: ToolContext, args: BaselineArgs) -> ToolResult:
    folder = ctx.baselines
    if folder is None:
        raise ToolFailure(
            ErrorCode.UNSUPPORTED, "visual checks need the spec's baseline folder, and this run has none"
        )
    try:
        path, label = folder.path_for(args.name), folder.label_for(args.name)
    except BaselineNameError as exc:
        raise ToolFailure(ErrorCode.INVALID_INPUT, str(exc)) from None
    element: Locator | None = None
    what = "the full page" if args.full_page else "the page"
    if args.ref is not None or args.target is not None:
        located = await locate(ctx, args.ref, args.target)
        await run_element_hook(ctx, TOOL, located)
        element = located.locator
        what = f"element {located.match.label() if located.match else located.given}"
    masks = await _masks(ctx, args.ignore)
    await _fonts_ready(ctx.page, ctx.settings.screenshot_timeout_ms)
    expected = _read(path, label)
    settings = ctx.settings
    facts: dict[str, Any] = {
        "name": args.name,
        "baseline": label,
        "threshold": settings.visual_threshold,
        "max_diff_ratio": settings.visual_max_diff_ratio,
    }
    viewport = ctx.page.viewport_size
    if viewport:  # the picture's size depends on it: exported tests set the same
        facts["viewport"] = [viewport["width"], viewport["height"]]
    if expected is None or settings.update_baselines:
        picture = await _steady_picture(ctx, element, masks, args.full_page, what)
        if expected is None and not (settings.write_missing_baselines or settings.update_baselines):
            return _missing(ctx, picture, facts)
        return _write(ctx, path, picture, expected, facts)
    deadline = Deadline(settings.assertion_timeout_ms)
    last: list[tuple[_Picture, Comparison]] = []

    async def attempt() -> Comparison | None:
        picture = _Picture(await _shoot(ctx, element, masks, args.full_page), what)
        comparison = _compare(ctx, expected, picture.png)
        last.append((picture, comparison))
        return comparison if comparison.matches else None

    matched = await poll(attempt, deadline)
    if matched is not None:
        return ToolResult.success(**facts, status="matched", **_numbers(matched))
    picture, comparison = last[-1]
    return _mismatch(ctx, expected, picture, comparison, facts)


def _read(path: Path, label: str) -> bytes | None:
    try:
        data: bytes = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        message = f"cannot read the baseline {label}: {exc.strerror or exc}"
        raise ToolFailure(ErrorCode.INTERNAL_ERROR, message) from None
    try:
        image_size(data)  # the header only: a picture that matches byte for byte is never decoded
    except ImageError as exc:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"the baseline {label} is {exc}") from None
    return data


def _compare(ctx: ToolContext, expected: bytes, actual: bytes) -> Comparison:
    try:
        return compare_images(
            expected,
            actual,
            threshold=ctx.settings.visual_threshold,
            max_diff_ratio=ctx.settings.visual_max_diff_ratio,
        )
    except ImageError as exc:  # a baseline whose header reads but whose pixels do not (cut short)
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"the baseline cannot be compared: it is {exc}") from None


def _numbers(comparison: Comparison) -> dict[str, Any]:
    return {"differing_pixels": comparison.differing, "diff_ratio": round(comparison.ratio, 6)}


async def _masks(ctx: ToolContext, ignore: list[str]) -> list[Locator]:
    """Secrets first (always), then every element each ``ignore`` target names."""
    page = ctx.page
    values = shown_secret_values(ctx.secrets)
    masks: list[Locator] = []
    if values:
        fields = page.locator(SECRET_FIELDS)
        holding = await bounded(fields.evaluate_all(HOLDING_A_SECRET, values), ctx.settings.action_timeout_ms)
        masks.extend(fields.nth(int(i)) for i in holding)
        masks.extend(page.get_by_text(value) for value in values)
    for target in ignore:
        masks.extend(await _ignored(ctx, target))
    return masks


async def _ignored(ctx: ToolContext, target: str) -> list[Locator]:
    """Every element ``target`` names (several are fine: all of them are masked). Waits like a target."""

    last: list[TargetLookup] = []

    async def attempt() -> TargetLookup | None:
        lookup = await resolve_target(
            ctx.page,
            target,
            test_id_attribute=ctx.settings.test_id_attribute,
            timeout_ms=ctx.settings.action_timeout_ms,
        )
        last.append(lookup)
        return lookup if lookup.status != "none" else None

    lookup = await poll(attempt, Deadline(ctx.settings.target_wait_ms))
    if lookup is None:
        failure = await target_failure(ctx, target, last[-1])
        raise ToolFailure(
            failure.error.code,
            f"the region to ignore: {failure.error.message}",
            advice=failure.error.advice,
        )
    if lookup.status == "found" and lookup.locator is not None:
        return [lookup.locator]
    return list(lookup.match_locators)


async def _fonts_ready(page: Page, timeout_ms: float) -> None:
    # A page mid-navigation or slow to load fonts: the picture (retaken until it matches) decides.
    with contextlib.suppress(PlaywrightError, TimeoutError):
        await bounded(page.evaluate(FONTS_READY), timeout_ms)


async def _shoot(ctx: ToolContext, element: Locator | None, masks: list[Locator], full_page: bool) -> bytes:
    timeout = max(ctx.settings.screenshot_timeout_ms, 5_000 if full_page else 0)
    if element is not None:
        shot = element.screenshot(timeout=timeout, mask=masks, **SHOT_OPTIONS)
    else:
        shot = ctx.page.screenshot(timeout=timeout, mask=masks, full_page=full_page, **SHOT_OPTIONS)
    return await asyncio.wait_for(shot, timeout / 1000 + 1)


async def _steady_picture(
    ctx: ToolContext, element: Locator | None, masks: list[Locator], full_page: bool, what: str
) -> _Picture:
    """A picture of a page that holds still: two in a row that are the same (a baseline of a moving page
    would fail the next run)."""
    previous = await _shoot(ctx, element, masks, full_page)
    deadline = Deadline(ctx.settings.assertion_timeout_ms)
    while True:
        await asyncio.sleep(_RETAKE_MS / 1000)
        current = await _shoot(ctx, element, masks, full_page)
        if compare_images(previous, current, threshold=0.0, antialiasing=False).matches:
            return _Picture(current, what)
        if deadline.expired:
            raise ToolFailure(
                ErrorCode.TIMEOUT,
                f"{what} kept changing for {ctx.settings.assertion_timeout_ms:.0f} ms: no two pictures in a "
                'row were the same, so no baseline was written; ignore the moving part (… ignoring "the '
                'clock") or wait for it to settle first',
            )
        previous = current


def _write(
    ctx: ToolContext, path: Path, picture: _Picture, expected: bytes | None, facts: dict[str, Any]
) -> ToolResult:
    if expected is not None:
        comparison = _compare(ctx, expected, picture.png)
        if comparison.matches:
            return ToolResult.success(**facts, status="matched", **_numbers(comparison))
    try:
        write_bytes_atomic(path, picture.png)
    except OSError as exc:
        message = f"cannot write the baseline {facts['baseline']}: {exc.strerror or exc}"
        raise ToolFailure(ErrorCode.INTERNAL_ERROR, message) from None
    status = "written" if expected is None else "updated"
    images = [EvidenceImage(kind="actual", data=picture.png)]
    if expected is not None:
        diff = compare_images(expected, picture.png, threshold=0.0).diff_png
        images = [EvidenceImage(kind="expected", data=expected), *images]
        images += [EvidenceImage(kind="diff", data=diff)] if diff else []
    return ToolResult(ok=True, data={**facts, "status": status}, images=tuple(images))


def _for_model(ctx: ToolContext, png: bytes) -> Screenshot:
    settings = ctx.settings
    data, width, height = downscale_jpeg(png, settings.screenshot_max_side, settings.screenshot_quality)
    return Screenshot(mime="image/jpeg", width=width, height=height, data=data)


def _missing(ctx: ToolContext, picture: _Picture, facts: dict[str, Any]) -> ToolResult:
    message = (
        f'there is no baseline "{facts["name"]}" ({facts["baseline"]}) and this run may not write one '
        "(missing_baselines = error, the default when CI is set): the picture taken is attached as "
        "'actual'; review it and commit it as the baseline, or run with missing_baselines = write"
    )
    return ToolResult(
        ok=False,
        data=facts,
        error=ToolError.of(ErrorCode.BASELINE_MISSING, message),
        screenshot=_for_model(ctx, picture.png),
        images=(EvidenceImage(kind="actual", data=picture.png),),
    )


def _mismatch(
    ctx: ToolContext, expected: bytes, picture: _Picture, comparison: Comparison, facts: dict[str, Any]
) -> ToolResult:
    message = f'{picture.what} does not match the baseline "{facts["name"]}" ({facts["baseline"]}): '
    message += comparison.describe()
    diff = comparison.diff_png or picture.png
    return ToolResult(
        ok=False,
        data={**facts, **_numbers(comparison)},
        error=ToolError.of(
            ErrorCode.VISUAL_MISMATCH,
            message,
            advice="the attached image is the diff: red pixels changed; if the change is intended, report "
            "it — never pick another baseline name",
        ),
        screenshot=_for_model(ctx, diff),
        images=(
            EvidenceImage(kind="expected", data=expected),
            EvidenceImage(kind="actual", data=picture.png),
            EvidenceImage(kind="diff", data=diff),
        ),
    )
