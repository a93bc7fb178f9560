"""One spec, one Claude Code session: :func:`run_agent_spec`.

The session is driven through :class:`claude_agent_sdk.ClaudeSDKClient` (one CLI process per spec) rather
than ``query()`` because it can be *interrupted*: when a guardrail trips or the wall-clock limit passes we
send an interrupt, the CLI ends the turn at once with a final ``ResultMessage`` (so cost and tokens are
still reported), and the process then exits on its own when we disconnect. Closing a ``query()`` stream
early instead waits up to five seconds for the CLI before killing it, and loses the cost.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import time
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from autoqa.agent.dispatch import AskUser, ToolDispatcher, ask_on_terminal
from autoqa.agent.guardrails import Guardrails
from autoqa.agent.handover import Handover
from autoqa.agent.mcp_server import (
    SERVER_NAME,
    TOOL_PREFIX,
    build_server,
    build_tools,
)
from autoqa.agent.options import AgentOptions
from autoqa.agent.prompt import USER_PROMPT, limits_rule, system_prompt
from autoqa.agent.relay import HistoryRelay, relay_upstream
from autoqa.agent.workspace import isolated_workspace
from autoqa.events import EventSink, NullSink
from autoqa.execute.recording import RecordingCaller
from autoqa.execute.verdict import Aborted, Ending, Finish, NoFinish, decide, summarize_ending
from autoqa.results import ExecutorKind, GuardrailTrip, SpecResult, Usage
from autoqa.secrets import SecretSet
from autoqa.spec.model import Spec
from autoqa.tools.caller import ToolCaller
from autoqa.tools.context import ToolContext

log = logging.getLogger(__name__)

INTERRUPT_GRACE_S = 10.0
"""How long the CLI gets to answer an interrupt with its final result before we close it hard."""


class TranscriptSink(Protocol):
    """Where the session writes what the model saw and did (``autoqa.artifacts.TranscriptWriter``).

    Kinds: ``session.start`` (system prompt, tools, model), ``model.turn`` (role, text, usage),
    ``tool.call`` (tool, id, args), ``tool.result`` (tool, id, ok, error_code, text, image blocks) and
    ``session.end`` (how it ended, guardrail, usage).
    """

    def record(self, kind: str, /, **fields: Any) -> None: ...


class _NullTranscript:
    def record(self, kind: str, /, **fields: Any) -> None:
        return None


@dataclass(slots=True)
class _StreamState:
    """What the session saw on the SDK stream."""

    sink: TranscriptSink = field(default_factory=_NullTranscript)
    """Receives every message in redacted form (never raises into the session)."""

    init_tools: list[str] | None = None
    result: Any = None
    """The final ``ResultMessage``."""
    exception: BaseException | None = None
    isolation_error: str | None = None
    timed_out: bool = False
    elapsed_s: float = 0.0
    message_ids: set[str] = field(default_factory=set)
    usage_by_message: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    tool_uses: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    last_text: str = ""
    api_error: str | None = None
    stderr: deque[str] = field(default_factory=lambda: deque(maxlen=20))


def _snapshot_reader(ctx: ToolContext) -> Any:
    from autoqa.tools.call import call_tool

    async def read() -> str | None:
        # Not recorded: what the page reported meanwhile stays for the next recorded call.
        result = await call_tool(ctx, "snapshot", {}, report_violations=False)
        if not result.ok:
            return None
        texts = [v for v in result.data.values() if isinstance(v, str)]
        return max(texts, key=len) if texts else None

    return read


def _prompt_file(folder: Path, prompt: str) -> Path:
    """The system prompt as a file in the session's private config folder (removed with it)."""
    path = folder / "autoqa-system-prompt.md"
    path.write_text(prompt, encoding="utf-8", errors="replace")
    return path


