"""System prompt, tool definitions and the session's reading of the SDK stream (no CLI involved)."""

from __future__ import annotations

import json
from typing import Any

from claude_agent_sdk import ResultMessage, SystemMessage, ToolResultBlock, ToolUseBlock, UserMessage

from autoqa.agent.dispatch import ToolDispatcher
from autoqa.agent.guardrails import Guardrails
from autoqa.agent.mcp_server import PLAIN_ONLY, build_tools, factor_shared_sentences
from autoqa.agent.options import AgentOptions
from autoqa.agent.prompt import limits_rule, system_prompt
from autoqa.agent.session import _ending, _on_message, _StreamState, _usage
from autoqa.events import ListSink
from autoqa.execute.recording import RecordingCaller
from autoqa.execute.verdict import Aborted, Finish, NoFinish
from autoqa.secrets import SecretSet
from autoqa.tools import TOOLS, ToolResult

from .agent_helpers import spec, step

SPEC = spec(
    step(1, "Open /login.html"),
    step(2, "Log in with password {{PASSWORD}}", "the Products page opens", notes=("use the demo account",)),
    step(3, "Close the cookie banner", optional=True),
    step(4, 'Verify the heading "Products"'),
    base_url="http://127.0.0.1:9999",
)


async def _never(name: str, args: Any, *, step: int | None = None) -> ToolResult:
    raise AssertionError("no tool runs in these tests")


def make_dispatcher(**options: Any) -> ToolDispatcher:
    opts = AgentOptions(**options)
    return ToolDispatcher(
        caller=RecordingCaller(None, secrets=SecretSet(), inner=_never),
        options=opts,
        guardrails=Guardrails(opts),
        secrets=SecretSet(),
        events=ListSink(),
    )


def test_prompt_lists_steps_with_numbers_expected_notes_and_rules() -> None:
    text = system_prompt(SPEC, tool_notes=["Element by ref or target."])
    assert "Base URL: http://127.0.0.1:9999" in text
    assert (
        "1. Open /login.html\n2. Log in with password {{PASSWORD}}\n   Expected: the Products page opens\n"
        "   Note: use the demo account\n3. Close the cookie banner (optional" in text
    )
    assert '4. Verify the heading "Products"' in text
    for rule in (
        "Pass `step`",
        "Never weaken, skip or rewrite an assertion",
        "report_bug(step, expected, actual)",
        'finish(status="passed", summary)',
        "read error.code, error.retriable and the screenshot",
    ):
        assert rule in text
    assert text.endswith("Tool notes: Element by ref or target.")
    assert "ask_user" not in text
    assert "ask_user" in system_prompt(SPEC, interactive=True)


def test_the_prompt_states_the_limits_the_guardrails_enforce() -> None:
    text = system_prompt(SPEC, limits=limits_rule(5, 8, 120))
    assert "5 failed calls per step, 8 failed calls in a row, 120 tool calls in all" in text
    assert "report_bug" in text.split("Limits:")[1]


def test_shared_sentences_are_factored_out_exactly() -> None:
    short, notes = factor_shared_sentences(
        {
            "a": "Click it. Element by ref or target.",
            "b": "Hover it. Element by ref or target.",
            "c": "Fill it.  Element by ref or target.",
            "d": "Scroll the page.",
        }
    )
    assert notes == ["Element by ref or target."]
    assert short == {"a": "Click it.", "b": "Hover it.", "c": "Fill it.", "d": "Scroll the page."}


