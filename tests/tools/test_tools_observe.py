"""snapshot (bounded, scoped) and screenshot (downscaled JPEG)."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image

from autoqa.tools import ToolContext
from autoqa.tools.snapshot import bound_snapshot

from .tools_helpers import FAST, Call, failed, ok


async def test_snapshot_has_refs_url_and_title(call: Call, demo_url: str) -> None:
    ok(await call("navigate", url="/login.html"))
    result = ok(await call("snapshot"))
    assert result.data["url"] == demo_url + "/login.html"
    assert result.data["title"].startswith("Log in")
    assert result.data["truncated"] is False
    assert 'textbox "Username" [ref=e' in result.data["snapshot"]
    assert result.screenshot is None  # the only success result with an image is `screenshot`


async def test_long_snapshot_is_cut_at_a_line_with_a_notice(tool_ctx: ToolContext, call: Call) -> None:
    tool_ctx.settings = dataclasses.replace(FAST, snapshot_max_chars=2_000)
    ok(await call("navigate", url="/list.html"))
    result = ok(await call("snapshot"))
    text = result.data["snapshot"]
    assert len(text) <= 2_000
    assert result.data["truncated"] is True and result.data["cut_lines"] > 100
    body, notice = text.rsplit("\n", 1)
    assert notice.startswith("[snapshot cut:") and "snapshot(target=" in notice
    assert f"{result.data['cut_chars']} more characters" in notice
    assert all(line.lstrip().startswith("- ") for line in body.splitlines())  # whole lines only


async def test_scoped_snapshot_by_target_and_depth(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    scoped = ok(await call("snapshot", target="Browser dialogs")).data["snapshot"]
    assert "Show alert" in scoped and "Load data" not in scoped
    shallow = ok(await call("snapshot", depth=2)).data["snapshot"]
    deep = ok(await call("snapshot")).data["snapshot"]
    assert len(shallow) < len(deep)
    failed(await call("snapshot", depth=0), "INVALID_INPUT")


async def test_snapshot_reports_extra_tabs(call: Call) -> None:
    ok(await call("navigate", url="/playground.html"))
    ok(await call("click", target="Open help"))
    ok(await call("tabs", action="switch", index=1))
    assert ok(await call("snapshot")).data["tabs"] == 2


def test_bound_snapshot_keeps_short_text_whole() -> None:
    text = "- a\n- b"
    assert bound_snapshot(text, 100) == (text, {"truncated": False})


async def test_screenshot_is_a_downscaled_jpeg(call: Call, tool_ctx: ToolContext) -> None:
    ok(await call("navigate", url="/help.html"))
    await tool_ctx.page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<div style=\"height:2500px\"></div>')"
    )
    for full_page, expected_height in ((False, 640), (True, None)):
        result = ok(await call("screenshot", full_page=full_page))
        shot = result.screenshot
        assert shot is not None and shot.data is not None and shot.mime == "image/jpeg"
        assert max(shot.width, shot.height) <= 1024
        with Image.open(io.BytesIO(shot.data)) as image:
            image.verify()
        with Image.open(io.BytesIO(shot.data)) as image:
            assert image.format == "JPEG" and image.size == (shot.width, shot.height)
        if expected_height:
            assert (shot.width, shot.height) == (1024, expected_height)
        else:
            assert shot.height == 1024 and shot.width < 1024  # a tall page: the long side is the height
