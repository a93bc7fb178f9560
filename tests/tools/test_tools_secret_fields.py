"""A secret typed into a plain text field is painted over in every screenshot the tools take."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from autoqa.tools import Screenshot, ToolContext, call_tool
from autoqa.tools.snapshot import PASSWORD_SHOWN_AS

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


ECHO = """<!doctype html><meta charset="utf-8"><title>Echo</title>
<label>Token <input id="t"
  oninput="document.getElementById('echo').textContent = 'You typed: ' + this.value"></label>
<p id="echo" style="font: 40px monospace; background: #fff; color: #000">nothing yet</p>
<label>Password <input type="password" id="pw" value="page-set-pass-77"></label>
<label>PIN <input type="password" id="pin"></label>
"""


async def _centre_colour(ctx: ToolContext, selector: str, shot: Screenshot | None) -> tuple[int, int, int]:
    box = await ctx.page.locator(selector).bounding_box()
    viewport = ctx.page.viewport_size
    assert box is not None and viewport is not None and shot is not None and shot.data is not None
    with Image.open(io.BytesIO(shot.data)) as image:
        scale = image.width / viewport["width"]
        x, y = (box["x"] + box["width"] / 2) * scale, (box["y"] + box["height"] / 2) * scale
        pixel = image.convert("RGB").getpixel((round(x), round(y)))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


async def test_an_element_echoing_a_secret_is_masked(tool_ctx: ToolContext, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "echo.html").write_text(ECHO)
    ctx = _context(tool_ctx, url)
    ok(await call_tool(ctx, "navigate", {"url": "/echo.html"}))
    before = ok(await call_tool(ctx, "screenshot", {}))
    assert not _near(await _centre_colour(ctx, "#echo", before.screenshot), MAGENTA)

    ok(await call_tool(ctx, "fill", {"target": "Token", "value": "{{API_TOKEN}}"}))
    assert TOKEN in await ctx.page.locator("#echo").inner_text()  # the page really shows it
    shot = ok(await call_tool(ctx, "screenshot", {}))
    assert _near(await _centre_colour(ctx, "#echo", shot.screenshot), MAGENTA)
    failure = await call_tool(ctx, "click", {"target": "No such button anywhere"})
    failed(failure, "ELEMENT_NOT_FOUND")
    assert _near(await _centre_colour(ctx, "#echo", failure.screenshot), MAGENTA)


async def test_password_values_never_reach_a_snapshot(tool_ctx: ToolContext, site: tuple[Path, str]) -> None:
    folder, url = site
    (folder / "echo.html").write_text(ECHO)
    ctx = _context(tool_ctx, url)
    ok(await call_tool(ctx, "navigate", {"url": "/echo.html"}))
    # A value the page set, and a short literal typed into a password field (not a known secret).
    ok(await call_tool(ctx, "fill", {"target": "PIN", "value": "42"}))
    snap = ok(await call_tool(ctx, "snapshot", {}))
    text = str(snap.data["snapshot"])
    assert "page-set-pass-77" not in text
    assert not any(line.rstrip().endswith((": 42", ': "42"')) for line in text.splitlines()), text
    assert text.count(PASSWORD_SHOWN_AS) == 2, text
    assert "textbox" in text and "Token" in text  # the rest of the page is still described