def test_tool_definitions_have_step_control_tools_and_respect_options() -> None:
    toolset = build_tools(make_dispatcher(), TOOLS)
    names = [t.name for t in toolset.definitions]
    assert set(TOOLS) - PLAIN_ONLY <= set(names) and not PLAIN_ONLY & set(names)
    # Leaving a field is a plain step's tool (the registry has it); the model presses Tab instead.
    assert "blur" in TOOLS and "blur" not in names and "press_key" in names
    assert names[-2:] == ["finish", "report_bug"] and "ask_user" not in names
    for definition in toolset.definitions:
        schema = definition.input_schema
        assert isinstance(schema, dict) and schema["type"] == "object"
        assert "$defs" not in json.dumps(schema) and '"title"' not in json.dumps(schema).replace(
            '"title":{', ""
        )
        if definition.name in TOOLS:
            assert "step" in schema["required"]
    assert toolset.allowed_names[0].startswith("mcp__browser__")
    reduced = build_tools(make_dispatcher(), TOOLS, disabled={"upload_file", "tabs"}, interactive=True)
    reduced_names = [t.name for t in reduced.definitions]
    assert "upload_file" not in reduced_names and "tabs" not in reduced_names and "ask_user" in reduced_names


def test_init_message_with_foreign_tools_is_an_isolation_error() -> None:
    dispatcher, state, sink = make_dispatcher(), _StreamState(), ListSink()
    init = SystemMessage("init", {"tools": ["mcp__browser__click", "Bash"], "model": "m"})
    _on_message(init, dispatcher, state, sink, "s", SecretSet())
    assert state.isolation_error == "the model was offered tools other than ours: Bash"
    assert dispatcher.stop.is_set()
    ending, trip = _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())
    assert isinstance(ending, Aborted) and "Bash" in ending.reason and trip is None


def test_rejected_calls_seen_on_the_stream_are_counted() -> None:
    dispatcher, state = make_dispatcher(), _StreamState()
    state.tool_uses["t1"] = ("mcp__browser__click", {"ref": 5, "step": 2})
    message = UserMessage([ToolResultBlock("t1", "Input validation error: 5 is not of type 'string'", True)])
    _on_message(message, dispatcher, state, ListSink(), "s", SecretSet())
    assert [(c.tool, c.step, c.error_code) for c in dispatcher.calls] == [("click", 2, "INVALID_INPUT")]
    assert dispatcher.guardrails.tool_calls == 1


def result_message(**fields: Any) -> ResultMessage:
    values: dict[str, Any] = {
        "subtype": "success",
        "duration_ms": 1,
        "duration_api_ms": 1,
        "is_error": False,
        "num_turns": 3,
        "session_id": "s",
    }
    values.update(fields)
    return ResultMessage(**values)


def test_a_recorded_finish_outlives_a_later_api_error_but_not_a_guardrail() -> None:
    dispatcher, state = make_dispatcher(), _StreamState()
    dispatcher.ending = Finish("passed", "done")
    state.result = result_message(is_error=True, api_error_status=529, result="API Error: 529")
    ending, _ = _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())
    assert ending == Finish("passed", "done")
    dispatcher.guardrails.trip("max_consecutive_errors", 8, 9)
    ending, trip = _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())
    assert isinstance(ending, Aborted) and trip is not None and trip.name == "max_consecutive_errors"


def test_result_subtypes_map_to_guardrails_and_api_errors() -> None:
    options = {"max_turns": 5, "max_budget_usd": 0.1}
    cases = [
        (result_message(is_error=True, subtype="error_max_turns", num_turns=6), "max_turns"),
        (result_message(is_error=True, subtype="error_max_budget_usd", total_cost_usd=0.2), "max_budget_usd"),
    ]
    for message, name in cases:
        dispatcher, state = make_dispatcher(**options), _StreamState()
        state.result = message
        ending, trip = _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())
        assert isinstance(ending, Aborted) and trip is not None and trip.name == name
    dispatcher, state = make_dispatcher(), _StreamState()
    state.result = result_message(is_error=True, api_error_status=400, result="API Error: 400 bad")
    ending, trip = _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())
    assert ending == Aborted("model API error 400: API Error: 400 bad") and trip is None
    dispatcher, state = make_dispatcher(), _StreamState()
    state.result = result_message(result="All done")
    state.last_text = "All done"
    assert _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())[0] == NoFinish(
        "All done"
    )


