"""What a user's process starts with, for the benchmarks that time whole processes.

Python caches each module's bytecode beside it (``__pycache__``) the first time it imports it, so from a
user's second run on ``autoqa`` reads bytecode instead of compiling its ~200 modules (about 0.6 s of one core
on the 2-core machine; a wheel install writes it at install time). A machine that sets
``PYTHONDONTWRITEBYTECODE`` (this project's sandbox does; some CI images do) compiles them again in every
process: timed so, each figure would carry a cost the user pays once, and the ratios against hand-written
tests (whose pytest and Playwright are installed with bytecode) would be skewed by it. So the children of a
benchmark get the environment without it, and the packages they import from a source folder have their
bytecode written before the first timed process.
"""

from __future__ import annotations

import compileall
import os
from pathlib import Path

_NOT_A_USERS = ("PYTHONDONTWRITEBYTECODE",)


def user_environ(drop: tuple[str, ...] = ("AUTOQA_",), **extra: str) -> dict[str, str]:
    """This process's environment without the variables whose names start with one of ``drop`` (a
    project's own settings, credentials the benchmark replaces) and without the bytecode switch, plus
    ``extra``. A local browser (``AUTOQA_BROWSER_PATH``) is kept: it is how this machine finds Chromium."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(drop) and k not in _NOT_A_USERS}
    if os.environ.get("AUTOQA_BROWSER_PATH"):
        env["AUTOQA_BROWSER_PATH"] = os.environ["AUTOQA_BROWSER_PATH"]
    return {**env, **extra}


def write_bytecode(*src_folders: str | Path) -> None:
    """Write the bytecode of the ``autoqa`` package imported here and of the one in each of ``src_folders``
    (another checkout's ``src``, compared with ``--against``), as a user's first run would have."""
    import autoqa

    for package in (Path(autoqa.__file__).parent, *(Path(f) / "autoqa" for f in src_folders)):
        compileall.compile_dir(package, quiet=1)
