"""Does a screenshot match its baseline? A pure comparison of two images with Pillow (no browser).

Per pixel, the distance between two colours is pixelmatch's perceptual YIQ delta — the measure behind
Playwright's ``toHaveScreenshot`` — scaled so that 0 is the same colour and 1 is black against white. A
pixel *differs* when its distance is above ``threshold``; a differing pixel that looks like antialiasing
in both images (an edge pixel between a darker and a brighter neighbour that each sit in a flat area,
pixelmatch's test) is counted apart and forgiven. The images match when they have the same size and the
differing pixels are at most ``max_diff_ratio`` of all pixels (0: none may differ).

Cost: identical PNG bytes are equal images (a memcmp); identical pixels are recognised in one C pass
(``ImageChops.difference``); otherwise the YIQ delta is
computed with ``ImageMath`` over the bounding box of the changes only, and the antialiasing test runs in
Python over at most :data:`AA_CHECK_LIMIT` differing pixels (a larger change is never antialiasing; above
the limit every differing pixel counts). ``python -m bench visual`` measures it.

The diff image is the actual image in faint grey with differing pixels in red and forgiven antialiasing in
yellow (pixelmatch's colours), so a person — or the model — sees where the page changed.
"""

from __future__ import annotations

import dataclasses
import io
import re
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageChops, ImageMath

MAX_YIQ_DELTA = 35215.0
"""pixelmatch's largest YIQ delta (black against white): distances are scaled by it."""
AA_CHECK_LIMIT = 10_000
"""Differing pixels beyond this many are not tested for antialiasing (a change that large is real)."""
DIFF_RED = (255, 0, 0)
DIFF_YELLOW = (255, 255, 0)
_FADE = 0.25
"""How much of the actual image's contrast the diff image keeps (pixelmatch keeps 0.1: hard to read)."""
_NONZERO = re.compile(rb"[^\x00]")


class ImageError(ValueError):
    """An image that cannot be read (not a PNG/JPEG, truncated)."""


@dataclass(frozen=True, slots=True)
class Comparison:
    """The outcome of comparing ``actual`` with ``expected``."""

    expected_size: tuple[int, int]
    actual_size: tuple[int, int]
    differing: int
    """Pixels whose colour distance is above the threshold, antialiasing excluded."""
    antialiased: int
    """Pixels above the threshold that were forgiven as antialiasing."""
    total: int
    """Pixels compared: the area of the larger of the two images."""
    max_diff_ratio: float
    diff_png: bytes | None = None
    """The diff image (PNG) when the images do not match."""

    @property
    def same_size(self) -> bool:
        return self.expected_size == self.actual_size

    @property
    def ratio(self) -> float:
        return self.differing / self.total if self.total else 0.0

    @property
    def matches(self) -> bool:
        return self.same_size and self.differing <= self.max_diff_ratio * self.total

    def describe(self) -> str:
        """``1,234 of 1,024,000 pixels differ (0.121%, at most 0% may)`` and any size change."""
        text = (
            f"{self.differing:,} of {self.total:,} pixels differ ({percent(self.ratio)}, at most "
            f"{percent(self.max_diff_ratio)} may)"
        )
        if self.antialiased:
            text += f", {self.antialiased:,} more forgiven as antialiasing"
        if not self.same_size:
            (ew, eh), (aw, ah) = self.expected_size, self.actual_size
            text = f"the screenshot is {aw}×{ah} px, the baseline {ew}×{eh} px; " + text
        return text


def percent(ratio: float) -> str:
    """``0.00121`` → ``0.121%`` (up to three decimals, no trailing zeros)."""
    return f"{ratio * 100:.3f}".rstrip("0").rstrip(".") + "%"


def read_image(data: bytes) -> Image.Image:
    """``data`` decoded as RGB. Raises :class:`ImageError`."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.convert("RGB")
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise ImageError(f"not a readable image ({exc})") from None


def image_size(data: bytes) -> tuple[int, int]:
    """Width and height from the image's header (nothing decoded). Raises :class:`ImageError`."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise ImageError(f"not a readable image ({exc})") from None