def test_usage_prefers_the_result_and_falls_back_to_assistant_messages() -> None:
    state = _StreamState()
    state.message_ids = {"m1", "m2"}
    state.usage_by_message = {
        "m1": {"input_tokens": 10, "output_tokens": 2},
        "m2": {"input_tokens": 20, "output_tokens": 3, "cache_read_input_tokens": 5},
    }
    usage = _usage(state)
    assert (usage.input_tokens, usage.output_tokens, usage.cache_read_tokens, usage.model_requests) == (
        30,
        5,
        5,
        2,
    )
    assert usage.cost_usd == 0.0
    state.result = result_message(usage={"input_tokens": 99, "output_tokens": 7}, total_cost_usd=0.25)
    usage = _usage(state)
    assert (usage.input_tokens, usage.output_tokens, usage.cost_usd) == (99, 7, 0.25)


def test_tool_use_blocks_are_remembered_for_rejected_calls() -> None:
    from claude_agent_sdk import AssistantMessage

    state, sink = _StreamState(), ListSink()
    message = AssistantMessage(
        [ToolUseBlock("t9", "mcp__browser__snapshot", {"step": 1})],
        "m",
        message_id="x1",
        usage={"input_tokens": 3},
    )
    _on_message(message, make_dispatcher(), state, sink, "s", SecretSet())
    assert state.tool_uses["t9"] == ("mcp__browser__snapshot", {"step": 1})
    assert sink.of("agent.turn")[0]["tools"] == ["snapshot"]


def test_result_error_after_an_error_result_keeps_the_results_reason() -> None:
    from claude_agent_sdk import ResultError

    dispatcher, state = make_dispatcher(), _StreamState()
    state.result = result_message(is_error=True, api_error_status=529, result="API Error: 529 Overloaded")
    state.exception = ResultError("Claude Code returned an error result", data={"api_error_status": 529})
    ending, _ = _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())
    assert ending == Aborted("model API error 529: API Error: 529 Overloaded")
    state.result = None  # the process died before any result
    ending, _ = _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())
    assert isinstance(ending, Aborted) and ending.reason.startswith("Claude Code CLI failed: ResultError")


def test_an_api_error_without_a_status_is_still_named_a_model_api_error() -> None:
    # A 200 whose stream breaks off mid-JSON: the CLI ends with an error result of subtype "success",
    # no status, and an assistant message flagged as an API error.
    dispatcher, state = make_dispatcher(), _StreamState()
    state.api_error = "unknown: API Error: API returned an empty or malformed response (HTTP 200)"
    state.result = result_message(
        is_error=True, subtype="success", result="API Error: API returned an empty or malformed response"
    )
    ending, trip = _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())
    assert ending == Aborted("model API error: API Error: API returned an empty or malformed response")
    assert trip is None


def test_a_trip_counted_from_failures_names_the_last_one() -> None:
    # Calls the CLI or the SDK refuse never reach the report's steps; the reason has to say what failed.
    dispatcher, state = make_dispatcher(max_consecutive_errors=1), _StreamState()
    for name in ("browser_click", "Bash"):
        text = f"<tool_use_error>Error: No such tool available: {name}</tool_use_error>"
        dispatcher.note_rejected(name, {"url": "/x"}, text)
    ending, trip = _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())
    assert trip is not None and trip.name == "max_consecutive_errors"
    assert ending == Aborted(
        "guardrail max_consecutive_errors tripped: limit 1, actual 2; "
        "last failure: Bash: Error: No such tool available: Bash"
    )
    dispatcher, state = make_dispatcher(max_tool_calls_per_spec=1), _StreamState()
    dispatcher.guardrails.trip("max_tool_calls_per_spec", 1, 2)
    ending, _ = _ending(dispatcher, dispatcher.guardrails, dispatcher.options, state, SecretSet())
    assert ending == Aborted("guardrail max_tool_calls_per_spec tripped: limit 1, actual 2")
