"""ToolDispatcher: the handler path between the model's tool calls and the tool layer.

The tool layer is replaced here by a ToolCaller (the documented seam) that returns real ToolResults; the
end-to-end tests run the real tools in a real browser.
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image

from autoqa.agent.dispatch import ToolDispatcher
from autoqa.agent.guardrails import Guardrails
from autoqa.agent.options import AgentOptions
from autoqa.events import ListSink
from autoqa.execute.recording import RecordingCaller
from autoqa.execute.verdict import BugReport, Finish
from autoqa.secrets import SecretSet
from autoqa.tools.result import ErrorCode, Screenshot, ToolResult

SECRETS = SecretSet({"PASSWORD": "demo-pass-123"})


def jpeg(width: int = 640, height: int = 400) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, "JPEG")
    return out.getvalue()


class ScriptedCaller:
    """Returns queued results and remembers what it was asked."""

    def __init__(self, *results: ToolResult | Exception) -> None:
        self.results = list(results)
        self.seen: list[tuple[str, dict[str, Any], int | None]] = []

    async def __call__(self, name: str, args: Mapping[str, Any], *, step: int | None = None) -> ToolResult:
        self.seen.append((name, dict(args), step))
        result = self.results.pop(0)
        if isinstance(result, Exception):
            raise result
        return result


def dispatcher(caller: ScriptedCaller, **options: Any) -> tuple[ToolDispatcher, ListSink]:
    opts = AgentOptions(**options)
    sink = ListSink()
    return ToolDispatcher(
        caller=RecordingCaller(None, secrets=SECRETS, inner=caller),
        options=opts,
        guardrails=Guardrails(opts),
        secrets=SECRETS,
        events=sink,
        spec_slug="login",
        step_numbers=frozenset({1, 2, 3}),
    ), sink


def summary(result: dict[str, Any]) -> dict[str, Any]:
    return json.loads(result["content"][0]["text"])


async def test_step_goes_to_the_caller_and_the_record_is_redacted() -> None:
    caller = ScriptedCaller(ToolResult.success("fill", textLength=13))
    d, _ = dispatcher(caller)
    out = await d.handle("fill", {"ref": "e4", "text": "demo-pass-123", "step": 2})
    assert caller.seen == [("fill", {"ref": "e4", "text": "demo-pass-123"}, 2)]
    assert summary(out) == {"ok": True, "data": {"textLength": 13}}
    assert d.calls[0].args == {"ref": "e4", "text": "<secret:PASSWORD>"}
    assert d.calls[0].step == 2 and d.calls[0].ok


async def test_missing_or_unknown_step_is_warned_about() -> None:
    caller = ScriptedCaller(ToolResult.success("snapshot"), ToolResult.success("snapshot"))
    d, _ = dispatcher(caller)
    out = await d.handle("snapshot", {})
    assert "pass step=" in out["content"][1]["text"]
    out = await d.handle("snapshot", {"step": 9})
    assert out["content"][1]["text"] == "warning: the spec has no step 9"


async def test_failure_screenshot_attached_only_in_screenshot_mode() -> None:
    failed = ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, "nothing matches", "click").model_copy(
        update={"screenshot": Screenshot(width=640, height=400, data=jpeg())}
    )
    d, _ = dispatcher(ScriptedCaller(failed))
    out = await d.handle("click", {"target": "Sign in", "step": 2})
    assert out["is_error"] is False
    assert [b["type"] for b in out["content"]] == ["text", "image"]
    d, _ = dispatcher(ScriptedCaller(failed), tool_context="none")
    out = await d.handle("click", {"target": "Sign in", "step": 2})
    assert out["is_error"] is True
    assert [b["type"] for b in out["content"]] == ["text"]


async def test_failed_results_count_down_the_attempts_left_for_the_step() -> None:
    failed = ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, "nothing matches", "click")
    caller = ScriptedCaller(failed, failed, failed)
    d, _ = dispatcher(caller, max_retries_per_step=3, circuit_breaker_threshold=9)
    left = []
    for target in ("Sign in", "Log in", "Enter"):
        out = await d.handle("click", {"target": target, "step": 2})
        left.append(summary(out)["error"]["attempts_left"])
    assert left == [2, 1, 0]


async def test_success_carries_an_image_only_for_the_screenshot_tool() -> None:
    shot = Screenshot(width=640, height=400, data=jpeg())
    ok_click = ToolResult.success("click").model_copy(update={"screenshot": shot})
    ok_shot = ToolResult.success("screenshot").model_copy(update={"screenshot": shot})
    d, _ = dispatcher(ScriptedCaller(ok_click, ok_shot))
    assert [b["type"] for b in (await d.handle("click", {"ref": "e1", "step": 1}))["content"]] == ["text"]
    assert [b["type"] for b in (await d.handle("screenshot", {"step": 1}))["content"]] == ["text", "image"]


async def test_snapshot_mode_attaches_a_bounded_excerpt() -> None:
    failed = ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, "nothing matches", "click")
    d, _ = dispatcher(ScriptedCaller(failed), tool_context="snapshot", snapshot_context_chars=100)

    async def snapshot() -> str:
        return '- button "Log in" [ref=e9]\n' * 50

    d.snapshot = snapshot
    out = await d.handle("click", {"target": "Sign in", "step": 2})
    assert out["is_error"] is True
    excerpt = out["content"][1]["text"]
    assert excerpt.startswith('page now:\n- button "Log in" [ref=e9]')
    assert len(excerpt) < 100 + 60 and excerpt.endswith("[cut: call snapshot for the rest]")


async def test_exception_in_the_caller_becomes_internal_error(caplog: pytest.LogCaptureFixture) -> None:
    d, _ = dispatcher(ScriptedCaller(RuntimeError("boom")))
    with caplog.at_level(logging.ERROR):
        out = await d.handle("click", {"ref": "e1", "step": 1})
    error = summary(out)["error"]
    assert out["is_error"] is True
    assert (error["code"], error["exception"], error["retriable"]) == (
        "INTERNAL_ERROR",
        "RuntimeError",
        False,
    )
    assert d.calls[0].error_code == "INTERNAL_ERROR"
    assert d.guardrails.consecutive_errors == 1
    assert "boom" in caplog.text


async def test_guardrail_trip_sets_stop_emits_and_refuses_further_calls() -> None:
    failing = [ToolResult.failure(ErrorCode.INVALID_INPUT, "bad", "click") for _ in range(3)]
    caller = ScriptedCaller(*failing)
    d, sink = dispatcher(caller, max_consecutive_errors=2, circuit_breaker_threshold=9)
    for i in range(3):
        await d.handle("click", {"ref": f"e{i}", "step": 1})
    assert d.stop.is_set()
    assert sink.of("guardrail.tripped")[0]["name"] == "max_consecutive_errors"
    out = await d.handle("click", {"ref": "e7", "step": 1})
    assert summary(out)["error"]["code"] == "GUARDRAIL_TRIPPED"
    assert len(caller.seen) == 3  # the refused call never ran


async def test_circuit_breaker_refuses_without_running_and_reports() -> None:
    failing = [ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, "nothing matches", "click") for _ in range(2)]
    caller = ScriptedCaller(*failing)
    d, sink = dispatcher(caller, circuit_breaker_threshold=2)
    for _ in range(3):
        out = await d.handle("click", {"target": "Sign in", "step": 2})
    assert summary(out)["error"]["code"] == "CIRCUIT_OPEN"
    assert summary(out)["error"]["retriable"] is False
    assert len(caller.seen) == 2
    assert [e["name"] for e in sink.of("guardrail.tripped")] == ["circuit_breaker"]
    assert not d.stop.is_set()


async def test_finish_and_report_bug_record_the_ending_once() -> None:
    d, _ = dispatcher(ScriptedCaller())
    bad = await d.handle("finish", {"status": "maybe", "summary": ""})
    assert summary(bad)["error"]["code"] == "INVALID_INPUT" and d.ending is None
    await d.handle("finish", {"status": "passed", "summary": "typed demo-pass-123"})
    assert d.ending == Finish("passed", "typed <secret:PASSWORD>")
    await d.handle("report_bug", {"step": 2, "expected": "a", "actual": "b"})
    assert d.ending == Finish("passed", "typed <secret:PASSWORD>")
    out = await d.handle("snapshot", {"step": 3})
    assert summary(out)["error"]["code"] == "SESSION_FINISHED"
    assert d.stop.is_set()

    d, _ = dispatcher(ScriptedCaller())
    await d.handle("report_bug", {"step": 2, "expected": "Products", "actual": "an alert"})
    assert d.ending == BugReport(2, "Products", "an alert")


async def test_ask_user_unavailable_unless_interactive() -> None:
    d, _ = dispatcher(ScriptedCaller())
    error = summary(await d.handle("ask_user", {"question": "Which user?"}))["error"]
    assert error["code"] == "ASK_USER_UNAVAILABLE" and error["retriable"] is False

    async def person(question: str) -> str:
        return f"answer to {question}"

    d, _ = dispatcher(ScriptedCaller(), interactive=True)
    d.ask_user = person
    assert summary(await d.handle("ask_user", {"question": "Which user?"})) == {
        "ok": True,
        "answer": "answer to Which user?",
    }


async def test_sdk_rejected_calls_count_for_guardrails() -> None:
    d, _ = dispatcher(ScriptedCaller(), max_consecutive_errors=1)
    d.note_rejected("click", {"ref": 5, "step": 2}, "Input validation error: 5 is not of type 'string'")
    d.note_rejected("click", {"ref": 6, "step": 2}, "Input validation error: 6 is not of type 'string'")
    assert d.calls[0].error_code == "INVALID_INPUT" and d.calls[0].step == 2
    assert d.guardrails.tripped is not None and d.guardrails.tripped.name == "max_consecutive_errors"


async def test_calls_sent_after_a_trip_do_not_change_what_tripped_it() -> None:
    # The model's calls are concurrent with the session being stopped: one the SDK refuses after the trip
    # (an unknown tool) is recorded, but what tripped the guardrail stays the call that did.
    failing = [ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, "nothing matches", "click") for _ in range(2)]
    d, _ = dispatcher(ScriptedCaller(*failing), max_consecutive_errors=1, circuit_breaker_threshold=9)
    await d.handle("click", {"target": "Sign in", "step": 1})
    await d.handle("click", {"target": "Log in", "step": 1})
    assert d.stop.is_set()
    d.note_rejected("computer", {"action": "screenshot"}, "No such tool available: computer")
    assert [c.tool for c in d.calls] == ["click", "click", "computer"]
    assert [(c.tool, c.args) for c in d.calls_to_trip][-1] == ("click", {"target": "Log in"})
