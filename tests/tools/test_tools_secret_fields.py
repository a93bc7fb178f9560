"""A secret typed into a plain text field is painted over in every screenshot the tools take."""

from __future__ import annotations

import io

from PIL import Image

from autoqa.tools import Screenshot, ToolContext, call_tool

from .tools_helpers import FAST, failed, ok

TOKEN = "tok-live-4242-visible-in-pixels"
MAGENTA = (255, 0, 255)  # Playwright's default mask colour


def _context(tool_ctx: ToolContext, demo_url: str) -> ToolContext:
    return ToolContext(
        context=tool_ctx.context,
        page=tool_ctx.page,
        base_url=demo_url,
        secrets={"API_TOKEN": TOKEN},
        settings=FAST,
    )


async def _field_centre_colour(ctx: ToolContext, shot: Screenshot | None) -> tuple[int, int, int]:
    """The colour at the Username field's centre in ``shot`` (scaled from CSS pixels to the image)."""
    box = await ctx.page.get_by_label("Username").bounding_box()
    assert box is not None
    viewport = ctx.page.viewport_size
    assert viewport is not None
    assert shot is not None and shot.data is not None
    with Image.open(io.BytesIO(shot.data)) as image:
        scale = image.width / viewport["width"]
        # Left part of the field: where the typed text is drawn.
        x, y = (box["x"] + min(40.0, box["width"] / 4)) * scale, (box["y"] + box["height"] / 2) * scale
        pixel = image.convert("RGB").getpixel((round(x), round(y)))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def _near(colour: tuple[int, int, int], wanted: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 40 for a, b in zip(colour, wanted, strict=True))  # JPEG moves colours a little


async def test_a_field_holding_a_secret_is_masked_in_failure_and_tool_screenshots(
    tool_ctx: ToolContext, demo_url: str
) -> None:
    ctx = _context(tool_ctx, demo_url)
    ok(await call_tool(ctx, "navigate", {"url": "/login.html"}))
    ok(await call_tool(ctx, "fill", {"target": "Username", "value": "{{API_TOKEN}}"}))
    failure = await call_tool(ctx, "click", {"target": "No such button anywhere"})
    failed(failure, "ELEMENT_NOT_FOUND")
    assert _near(await _field_centre_colour(ctx, failure.screenshot), MAGENTA)
    shot = ok(await call_tool(ctx, "screenshot", {}))
    assert _near(await _field_centre_colour(ctx, shot.screenshot), MAGENTA)


async def test_a_field_holding_plain_text_is_not_masked(tool_ctx: ToolContext, demo_url: str) -> None:
    ctx = _context(tool_ctx, demo_url)
    ok(await call_tool(ctx, "navigate", {"url": "/login.html"}))
    ok(await call_tool(ctx, "fill", {"target": "Username", "value": "plain-visible-name"}))
    shot = ok(await call_tool(ctx, "screenshot", {}))
    assert not _near(await _field_centre_colour(ctx, shot.screenshot), MAGENTA)
