"""Spec + IR records → :class:`ModuleCode` for one pytest-playwright test file.

Decides, on data, everything the statements need around them: which page variable each record runs on
(popups become ``popup``, ``popup2`` … via ``page.expect_popup()``), how native dialogs are answered (the
``autoqa_live_regions`` fixture answers them as the run did, from the test's start), the guard around
``Optional:`` steps, and for ``auth:`` specs a module fixture that replays the setup spec once and starts
every test from its storage state.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from autoqa.errors import ExportError
from autoqa.export.appeared_check import RUN_DIALOG_POLICY
from autoqa.export.code_model import Block, FunctionCode, Line, ModuleCode, Node, StepCode
from autoqa.export.statements import (
    ELEMENT_ACTIONS,
    LIVE_REGIONS,
    StatementContext,
    answer_dialogs,
    appeared_mark,
    appeared_window,
    element_locator,
    frames_scope,
    guessed_locator,
    statements,
)
from autoqa.export.values import ValueRenderer, env_name
from autoqa.record.ir import IRRecord
from autoqa.record.locator_spec import py_str, py_text
from autoqa.record.skip import probe_actions, skip_target, without_skips
from autoqa.secrets import is_secret_name
from autoqa.spec.model import Spec, Step
from autoqa.tools.settle import SETTLING_TOOLS

OPTIONAL_WAIT_MS = 500
"""How long an ``Optional:`` step waits for its element before skipping (a banner may render late)."""

_POPUP_OPENERS = ELEMENT_ACTIONS | {"press_key"}
_IDENT = re.compile(r"[^0-9a-zA-Z]+")


@dataclass(frozen=True, slots=True)
class SetupRecording:
    """A passing run of the ``setup:`` spec an ``auth:`` spec depends on."""

    spec: Spec
    records: Sequence[IRRecord]


def snake(text: str, fallback: str = "spec") -> str:
    """``"Log in with valid credentials"`` → ``log_in_with_valid_credentials`` (ASCII, lower case)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    name = _IDENT.sub("_", ascii_text).strip("_").lower()
    return name or _IDENT.sub("_", fallback).strip("_").lower() or "spec"


def python_name(text: str, fallback: str = "spec") -> str:
    """Like :func:`snake`, and never starting with a digit (usable on its own as an identifier)."""
    name = snake(text, fallback)
    return name if not name[0].isdigit() else f"spec_{name}"


def build_module(
    spec: Spec,
    records: Sequence[IRRecord],
    *,
    source_label: str,
    app_origin: str | None,
    setup: SetupRecording | None = None,
) -> ModuleCode:
    functions: list[FunctionCode] = []
    if spec.auth:
        if setup is None:
            raise ExportError(
                f"{spec.path} starts from `auth: {spec.auth}`; export needs the recording of the "
                f"`setup: {spec.auth}` spec too",
                hint="export the setup spec's run together with this one",
            )
        if any(record.tool == "assert_appeared" for record in setup.records):
            raise ExportError(
                f"the `setup: {spec.auth}` spec checks a toast that appeared; a setup fixture cannot",
                hint="check it in a spec of its own",
            )
        functions.extend(_auth_fixtures(spec.auth, setup, app_origin))
    steps = build_steps(spec, records, app_origin)
    if any(step.optional for step in steps):
        functions.append(_is_shown_helper())
    watched = any(record.tool == "assert_appeared" for record in records) or _answers_dialogs(records)
    fixtures = f", {LIVE_REGIONS}: Any" if watched else ""
    functions.append(
        FunctionCode(
            signature=f"def test_{snake(spec.title, spec.path.stem)}(page: Page{fixtures}) -> None:",
            docstring="\n".join(textwrap.wrap(spec.title, 100)),
            steps=steps,
        )
    )
    return ModuleCode(
        docstring="\n".join(
            [
                f"Generated from {source_label} by autoqa — do not edit.",
                "",
                *textwrap.wrap(f"Spec: {spec.title}", 100),
                "Re-export after changing the spec; run with `pytest <this folder> --base-url URL`",
                "(or AUTOQA_BASE_URL). The fixtures come from conftest.py next to this file.",
            ]
        ),
        imports=(),
        functions=tuple(functions),
    )