@contextlib.contextmanager
def _history_relay(options: AgentOptions, cli_env: dict[str, str]) -> Iterator[HistoryRelay | None]:
    """Point the CLI at a :class:`HistoryRelay` (in ``cli_env``) for the session, when the CLI talks to
    the Messages API over HTTP; otherwise (other providers, ``lean_history`` off) leave it as it is."""
    upstream = relay_upstream({**os.environ, **cli_env}) if options.lean_history else None
    if upstream is None:
        yield None
        return
    with HistoryRelay(upstream) as relay:
        cli_env["ANTHROPIC_BASE_URL"] = relay.url
        for name in ("NO_PROXY", "no_proxy"):  # the CLI reaches the relay directly, never via a proxy
            current = cli_env.get(name, os.environ.get(name, ""))
            cli_env[name] = ",".join(filter(None, [current, "127.0.0.1", "localhost"]))
        yield relay


def _thinking(options: AgentOptions) -> Any:
    return {"type": "adaptive"} if options.thinking else {"type": "disabled"}


async def run_agent_spec(
    spec: Spec,
    ctx: ToolContext,
    options: AgentOptions,
    *,
    caller: RecordingCaller | ToolCaller | None = None,
    events: EventSink | None = None,
    secrets: SecretSet | None = None,
    ask_user: AskUser | None = None,
    transcript: TranscriptSink | None = None,
    handover: Handover | None = None,
) -> SpecResult:
    """Let Claude run ``spec`` in the browser of ``ctx`` and judge the outcome from recorded evidence.

    Never raises for the app, the model or the CLI misbehaving: those become ``failed`` / ``error`` results
    (see :mod:`autoqa.execute.verdict`). Check credentials with :func:`check_credentials` beforehand.
    (The runner starts an :class:`AgentSession` before the spec's page exists instead: the same session.)
    """
    session = AgentSession(
        spec,
        options,
        base_url=ctx.base_url,
        events=events,
        secrets=secrets if secrets is not None else SecretSet(dict(ctx.secrets)),
        handover=handover,
    )
    return await session.run(ctx, caller=caller, ask_user=ask_user, transcript=transcript)


class _LateDispatcher:
    """What the tools' handlers call: the spec's :class:`ToolDispatcher` once :meth:`AgentSession.run` has
    the page (the CLI may start before it exists; no call arrives before the first message is sent)."""

    def __init__(self) -> None:
        self._bound: asyncio.Future[ToolDispatcher] = asyncio.get_running_loop().create_future()

    def bind(self, dispatcher: ToolDispatcher) -> None:
        self._bound.set_result(dispatcher)

    async def handle(self, name: str, args: Mapping[str, Any]) -> dict[str, Any]:
        dispatcher = await self._bound
        return await dispatcher.handle(name, args)


