"""Resolve settings once: defaults < config files < ``AUTOQA_*`` env (incl. ``.env`` files) < CLI."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from autoqa.config.layers import (
    AUTOQA_TOML,
    ENV_ALIASES,
    IGNORED_ORIGINAL_ENV,
    LEGACY_JSON,
    PYPROJECT,
    Layer,
    cli_layer,
    env_layer,
    env_var_name,
    has_tool_autoqa,
    read_legacy_json,
    read_pyproject,
    read_toml_config,
)
from autoqa.config.masking import mask_url
from autoqa.config.settings import (
    RESERVED_VARIABLES,
    SETTING_KEYS,
    Settings,
    allowed_values,
    triage_table,
)
from autoqa.envfiles import load_env_files, merged_environ
from autoqa.errors import ConfigError
from autoqa.input_values import VARIABLE_NAME
from autoqa.secrets import SecretSet, is_secret_name

_URL_KEYS = frozenset({"base_url", "login_base_url", "connect"})
_TABLE_KEYS = frozenset({"vars", "triage"})


@dataclass(frozen=True, slots=True)
class ResolvedSettings:
    """The settings of a run, where each value came from, and the template variables.

    ``environ`` and ``variables`` hold secret values: never print them (``repr`` leaves them out).
    """

    settings: Settings
    sources: Mapping[str, str]
    """Per setting key (and ``vars.NAME``): ``"default"``, ``"autoqa.toml"``, ``"env AUTOQA_WORKERS"``,
    ``"cli --workers"`` …"""
    root: Path
    files: tuple[Path, ...] = ()
    """Config files that were read, lowest precedence first."""
    warnings: tuple[str, ...] = ()
    environ: Mapping[str, str] = field(default_factory=dict, repr=False)
    """The process environment with ``.env`` files merged under it (set variables win)."""
    variables: Mapping[str, str] = field(default_factory=dict, repr=False)
    """Template variable values for specs (see :func:`resolve_variables`)."""
    variable_sources: Mapping[str, str] = field(default_factory=dict)

    @property
    def secret_values(self) -> SecretSet:
        """The variables whose names make them secret (declared in ``secrets``, or named like
        PASSWORD/TOKEN/KEY): what everything a command writes is redacted of."""
        return SecretSet(
            {k: v for k, v in self.variables.items() if v and is_secret_name(k, self.settings.secrets)}
        )


def _is_project_root(folder: Path) -> bool:
    if (folder / AUTOQA_TOML).is_file() or (folder / LEGACY_JSON).is_file() or (folder / ".git").exists():
        return True
    pyproject = folder / PYPROJECT
    return pyproject.is_file() and has_tool_autoqa(pyproject)


def find_project_root(start: Path | str) -> Path:
    """The nearest folder at or above ``start`` with ``autoqa.toml``, ``autoqa.config.json``, a
    ``pyproject.toml`` with ``[tool.autoqa]``, or ``.git``; else ``start`` itself."""
    start = Path(start).resolve()
    if start.is_file():
        start = start.parent
    for folder in (start, *start.parents):
        if _is_project_root(folder):
            return folder
    return start


def _file_layers(root: Path, config_file: Path | None) -> list[tuple[Path, Layer]]:
    if config_file is not None:
        path = Path(config_file)
        if not path.is_file():
            raise ConfigError("config file not found", key="config", source=str(path))
        if path.suffix == ".json":
            return [(path, read_legacy_json(path))]
        if path.name == PYPROJECT:
            layer = read_pyproject(path)
            if layer is None:
                raise ConfigError("has no [tool.autoqa] table", key="config", source=str(path))
            return [(path, layer)]
        return [(path, read_toml_config(path, label=str(path)))]
    layers: list[tuple[Path, Layer]] = []
    if (root / LEGACY_JSON).is_file():
        layers.append((root / LEGACY_JSON, read_legacy_json(root / LEGACY_JSON)))
    if (root / PYPROJECT).is_file():
        pyproject = read_pyproject(root / PYPROJECT)
        if pyproject is not None:
            layers.append((root / PYPROJECT, pyproject))
    if (root / AUTOQA_TOML).is_file():
        layers.append((root / AUTOQA_TOML, read_toml_config(root / AUTOQA_TOML)))
    return layers


def _env_choice(
    cli: Layer, environ: Mapping[str, str], files: list[tuple[Path, Layer]]
) -> tuple[str | None, bool]:
    """The environment name and whether its ``.env.<env>`` must exist (explicit choices only)."""
    if "env" in cli.values:
        return str(cli.values["env"]), True
    if environ.get("AUTOQA_ENV", "").strip():
        return environ["AUTOQA_ENV"].strip(), False  # the original treats this file as optional
    for _, layer in reversed(files):
        if "env" in layer.values:
            return str(layer.values["env"]), True
    return None, False


def _shown(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()  # as TOML, JSON and the environment spell it
    if key in _URL_KEYS and isinstance(value, str):
        return repr(mask_url(value))
    return repr(value)


def _validate(values: dict[str, Any], sources: Mapping[str, str]) -> Settings:
    try:
        return Settings.model_validate(values)
    except ValidationError as exc:
        error = exc.errors()[0]
        loc = error["loc"]
        key = str(loc[0]) if loc else "settings"
        source = sources.get(key, "default")
        message = str(error["msg"]).removeprefix("Value error, ")
        if key == "vars":  # never echo variable values: they may be secrets
            if len(loc) > 1:
                source = sources.get(f"vars.{loc[1]}", source)
            raise ConfigError(message, key=key, source=source, allowed=allowed_values(key)) from None
        shown = _shown(key, error.get("input"))
        if key == "triage" and len(loc) > 1:  # a table: name the entry (triage.envronment)
            key = f"triage.{loc[1]}"
            if error["type"] == "extra_forbidden":
                message = "unknown failure class"
        raise ConfigError(
            f"invalid value {shown}: {message}",
            key=key,
            source=source,
            allowed=allowed_values("triage") if key.startswith("triage") else allowed_values(key),
        ) from None


_NOT_A_VARIABLE = "AUTOQA_VARS"
"""``vars`` is a table: it has no single environment variable (each is ``AUTOQA_<NAME>``). Read as a
variable ``{{VARS}}`` it would be silently useless, so it is reported instead."""


def _variables(
    settings: Settings, environ: Mapping[str, str], sources: Mapping[str, str]
) -> tuple[dict[str, str], dict[str, str]]:
    setting_env_names = (
        {env_var_name(key) for key in SETTING_KEYS} | set(ENV_ALIASES) | set(IGNORED_ORIGINAL_ENV)
    )
    values: dict[str, str] = {}
    origin: dict[str, str] = {}
    for name, value in environ.items():
        if name == _NOT_A_VARIABLE:
            continue
        if name.startswith("AUTOQA_") and name not in setting_env_names:
            variable = name.removeprefix("AUTOQA_")
            if VARIABLE_NAME.fullmatch(variable):
                values[variable], origin[variable] = value, f"env {name}"
    for name, value in settings.vars.items():
        values[name], origin[name] = value, sources.get(f"vars.{name}", "vars")
    for name in RESERVED_VARIABLES:
        value = getattr(settings, name.lower())
        if value is not None:
            values[name], origin[name] = (
                str(value),
                f"{name.lower()} ({sources.get(name.lower(), 'default')})",
            )
    return values, origin


def resolve_variables(
    settings: Settings, environ: Mapping[str, str], sources: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Template variable values, highest precedence last applied:

    ``AUTOQA_<NAME>`` in ``environ`` (process env over ``.env`` files) < ``vars`` (config file < ``--var``)
    < ``BASE_URL`` / ``LOGIN_BASE_URL`` / ``ENV`` from their settings (``--url``, ``--login-url``, ``--env``).
    """
    return _variables(settings, environ, sources or {})[0]


