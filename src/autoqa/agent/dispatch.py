"""The handler behind every MCP tool: guardrails → tool call → record → content for the model.

Nothing escapes it: any exception on this path becomes an ``INTERNAL_ERROR`` result for the model (and a
log line with the end of the traceback), never an MCP protocol error.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from autoqa.agent.content import (
    McpResult,
    bounded_jpeg,
    internal_error_result,
    message_result,
    to_mcp_result,
)
from autoqa.agent.guardrails import Guardrails
from autoqa.agent.options import AgentOptions
from autoqa.events import EventSink
from autoqa.execute.recording import RecordingCaller
from autoqa.execute.verdict import BugReport, Ending, Finish, tool_kinds
from autoqa.record.skip import SKIP_TOOL
from autoqa.results import ToolCall
from autoqa.secrets import SecretSet
from autoqa.tools.result import ErrorCode, ToolResult

log = logging.getLogger(__name__)

CONTROL_TOOLS = frozenset({"finish", "report_bug", "ask_user", SKIP_TOOL})

AskUser = Callable[[str], Awaitable[str]]
"""Asks a person a question and returns the answer (interactive runs only)."""


async def ask_on_terminal(question: str) -> str:
    """Default ``ask_user``: print to stderr, read one line from stdin (off the event loop)."""

    def ask() -> str:
        print(f"\n[autoqa] the agent asks: {question}", file=sys.stderr, flush=True)
        return sys.stdin.readline().strip()

    return await asyncio.to_thread(ask)


class ToolDispatcher:
    """Runs the model's tool calls for one spec through the run's recording caller, whose record (from
    this session's first call on) the verdict is decided from."""

    def __init__(
        self,
        *,
        caller: RecordingCaller,
        options: AgentOptions,
        guardrails: Guardrails,
        secrets: SecretSet,
        events: EventSink,
        spec_slug: str = "",
        step_numbers: frozenset[int] = frozenset(),
        optional_steps: frozenset[int] = frozenset(),
        snapshot: Callable[[], Awaitable[str | None]] | None = None,
        ask_user: AskUser | None = None,
    ) -> None:
        self.caller = caller
        self.options = options
        self.guardrails = guardrails
        self.secrets = secrets
        self.events = events
        self.spec_slug = spec_slug
        self.step_numbers = step_numbers
        self.optional_steps = optional_steps
        """Steps that may be skipped (``Optional:`` or conditional wording): the only ones skip_step takes."""
        self.snapshot = snapshot
        self.ask_user = ask_user
        self._first_call = len(caller.calls)
        """Calls before this session (a replay that handed over) are not the session's to judge."""
        self.ending: Ending | None = None
        self.stop = asyncio.Event()
        """Set when the session must end now (a guardrail tripped)."""
        self._tripped_at: int | None = None
        self.questions: list[tuple[str, str]] = []

    @property
    def calls(self) -> list[ToolCall]:
        """This session's calls, as the recording caller recorded them."""
        return self.caller.calls[self._first_call :]

    @property
    def calls_to_trip(self) -> list[ToolCall]:
        """This session's calls up to the one that tripped a guardrail (all of them when none did): calls
        in flight when the session was stopped come after it."""
        return self.caller.calls[self._first_call : self._tripped_at]

    # --- entry point --------------------------------------------------------------------------------

    async def handle(self, name: str, args: Mapping[str, Any]) -> McpResult:
        try:
            if name in CONTROL_TOOLS:
                return await self._control(name, dict(args))
            return await self._browser(name, dict(args))
        except Exception as exc:
            return internal_error_result(exc, tool=name, secrets=self.secrets)

    # --- browser tools ------------------------------------------------------------------------------

    def _safe_args(self, args: Mapping[str, Any]) -> dict[str, Any]:
        return {k: self.secrets.redact(v) if isinstance(v, str) else v for k, v in args.items()}

    async def _browser(self, name: str, args: dict[str, Any]) -> McpResult:
        step = args.pop("step", None)
        step = step if isinstance(step, int) and not isinstance(step, bool) else None
        if self.ending is not None:
            # The model keeps going after finish/report_bug: end the session instead of looping to max_turns.
            self.stop.set()
            return message_result(
                {
                    "ok": False,
                    "error": {
                        "code": ErrorCode.SESSION_FINISHED,
                        "message": "the spec is finished; stop calling tools",
                        "retriable": False,
                    },
                },
                is_error=True,
                secrets=self.secrets,
            )
        refusal = self.guardrails.before_call(name, args, step)
        if refusal is not None:
            self.guardrails.after_call(name, args, step, ok=False, refused=True)
            self.caller.note_refused(name, args, step, code=refusal.code, message=refusal.message)
            self._check_trip()
            error: dict[str, Any] = {"code": refusal.code, "message": refusal.message, "retriable": False}
            left = self._attempts_left(step)
            if left is not None:
                error["attempts_left"] = left  # a refusal spends an attempt like any failure
            return message_result({"ok": False, "error": error}, is_error=True, secrets=self.secrets)
        try:
            result = await self.caller(name, args, step=step)
        except Exception as exc:
            self.guardrails.after_call(name, args, step, ok=False)
            self.caller.note_refused(
                name, args, step, code=ErrorCode.INTERNAL_ERROR, message=f"{type(exc).__name__}: {exc}"
            )
            self._check_trip()
            return internal_error_result(exc, tool=name, secrets=self.secrets)
        if self.guardrails.after_call(name, args, step, ok=result.ok):
            # Not a trip that ends the spec: a brake on one target, reported so reports can show it.
            self.events.emit(
                "guardrail.tripped",
                spec=self.spec_slug,
                name="circuit_breaker",
                step=step,
                tool=name,
                limit=self.options.circuit_breaker_threshold,
                actual=self.options.circuit_breaker_threshold,
                ends_spec=False,
            )
        self._check_trip()
        return await self._content(name, result, step)

    async def _content(self, name: str, result: ToolResult, step: int | None) -> McpResult:
        image = None
        context_text = None
        shot = result.screenshot
        wants_image = (not result.ok and self.options.tool_context == "screenshot") or (
            result.ok and name == "screenshot"
        )
        if wants_image and shot is not None and shot.data:
            image = bounded_jpeg(shot.data)
        if not result.ok and self.options.tool_context == "snapshot" and self.snapshot is not None:
            try:
                excerpt = await self.snapshot()
            except Exception as exc:  # extra context is optional; the result itself must still go out
                log.warning("no snapshot excerpt for the failed %s: %s", name, exc)
                excerpt = None
            if excerpt:
                limit = self.options.snapshot_context_chars
                cut = (
                    excerpt
                    if len(excerpt) <= limit
                    else excerpt[:limit] + "\n[cut: call snapshot for the rest]"
                )
                context_text = "page now:\n" + cut
        warning = self._step_warning(step)
        left = None if result.ok else self._attempts_left(step)
        mcp = to_mcp_result(
            result, secrets=self.secrets, image=image, context_text=context_text, attempts_left=left
        )
        if warning:
            mcp["content"].insert(1, {"type": "text", "text": warning})
        return mcp

    def _attempts_left(self, step: int | None) -> int | None:
        """Failures the step may still have before ``max_retries_per_step`` ends the session."""
        if step is None:
            return None
        return max(0, self.options.max_retries_per_step - self.guardrails.errors_by_step[step])

    def _step_warning(self, step: int | None) -> str | None:
        if step is None:
            return "warning: pass step=<number of the spec step> on every call"
        if self.step_numbers and step not in self.step_numbers:
            return f"warning: the spec has no step {step}"
        return None

    def _check_trip(self) -> None:
        trip = self.guardrails.tripped
        if trip is not None and not self.stop.is_set():
            self._tripped_at = len(self.caller.calls)
            self.events.emit("guardrail.tripped", spec=self.spec_slug, step=trip.step, **trip.as_dict())
            self.stop.set()

    def note_rejected(self, name: str, args: Mapping[str, Any], message: str) -> None:
        """A call the SDK refused before our handler ran (its arguments failed the schema)."""
        rest = dict(args)
        step = rest.pop("step", None)
        step = step if isinstance(step, int) and not isinstance(step, bool) else None
        if name in CONTROL_TOOLS:
            return
        self.guardrails.tool_calls += 1
        self.guardrails.after_call(name, rest, step, ok=False, refused=True)
        self.caller.note_refused(name, rest, step, code=ErrorCode.INVALID_INPUT, message=message[:300])
        self._check_trip()

    # --- control tools --------------------------------------------------------------------------------

    def _refused(self, code: ErrorCode, message: str) -> McpResult:
        return message_result(
            {"ok": False, "error": {"code": code, "message": message, "retriable": False}},
            is_error=True,
            secrets=self.secrets,
        )

    async def _control(self, name: str, args: dict[str, Any]) -> McpResult:
        if name == "ask_user":
            return await self._ask(args)
        if self.ending is not None:
            return message_result(
                {"ok": True, "note": "already finished; stop now"}, is_error=False, secrets=self.secrets
            )
        if name == SKIP_TOOL:
            return self._skip(args)
        if name == "finish":
            status = args.get("status")
            if status not in ("passed", "failed"):
                return message_result(
                    {
                        "ok": False,
                        "error": {
                            "code": ErrorCode.INVALID_INPUT,
                            "message": "status must be passed or failed",
                            "retriable": False,
                        },
                    },
                    is_error=True,
                    secrets=self.secrets,
                )
            self.ending = Finish(status, self.secrets.redact(str(args.get("summary", ""))))
        else:  # report_bug
            step = args.get("step")
            if not isinstance(step, int) or isinstance(step, bool):
                return message_result(
                    {
                        "ok": False,
                        "error": {
                            "code": ErrorCode.INVALID_INPUT,
                            "message": "step must be a step number",
                            "retriable": False,
                        },
                    },
                    is_error=True,
                    secrets=self.secrets,
                )
            self.ending = BugReport(
                step,
                self.secrets.redact(str(args.get("expected", ""))),
                self.secrets.redact(str(args.get("actual", ""))),
            )
        self.events.emit(
            "agent.turn",
            spec=self.spec_slug,
            control=name,
            args={k: self.secrets.redact(str(v)) for k, v in args.items()},
        )
        return message_result(
            {"ok": True, "note": "recorded; the run is over, reply with one short line and stop"},
            is_error=False,
            secrets=self.secrets,
        )

    def _skip(self, args: Mapping[str, Any]) -> McpResult:
        """``skip_step``: an optional step whose target is not there is done without acting. Refused for
        any other step: a step the spec requires is done, failed (report_bug) or unfinished, never skipped."""
        step = args.get("step")
        reason = args.get("reason")
        target = args.get("target")
        if not isinstance(step, int) or isinstance(step, bool) or step not in self.step_numbers:
            return self._refused(ErrorCode.INVALID_INPUT, f"skip_step: the spec has no step {step!r}")
        if step not in self.optional_steps:
            return self._refused(
                ErrorCode.INVALID_INPUT,
                f"skip_step: step {step} is not optional (only a step written as Optional: or 'if shown' may "
                "be skipped); do it, or report_bug if the app does not let you",
            )
        if not isinstance(reason, str) or not reason.strip():
            return self._refused(ErrorCode.INVALID_INPUT, "skip_step: give the reason (what you saw instead)")
        if target is not None and not isinstance(target, str):
            return self._refused(ErrorCode.INVALID_INPUT, "skip_step: target must be text")
        kinds = tool_kinds()
        if any(c.ok and c.step == step and kinds.get(c.tool) == "action" for c in self.calls):
            return self._refused(
                ErrorCode.INVALID_INPUT, f"skip_step: step {step} already acted on the page; it is done"
            )
        record: dict[str, Any] = {"reason": reason.strip()[:300]}
        if target and target.strip():
            record["target"] = target.strip()[:200]
        self.caller.note_skip(step, record)
        return message_result(
            {"ok": True, "note": f"step {step} skipped; go on with the next step"},
            is_error=False,
            secrets=self.secrets,
        )

    async def _ask(self, args: Mapping[str, Any]) -> McpResult:
        question = str(args.get("question", "")).strip()
        if not self.options.interactive or self.ask_user is None:
            return message_result(
                {
                    "ok": False,
                    "error": {
                        "code": ErrorCode.ASK_USER_UNAVAILABLE,
                        "message": "no person is available in this run; decide yourself",
                        "retriable": False,
                    },
                },
                is_error=True,
                secrets=self.secrets,
            )
        answer = await self.ask_user(self.secrets.redact(question))
        self.questions.append((question, answer))
        return message_result({"ok": True, "answer": answer}, is_error=False, secrets=self.secrets)