class AgentSession:
    """One spec's Claude Code session: one CLI process, from its start to its verdict.

    Built from the spec alone (prompt, tools, private workspace), so that the CLI's start — about 0.5 s of
    spawning and initialising before it can take the first message — overlaps the browser's launch and the
    spec's new page: :meth:`connect` starts it, :meth:`run` binds the tools to the page, sends the first
    message and judges the outcome. :meth:`close` ends the CLI and removes the workspace, whether or not the
    session ran (idempotent; :meth:`run` calls it when it ends). Create it inside a running event loop.
    """

    def __init__(
        self,
        spec: Spec,
        options: AgentOptions,
        *,
        base_url: str | None,
        secrets: SecretSet,
        events: EventSink | None = None,
        handover: Handover | None = None,
    ) -> None:
        from autoqa.tools.registry import TOOLS

        if handover is not None:  # the replay did the steps before start_step; judge only the rest
            spec = handover.remaining_spec(spec)
        if spec.timeout_s is not None:  # a spec's own ``timeout:`` wins over the run-wide default
            options = dataclasses.replace(options, spec_timeout_s=spec.timeout_s)
        if spec.budget is not None and spec.budget.usd is not None:  # and its ``budget.usd``
            options = dataclasses.replace(options, max_budget_usd=spec.budget.usd)
        self.spec = spec
        self.options = options
        self.secrets = secrets
        self.events = events if events is not None else NullSink()
        self.handover = handover
        self.guardrails = Guardrails(options)
        self._late = _LateDispatcher()
        self.toolset = build_tools(
            self._late,
            TOOLS,
            disabled=options.disabled_tools,
            interactive=options.interactive,
            skippable=any(s.optional for s in spec.steps),
        )
        self.prompt = secrets.redact(
            system_prompt(
                spec,
                base_url=base_url,
                interactive=options.interactive,
                tool_notes=self.toolset.notes,
                limits=limits_rule(
                    options.max_retries_per_step,
                    options.max_consecutive_errors,
                    options.max_tool_calls_per_spec,
                ),
            )
        )
        self.state = _StreamState()
        self._connecting: asyncio.Task[Any] | None = None
        self._closed = False
        self._workspace = contextlib.ExitStack()
        try:
            workspace = self._workspace.enter_context(isolated_workspace(options.env))
            self._workspace.enter_context(_history_relay(options, workspace.env))
            self.sdk_options = _sdk_options(self, workspace)
        except BaseException:
            self._workspace.close()
            raise

    def connect(self) -> asyncio.Task[Any]:
        """Start the CLI (once): a task that ends with the connected client, or the error that stopped it."""
        if self._connecting is None:
            self._connecting = asyncio.ensure_future(self._connect())
        return self._connecting

    async def _connect(self) -> Any:
        from claude_agent_sdk import ClaudeSDKClient

        client = ClaudeSDKClient(options=self.sdk_options)
        await client.connect()  # on any failure, cancellation included, the SDK closes what it started
        return client

    async def close(self) -> None:
        """End the CLI (if it started) and remove the session's workspace."""
        if self._closed:
            return
        self._closed = True
        try:
            connecting = self._connecting
            if connecting is not None:
                if not connecting.done():
                    connecting.cancel()
                with contextlib.suppress(BaseException):
                    await asyncio.wait([connecting])
                if not connecting.cancelled() and connecting.exception() is None:
                    with contextlib.suppress(Exception):
                        await connecting.result().disconnect()
        finally:
            self._workspace.close()

    async def run(
        self,
        ctx: ToolContext,
        *,
        caller: RecordingCaller | ToolCaller | None = None,
        ask_user: AskUser | None = None,
        transcript: TranscriptSink | None = None,
    ) -> SpecResult:
        """Run the spec in the browser of ``ctx`` (see :func:`run_agent_spec`); closes the session."""
        try:
            return await self._run(ctx, caller, ask_user, transcript)
        finally:
            await self.close()

    async def _run(
        self,
        ctx: ToolContext,
        caller: RecordingCaller | ToolCaller | None,
        ask_user: AskUser | None,
        transcript: TranscriptSink | None,
    ) -> SpecResult:
        spec, options, secrets, events, guardrails = (
            self.spec,
            self.options,
            self.secrets,
            self.events,
            self.guardrails,
        )
        started = time.perf_counter()
        dispatcher = ToolDispatcher(
            caller=caller
            if isinstance(caller, RecordingCaller)
            else RecordingCaller(ctx, secrets=secrets, events=events, inner=caller),
            options=options,
            guardrails=guardrails,
            secrets=secrets,
            events=events,
            spec_slug=spec.slug,
            step_numbers=frozenset(s.index for s in spec.steps),
            optional_steps=frozenset(s.index for s in spec.steps if s.optional),
            snapshot=_snapshot_reader(ctx) if options.tool_context == "snapshot" else None,
            ask_user=(ask_user or ask_on_terminal) if options.interactive else None,
        )
        self._late.bind(dispatcher)
        state = self.state
        state.sink = _SafeSink(transcript) if transcript is not None else _NullTranscript()
        state.sink.record(
            "session.start",
            system=self.prompt,
            tools=self.toolset.allowed_names,
            model=options.model,
            spec=spec.slug,
        )
        first: Any = self.handover.first_message() if self.handover is not None else USER_PROMPT
        await self._drive(dispatcher, started, first)
        state.elapsed_s = time.perf_counter() - started

        already_reported = guardrails.tripped is not None
        ending, trip = _ending(dispatcher, guardrails, options, state, secrets)
        if trip is not None and not already_reported:  # limits the SDK or the clock enforced
            events.emit("guardrail.tripped", spec=spec.slug, step=trip.step, **trip.as_dict())
        verdict = decide(spec.steps, dispatcher.calls, None, ending)
        usage = _usage(state)
        state.sink.record(
            "session.end",
            ending=summarize_ending(ending),
            outcome=str(verdict.outcome),
            reason=secrets.redact(verdict.reason) if verdict.reason else None,
            guardrail=trip,
            usage=dataclasses.asdict(usage),
        )
        return SpecResult(
            path=spec.path,
            title=spec.title,
            outcome=verdict.outcome,
            executor=ExecutorKind.AGENT,
            duration_ms=round(state.elapsed_s * 1000, 1),
            reason=secrets.redact(verdict.reason) if verdict.reason else None,
            failed_step=verdict.failed_step,
            steps=verdict.steps,
            usage=usage,
            guardrail=trip,
            summary=ending.summary if isinstance(ending, Finish) else None,
            tags=spec.tags,
            slug=spec.slug,
        )

    async def _drive(self, dispatcher: ToolDispatcher, started: float, first_message: Any) -> None:
        options, state = self.options, self.state
        limit = options.spec_timeout_s
        # Last resort only: the watcher below interrupts cleanly long before this fires.
        hard_limit = None if limit is None else limit + INTERRUPT_GRACE_S + 15
        try:
            async with asyncio.timeout(hard_limit):
                client = await self.connect()  # started before the page, in the runner
                try:
                    watcher = asyncio.create_task(_watch(client, dispatcher, options, state, started))
                    try:
                        await client.query(first_message)
                        async for message in client.receive_response():
                            _on_message(message, dispatcher, state, self.events, self.spec.slug, self.secrets)
                    finally:
                        watcher.cancel()
                        with contextlib.suppress(asyncio.CancelledError, Exception):
                            await watcher
                finally:
                    await client.disconnect()
        except TimeoutError:
            state.timed_out = True
        except Exception as exc:  # CLI missing, process died, ResultError after an error result, ...
            state.exception = exc