def load_settings(
    root: Path,
    *,
    env: Mapping[str, str],
    cli: Mapping[str, Any],
    config_file: Path | str | None = None,
    read_env_files: bool = True,
    origin: str = "cli",
) -> ResolvedSettings:
    """Resolve every setting once.

    Args:
        root: the project root (see :func:`find_project_root`); config and ``.env`` files are read there.
        env: the process environment (``os.environ``); ``.env`` / ``.env.<env>`` values are merged under it.
        cli: options the CLI parsed, by setting name (None = not given); ``vars`` maps ``--var`` entries.
            A ``config`` entry (or ``config_file``) replaces config file discovery with that one file.
        read_env_files: set False to ignore ``.env`` files (tests, ``--no-env-files``).
        origin: how ``cli`` values are labelled in sources: ``cli`` (by their flag) or e.g. ``autoqa.run``.

    Raises:
        ConfigError: a bad value (naming key, source and allowed values), an unknown key (with a
            did-you-mean), an unreadable file, or a missing ``.env.<env>`` for an explicit ``--env``.
    """
    cli = dict(cli)
    explicit = config_file if config_file is not None else cli.pop("config", None)
    cli.pop("config", None)
    files = _file_layers(root, Path(explicit) if explicit is not None else None)
    cli_values = cli_layer(cli, origin)
    env_name, required = _env_choice(cli_values, env, files)
    dotenv = load_env_files(root, env_name, required=required) if read_env_files else {}
    environ = merged_environ(dotenv, env)
    from_dotenv = {name for name in dotenv if name not in env}
    env_values = env_layer(environ, from_dotenv=from_dotenv)

    values: dict[str, Any] = {}
    sources: dict[str, str] = dict.fromkeys(SETTING_KEYS, "default")
    warnings: list[str] = []
    for layer in [*(layer for _, layer in files), env_values, cli_values]:
        for key, value in layer.values.items():
            if key == "triage":
                with contextlib.suppress(ValueError):  # a bad string is reported by validation
                    value = triage_table(value)
            if key in _TABLE_KEYS and isinstance(value, Mapping) and isinstance(values.get(key), Mapping):
                value = {**values[key], **value}  # a later source overrides entries, not the whole table
            values[key] = value
        sources.update(layer.sources)
        warnings.extend(layer.warnings)
    settings = _validate(values, sources)
    if settings.strict_negative_checks is None:  # resolved once, from this run's environment
        settings = settings.model_copy(
            update={"strict_negative_checks": settings.negative_checks_strict(environ)}
        )
    if settings.missing_baselines is None:  # likewise: a .env file's CI counts
        settings = settings.model_copy(update={"missing_baselines": settings.missing_baselines_mode(environ)})
    if settings.heal is None:  # likewise: library callers pass their own environment
        settings = settings.model_copy(update={"heal": settings.heal_mode(environ)})
    variables, variable_sources = _variables(settings, environ, sources)
    if environ.get(_NOT_A_VARIABLE):
        warnings.append(
            f"{_NOT_A_VARIABLE} is not read: set each variable as AUTOQA_<NAME> (AUTOQA_USERNAME=alice "
            "gives {{USERNAME}}), or use --var NAME=VALUE"
        )
    return ResolvedSettings(
        settings=settings,
        sources=sources,
        root=root,
        files=tuple(path for path, _ in files),
        warnings=tuple(warnings),
        environ=environ,
        variables=variables,
        variable_sources=variable_sources,
    )
