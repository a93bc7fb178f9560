"""Screenshots for models and reports: viewport JPEGs downscaled to a bounded size (Pillow).

A 1280×800 viewport costs a model ~1,400 image tokens; downscaled to 1024 on the long side about 900,
and the text stays readable.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence

from PIL import Image
from playwright.async_api import Locator, Page

from autoqa.tools.context import ToolSettings
from autoqa.tools.result import Screenshot

_CAPTURE_QUALITY = 92  # the browser's JPEG is re-encoded after scaling; keep the first pass near-lossless


def downscale_jpeg(raw: bytes, max_side: int, quality: int) -> tuple[bytes, int, int]:
    """Re-encode ``raw`` (any format Pillow reads) as JPEG with the long side at most ``max_side``."""
    with Image.open(io.BytesIO(raw)) as image:
        rgb = image.convert("RGB")
    width, height = rgb.size
    scale = min(1.0, max_side / max(width, height, 1))
    if scale < 1.0:
        rgb = rgb.resize(
            (max(1, round(width * scale)), max(1, round(height * scale))), Image.Resampling.LANCZOS
        )
    out = io.BytesIO()
    rgb.save(out, "JPEG", quality=max(1, min(95, quality)), optimize=True)
    return out.getvalue(), rgb.width, rgb.height


async def capture(
    page: Page, settings: ToolSettings, *, full_page: bool = False, mask: Sequence[Locator] = ()
) -> Screenshot:
    """Capture the viewport (or the full page) within ``settings.screenshot_timeout_ms``, ``mask``
    painted over. May raise."""
    timeout = settings.screenshot_timeout_ms
    raw = await asyncio.wait_for(
        page.screenshot(
            type="jpeg", quality=_CAPTURE_QUALITY, full_page=full_page, timeout=timeout, mask=list(mask)
        ),
        timeout / 1000 + 1,
    )
    data, width, height = await asyncio.to_thread(
        downscale_jpeg, raw, settings.screenshot_max_side, settings.screenshot_quality
    )
    return Screenshot(mime="image/jpeg", width=width, height=height, data=data)


async def failure_screenshot(
    page: Page, settings: ToolSettings, *, mask: Sequence[Locator] = ()
) -> tuple[Screenshot | None, str | None]:
    """The screenshot attached to a failed tool result, or a note saying why there is none. Never raises."""
    if page.is_closed():
        return None, "no screenshot: the page is closed"
    try:
        return await capture(page, settings, mask=mask), None
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return None, f"no screenshot: {first[:200]}"
