"""The library door: run specs from Python the way ``autoqa run`` does, without the CLI.

::

    import autoqa

    result = autoqa.run_sync(["specs"], base_url="http://127.0.0.1:8000", agent="never")
    for spec in result.specs:
        spec.raise_for_outcome()

    settings = autoqa.load_settings()       # config files, .env and AUTOQA_* as the CLI reads them
    result = await autoqa.run(["specs/login.md"], settings=settings, workers=2)

Settings come from the same places as on the command line (config files, ``.env`` files, ``AUTOQA_*``);
the explicitly set fields of ``settings`` and then ``overrides`` (setting names, e.g. ``workers=2``) win
over them, as CLI flags do.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from autoqa.config.settings import Settings
from autoqa.results import RunResult


def _layer(settings: Settings | None, overrides: Mapping[str, Any]) -> dict[str, Any]:
    given = settings.model_dump(exclude_unset=True) if settings is not None else {}
    return {**given, **overrides}


def load_settings(
    root: Path | str | None = None, *, environ: Mapping[str, str] | None = None, **overrides: Any
) -> Settings:
    """The settings ``autoqa run`` would use in ``root`` (default: the project around the cwd).

    Raises :class:`autoqa.ConfigError` naming the key, its source and the allowed values.
    """
    from autoqa.config.loading import find_project_root
    from autoqa.config.loading import load_settings as resolve

    project = find_project_root(Path(root) if root is not None else Path.cwd())
    env = dict(os.environ if environ is None else environ)
    return resolve(project, env=env, cli=overrides, origin="autoqa.load_settings").settings


async def run(
    paths: Iterable[str | Path] = ("specs",),
    *,
    settings: Settings | None = None,
    root: Path | str | None = None,
    environ: Mapping[str, str] | None = None,
    **overrides: Any,
) -> RunResult:
    """Run the specs under ``paths`` and return every spec's result; a failing spec is a result, never an
    exception. Bad input (a spec, a setting, missing credentials for an agent spec) raises the matching
    :class:`autoqa.AutoQAError` before any browser starts."""
    from autoqa.runner.run import RunRequest, execute_run, prepare_run

    cwd = Path(root) if root is not None else Path.cwd()
    cli = _layer(settings, overrides)
    variables = cli.pop("vars", None) or {}
    request = RunRequest(
        paths=tuple(str(p) for p in paths),
        root=cwd,
        cli=cli,
        cli_vars=dict(variables),
        keyword=None,
        environ=dict(os.environ if environ is None else environ),
        origin="autoqa.run",
    )
    return await execute_run(prepare_run(request))


def run_sync(
    paths: Iterable[str | Path] = ("specs",),
    *,
    settings: Settings | None = None,
    root: Path | str | None = None,
    environ: Mapping[str, str] | None = None,
    **overrides: Any,
) -> RunResult:
    """:func:`run` for code without an event loop of its own."""
    return asyncio.run(run(paths, settings=settings, root=root, environ=environ, **overrides))
