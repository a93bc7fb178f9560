"""Where visual baselines live and how their screenshots are taken — shared by the tool and exported tests.

A spec's baselines are PNG files in ``<cache_dir>/baselines/<spec-slug>/<name>.png`` (default
``specs/.autoqa/baselines/specs-checkout/checkout.png``), next to its step cache, reviewed and committed
like it. The screenshot options and the secret masks are defined here once, so the tool (async) and the
runtime helper exported tests call (sync) take the same picture of the same page.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BASELINES_FOLDER = "baselines"
"""The folder under ``cache_dir`` that holds one folder of baselines per spec."""
SHOT_OPTIONS: Mapping[str, Any] = {"type": "png", "animations": "disabled", "caret": "hide", "scale": "css"}
"""Playwright screenshot options for every baseline picture: lossless, animations finished or stopped,
no blinking caret, one image pixel per CSS pixel."""
FONTS_READY = "() => document.fonts ? document.fonts.ready.then(() => true) : true"
"""Wait for web fonts before a picture: text drawn in a fallback font first would differ."""
SECRET_FIELDS = "input, textarea"
HOLDING_A_SECRET = "(fields, values) => fields.flatMap((field, i) => values.includes(field.value) ? [i] : [])"
"""For ``locator(SECRET_FIELDS).evaluate_all``: the positions of the fields whose value is a secret."""
MIN_MASKED_LEN = 3
"""Shorter secret values are not searched for on the page (they would mask ordinary words)."""
MAX_NAME_LEN = 100

_UNSAFE = re.compile(r"[^a-z0-9._-]+")


class BaselineNameError(ValueError):
    """A baseline name that cannot become a file name."""


def baseline_file_name(name: str) -> str:
    """``"Checkout summary"`` → ``checkout-summary.png``; names that are not plain ASCII keep a short
    hash so two of them never share a file."""
    text = " ".join(name.split())
    if not text or len(text) > MAX_NAME_LEN:
        raise BaselineNameError(f"a baseline name needs 1 to {MAX_NAME_LEN} characters, got {len(text)}")
    slug = _UNSAFE.sub("-", text.lower()).strip("-.")
    if slug != text.lower().replace(" ", "-"):
        slug = (slug + "-" if slug else "baseline-") + hashlib.sha1(text.encode()).hexdigest()[:6]
    return slug + ".png"


@dataclass(frozen=True, slots=True)
class BaselineFolder:
    """One spec's baselines: ``directory`` on disk, ``label`` the same folder as people and exported tests
    name it (relative to the project root, e.g. ``specs/.autoqa/baselines/specs-checkout``)."""

    directory: Path
    label: str

    def path_for(self, name: str) -> Path:
        return self.directory / baseline_file_name(name)

    def label_for(self, name: str) -> str:
        return f"{self.label}/{baseline_file_name(name)}"


def spec_baseline_folder(cache_dir: Path, spec_slug: str, root: Path) -> BaselineFolder:
    """The folder for the spec with ``spec_slug`` (the step cache's slug) under ``cache_dir`` (relative
    to ``root``, the project root, unless absolute)."""
    directory = (cache_dir if cache_dir.is_absolute() else root / cache_dir) / BASELINES_FOLDER / spec_slug
    try:
        label = directory.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        label = directory.as_posix()
    return BaselineFolder(directory, label)


def shown_secret_values(secrets: Mapping[str, str] | list[str] | tuple[str, ...]) -> list[str]:
    """The secret values worth masking (long enough to be told apart from ordinary words)."""
    values = secrets.values() if isinstance(secrets, Mapping) else secrets
    return sorted({v for v in values if isinstance(v, str) and len(v) >= MIN_MASKED_LEN})