def to_png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False, compress_level=6)
    return out.getvalue()


def compare_images(
    expected: bytes | Image.Image,
    actual: bytes | Image.Image,
    *,
    threshold: float = 0.2,
    max_diff_ratio: float = 0.0,
    antialiasing: bool = True,
) -> Comparison:
    """Compare two images (PNG/JPEG bytes or Pillow images). Raises :class:`ImageError` for unreadable
    bytes; never for a mismatch, which is a :class:`Comparison` with ``matches`` false and a diff image.

    Example::

        result = compare_images(baseline_png, screenshot_png, threshold=0.2, max_diff_ratio=0.001)
        if not result.matches:
            Path("diff.png").write_bytes(result.diff_png)
    """
    if not 0.0 <= threshold <= 1.0:
        raise ValueError(f"threshold must be between 0 and 1, got {threshold}")
    if not 0.0 <= max_diff_ratio <= 1.0:
        raise ValueError(f"max_diff_ratio must be between 0 and 1, got {max_diff_ratio}")
    if isinstance(expected, bytes) and expected == actual:
        # The same encoder given the same pixels writes the same bytes: the usual pass costs a memcmp.
        size = image_size(expected)
        return Comparison(size, size, 0, 0, size[0] * size[1], max_diff_ratio)
    old = expected if isinstance(expected, Image.Image) else read_image(expected)
    new = actual if isinstance(actual, Image.Image) else read_image(actual)
    old, new = old.convert("RGB"), new.convert("RGB")
    sizes = (old.size, new.size)
    width, height = max(old.width, new.width), max(old.height, new.height)
    if old.size != (width, height) or new.size != (width, height):
        # The part only one image covers differs by definition: pad with colours nothing else is compared
        # to (black for the baseline, white for the screenshot).
        old, new = _padded(old, (width, height), (0, 0, 0)), _padded(new, (width, height), (255, 255, 255))
    box = ImageChops.difference(old, new).getbbox()
    if box is None:
        return Comparison(sizes[0], sizes[1], 0, 0, width * height, max_diff_ratio)
    mask = _differing_mask(old.crop(box), new.crop(box), threshold)
    differing = _count(mask)
    forgiven: list[tuple[int, int]] = []
    if antialiasing and 0 < differing <= AA_CHECK_LIMIT:
        forgiven = _antialiased_pixels(old, new, mask, box)
    comparison = Comparison(
        sizes[0], sizes[1], differing - len(forgiven), len(forgiven), width * height, max_diff_ratio
    )
    if comparison.matches:
        return comparison
    return dataclasses.replace(comparison, diff_png=to_png(_diff_image(new, mask, box, forgiven)))


def _padded(image: Image.Image, size: tuple[int, int], fill: tuple[int, int, int]) -> Image.Image:
    if image.size == size:
        return image
    canvas = Image.new("RGB", size, fill)
    canvas.paste(image, (0, 0))
    return canvas


def _differing_mask(old: Image.Image, new: Image.Image, threshold: float) -> Image.Image:
    """An ``L`` image: 255 where the YIQ delta between the two is above ``threshold``, else 0."""
    r1, g1, b1 = old.split()
    r2, g2, b2 = new.split()
    limit = MAX_YIQ_DELTA * threshold * threshold

    def delta(a: dict[str, Any]) -> Any:  # ImageMath's operands, computed in C
        dr = a["float"](a["r1"] - a["r2"])
        dg = a["float"](a["g1"] - a["g2"])
        db = a["float"](a["b1"] - a["b2"])
        y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        over = (y * y * 0.5053 + i * i * 0.299 + q * q * 0.1957) > limit
        return a["convert"](over * 255, "L")

    result = ImageMath.lambda_eval(delta, r1=r1, g1=g1, b1=b1, r2=r2, g2=g2, b2=b2)
    assert isinstance(result, Image.Image)
    return result


