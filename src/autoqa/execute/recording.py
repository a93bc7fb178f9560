"""The one recording caller every executor calls tools through: calls the tool layer, then records what
happened.

Recording here (not in each executor) keeps plain, replay and agent runs identical in what they log:
one ``tool.called`` / ``tool.result`` event pair per call, a redacted :class:`ToolCall`, and the failure
screenshot handed to the artifact sink. Its :attr:`RecordingCaller.calls` is the one record the verdict,
the evidence map and the report read (calls the agent's guardrails refused are noted in it too).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from autoqa.events import EventSink, NullSink
from autoqa.record.skip import SKIP_TOOL
from autoqa.results import ToolCall
from autoqa.secrets import SecretSet
from autoqa.tools.call import call_tool
from autoqa.tools.caller import ToolCaller
from autoqa.tools.context import ToolContext
from autoqa.tools.result import ErrorCode, ToolResult

if TYPE_CHECKING:
    from autoqa.record.recorder import Recorder

ScreenshotSaver = Callable[[bytes, str], str | None]
"""``save(jpeg_bytes, name_hint) -> relative path`` (or None when the policy keeps no screenshots)."""

_LONG_TEXT_ARGS = frozenset({"value", "text", "expected", "text_gone"})
INVARIANTS_TOOL = "invariants"
"""The name violations reported after a step's last call are recorded under (no tool by that name)."""


