"""``assert_matches_baseline`` on real pages: write, match, mismatch, update, masks and secrets."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

from PIL import Image

from autoqa.tools import ToolContext, call_tool
from autoqa.tools.baseline_files import BaselineFolder

from .tools_helpers import IMPATIENT, failed, ok

PAGE = """<!doctype html><html><head><style>
body { margin: 0; font: 16px sans-serif; }
#summary { margin: 20px; padding: 12px; width: 300px; background: #eef; }
.shifted #summary { margin-left: 60px; }
</style></head>
<body class="%s">
<h1>Cart</h1>
<section id="summary" data-testid="summary">
<p>Total: $39.98</p><button>Checkout</button></section>
<p id="clock" data-testid="clock">--:--</p>
<p id="echo">%s</p>
<script>
  if (location.hash === "#ticking")
    setInterval(() => { document.getElementById("clock").textContent = String(Date.now()); }, 40);
</script>
</body></html>"""
MAGENTA = (255, 0, 255)


def _ctx(tool_ctx: ToolContext, url: str, folder: Path, **settings: object) -> ToolContext:
    return dataclasses.replace(
        tool_ctx,
        base_url=url,
        baselines=BaselineFolder(folder, "specs/.autoqa/baselines/demo"),
        settings=dataclasses.replace(IMPATIENT, **settings),  # type: ignore[arg-type]
    )


async def test_first_run_writes_later_runs_compare_and_a_layout_change_fails_with_three_images(
    tool_ctx: ToolContext, site: tuple[Path, str], tmp_path: Path
) -> None:
    folder, url = site
    (folder / "cart.html").write_text(PAGE % ("", ""))
    (folder / "broken.html").write_text(PAGE % ("shifted", ""))
    ctx = _ctx(tool_ctx, url, tmp_path / "baselines")
    ok(await call_tool(ctx, "navigate", {"url": f"{url}/cart.html"}))

    written = ok(await call_tool(ctx, "assert_matches_baseline", {"name": "Cart page"}))
    assert written.data["status"] == "written"
    assert written.data["baseline"] == "specs/.autoqa/baselines/demo/cart-page.png"
    baseline = tmp_path / "baselines" / "cart-page.png"
    assert baseline.read_bytes().startswith(b"\x89PNG")
    assert [image.kind for image in written.images] == ["actual"]

    matched = ok(await call_tool(ctx, "assert_matches_baseline", {"name": "Cart page"}))
    assert matched.data["status"] == "matched" and matched.data["differing_pixels"] == 0

    ok(await call_tool(ctx, "navigate", {"url": f"{url}/broken.html"}))
    result = failed(await call_tool(ctx, "assert_matches_baseline", {"name": "Cart page"}), "VISUAL_MISMATCH")
    assert result.error is not None and not result.error.retriable
    assert 'does not match the baseline "Cart page"' in result.error.message
    assert "pixels differ" in result.error.message
    assert [image.kind for image in result.images] == ["expected", "actual", "diff"]
    assert result.screenshot is not None and result.screenshot.mime == "image/jpeg"  # the diff, for the model
    with Image.open(io.BytesIO(result.images[2].data)) as diff:
        assert (255, 0, 0) in {colour for _, colour in diff.convert("RGB").getcolors(1 << 20) or []}
    assert baseline.read_bytes() == result.images[0].data  # a mismatch never touches the baseline

    # The element form: the summary itself did not change (only its place on the page did).
    ok(await call_tool(ctx, "navigate", {"url": f"{url}/cart.html"}))
    ok(await call_tool(ctx, "assert_matches_baseline", {"name": "summary", "target": "summary"}))
    ok(await call_tool(ctx, "navigate", {"url": f"{url}/broken.html"}))
    ok(await call_tool(ctx, "assert_matches_baseline", {"name": "summary", "target": "summary"}))

    # update_baselines rewrites with what the page shows, and attaches the change for review.
    updating = _ctx(tool_ctx, url, tmp_path / "baselines", update_baselines=True)
    updated = ok(await call_tool(updating, "assert_matches_baseline", {"name": "Cart page"}))
    assert updated.data["status"] == "updated"
    assert [image.kind for image in updated.images] == ["expected", "actual", "diff"]
    ok(await call_tool(ctx, "assert_matches_baseline", {"name": "Cart page"}))


async def test_a_moving_region_blocks_a_baseline_until_it_is_ignored(
    tool_ctx: ToolContext, site: tuple[Path, str], tmp_path: Path
) -> None:
    folder, url = site
    (folder / "cart.html").write_text(PAGE % ("", ""))
    ctx = _ctx(tool_ctx, url, tmp_path / "baselines")
    ok(await call_tool(ctx, "navigate", {"url": f"{url}/cart.html#ticking"}))
    moving = failed(await call_tool(ctx, "assert_matches_baseline", {"name": "ticking"}), "TIMEOUT")
    assert moving.error is not None and "kept changing" in moving.error.message
    assert not (tmp_path / "baselines" / "ticking.png").exists()

    args = {"name": "ticking", "ignore": ["clock"]}
    ok(await call_tool(ctx, "assert_matches_baseline", args))
    ok(await call_tool(ctx, "history", {"action": "reload"}))
    ok(await call_tool(ctx, "assert_matches_baseline", args))  # another time on the clock: still a match
    missing = failed(
        await call_tool(ctx, "assert_matches_baseline", {"name": "x", "ignore": ["No such region"]}),
        "ELEMENT_NOT_FOUND",
    )
    assert missing.error is not None and missing.error.message.startswith("the region to ignore")


async def test_secrets_are_painted_over_and_a_missing_baseline_can_be_an_error(
    tool_ctx: ToolContext, site: tuple[Path, str], tmp_path: Path
) -> None:
    folder, url = site
    secret = "tok-live-4242-in-pixels"
    (folder / "echo.html").write_text(PAGE % ("", f"You typed: {secret}"))
    ctx = dataclasses.replace(_ctx(tool_ctx, url, tmp_path / "baselines"), secrets={"API_TOKEN": secret})
    ok(await call_tool(ctx, "navigate", {"url": f"{url}/echo.html"}))
    ok(await call_tool(ctx, "assert_matches_baseline", {"name": "echo"}))
    box = await ctx.page.locator("#echo").bounding_box()
    assert box is not None
    with Image.open(tmp_path / "baselines" / "echo.png") as image:
        centre = image.convert("RGB").getpixel((round(box["x"] + 20), round(box["y"] + box["height"] / 2)))
    assert centre == MAGENTA

    strict = _ctx(tool_ctx, url, tmp_path / "baselines", write_missing_baselines=False)
    result = failed(await call_tool(strict, "assert_matches_baseline", {"name": "new"}), "BASELINE_MISSING")
    assert result.error is not None and "missing_baselines" in result.error.message
    assert [image.kind for image in result.images] == ["actual"]
    assert not (tmp_path / "baselines" / "new.png").exists()
    (tmp_path / "baselines" / "broken.png").write_bytes(b"\x89PNG but not really")
    unreadable = failed(await call_tool(ctx, "assert_matches_baseline", {"name": "broken"}), "INVALID_INPUT")
    assert unreadable.error is not None and "not a readable image" in unreadable.error.message
    refused = failed(await call_tool(dataclasses.replace(ctx, baselines=None), "assert_matches_baseline",
                                     {"name": "x"}), "UNSUPPORTED")  # fmt: skip
    assert refused.error is not None
