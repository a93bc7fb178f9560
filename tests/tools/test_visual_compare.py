"""The pure image comparison behind visual baselines, on synthetic images (no browser)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from autoqa.tools.visual_compare import DIFF_RED, DIFF_YELLOW, ImageError, compare_images, to_png


def _page(size: tuple[int, int] = (200, 120)) -> Image.Image:
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 90, 40), fill=(30, 30, 30))
    draw.rectangle((110, 60, 190, 100), fill=(0, 90, 200))
    return image


def test_identical_images_match_and_carry_no_diff() -> None:
    result = compare_images(to_png(_page()), to_png(_page()))
    assert result.matches and result.differing == 0 and result.diff_png is None
    assert result.total == 200 * 120


def test_a_moved_block_fails_with_a_diff_that_paints_the_change_red() -> None:
    moved = Image.new("RGB", (200, 120), "white")
    draw = ImageDraw.Draw(moved)
    draw.rectangle((10, 10, 90, 40), fill=(30, 30, 30))
    draw.rectangle((110, 70, 190, 110), fill=(0, 90, 200))  # 10 px lower
    result = compare_images(_page(), moved)
    assert not result.matches
    assert result.differing == 2 * 81 * 10  # the strip it left and the strip it covered
    assert "pixels differ" in result.describe() and "at most 0% may" in result.describe()
    assert result.diff_png is not None
    with Image.open(io.BytesIO(result.diff_png)) as diff:
        rgb = diff.convert("RGB")
        assert rgb.getpixel((150, 65)) == DIFF_RED  # uncovered by the move
        assert rgb.getpixel((150, 105)) == DIFF_RED  # newly covered
        assert rgb.getpixel((150, 80)) != DIFF_RED  # still blue in both: unchanged, shown faded
        assert rgb.getpixel((5, 5)) == (255, 255, 255)


def test_threshold_decides_what_counts_as_a_different_colour() -> None:
    tinted = _page()
    ImageDraw.Draw(tinted).rectangle((110, 60, 190, 100), fill=(0, 95, 205))  # barely another blue
    assert compare_images(_page(), tinted, threshold=0.2).matches
    strict = compare_images(_page(), tinted, threshold=0.0)
    assert not strict.matches and strict.differing == 81 * 41


def test_max_diff_ratio_allows_that_share_of_pixels_and_no_more() -> None:
    dotted = _page()
    for x in range(24):
        dotted.putpixel((150 + x % 6 * 3, 20 + x // 6 * 3), (255, 0, 0))  # 24 isolated red pixels
    total = 200 * 120
    assert compare_images(_page(), dotted, max_diff_ratio=24 / total).matches
    assert not compare_images(_page(), dotted, max_diff_ratio=23 / total).matches


def test_antialiased_edge_pixels_are_forgiven_but_shown_yellow() -> None:
    # A dark and a bright flat area with a grey edge column between them: renderers disagree about
    # exactly that grey; it is antialiasing, not a change.
    def edge(grey: int) -> Image.Image:
        image = Image.new("RGB", (40, 20), (250, 250, 250))
        ImageDraw.Draw(image).rectangle((0, 0, 19, 19), fill=(10, 10, 10))
        ImageDraw.Draw(image).line((20, 0, 20, 19), fill=(grey, grey, grey))
        return image

    result = compare_images(edge(100), edge(170))
    assert result.matches and result.antialiased == 20 and result.differing == 0
    without = compare_images(edge(100), edge(170), antialiasing=False)
    assert not without.matches and without.differing == 20
    # A forgiven pixel next to a real change shows yellow in the diff.
    changed = edge(170)
    ImageDraw.Draw(changed).rectangle((30, 5, 35, 10), fill=(255, 0, 0))
    mixed = compare_images(edge(100), changed)
    assert not mixed.matches and mixed.differing == 36 and mixed.antialiased == 20
    assert mixed.diff_png is not None
    with Image.open(io.BytesIO(mixed.diff_png)) as diff:
        assert diff.convert("RGB").getpixel((20, 15)) == DIFF_YELLOW


def test_a_size_change_never_matches_and_says_both_sizes() -> None:
    taller = Image.new("RGB", (200, 150), "white")
    taller.paste(_page(), (0, 0))
    result = compare_images(_page(), taller, max_diff_ratio=1.0)
    assert not result.matches
    assert result.describe().startswith("the screenshot is 200×150 px, the baseline 200×120 px")
    assert result.total == 200 * 150


def test_unreadable_bytes_and_bad_settings_are_clear_errors() -> None:
    with pytest.raises(ImageError, match="not a readable image"):
        compare_images(b"not a png", to_png(_page()))
    with pytest.raises(ValueError, match="threshold"):
        compare_images(_page(), _page(), threshold=2)