class RecordingCaller:
    def __init__(
        self,
        ctx: ToolContext | None,
        *,
        secrets: SecretSet,
        events: EventSink | None = None,
        save_screenshot: ScreenshotSaver | None = None,
        spec_slug: str = "",
        recorder: Recorder | None = None,
        inner: ToolCaller | None = None,
    ) -> None:
        """``inner`` runs the tools (default: :func:`call_tool` on ``ctx``); a scripted one lets unit tests
        of the agent's dispatcher run without a browser."""
        if inner is None and ctx is None:
            raise ValueError("RecordingCaller needs a ToolContext or an inner caller")
        self.ctx = ctx
        self.inner = inner
        self.secrets = secrets
        self.events = events or NullSink()
        self.save_screenshot = save_screenshot
        self.spec_slug = spec_slug
        self.recorder = recorder
        if recorder is not None:
            recorder.ctx.element_hook = recorder.before_element_action  # capture the element before acting
        self.calls: list[ToolCall] = []

    def note_refused(
        self, name: str, args: Mapping[str, Any], step: int | None, *, code: ErrorCode, message: str
    ) -> None:
        """Record a call that never reached the tool layer (a guardrail refused it, the SDK rejected its
        arguments, or the handler broke): it counts against the step like any failed call."""
        self.calls.append(
            ToolCall(
                tool=name,
                args=self._safe_args(args),
                ok=False,
                step=step,
                error_code=str(code),
                error_message=self.secrets.redact(message),
            )
        )

    def note_skip(self, step: int, args: Mapping[str, Any]) -> None:
        """Record an optional step the agent skipped: a ``skip_step`` call in the record the verdict reads
        (which makes the step skipped, with its reason) and in the IR (the cache and export probe)."""
        safe_args = self._safe_args(args)
        self.events.emit("tool.called", spec=self.spec_slug, step=step, tool=SKIP_TOOL, args=safe_args)
        self.calls.append(ToolCall(tool=SKIP_TOOL, args=safe_args, ok=True, step=step))
        if self.recorder is not None:
            self.recorder.note_skip(step, args)
        self.events.emit("tool.result", spec=self.spec_slug, step=step, tool=SKIP_TOOL, ok=True)

    def _safe_args(self, args: Mapping[str, Any]) -> dict[str, Any]:
        safe: dict[str, Any] = {}
        for key, value in args.items():
            if isinstance(value, str):
                # Placeholders like {{PASSWORD}} are safe to keep; a literal secret value is not.
                value = self.secrets.redact(value)
                if key in _LONG_TEXT_ARGS and len(value) > 200:
                    value = value[:200] + "…"
            safe[key] = value
        return safe

    def note_violations(self, step: int | None, violations: Sequence[Mapping[str, Any]]) -> None:
        """Record invariant violations the browser reported after the step's last call (the step loop
        collects them when the step ends): they fail the step like those reported with a call."""
        if not violations:
            return
        kept = self._violations(violations)
        self.calls.append(
            ToolCall(
                tool=INVARIANTS_TOOL,
                args={},
                ok=False,
                step=step,
                error_code=str(ErrorCode.INVARIANT_VIOLATED),
                error_message=f"the app broke an invariant after the step's last call: {kept[0]['message']}",
                violations=kept,
            )
        )
        self.events.emit("invariant.violated", spec=self.spec_slug, step=step, violations=list(kept))

    def _violations(self, violations: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], ...]:
        return tuple(
            {k: self.secrets.redact(v) if isinstance(v, str) else v for k, v in item.items()}
            for item in violations
            if isinstance(item, Mapping)
        )

    async def __call__(self, name: str, args: Mapping[str, Any], *, step: int | None = None) -> ToolResult:
        args = dict(args or {})
        safe_args = self._safe_args(args)
        self.events.emit("tool.called", spec=self.spec_slug, step=step, tool=name, args=safe_args)
        if self.ctx is not None:
            self.ctx.step = step  # what the browser reports meanwhile belongs to this step
        if self.inner is not None:
            result = await self.inner(name, args, step=step)
        else:
            assert self.ctx is not None
            result = await call_tool(self.ctx, name, args)
        if self.recorder is not None and self.ctx is not None:
            # Raw args on purpose: secrets are still {{NAME}} placeholders here, which is what the IR keeps.
            await self.recorder.after_call(step, name, args, result, self.ctx.page.url)
        images = self._save_images(result, f"step{step or 0}-{name}")
        screenshot_path = images.get("diff")  # a visual check's failure picture is its diff, already saved
        shot = result.screenshot
        if screenshot_path is None and shot is not None and shot.data and self.save_screenshot:
            screenshot_path = self.save_screenshot(shot.data, f"step{step or 0}-{name}")
        error = result.error
        data = dict(result.data)
        reported = data.pop("violations", None)
        call = ToolCall(
            tool=name,
            args=safe_args,
            ok=result.ok,
            step=step,
            error_code=str(error.code) if error else None,
            error_message=self.secrets.redact(error.message) if error else None,
            duration_ms=round(result.duration_ms, 1),
            screenshot_path=screenshot_path,
            data=_small_data(data, self.secrets),
            images=images,
            violations=self._violations(reported) if isinstance(reported, list) else (),
        )
        self.calls.append(call)
        self.events.emit(
            "tool.result",
            spec=self.spec_slug,
            step=step,
            tool=name,
            ok=result.ok,
            duration_ms=call.duration_ms,
            error_code=call.error_code,
            error_message=call.error_message,
            screenshot=screenshot_path,
        )
        if call.violations:
            self.events.emit(
                "invariant.violated", spec=self.spec_slug, step=step, violations=list(call.violations)
            )
        return result

    def _save_images(self, result: ToolResult, hint: str) -> dict[str, str]:
        """Save the result's evidence images (a visual check's expected / actual / diff); kind → path."""
        saved: dict[str, str] = {}
        if self.save_screenshot is None:
            return saved
        for image in result.images:
            path = self.save_screenshot(image.data, f"{hint}-{image.kind}")
            if path is not None:
                saved[image.kind] = path
        return saved


def _small_data(data: Mapping[str, Any], secrets: SecretSet) -> dict[str, Any]:
    """Keep result data that is useful in reports; drop bulky fields such as snapshots."""
    small: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, str):
            if len(value) > 300:
                continue
            value = secrets.redact(value)
        elif isinstance(value, (list, dict)) and len(str(value)) > 500:
            continue
        small[key] = value
    return small