def _count(mask: Image.Image) -> int:
    return mask.width * mask.height - mask.histogram()[0]


def _positions(mask: Image.Image, box: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """Page coordinates of the non-zero pixels of ``mask`` (a crop at ``box``)."""
    width = mask.width
    left, top = box[0], box[1]
    return [(left + m.start() % width, top + m.start() // width) for m in _NONZERO.finditer(mask.tobytes())]


def _brightness(pixel: tuple[int, int, int]) -> float:
    r, g, b = pixel
    return r * 0.29889531 + g * 0.58662247 + b * 0.11448223


def _antialiased_pixels(
    old: Image.Image, new: Image.Image, mask: Image.Image, box: tuple[int, int, int, int]
) -> list[tuple[int, int]]:
    first, second = old.load(), new.load()
    assert first is not None and second is not None
    size = old.size
    return [
        (x, y)
        for x, y in _positions(mask, box)
        if _is_antialiased(first, second, x, y, size) or _is_antialiased(second, first, x, y, size)
    ]


def _neighbours(x: int, y: int, size: tuple[int, int]) -> tuple[list[tuple[int, int]], int]:
    """The up to 8 pixels around (x, y), and 1 when (x, y) is on the image's edge (pixelmatch counts the
    missing side as a neighbour of the same colour)."""
    width, height = size
    x0, x1, y0, y1 = max(x - 1, 0), min(x + 1, width - 1), max(y - 1, 0), min(y + 1, height - 1)
    edge = 1 if x in (x0, x1) or y in (y0, y1) else 0
    around = [(i, j) for j in range(y0, y1 + 1) for i in range(x0, x1 + 1) if (i, j) != (x, y)]
    return around, edge


def _is_antialiased(image: object, other: object, x: int, y: int, size: tuple[int, int]) -> bool:
    """pixelmatch's test: (x, y) lies between a darkest and a brightest neighbour in ``image``, and one of
    those two sits in a flat area (3+ equal neighbours) in both images."""
    pixels: dict[tuple[int, int], tuple[int, int, int]] = image  # type: ignore[assignment]
    around, zeroes = _neighbours(x, y, size)
    centre = _brightness(pixels[x, y])
    darkest = brightest = 0.0
    darkest_at = brightest_at = (x, y)
    for at in around:
        delta = centre - _brightness(pixels[at])
        if delta == 0:
            zeroes += 1
            if zeroes > 2:
                return False
        elif delta < darkest:
            darkest, darkest_at = delta, at
        elif delta > brightest:
            brightest, brightest_at = delta, at
    if darkest == 0 or brightest == 0:
        return False
    return (_flat(image, darkest_at, size) and _flat(other, darkest_at, size)) or (
        _flat(image, brightest_at, size) and _flat(other, brightest_at, size)
    )


def _flat(image: object, at: tuple[int, int], size: tuple[int, int]) -> bool:
    """More than two neighbours of ``at`` have exactly its colour (pixelmatch's ``hasManySiblings``)."""
    pixels: dict[tuple[int, int], tuple[int, int, int]] = image  # type: ignore[assignment]
    around, same = _neighbours(at[0], at[1], size)
    colour = pixels[at]
    for other in around:
        if pixels[other] == colour:
            same += 1
            if same > 2:
                return True
    return False


def _diff_image(
    actual: Image.Image, mask: Image.Image, box: tuple[int, int, int, int], forgiven: list[tuple[int, int]]
) -> Image.Image:
    faded = actual.convert("L").point(lambda v: round(255 - (255 - v) * _FADE)).convert("RGB")
    red = Image.new("RGB", mask.size, DIFF_RED)
    region = faded.crop(box)
    region.paste(red, (0, 0), mask)
    faded.paste(region, box[:2])
    pixels = faded.load()
    assert pixels is not None
    for at in forgiven:
        pixels[at] = DIFF_YELLOW
    return faded
