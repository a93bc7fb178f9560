"""``export_spec``: a passing run's IR → one committed pytest-playwright file per spec."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tokenize
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import urlsplit

from autoqa.artifacts.atomic import write_text_atomic
from autoqa.errors import ExportError
from autoqa.export.builder import SetupRecording, build_module, snake
from autoqa.export.code_model import ModuleCode, render_module
from autoqa.export.support import write_conftest
from autoqa.py_syntax import parse_module
from autoqa.record.ir import IRRecord
from autoqa.secrets import SecretSet, is_secret_name
from autoqa.spec.model import Spec
from autoqa.spec.slug import slugify_path

_MIN_SECRET_LEN = 3
UPLOAD_DIR = 'UPLOAD_DIR = Path(os.environ.get("AUTOQA_UPLOAD_DIR", "."))  # the run\'s upload folder'
# A name the code uses → the import it needs (names are read with tokenize: comments and strings don't count).
_IMPORTS: dict[str, str] = {
    "os": "import os",
    "re": "import re",
    "Path": "from pathlib import Path",
    "Any": "from typing import Any",
    "pytest": "import pytest",
    "Browser": "from playwright.sync_api import Browser",
    "Locator": "from playwright.sync_api import Locator",
    "Page": "from playwright.sync_api import Page",
    "PlaywrightTimeoutError": "from playwright.sync_api import TimeoutError as PlaywrightTimeoutError",
    "expect": "from playwright.sync_api import expect",
    "expect_matches_baseline": "from autoqa.export.visual_check import expect_matches_baseline",
    "expect_column_text": "from autoqa.export.column_check import expect_column_text",
    "named_region": "from autoqa.export.region_locator import named_region",
    "named_badge": "from autoqa.export.region_locator import named_badge",
    "expect_field_note": "from autoqa.export.field_note import expect_field_note",
    "expect_sorted": "from autoqa.export.sorted_check import expect_sorted",
    "expect_each_checked": "from autoqa.export.each_checked import expect_each_checked",
    "expect_each_text": "from autoqa.export.each_text import expect_each_text",
    "MESSAGE_SELECTOR": "from autoqa.message_scope import MESSAGE_SELECTOR",
    "FOCUSED_FIELD": "from autoqa.landmarks import FOCUSED_FIELD",
    "LiveRegions": "from autoqa.export.appeared_check import LiveRegions",
    "settled": "from autoqa.export.settle_check import settled",
    "expect_target_hidden": "from autoqa.export.hidden_check import expect_target_hidden",
}


def exported_file_name(spec: Spec, root: Path | None = None) -> str:
    """``specs/shop/login.md`` → ``test_specs_shop_login.py`` (path relative to ``root``, default cwd)."""
    return f"test_{snake(slugify_path(spec.path, root), spec.path.stem)}.py"


def export_spec(
    spec: Spec,
    records: Sequence[IRRecord],
    out_dir: Path = Path("tests/autoqa"),
    *,
    root: Path | None = None,
    setup: SetupRecording | None = None,
    base_url: str | None = None,
    secrets: Mapping[str, str] | None = None,
    support_files: bool = True,
) -> Path:
    """Write ``out_dir/test_<slug>.py`` from the records of a passing run and return its path.

    Args:
        spec: the spec that ran (step texts become comments; secrets stay placeholders).
        records: its IR records (see :func:`autoqa.record.read_ir` / :func:`autoqa.record.records_for`).
        out_dir: where test files go; a ``conftest.py`` with the fixtures they need is written there too
            (unless one not made by autoqa exists).
        root: file names are built from the spec path relative to this folder (default: the cwd).
        setup: for an ``auth:`` spec, the run of the ``setup:`` spec it starts from.
        base_url: the run's base URL; absolute URLs on its origin become paths, so ``--base-url`` applies.
        secrets: more secret values to keep out of the file (the spec's own are always checked).
        support_files: write ``conftest.py`` as well.

    Raises:
        ExportError: nothing was recorded, a step has no recorded call, an element action has no unique
            locator (the error names the step), or the code would contain a secret value.

    Example:
        >>> path = export_spec(spec, records_for(read_ir(run_dir / "ir.jsonl"), spec.path))
    """
    if not records:
        raise ExportError(f"nothing was recorded for {spec.path}", hint="only passing runs can be exported")
    origin = _origin(base_url or spec.base_url or _first_url(records))
    label = _source_label(spec.path, root)
    module = build_module(spec, records, source_label=label, app_origin=origin, setup=setup)
    code = finish_module(module)
    _refuse_secrets(code, spec, secrets or {}, setup)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / exported_file_name(spec, root)
    write_text_atomic(path, code)
    if support_files:
        write_conftest(out_dir)
    return path


def finish_module(module: ModuleCode) -> str:
    """Render with the imports the code uses, check it parses, and format it (ruff, when available)."""
    draft = render_module(module)
    _check_syntax(draft, "generated")
    constants = module.constants
    if "UPLOAD_DIR" in _names(draft) and not any(c.startswith("UPLOAD_DIR") for c in constants):
        constants += (UPLOAD_DIR,)
    used = _names(render_module(ModuleCode(module.docstring, (), constants, module.functions)))
    imports = tuple(statement for name, statement in _IMPORTS.items() if name in used)
    code = render_module(
        ModuleCode(module.docstring, _merge_from_imports(imports), constants, module.functions)
    )
    _check_syntax(code, "generated")
    formatted = ruff_format(code)
    if formatted is not None:
        _check_syntax(formatted, "formatted")
        code = formatted
    return code


def _merge_from_imports(imports: tuple[str, ...]) -> tuple[str, ...]:
    """``from x import A`` + ``from x import B`` → ``from x import A, B``."""
    merged: dict[str, list[str]] = {}
    plain: list[str] = []
    for statement in imports:
        if statement.startswith("from ") and " as " not in statement:  # isort keeps aliases on their own line
            module, names = statement[5:].split(" import ", 1)
            merged.setdefault(module, []).append(names)
        else:
            plain.append(statement)
    joined = [
        f"from {module} import {', '.join(sorted(set(names), key=_isort_key))}"
        for module, names in merged.items()
    ]
    return tuple(plain + joined)


def _isort_key(name: str) -> tuple[bool, str]:
    """isort's order-by-type: classes (CamelCase) before functions."""
    return (name[:1].islower(), name)


def _names(code: str) -> set[str]:
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    return {token.string for token in tokens if token.type == tokenize.NAME}


def _check_syntax(code: str, what: str) -> None:
    try:
        parse_module(code)
    except SyntaxError as exc:
        raise ExportError(f"{what} code does not parse: line {exc.lineno}: {exc.msg}") from None


def ruff_format(code: str) -> str | None:
    """``code`` formatted by ruff (line length 110), or None when ruff is not available or fails."""
    ruff = _ruff()
    if ruff is None:
        return None
    try:
        done = subprocess.run(
            [*ruff, "format", "--isolated", "--line-length", "110", "--stdin-filename", "generated.py", "-"],
            input=code,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 and done.stdout.strip() else None


def _ruff() -> list[str] | None:
    beside = Path(sys.executable).with_name("ruff")
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside)]
    found = shutil.which("ruff")
    return [found] if found else None


def _refuse_secrets(code: str, spec: Spec, extra: Mapping[str, str], setup: SetupRecording | None) -> None:
    values = dict(extra)
    for source in (spec, setup.spec if setup else None):
        if source is None:
            continue
        values.update({k: v for k, v in source.variables.items() if is_secret_name(k, source.secrets)})
    for name, value in values.items():
        # Any spelling counts: literals escape quotes, backslashes and invisible characters.
        if value and len(value) >= _MIN_SECRET_LEN and SecretSet({name: value}).matcher.contains(code):
            raise ExportError(
                f"the exported code would contain the value of secret {name}; nothing was written",
                hint=f"type {{{{{name}}}}} in the spec instead of the value",
            )


def _origin(url: str | None) -> str | None:
    if not url:
        return None
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else None


def _first_url(records: Sequence[IRRecord]) -> str | None:
    for record in records:
        url = record.data.get("url") if record.tool == "navigate" else None
        if isinstance(url, str) and url.startswith("http"):
            return url
        if record.page_url.startswith("http"):
            return record.page_url
    return None


def _source_label(path: Path, root: Path | None) -> str:
    try:
        return path.resolve().relative_to((root or Path.cwd()).resolve()).as_posix()
    except ValueError:
        return path.name