def _sdk_options(session: AgentSession, workspace: Any) -> Any:
    from claude_agent_sdk import ClaudeAgentOptions

    options, state, secrets = session.options, session.state, session.secrets
    return ClaudeAgentOptions(
        tools=[],
        allowed_tools=session.toolset.allowed_names,
        mcp_servers={SERVER_NAME: build_server(session.toolset.definitions)},
        setting_sources=[],
        strict_mcp_config=True,
        # A file, not an argument: Linux caps one argument at 128 KiB, below the 1 MB spec limit.
        system_prompt={"type": "file", "path": str(_prompt_file(workspace.config_dir, session.prompt))},
        model=options.model,
        max_turns=options.max_turns,
        max_budget_usd=options.max_budget_usd,
        thinking=_thinking(options),
        env=workspace.env,
        cwd=str(workspace.cwd),
        cli_path=options.cli_path,
        stderr=lambda line: state.stderr.append(secrets.redact(line)),
    )


async def _watch(
    client: Any, dispatcher: ToolDispatcher, options: AgentOptions, state: _StreamState, started: float
) -> None:
    """Interrupt the session when a guardrail trips or time is up; close it hard if that does not help."""
    limit = options.spec_timeout_s
    remaining = None if limit is None else max(0.0, limit - (time.perf_counter() - started))
    try:
        await asyncio.wait_for(dispatcher.stop.wait(), timeout=remaining)
    except TimeoutError:
        state.timed_out = True
    try:
        await client.interrupt()
    except Exception as exc:
        log.debug("interrupt failed: %s", exc)
    await asyncio.sleep(INTERRUPT_GRACE_S)
    log.warning("the Claude Code CLI did not end after an interrupt; closing it")
    with contextlib.suppress(Exception):
        await client.disconnect()