class _Pages:
    """Page variables by tab index, as popups open and tabs close during the recording."""

    def __init__(self) -> None:
        self.tabs: list[str] = ["page"]
        self._opened = 0

    def var(self, record: IRRecord) -> str:
        if 0 <= record.page_index < len(self.tabs):
            return self.tabs[record.page_index]
        raise ExportError(
            f"{record.tool} ran in tab {record.page_index}, which no recorded action opened", step=record.step
        )

    def open(self, index: int) -> str:
        self._opened += 1
        name = "popup" if self._opened == 1 else f"popup{self._opened}"
        self.tabs.insert(min(index, len(self.tabs)), name)
        return name

    def close(self, index: object) -> None:
        if isinstance(index, int) and 0 < index < len(self.tabs):
            del self.tabs[index]


def build_steps(spec: Spec, records: Sequence[IRRecord], app_origin: str | None) -> tuple[StepCode, ...]:
    ordered = sorted(records, key=lambda r: r.seq)
    openers = _popup_openers(ordered)
    by_step = _assign_to_steps(spec, ordered)
    # Steps an exported assert_appeared counts from: the watcher's record is marked where they start.
    marks = {w for r in ordered if r.tool == "assert_appeared" and (w := appeared_window(r)) is not None}
    pages = _Pages()
    policy: str = RUN_DIALOG_POLICY  # how the run's tools answered native dialogs (``dialogs`` changes it)
    secret_names = frozenset(spec.secrets)
    secret_envs = tuple(sorted(env_name(n) for n in spec.variables if is_secret_name(n, spec.secrets)))
    out: list[StepCode] = []
    for step in spec.steps:
        values = ValueRenderer().for_step(
            step.raw_text + " " + " ".join(step.expected), spec.variables, secret_names
        )
        recorded = by_step.get(step.index, [])
        step_records = without_skips(recorded)
        nodes: list[Node] = []
        probe: str | None = None
        for record in step_records:
            page = pages.var(record)
            ctx = StatementContext(
                page=page, values=values, app_origin=app_origin, tabs=tuple(pages.tabs), secrets=secret_envs
            )
            code = statements(record, ctx)
            if record.tool in SETTLING_TOOLS:  # wait for what the action started, as the run did
                code = [Block(f"with settled({page}):", tuple(code))]
            if probe is None and step.optional:
                probe = _probe(record, page)
            for dialog in record.dialogs:
                article = "an" if dialog.type[:1] in ("a", "e", "i", "o", "u") else "a"
                nodes.append(
                    Line(py_text(f"# expects {article} {dialog.type} dialog: {_short(dialog.message)}"))
                )
                if dialog.handled_as in ("accept", "dismiss") and dialog.handled_as != policy:
                    policy = dialog.handled_as  # not what the recorded calls say: answer as it was answered
                    nodes.append(Line(answer_dialogs(policy)))
            if record.tool == "dialogs" and record.args.get("action") in ("accept", "dismiss"):
                policy = record.args["action"]
            if record.seq in openers:
                popup = pages.open(openers[record.seq])
                nodes.append(Block(f"with {page}.expect_popup() as popup_info:", tuple(code)))
                nodes.append(Line(f"{popup} = popup_info.value"))
            else:
                nodes.extend(code)
            if record.tool == "tabs" and record.args.get("action") == "close":
                pages.close(record.args.get("index"))
        if not step_records:
            if not step.optional:
                raise ExportError("no tool call was recorded for this step", step=step.index)
            nodes, probe = _unrecorded_optional(step, skip_target(recorded))
        elif step.optional and probe is not None:
            nodes = [Block(f"if _is_shown({probe}):", tuple(nodes))]
        if step.index in marks:
            nodes.insert(0, Line(f"{appeared_mark(step.index)} = {LIVE_REGIONS}.mark()"))
        out.append(
            StepCode(step.index, step.text, tuple(nodes), optional=step.optional, expected=step.expected)
        )
    return tuple(out)


def _assign_to_steps(spec: Spec, ordered: Sequence[IRRecord]) -> dict[int, list[IRRecord]]:
    """Records by step; a record without a (known) step belongs to the step before it."""
    known = {step.index for step in spec.steps}
    by_step: dict[int, list[IRRecord]] = {}
    current = spec.steps[0].index if spec.steps else 0
    for record in ordered:
        if record.step in known:
            current = record.step
        by_step.setdefault(current, []).append(record)
    return by_step


def _popup_openers(ordered: Sequence[IRRecord]) -> dict[int, int]:
    """``seq of the action that opened a tab`` → the tab's index.

    A popup can surface one call late (the ``page`` event arrives after the click returned), so a popup
    noticed on a non-opening call belongs to the last action before it.
    """
    openers: dict[int, int] = {}
    last_action: IRRecord | None = None
    for record in ordered:
        if record.tool in _POPUP_OPENERS:
            last_action = record
        if record.popup is None:
            continue
        opener = record if record.tool in _POPUP_OPENERS else last_action
        if opener is None:
            raise ExportError("a new tab opened but no recorded action opened it", step=record.step)
        openers[opener.seq] = record.popup
    return openers


