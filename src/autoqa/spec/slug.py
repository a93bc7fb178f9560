"""Stable, collision-free names for specs in folders and file names."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def slugify_path(path: Path, root: Path | None = None) -> str:
    """``specs/shop/login.md`` → ``specs-shop-login``; non-ASCII names get a short hash to stay unique."""
    try:
        rel = path.resolve().relative_to((root or Path.cwd()).resolve())
    except ValueError:
        rel = Path(path.name)
    text = str(rel.with_suffix("")).replace("/", "-").replace("\\", "-")
    slug = _UNSAFE.sub("-", text).strip("-.") or "spec"
    if slug != text.replace(" ", "-"):
        slug += "-" + hashlib.sha1(str(rel).encode()).hexdigest()[:6]
    return slug[:120]