def _on_message(
    message: Any,
    dispatcher: ToolDispatcher,
    state: _StreamState,
    events: EventSink,
    slug: str,
    secrets: SecretSet,
) -> None:
    from claude_agent_sdk import AssistantMessage, ResultMessage, SystemMessage, ToolUseBlock, UserMessage

    if isinstance(message, SystemMessage) and message.subtype == "init":
        tools = list(message.data.get("tools") or [])
        state.init_tools = tools
        foreign = [t for t in tools if not t.startswith(TOOL_PREFIX)]
        events.emit("agent.turn", spec=slug, phase="init", tools=tools, model=message.data.get("model"))
        if foreign:
            state.isolation_error = (
                f"the model was offered tools other than ours: {', '.join(sorted(foreign))}"
            )
            dispatcher.stop.set()
    elif isinstance(message, AssistantMessage):
        if message.message_id:
            state.message_ids.add(message.message_id)
            if message.usage:
                state.usage_by_message[message.message_id] = message.usage
        names: list[str] = []
        texts: list[str] = []
        for block in message.content:
            if isinstance(block, ToolUseBlock):
                state.tool_uses[block.id] = (block.name, dict(block.input))
                names.append(block.name.removeprefix(TOOL_PREFIX))
            elif hasattr(block, "text"):
                texts.append(str(block.text))
        if texts:
            state.last_text = secrets.redact(" ".join(texts))[:500]
        if message.error:
            state.api_error = f"{message.error}: {state.last_text}"
        events.emit("agent.turn", spec=slug, tools=names, text=state.last_text if texts else "")
        state.sink.record(
            "model.turn",
            role="assistant",
            text=secrets.redact(" ".join(texts)),
            usage=message.usage,
            error=message.error,
        )
        for block in message.content:
            if isinstance(block, ToolUseBlock):
                args = {k: secrets.redact(v) if isinstance(v, str) else v for k, v in block.input.items()}
                state.sink.record(
                    "tool.call", tool=block.name.removeprefix(TOOL_PREFIX), id=block.id, args=args
                )
    elif isinstance(message, UserMessage) and isinstance(message.content, list):
        _note_rejected_calls(message, dispatcher, state)
        _record_results(message, state, secrets)
    elif isinstance(message, ResultMessage):
        state.result = message


class _SafeSink:
    """A transcript that can fail without failing the spec."""

    def __init__(self, inner: TranscriptSink) -> None:
        self.inner = inner

    def record(self, kind: str, /, **fields: Any) -> None:
        try:
            self.inner.record(kind, **fields)
        except Exception as exc:
            log.warning("transcript record %s failed: %s", kind, exc)


def _record_results(message: Any, state: _StreamState, secrets: SecretSet) -> None:
    """Each tool result exactly as the CLI passed it to the model (images included, as blocks)."""
    from claude_agent_sdk import ToolResultBlock

    for block in message.content:
        if not isinstance(block, ToolResultBlock):
            continue
        content = (
            block.content
            if isinstance(block.content, list)
            else [{"type": "text", "text": block.content or ""}]
        )
        text = secrets.redact("\n".join(str(b.get("text", "")) for b in content if b.get("type") == "text"))
        images = [b for b in content if b.get("type") == "image"]
        summary = _first_json(text)
        ok = bool(summary.get("ok")) if summary is not None else not block.is_error
        error = summary.get("error") if summary is not None else None
        name, _ = state.tool_uses.get(block.tool_use_id, ("", {}))
        state.sink.record(
            "tool.result",
            tool=name.removeprefix(TOOL_PREFIX),
            id=block.tool_use_id,
            ok=ok,
            error_code=error.get("code") if isinstance(error, dict) else None,
            text=text,
            image=images or None,
        )


def _first_json(text: str) -> dict[str, Any] | None:
    first = text.split("\n", 1)[0].strip()
    if not first.startswith("{"):
        return None
    try:
        value = json.loads(first)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _note_rejected_calls(message: Any, dispatcher: ToolDispatcher, state: _StreamState) -> None:
    """Calls the SDK refused before our handler ran (schema validation) still count for the guardrails."""
    from claude_agent_sdk import ToolResultBlock

    for block in message.content:
        if not isinstance(block, ToolResultBlock) or not block.is_error:
            continue
        text = (
            block.content
            if isinstance(block.content, str)
            else " ".join(str(b.get("text", "")) for b in block.content or [] if isinstance(b, dict))
        )
        if not (text.startswith("Input validation error") or "No such tool available" in text):
            continue
        name, args = state.tool_uses.get(block.tool_use_id, ("", {}))
        dispatcher.note_rejected(name.removeprefix(TOOL_PREFIX), args, text)


