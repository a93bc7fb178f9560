"""Command-line flags and pytest options, projected from the settings model — never written twice.

Each flag's help is its setting's docstring, its choices the setting's ``Literal`` values and its bounds the
setting's ``Field`` constraints; only the flag *names* that differ from ``--<key-with-dashes>`` are listed
here. ``autoqa run``/``demo``/``export``/``runs``/``config show``/``specs validate`` pick the settings they
take from this one table, the pytest plugin prefixes the same names with ``--autoqa-``, and the source label
of a value set on the command line (``config show``, run.json) is the flag that set it.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import annotated_types

from autoqa.config.settings import Settings
from autoqa.text_safety import encodable

FlagKind = Literal["text", "int", "float", "path", "switch", "list", "vars"]

# Flag names that are not ``--<key-with-dashes>`` (short aliases first).
_NAMES: Mapping[str, tuple[str, ...]] = {
    "base_url": ("--url",),
    "login_base_url": ("--login-url",),
    "workers": ("-j", "--workers"),
    "fail_fast": ("-x", "--fail-fast"),
    "headless": ("--headed",),
    "tags": ("-t", "--tag"),
    "vars": ("--var",),
    "output_dir": ("--output",),
    "max_tool_calls_per_spec": ("--max-tool-calls",),
    "spec_timeout_s": ("--spec-timeout",),
    "explore_max_pages": ("--max-pages",),
    "explore_max_depth": ("-d", "--depth", "--max-depth"),
    "explore_timeout_s": ("--explore-timeout",),
    "invariants": ("--invariant",),
    "allowed_failed_requests": ("--allow-failed-request",),
}
_INVERTED: Mapping[str, str] = {"headless": "Show the browser window."}
"""Switches that set their setting to False (``--headed`` → ``headless = False``), with their help."""

RUN_KEYS: tuple[str, ...] = (
    "base_url",
    "login_base_url",
    "env",
    "vars",
    "tags",
    "workers",
    "shard",
    "fail_fast",
    "headless",
    "debug",
    "model",
    "max_turns",
    "max_tool_calls_per_spec",
    "max_consecutive_errors",
    "max_retries_per_step",
    "spec_timeout_s",
    "max_budget_usd",
    "max_run_budget_usd",
    "artifacts",
    "tool_context",
    "trace",
    "video",
    "output_dir",
    "agent",
    "connect",
    "browser_path",
    "interactive",
    "strict_negative_checks",
    "strict_drift",
    "heal",
    "update_baselines",
    "missing_baselines",
    "invariants",
    "allowed_failed_requests",
    "error_text",
    "retries",
    "flaky_fails",
)
"""The settings ``autoqa run`` takes as flags, in the order ``--help`` lists them."""

PLAN_EXPLORE_KEYS: tuple[str, ...] = (
    "base_url",
    "login_base_url",
    "env",
    "vars",
    "explore_max_pages",
    "explore_max_depth",
    "explore_timeout_s",
    "headless",
    "debug",
    "browser_path",
    "connect",
    "output_dir",
)
"""The settings ``autoqa plan-explore`` takes as flags."""

PLAN_GENERATE_KEYS: tuple[str, ...] = (
    "base_url",
    "login_base_url",
    "env",
    "vars",
    "agent",
    "model",
    "max_turns",
    "max_budget_usd",
    "spec_timeout_s",
    "headless",
    "debug",
    "browser_path",
    "connect",
    "output_dir",
)
"""The settings ``autoqa plan-generate`` takes as flags (``agent``: the model planner runs with ``auto`` when
credentials exist, always with ``always``, never with ``never``)."""

PLAN_KEYS: tuple[str, ...] = tuple(dict.fromkeys((*PLAN_EXPLORE_KEYS, *PLAN_GENERATE_KEYS)))
"""The settings ``autoqa plan`` takes: exploration and generation."""

PLUGIN_KEYS: tuple[str, ...] = (
    "base_url",
    "agent",
    "vars",
    "output_dir",
    "headless",
    "trace",
    "video",
    "artifacts",
    "update_baselines",
    "retries",
)
"""The settings the pytest plugin takes as ``--autoqa-<flag>`` options."""


@dataclass(frozen=True, slots=True)
class Flag:
    key: str
    names: tuple[str, ...]
    help: str
    kind: FlagKind
    choices: tuple[str, ...] | None = None
    minimum: float | None = None
    minimum_open: bool = False
    maximum: float | None = None

    @property
    def long(self) -> str:
        return self.names[-1]

    @property
    def inverted(self) -> bool:
        return self.key in _INVERTED


def flag_name(key: str) -> str:
    """The long flag of setting ``key`` (also the source label of a value given on the command line)."""
    return _NAMES.get(key, ("--" + key.replace("_", "-"),))[-1]


def _first_sentence(text: str | None) -> str:
    flat = " ".join((text or "").replace("``", "").split())
    match = re.match(r"(.+?\.)(?=\s+[A-Z{(]|$)", flat)
    return match.group(1) if match else flat


def _unwrap(annotation: Any) -> Any:
    """``X | None`` → ``X``."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return args[0] if len(args) == 1 else annotation
    return annotation


