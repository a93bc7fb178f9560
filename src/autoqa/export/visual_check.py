"""``expect_matches_baseline``: the visual check exported tests call — the same picture, the same comparison.

An exported test compares with the baseline autoqa wrote (``specs/.autoqa/baselines/<spec>/<name>.png``,
committed): the screenshot is taken with the same options (``tools/baseline_files.py``), secrets and the
spec's ignored regions are painted over the same way, and ``tools/visual_compare.py`` decides with the
threshold and ratio the run used. It never writes a baseline: ``autoqa run`` does (``--update-baselines``
rewrites them). On a mismatch the actual and diff images go to ``test-results/autoqa-visual/`` (or
``AUTOQA_VISUAL_OUTPUT``) and the assertion names them.

Usage (what export writes)::

    expect_matches_baseline(page, "specs/.autoqa/baselines/specs-cart/cart.png", near=__file__)
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Locator, Page

from autoqa.export.expect_timeout import expect_timeout_ms
from autoqa.tools.baseline_files import (
    FONTS_READY,
    HOLDING_A_SECRET,
    SECRET_FIELDS,
    SHOT_OPTIONS,
    shown_secret_values,
)
from autoqa.tools.visual_compare import Comparison, compare_images

OUTPUT_ENV = "AUTOQA_VISUAL_OUTPUT"
_RETAKE_S = 0.15


def find_baseline(relative: str, near: str | Path | None) -> Path:
    """``relative`` (to the project root) found from the folder of ``near`` (a test file) upwards, else
    from the working folder: exported tests run from anywhere."""
    if near is not None:
        for folder in Path(near).resolve().parents:
            if (folder / relative).is_file():
                return folder / relative
    return Path(relative)


def expect_matches_baseline(
    subject: Page | Locator,
    baseline: str | Path,
    *,
    near: str | Path | None = None,
    mask: Sequence[Locator] = (),
    secrets: Sequence[str] = (),
    full_page: bool = False,
    viewport: tuple[int, int] | None = None,
    threshold: float = 0.2,
    max_diff_ratio: float = 0.0,
    timeout_ms: float | None = None,
) -> None:
    """Assert that ``subject`` (a page or one element) looks like the ``baseline`` PNG; retakes the picture
    until it matches or ``timeout_ms`` passes, like ``expect``. ``secrets`` are environment variable names
    whose values are painted over wherever a field holds one or the page shows one. ``viewport`` is the
    window size the baseline was taken at: the page is resized to it first (a picture's size and layout
    depend on it)."""
    timeout_ms = expect_timeout_ms(timeout_ms)
    path = find_baseline(str(baseline), near)
    if not path.is_file():
        raise AssertionError(
            f"no visual baseline {baseline}: `autoqa run` writes it on its first run; review it and commit it"
        )
    expected = path.read_bytes()
    page = subject if isinstance(subject, Page) else subject.page
    if viewport is not None and page.viewport_size != {"width": viewport[0], "height": viewport[1]}:
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    masks = [*mask, *_secret_masks(page, [os.environ.get(name, "") for name in secrets])]
    with contextlib.suppress(Exception):  # a page without fonts, or mid-navigation: the picture decides
        page.evaluate(FONTS_READY)
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        if isinstance(subject, Page):
            actual = subject.screenshot(mask=masks, full_page=full_page, **SHOT_OPTIONS)
        else:
            actual = subject.screenshot(mask=masks, **SHOT_OPTIONS)
        comparison = compare_images(expected, actual, threshold=threshold, max_diff_ratio=max_diff_ratio)
        if comparison.matches:
            return
        if time.monotonic() >= deadline:
            break
        time.sleep(_RETAKE_S)
    raise AssertionError(_failure(path, actual, comparison))


def _secret_masks(page: Page, values: Sequence[str]) -> list[Locator]:
    shown = shown_secret_values(list(values))
    if not shown:
        return []
    fields = page.locator(SECRET_FIELDS)
    holding = fields.evaluate_all(HOLDING_A_SECRET, shown)
    return [*(fields.nth(int(i)) for i in holding), *(page.get_by_text(value) for value in shown)]


def _failure(path: Path, actual: bytes, comparison: Comparison) -> str:
    out = Path(os.environ.get(OUTPUT_ENV) or "test-results/autoqa-visual")
    message = f"does not match the baseline {path}: {comparison.describe()}"
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / f"{path.stem}-actual.png").write_bytes(actual)
        if comparison.diff_png:
            (out / f"{path.stem}-diff.png").write_bytes(comparison.diff_png)
    except OSError as exc:
        return f"{message} (the actual and diff images could not be written to {out}: {exc})"
    return f"{message}; actual and diff images: {out / path.stem}-actual.png, {out / path.stem}-diff.png"