def _probe(record: IRRecord, page: str) -> str | None:
    locator = element_locator(record, page)
    if locator is not None:
        return locator
    if record.text is not None and record.text.matches:
        text = py_str(str(record.args.get("text", "")))
        return f"{frames_scope(page, record.text.frames)}.get_by_text({text})"
    return None


def _unrecorded_optional(step: Step, skipped_target: str | None) -> tuple[list[Node], str | None]:
    """An optional step that was skipped when recorded: guess its element from the plain grammar, or from
    the target the agent said it looked for (the probe the step cache replays, :mod:`autoqa.record.skip`)."""
    actions = probe_actions(step, skipped_target)
    action = actions[0] if actions else None
    target = action.args.get("target") if action is not None else None
    if action is None or not isinstance(target, str):
        return [Line("pass  # skipped when recorded (not shown); nothing to replay")], None
    values = ValueRenderer()
    name = "optional_element"
    calls = {
        "click": "click()",
        "hover": "hover()",
        "fill": f"fill({values.expr(str(action.args.get('value', '')))})",
        "set_checked": f"set_checked({bool(action.args.get('checked', True))})",
    }
    if action.tool not in calls:
        return [Line("pass  # skipped when recorded (not shown); nothing to replay")], None
    # Never seen, so its locator is a guess over the usual ways a page names an element.
    body = [Line(f"{name}.{calls[action.tool]}")]
    if action.tool == "fill" and action.args.get("submit"):
        body.append(Line(f'{name}.press("Enter")'))
    nodes: list[Node] = [
        Line(f"{name} = {guessed_locator(target, 'page')}"),
        Block(f"if _is_shown({name}):", tuple(body)),
    ]
    return nodes, None


def _answers_dialogs(records: Sequence[IRRecord]) -> bool:
    """Whether the run answered a native dialog or chose how to: the test must answer them the same way
    (with no listener Playwright dismisses every dialog, and a cancelled confirm takes another path)."""
    return any(
        record.dialogs or (record.tool == "dialogs" and record.args.get("action") in ("accept", "dismiss"))
        for record in records
    )


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def _is_shown_helper() -> FunctionCode:
    return FunctionCode(
        signature=f"def _is_shown(locator: Locator, timeout_ms: float = {OPTIONAL_WAIT_MS}) -> bool:",
        docstring="Optional steps act only when their element shows up within a short wait.",
        prologue=(
            Block(
                "try:",
                (Line('locator.first.wait_for(state="visible", timeout=timeout_ms)'),),
                (("except PlaywrightTimeoutError:", (Line("return False"),)),),
            ),
            Line("return True"),
        ),
    )


def _auth_fixtures(name: str, setup: SetupRecording, app_origin: str | None) -> list[FunctionCode]:
    fixture = f"{python_name(name)}_storage_state"
    steps = build_steps(setup.spec, setup.records, app_origin)
    state = FunctionCode(
        decorators=('@pytest.fixture(scope="module")',),
        signature=(
            f"def {fixture}(browser: Browser, autoqa_base_url: str, "
            "tmp_path_factory: pytest.TempPathFactory) -> str:"
        ),
        docstring=f"Runs the `setup: {name}` spec ({setup.spec.path.name}) once; tests start logged in.",
        prologue=(
            Line("context = browser.new_context(base_url=autoqa_base_url)"),
            Line("page = context.new_page()"),
            *([Line(f"{LIVE_REGIONS} = LiveRegions(page)")] if _answers_dialogs(setup.records) else []),
        ),
        steps=steps,
        epilogue=(
            Line(f'path = tmp_path_factory.mktemp("autoqa-auth") / {py_str(python_name(name) + ".json")}'),
            Line("context.storage_state(path=path)"),
            Line("context.close()"),
            Line("return str(path)"),
        ),
    )
    override = FunctionCode(
        decorators=('@pytest.fixture(scope="module")',),
        signature=(
            f"def browser_context_args(browser_context_args: dict[str, Any], {fixture}: str) "
            "-> dict[str, Any]:"
        ),
        prologue=(Line(f'return {{**browser_context_args, "storage_state": {fixture}}}'),),
    )
    return [state, override]