def flag(key: str) -> Flag:
    info = Settings.model_fields[key]
    annotation = _unwrap(info.annotation)
    choices = None
    if typing.get_origin(annotation) is Literal:
        choices = tuple(str(a) for a in typing.get_args(annotation))
    kind: FlagKind
    if key == "vars":
        kind = "vars"
    elif annotation is bool:
        kind = "switch"
    elif annotation is int:
        kind = "int"
    elif annotation is float:
        kind = "float"
    elif annotation is Path:
        kind = "path"
    elif typing.get_origin(annotation) is tuple:
        kind = "list"
    else:
        kind = "text"
    minimum = maximum = None
    minimum_open = False
    for item in info.metadata:
        bound: Any = getattr(item, "ge", None) if isinstance(item, annotated_types.Ge) else None
        if isinstance(item, annotated_types.Gt):
            bound, minimum_open = getattr(item, "gt", None), True
        if bound is not None:
            minimum = float(bound)
        elif isinstance(item, annotated_types.Le):
            maximum = float(getattr(item, "le", 0))
    names = _NAMES.get(key, ("--" + key.replace("_", "-"),))
    text = _INVERTED.get(key) or _first_sentence(info.description)
    if choices:
        text += f" One of: {', '.join(choices)}" + (f" (default {info.default})." if info.default else ".")
    return Flag(key, names, text, kind, choices, minimum, minimum_open, maximum)


def flags(keys: Iterable[str]) -> tuple[Flag, ...]:
    return tuple(flag(key) for key in keys)


def click_options(keys: Iterable[str]) -> Callable[[Any], Any]:
    """A decorator adding a click option per setting; each passes its value under the setting's name
    (None when not given, so config files and the environment still apply)."""
    import click

    def option(f: Flag) -> Any:
        common: dict[str, Any] = {"help": f.help}
        if f.kind == "switch":
            return click.option(*f.names, f.key, is_flag=True, default=None, **common)
        if f.kind in ("list", "vars"):
            metavar = "NAME=VALUE" if f.kind == "vars" else None
            return click.option(*f.names, f.key, multiple=True, metavar=metavar, **common)
        if f.choices:
            return click.option(*f.names, f.key, type=click.Choice(list(f.choices)), **common)
        if f.kind == "int":
            low = int(f.minimum) if f.minimum is not None else None
            high = int(f.maximum) if f.maximum is not None else None
            return click.option(*f.names, f.key, type=click.IntRange(low, high), **common)
        if f.kind == "float":
            kind = click.FloatRange(min=f.minimum, min_open=f.minimum_open)
            return click.option(*f.names, f.key, type=kind, **common)
        if f.kind == "path":
            return click.option(*f.names, f.key, type=click.Path(), **common)
        return click.option(*f.names, f.key, **common)

    options = [option(f) for f in flags(keys)]

    def decorate(func: Any) -> Any:
        for opt in reversed(options):
            func = opt(func)
        return func

    return decorate


class VariableError(ValueError):
    """A ``--var`` entry that is not ``NAME=VALUE``."""


def parse_vars(pairs: Iterable[str], flag: str = "--var") -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = str(pair).partition("=")
        if not sep or not name.strip():
            raise VariableError(f"{flag} expects NAME=VALUE, got {pair!r}")
        out[name.strip()] = encodable(value)  # argv bytes that were not UTF-8 arrive as lone surrogates
    return out


def settings_from_options(
    values: Mapping[str, Any], keys: Iterable[str], *, prefix: str = "--"
) -> dict[str, Any]:
    """Parsed option values (by setting name) → the settings layer: unset options are left out, switches
    that invert set False, lists become lists, ``vars`` a mapping. ``prefix`` is how the options are spelled
    (``--autoqa-`` for the pytest plugin), for messages."""
    out: dict[str, Any] = {}
    for f in flags(keys):
        value = values.get(f.key)
        if value is None or value == () or value == []:
            continue
        if f.kind == "switch":
            if not value:
                continue
            out[f.key] = not f.inverted
        elif f.kind == "vars":
            out[f.key] = parse_vars(value, prefix + f.long.removeprefix("--"))
        elif f.kind == "list":
            out[f.key] = list(value)
        else:
            out[f.key] = value
    return out
