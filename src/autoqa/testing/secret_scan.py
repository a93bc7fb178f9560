"""Find a secret in what a run wrote: every file under a folder, the members of zip files included
(Playwright traces are zips, and a secret inside one is still written)."""

from __future__ import annotations

import contextlib
import zipfile
from pathlib import Path


def files_containing(folder: Path, secret: str | bytes) -> list[str]:
    """Every file under ``folder`` (``archive.zip!member`` for zip members) whose bytes contain ``secret``."""
    needle = secret.encode() if isinstance(secret, str) else secret
    hits = []
    for path in folder.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        if needle in path.read_bytes():
            hits.append(str(path))
        if zipfile.is_zipfile(path):
            with contextlib.suppress(zipfile.BadZipFile), zipfile.ZipFile(path) as archive:
                hits += [f"{path}!{name}" for name in archive.namelist() if needle in archive.read(name)]
    return hits
