"""``autoqa config show``: every setting, its value and where it came from, with secrets masked."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from autoqa.config.loading import ResolvedSettings
from autoqa.config.masking import MASK, mask_url
from autoqa.config.settings import SETTING_KEYS, Settings
from autoqa.secrets import is_secret_name

_URL_KEYS = frozenset({"base_url", "login_base_url", "connect"})


def _format(value: Any) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_format(item) for item in value) + "]"
    if isinstance(value, BaseModel):  # a table (triage): class = action
        return "{" + ", ".join(f"{k} = {_format(v)}" for k, v in value.model_dump(mode="json").items()) + "}"
    return json.dumps(str(value) if isinstance(value, Path) else value, ensure_ascii=False)


def _line(name: str, shown: str, source: str) -> str:
    return f"{name} = {shown}  ({source})"


def show_config(resolved: ResolvedSettings | Settings, sources: Mapping[str, str] | None = None) -> str:
    """Render settings as ``key = value  (source)`` lines, then the template variables.

    Secret variables (declared in ``secrets`` or named like PASSWORD/TOKEN/SECRET/KEY) show as
    ``********``; URL passwords and token-like query parameters are masked too.
    """
    if isinstance(resolved, Settings):
        resolved = ResolvedSettings(settings=resolved, sources=dict(sources or {}), root=Path.cwd())
    settings = resolved.settings
    lines: list[str] = []
    if resolved.files:
        lines.append("# config files: " + ", ".join(str(path) for path in resolved.files))
    for key in SETTING_KEYS:
        source = resolved.sources.get(key, "default")
        if key == "vars":
            if not settings.vars:
                lines.append(_line("vars", "{}", source))
            for name, value in sorted(settings.vars.items()):
                shown = MASK if is_secret_name(name, settings.secrets) else _format(value)
                lines.append(_line(f"vars.{name}", shown, resolved.sources.get(f"vars.{name}", source)))
            continue
        value = getattr(settings, key)
        if key in _URL_KEYS and isinstance(value, str):
            value = mask_url(value)
        lines.append(_line(key, _format(value), source))
    if resolved.variables:
        lines.append("# template variables")
        for name, value in sorted(resolved.variables.items()):
            shown = MASK if is_secret_name(name, settings.secrets) else _format(mask_url(value))
            lines.append(_line("{{" + name + "}}", shown, resolved.variable_sources.get(name, "?")))
    lines.extend(f"# warning: {warning}" for warning in resolved.warnings)
    return "\n".join(lines)
