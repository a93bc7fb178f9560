"""Where settings come from: config files, ``AUTOQA_*`` environment variables and CLI options.

Each source becomes a :class:`Layer` of raw values plus the label of where each value came from; the
loader stacks them (defaults < files < env < CLI) and validates once.
"""

from __future__ import annotations

import difflib
import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autoqa.config.settings import SETTING_KEYS
from autoqa.errors import ConfigError

AUTOQA_TOML = "autoqa.toml"
PYPROJECT = "pyproject.toml"
LEGACY_JSON = "autoqa.config.json"

ENV_ALIASES = {"AUTOQA_BROWSER_WS_ENDPOINT": "connect"}
_LIST_KEYS = frozenset({"secrets", "allowed_origins", "tags", "include_patterns", "exclude_patterns"})
_NOT_FROM_ENV = frozenset({"vars"})
_JSON_GUARDRAILS = {
    "maxToolCallsPerSpec": "max_tool_calls_per_spec",
    "maxConsecutiveErrors": "max_consecutive_errors",
    "maxRetriesPerStep": "max_retries_per_step",
}
# The original's `plan` section: the crawl limits it shares with `autoqa plan`; its other keys (agent turns,
# scopes, test types, credentials in clear) have no counterpart and are ignored with a warning.
_JSON_PLAN = {"maxDepth": "explore_max_depth", "maxPages": "explore_max_pages"}
# Read by AutoQA-Agent; accepted here so existing CI setups keep working, but they change nothing.
IGNORED_ORIGINAL_ENV = (
    "AUTOQA_SCREENSHOT_TIMING",
    "AUTOQA_PREFLIGHT_NAVIGATE",
    "AUTOQA_UI_LANGUAGE",
    "AUTOQA_DEBUG_LOCATORS",
    "AUTOQA_CHROMIUM_CHANNEL",
    "AUTOQA_CHROMIUM_USER_DATA_DIR",
    "AUTOQA_CHROME_DISABLE_TRANSLATE",
)


@dataclass(frozen=True, slots=True)
class Layer:
    values: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    """Label per key (and per ``vars.NAME``): ``"autoqa.toml"``, ``"env AUTOQA_WORKERS"``, ``"cli --workers"``
    …"""
    warnings: tuple[str, ...] = ()


def env_var_name(key: str) -> str:
    return "AUTOQA_" + key.upper()


def cli_flag(key: str) -> str | None:
    """The ``autoqa run`` flag that sets ``key``, or None when no flag does."""
    from autoqa.config.flags import PLAN_KEYS, RUN_KEYS, flag_name

    return flag_name(key) if key in RUN_KEYS or key in PLAN_KEYS else None


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part.title() for part in rest)


def _unknown_key(key: str, known: Iterable[str], source: str) -> ConfigError:
    close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.6)
    return ConfigError(
        "unknown setting",
        key=key,
        source=source,
        hint=f"did you mean {close[0]!r}?" if close else "see 'autoqa config show' for every setting",
    )


def _table_layer(table: Mapping[str, Any], label: str) -> Layer:
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for key, value in table.items():
        if key not in SETTING_KEYS:
            raise _unknown_key(key, SETTING_KEYS, label)
        if key == "vars":
            if not isinstance(value, dict):
                raise ConfigError("must be a table of NAME = 'value'", key="vars", source=label)
            sources.update({f"vars.{name}": label for name in value})
        values[key] = value
        sources[key] = label
    return Layer(values, sources)


