"""``Recorder``: turns a run's successful tool calls into IR records.

Wiring (two hooks, nothing else)::

    recorder = Recorder(ctx, IRWriter(run_dir / "ir.jsonl"), spec_path=spec.path, run_id=run_id)
    ctx.element_hook = recorder.before_element_action      # fingerprints the element before the action
    ...
    result = await call_tool(ctx, name, args)
    await recorder.after_call(step, name, args, result, ctx.page.url)

Failed calls are not recorded (an agent's wrong tries must not become test code); observations
(``snapshot``, ``screenshot``, listing tabs or dialogs) are not either. Everything else is: navigation,
element actions, assertions, waits, tab switches and dialog choices.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import Locator, Page

from autoqa.record.capture import capture_element, locate_text
from autoqa.record.fingerprint import Fingerprint
from autoqa.record.ir import DialogSeen, ElementRecord, IRRecord, IRWriter
from autoqa.record.skip import SKIP_TOOL
from autoqa.secrets import SecretSet
from autoqa.tools.context import ToolContext
from autoqa.tools.result import ToolResult
from autoqa.tools.set_field import as_done
from autoqa.tools.targets import resolve_target
from autoqa.tools.trace_zone import untraced

NOT_RECORDED = frozenset({"snapshot", "screenshot"})
_GROUP_TOOLS = frozenset({"assert_count", "assert_element_visible", "assert_element_hidden", "wait_for"})
_KEPT_DATA = (
    "url", "status", "selected", "value", "active", "closed", "count", "file", "policy", "signal",
    "collection", "via_label", "via_control", "baseline", "threshold", "max_diff_ratio", "viewport",
    "window_step",
    "left_page",  # a box taken off the page by its own click: export clicks it, as the run did
    "clicked_at",  # blur's empty spot: export clicks the same one
    "row_role",  # a column check's row (row or listitem): export finds it by its text
    "strategy",  # how a target matched: a position among role matches is exported as the same count
    "custom_dropdown", "typed",  # a dropdown drawn without <select>: export clicks, types, clicks the option
)  # fmt: skip
_MIN_SECRET_LEN = 3


@dataclass(frozen=True, slots=True)
class _Pending:
    tool: str
    element: ElementRecord


class Recorder:
    """Records one spec run. Not thread-safe; one per spec (per ToolContext)."""

    def __init__(
        self,
        ctx: ToolContext,
        writer: IRWriter | None = None,
        *,
        spec_path: Path | str = "",
        run_id: str = "",
        capture_timeout_ms: float = 2_000,
    ) -> None:
        self.ctx = ctx
        self.writer = writer
        self.spec_path = str(spec_path)
        self.run_id = run_id
        self.capture_timeout_ms = capture_timeout_ms
        self.records: list[IRRecord] = []
        self._pending: _Pending | None = None
        self._pages_seen: list[Page] = self._open_pages()
        self._dialogs_seen = len(ctx.dialogs)

    @property
    def secrets(self) -> SecretSet:
        return SecretSet(self.ctx.secrets)

    async def before_element_action(self, tool: str, locator: Locator, args: Mapping[str, Any]) -> None:
        """The ``ToolContext.element_hook``: capture the element while it is certainly still there."""
        self._pending = None
        element = await capture_element(
            tool,
            locator,
            args,
            test_id_attribute=self.ctx.settings.test_id_attribute,
            secrets=self.secrets,
            timeout_ms=self.capture_timeout_ms,
        )
        self._pending = _Pending(tool, element)

    async def after_call(
        self, step: int | None, tool: str, args: Mapping[str, Any], result: ToolResult, page_url: str
    ) -> IRRecord | None:
        """Record ``tool`` if it succeeded; returns the record (also kept in ``records``)."""
        with untraced():  # the recorder's reads are no step of the spec (tools/trace_zone.py)
            return await self._after_call(step, tool, args, result, page_url)

    async def _after_call(
        self, step: int | None, tool: str, args: Mapping[str, Any], result: ToolResult, page_url: str
    ) -> IRRecord | None:
        pending, self._pending = self._pending, None
        pages = self._open_pages()
        if not result.ok or tool in NOT_RECORDED or _is_listing(tool, args):
            return None  # tabs and dialogs that appeared meanwhile go with the next recorded call
        if tool == "set_field":  # kept as the action it was: replay and export do that one
            tool, args = as_done(args, result.data)
        new_pages = [p for p in pages if p not in self._pages_seen]
        dialogs = self.ctx.dialogs[self._dialogs_seen :]
        self._pages_seen, self._dialogs_seen = pages, len(self.ctx.dialogs)
        element = pending.element if pending is not None and pending.tool == tool else None
        if element is None and tool in _GROUP_TOOLS and isinstance(args.get("target"), str):
            element = await self._capture_group(tool, args["target"])
        text = None
        if result.ok and _text_present(tool, args):
            wanted = str(args.get("text"))
            text = await locate_text(
                self.ctx.page,
                self.secrets.substitute(wanted),
                exact=bool(args.get("exact")),
                timeout_ms=self.capture_timeout_ms,
            )
        masks = await self._capture_masks(args.get("ignore")) if tool == "assert_matches_baseline" else ()
        to_element = None
        if tool == "drag" and isinstance(args.get("to_target"), str):
            to_element = await self._capture_group(tool, args["to_target"])
        return self._keep(
            step,
            tool,
            args,
            page_url,
            page_index=pages.index(self.ctx.page) if self.ctx.page in pages else 0,
            element=element,
            popup=pages.index(new_pages[0]) if new_pages else None,
            dialogs=tuple(
                DialogSeen(
                    type=str(d.get("type", "")),
                    message=self.secrets.redact(str(d.get("message", ""))),
                    handled_as=str(d.get("handled_as", "accept")),
                )
                for d in dialogs
            ),
            text=text,
            data={k: self._placeholders(result.data[k]) for k in _KEPT_DATA if k in result.data},
            masks=masks,
            to_element=to_element,
        )

    def note_skip(self, step: int, args: Mapping[str, Any]) -> IRRecord:
        """Record an optional step the agent skipped (see :mod:`autoqa.record.skip`)."""
        return self._keep(step, SKIP_TOOL, args, self.ctx.page.url)

    def _keep(
        self, step: int | None, tool: str, args: Mapping[str, Any], page_url: str, **fields: Any
    ) -> IRRecord:
        """The next record, with secrets as placeholders, kept and written to the IR file."""
        record = IRRecord(
            seq=len(self.records) + 1,
            run_id=self.run_id,
            spec=self.spec_path,
            step=step,
            tool=tool,
            args={key: self._placeholders(value) for key, value in args.items()},
            page_url=self._placeholders(page_url),
            timestamp=time.time(),
            **fields,
        )
        self.records.append(record)
        if self.writer is not None:
            self.writer.write(record)
        return record

    def for_step(self, step: int) -> list[IRRecord]:
        return [r for r in self.records if r.step == step]

    async def _capture_masks(self, ignore: Any) -> tuple[ElementRecord, ...]:
        """Every region a visual check painted over, captured as a group (a target may name several)."""
        if not isinstance(ignore, list):
            return ()
        masks = []
        for target in ignore:
            # As assert_count captures: a locator matching exactly the elements the target named.
            captured = await self._capture_group("assert_count", str(target))
            masks.append(captured or ElementRecord(fingerprint=Fingerprint(tag=""), error="not found again"))
        return tuple(masks)

    async def _capture_group(self, tool: str, target: str) -> ElementRecord | None:
        """Element assertions over several matches run no hook: capture the first match as the group's."""
        try:
            lookup = await resolve_target(
                self.ctx.page,
                target,
                test_id_attribute=self.ctx.settings.test_id_attribute,
                timeout_ms=self.capture_timeout_ms,
            )
        except Exception:
            return None
        if not lookup.match_locators or lookup.count < 1:
            return None
        return await capture_element(
            tool,
            lookup.match_locators[0],
            {"target": target},
            test_id_attribute=self.ctx.settings.test_id_attribute,
            secrets=self.secrets,
            timeout_ms=self.capture_timeout_ms,
            expected_count=lookup.count if lookup.count > 1 or tool == "assert_count" else None,
        )

    def _placeholders(self, value: Any) -> Any:
        """Secret values become ``{{NAME}}`` (what the spec wrote), so records never hold a secret."""
        if isinstance(value, str):
            for name, secret in sorted(self.ctx.secrets.items(), key=lambda kv: -len(kv[1])):
                if len(secret) >= _MIN_SECRET_LEN:
                    value = value.replace(secret, "{{" + name + "}}")
            return value
        if isinstance(value, list | tuple):
            return [self._placeholders(v) for v in value]
        if isinstance(value, dict):
            return {k: self._placeholders(v) for k, v in value.items()}
        return value

    def _open_pages(self) -> list[Page]:
        return [p for p in self.ctx.context.pages if not p.is_closed()]


def _is_listing(tool: str, args: Mapping[str, Any]) -> bool:
    return tool in ("tabs", "dialogs") and args.get("action", "list") == "list"


def _text_present(tool: str, args: Mapping[str, Any]) -> bool:
    if tool == "assert_text_present":
        return isinstance(args.get("text"), str)
    return tool == "wait_for" and isinstance(args.get("text"), str)