def _ending(
    dispatcher: ToolDispatcher,
    guardrails: Guardrails,
    options: AgentOptions,
    state: _StreamState,
    secrets: SecretSet,
) -> tuple[Ending, GuardrailTrip | None]:
    """How the session ended, in the precedence order documented in :mod:`autoqa.execute.verdict`."""
    result = state.result
    if state.isolation_error:
        return Aborted(state.isolation_error), None
    if guardrails.tripped is not None:
        trip = guardrails.tripped
        exhausted = trip.step if trip.name == "max_retries_per_step" else None
        return Aborted(_trip_reason(trip, dispatcher, secrets), exhausted), trip
    if dispatcher.ending is not None:
        return dispatcher.ending, None
    if state.timed_out:
        trip = guardrails.trip("spec_timeout_s", options.spec_timeout_s or 0, round(state.elapsed_s, 1))
        return Aborted(trip.reason), trip
    if result is not None and result.is_error:
        if result.subtype == "error_max_turns":
            trip = guardrails.trip("max_turns", options.max_turns, result.num_turns)
            return Aborted(trip.reason), trip
        if result.subtype == "error_max_budget_usd":
            trip = guardrails.trip(
                "max_budget_usd", options.max_budget_usd or 0, round(result.total_cost_usd or 0, 6)
            )
            return Aborted(trip.reason), trip
        if result.api_error_status is not None or state.api_error:
            # No status when the API answered 200 with a broken body (e.g. a stream cut off mid-JSON); the
            # CLI still marks the last assistant message as an API error and ends with subtype "success".
            status = f" {result.api_error_status}" if result.api_error_status is not None else ""
            detail = (result.result or "").strip() or (state.api_error or "")
            return Aborted(secrets.redact(f"model API error{status}: {detail}"[:500])), None
        detail = "; ".join(result.errors or []) or (result.result or "")
        return Aborted(secrets.redact(f"agent session failed ({result.subtype}): {detail}"[:500])), None
    if state.exception is not None:
        exc = state.exception
        stderr = " | ".join(state.stderr)[-300:]
        text = f"Claude Code CLI failed: {type(exc).__name__}: {str(exc)[:300]}" + (
            f" (stderr: {stderr})" if stderr else ""
        )
        return Aborted(secrets.redact(text)), None
    if state.api_error:
        return Aborted(secrets.redact(f"model API error: {state.api_error}"[:500])), None
    if result is None:
        return Aborted("the Claude Code session ended without a result"), None
    return NoFinish(state.last_text), None


FAILURE_COUNTING_TRIPS = frozenset({"max_consecutive_errors", "max_retries_per_step"})


def _trip_reason(trip: GuardrailTrip, dispatcher: ToolDispatcher, secrets: SecretSet) -> str:
    """A trip counted from failures also names the last one: calls refused before they ran (an unknown
    tool, arguments the SDK's schema check rejects) never reach the report's steps, so say what they were."""
    failed = next((c for c in reversed(dispatcher.calls_to_trip) if not c.ok), None)
    if trip.name not in FAILURE_COUNTING_TRIPS or failed is None:
        return trip.reason
    message = (failed.error_message or failed.error_code or "").replace("<tool_use_error>", "")
    message = " ".join(message.replace("</tool_use_error>", "").split())
    return secrets.redact(f"{trip.reason}; last failure: {failed.tool}: {message}"[:500])


def _usage(state: _StreamState) -> Usage:
    result = state.result
    raw: Mapping[str, Any]
    if result is not None and result.usage:
        raw = result.usage
        tokens = {
            "input_tokens": int(raw.get("input_tokens") or 0),
            "output_tokens": int(raw.get("output_tokens") or 0),
            "cache_read_tokens": int(raw.get("cache_read_input_tokens") or 0),
            "cache_creation_tokens": int(raw.get("cache_creation_input_tokens") or 0),
        }
    else:
        tokens = {"input_tokens": 0, "output_tokens": 0, "cache_read_tokens": 0, "cache_creation_tokens": 0}
        for raw in state.usage_by_message.values():
            tokens["input_tokens"] += int(raw.get("input_tokens") or 0)
            tokens["output_tokens"] += int(raw.get("output_tokens") or 0)
            tokens["cache_read_tokens"] += int(raw.get("cache_read_input_tokens") or 0)
            tokens["cache_creation_tokens"] += int(raw.get("cache_creation_input_tokens") or 0)
    cost = float(result.total_cost_usd or 0.0) if result is not None else 0.0
    return Usage(cost_usd=cost, model_requests=len(state.message_ids), **tokens)