def config_text(path: Path, label: str) -> str:
    """A config file's text: UTF-8, a UTF-8 BOM tolerated; anything else is a ConfigError naming the
    file and what is wrong with it (UTF-16, a byte that is not UTF-8), never a traceback."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read the file: {exc.strerror or exc}", source=label) from None
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ConfigError("the file is UTF-16; save it as UTF-8", source=label) from None
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ConfigError(
            f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at line {line}; save the file as UTF-8",
            source=label,
        ) from None


def _load_toml(path: Path, label: str) -> dict[str, Any]:
    text = config_text(path, label)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"invalid TOML: {exc}", source=label) from None
    except RecursionError:
        raise ConfigError("invalid TOML: arrays or tables nested too deeply", source=label) from None


def read_toml_config(path: Path, label: str = AUTOQA_TOML) -> Layer:
    """``autoqa.toml``: settings at the top level (``[vars]`` is the variables table)."""
    return _table_layer(_load_toml(path, label), label)


def read_pyproject(path: Path) -> Layer | None:
    """``[tool.autoqa]`` in ``pyproject.toml``, or None when the table is absent."""
    label = f"{PYPROJECT} [tool.autoqa]"
    data = _load_toml(path, PYPROJECT)
    tool = data.get("tool", {})
    table = tool.get("autoqa") if isinstance(tool, dict) else None
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError("[tool.autoqa] must be a table", source=PYPROJECT)
    return _table_layer(table, label)


def has_tool_autoqa(path: Path) -> bool:
    try:
        return read_pyproject(path) is not None
    except ConfigError:
        return True  # a broken file still marks the project root; loading it reports the error


def _positive_int(value: Any, key: str, label: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"invalid value {value!r}", key=key, source=label, allowed="an integer >= 1")
    return value


def read_legacy_json(path: Path) -> Layer:
    """The original's ``autoqa.config.json``: camelCase keys, ``guardrails`` and ``exportDir``.

    Any other setting may also be written in camelCase (``baseUrl``). From ``plan``, ``maxDepth`` and
    ``maxPages`` set the crawl limits of ``autoqa plan``; its other keys are ignored with a warning. Other
    unknown keys are errors, as in the original.
    """
    label = LEGACY_JSON
    text = config_text(path, label)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}", source=label
        ) from None
    except RecursionError:
        raise ConfigError("invalid JSON: nested too deeply", source=label) from None
    if not isinstance(data, dict):
        raise ConfigError("the top level must be a JSON object", source=label)
    if "schemaVersion" not in data:
        raise ConfigError(
            "missing (required by autoqa.config.json)",
            key="schemaVersion",
            source=label,
            allowed="an integer >= 1",
        )
    _positive_int(data["schemaVersion"], "schemaVersion", label)
    camel = {_camel(key): key for key in SETTING_KEYS}
    known = ["schemaVersion", "guardrails", "plan", *camel]
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    warnings: list[str] = []
    for key, value in data.items():
        if key == "schemaVersion":
            continue
        if key == "plan":
            if not isinstance(value, dict):
                raise ConfigError("must be an object", key="plan", source=label)
            for name, item in value.items():
                if name in _JSON_PLAN:
                    values[_JSON_PLAN[name]] = item  # validated (bounds, type) by the settings model
                    sources[_JSON_PLAN[name]] = f"{label} plan.{name}"
                else:
                    warnings.append(f"{label}: 'plan.{name}' is read for compatibility but has no effect")
        elif key == "guardrails":
            if not isinstance(value, dict):
                raise ConfigError("must be an object", key="guardrails", source=label)
            for name, item in value.items():
                if name not in _JSON_GUARDRAILS:
                    raise _unknown_key(
                        f"guardrails.{name}", [f"guardrails.{g}" for g in _JSON_GUARDRAILS], label
                    )
                target = _JSON_GUARDRAILS[name]
                values[target] = _positive_int(item, f"guardrails.{name}", label)
                sources[target] = f"{label} guardrails.{name}"
        elif key in camel or key in SETTING_KEYS:
            setting = camel[key] if key in camel else str(key)
            values[setting] = value
            sources[setting] = f"{label} {key}"
            if setting == "vars" and isinstance(value, dict):
                sources.update({f"vars.{name}": f"{label} vars" for name in value})
        else:
            raise _unknown_key(key, known, label)
    return Layer(values, sources, tuple(warnings))


def env_layer(environ: Mapping[str, str], *, from_dotenv: Iterable[str] = ()) -> Layer:
    """Settings from ``AUTOQA_<KEY>`` variables. Empty values count as unset. Other ``AUTOQA_*`` names are
    template variables (``AUTOQA_USERNAME`` → ``{{USERNAME}}``), never errors."""
    dotenv = frozenset(from_dotenv)
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}

    def take(name: str, key: str) -> None:
        raw = environ.get(name, "")
        if not raw.strip():
            return
        values[key] = [p.strip() for p in raw.split(",") if p.strip()] if key in _LIST_KEYS else raw.strip()
        sources[key] = f"env {name}" + (" (.env file)" if name in dotenv else "")

    for alias, key in ENV_ALIASES.items():
        take(alias, key)
    for key in SETTING_KEYS:
        if key not in _NOT_FROM_ENV:
            take(env_var_name(key), key)
    warnings = tuple(
        f"{name} is read by AutoQA-Agent but has no effect in autoqa-py"
        for name in IGNORED_ORIGINAL_ENV
        if environ.get(name)
    )
    return Layer(values, sources, warnings)


def cli_layer(cli: Mapping[str, Any], origin: str = "cli") -> Layer:
    """Options the CLI parsed: setting names to values; None means "not given". ``vars`` is a mapping.

    Sources are labelled with the flag that set the value (``cli --workers``); a key no flag sets, or one
    given through the library (``origin="autoqa.run"``), is labelled ``<origin> <key>``."""
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for key, value in cli.items():
        if value is None:
            continue
        if key not in SETTING_KEYS:
            raise _unknown_key(key, SETTING_KEYS, "cli")
        flag = cli_flag(key) if origin == "cli" else None
        label = f"cli {flag}" if flag else f"{'override' if origin == 'cli' else origin} {key}"
        if key == "vars":
            if not isinstance(value, Mapping):
                raise ConfigError("must be a mapping of NAME to value", key="vars", source=label)
            sources.update({f"vars.{name}": label for name in value})
        if key in _LIST_KEYS and isinstance(value, tuple | list) and not value:
            continue  # an empty multiple option was simply not given
        values[key] = dict(value) if key == "vars" else value
        sources[key] = label
    return Layer(values, sources)
