"""The agent path end to end: real claude-agent-sdk + bundled Claude Code CLI + fake Messages API + real
Chromium + the demo shop. The fake model is scripted; everything between it and the page is real.
"""

from __future__ import annotations

import base64
import io
import json
import socket
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from autoqa.agent import run_agent_spec
from autoqa.events import ListSink
from autoqa.results import Outcome, SpecResult, StepStatus
from autoqa.secrets import SecretSet
from autoqa.testing.fake_anthropic import (
    FakeAnthropic,
    RecordedRequest,
    Turn,
    http_error,
    offline_env,
    result_text,
    slow,
    text,
    tool_use,
)
from autoqa.tools import call_tool
from autoqa.tools.context import ToolContext
from autoqa.tools.result import ToolResult

from .agent_helpers import DEMO_PASSWORD, cli_processes, ref_for, spec, step, tool_result_summary

pytestmark = pytest.mark.agent

SECRETS = SecretSet({"PASSWORD": DEMO_PASSWORD})

LOGIN = spec(
    step(1, "Open the login page"),
    step(2, "Log in as demo with password {{PASSWORD}}", "the Products page opens"),
    step(3, 'Verify the heading "Products" is shown'),
    secrets=frozenset({"PASSWORD"}),
)


def login_script(*, wrong_first_click: bool = False) -> list[Any]:
    """A model that logs in the way a careful agent would: snapshot, then act by ref."""
    script: list[Any] = [
        tool_use("navigate", {"url": "/login.html", "step": 1}),
        tool_use("snapshot", {"step": 2}),
        lambda r: tool_use("fill", {"ref": ref_for(r, "textbox", "Username"), "value": "demo", "step": 2}),
        lambda r: tool_use(
            "fill", {"ref": ref_for(r, "textbox", "Password"), "value": "{{PASSWORD}}", "step": 2}
        ),
    ]
    if wrong_first_click:
        script += [
            tool_use("click", {"target": "Sign in", "step": 2}, id="toolu_wrong_click"),
            tool_use("snapshot", {"step": 2}),
        ]
    script += [
        lambda r: tool_use("click", {"ref": ref_for(r, "button", "Log in"), "step": 2}),
        tool_use("assert_url", {"expected": "/products.html", "step": 2}),
        tool_use("assert_text_present", {"text": "Products", "step": 3}),
        tool_use("finish", {"status": "passed", "summary": "logged in, Products shown"}),
    ]
    return script


class RecordingTranscript:
    """Collects transcript records (the runner passes its TranscriptWriter here)."""

    def __init__(self) -> None:
        self.records: list[tuple[str, dict[str, Any]]] = []

    def record(self, kind: str, /, **fields: Any) -> None:
        self.records.append((kind, fields))


class CountingCaller:
    """The default caller (the real tool layer) plus a log of what actually ran."""

    def __init__(self, ctx: ToolContext) -> None:
        self.ctx = ctx
        self.ran: list[str] = []

    async def __call__(self, name: str, args: Mapping[str, Any], *, step: int | None = None) -> ToolResult:
        self.ran.append(name)
        return await call_tool(self.ctx, name, args)


@pytest.fixture(autouse=True)
def session_leaves_nothing_behind(
    fake: FakeAnthropic, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """After every session: no CLI process, no temporary config dir, and no secret sent to the model."""
    # A private temp folder, so other processes' sessions (parallel test runs) don't count as leftovers.
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    workspaces = set(Path(tempfile.gettempdir()).glob("autoqa-agent-*"))
    yield
    deadline = time.monotonic() + 5
    while cli_processes() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert cli_processes() == [], "a Claude Code CLI process outlived its session"
    assert set(Path(tempfile.gettempdir()).glob("autoqa-agent-*")) <= workspaces, (
        "a workspace was not removed"
    )
    assert DEMO_PASSWORD.encode() not in all_request_bytes(fake), "a secret value reached the model"


def all_request_bytes(fake: FakeAnthropic) -> bytes:
    return b"\n".join(r.raw for r in fake.requests)


def request_after(fake: FakeAnthropic, tool_use_id: str) -> RecordedRequest:
    for request in fake.message_requests:
        if request.tool_result(tool_use_id) is not None:
            return request
    raise AssertionError(f"no request carried the result of {tool_use_id}")


async def run(spec_: Any, ctx: ToolContext, options: Any, **kwargs: Any) -> SpecResult:
    return await run_agent_spec(spec_, ctx, options, secrets=SECRETS, **kwargs)


# --- verdicts -----------------------------------------------------------------------------------------


async def test_happy_path_logs_in_with_a_secret_the_model_never_sees(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    fake.script(*login_script())
    events = ListSink()
    result = await run(LOGIN, tool_ctx, agent_options(), events=events)

    assert result.outcome is Outcome.PASSED, result.reason
    assert result.executor == "agent"
    assert [s.status for s in result.steps] == [StepStatus.PASSED] * 3
    assert tool_ctx.page.url.endswith("/products.html")  # the real page really logged in
    fills = [c for c in result.steps[1].tool_calls if c.tool == "fill"]
    assert fills[1].args["value"] == "{{PASSWORD}}" and fills[1].ok
    # The secret never reached the model: not in the prompt, not in any tool result.
    assert DEMO_PASSWORD.encode() not in all_request_bytes(fake)
    assert b"{{PASSWORD}}" in fake.message_requests[0].raw  # the placeholder is what the model works with
    # Isolation: the model is offered our tools only (the CLI adds one inert placeholder it never calls).
    init = [e for e in events.of("agent.turn") if e.get("phase") == "init"]
    assert init and init[0]["tools"] and all(t.startswith("mcp__browser__") for t in init[0]["tools"])
    offered = fake.message_requests[0].tool_names
    assert {t for t in offered if not t.startswith("mcp__browser__")} <= {"DeferredToolPlaceholder"}
    assert {"mcp__browser__finish", "mcp__browser__report_bug", "mcp__browser__click"} <= set(offered)
    assert "mcp__browser__ask_user" not in offered  # not an interactive run
    assert result.usage.model_requests == len(fake.message_requests)
    assert result.usage.input_tokens > 0 and result.usage.cost_usd > 0


async def test_self_heal_after_a_wrong_target_sees_the_failure_screenshot(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    """The contract for the central requirement: after a failing click, the very next model request holds
    the error for that tool_use id and the failure screenshot as an image block (long side <= 1024)."""
    script = login_script(wrong_first_click=True)
    fake.script(*script)
    transcript = RecordingTranscript()
    result = await run(LOGIN, tool_ctx, agent_options(), transcript=transcript)

    # Each request consumes one script entry: the click is answered to request k, so k + 1 is "the very next".
    k = next(
        i
        for i, entry in enumerate(script)
        if isinstance(entry, Turn) and getattr(entry.blocks[0], "id", None) == "toolu_wrong_click"
    )
    after_failure = fake.message_requests[k + 1]
    assert after_failure is request_after(fake, "toolu_wrong_click")
    block = after_failure.tool_result("toolu_wrong_click")
    summary = json.loads(result_text(block).splitlines()[0])
    assert summary["ok"] is False
    assert summary["error"]["code"] == "ELEMENT_NOT_FOUND"
    assert summary["error"]["retriable"] is False  # the page did not have it; repeating cannot help
    images = after_failure.images()
    assert len(images) == 1
    jpeg = base64.b64decode(images[0]["source"]["data"])
    with Image.open(io.BytesIO(jpeg)) as picture:
        assert picture.format == "JPEG"
        assert max(picture.size) <= 1024
    assert summary["screenshot"]["attached"] is True
    # The model healed: the spec passes, and step 2 is marked healed.
    assert result.outcome is Outcome.PASSED, result.reason
    assert result.steps[1].healed is True
    # Success results carry no image.
    assert all(not r.images() for r in fake.message_requests if r is not after_failure)
    # The transcript has what the model saw, the failure picture included, and no secret.
    kinds = [kind for kind, _ in transcript.records]
    assert kinds[0] == "session.start" and kinds[-1] == "session.end"
    assert kinds.count("tool.call") == kinds.count("tool.result") == len(script)
    failed = next(f for k, f in transcript.records if k == "tool.result" and f["id"] == "toolu_wrong_click")
    assert failed["ok"] is False and failed["error_code"] == "ELEMENT_NOT_FOUND"
    assert failed["image"] and failed["image"][0]["type"] == "image"
    assert transcript.records[-1][1]["outcome"] == "passed"
    assert DEMO_PASSWORD not in json.dumps(transcript.records, default=str)


async def test_failing_assertion_fails_the_spec_even_if_the_model_claims_a_pass(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    checkout = spec(step(1, "Open the login page"), step(2, 'Verify the text "Welcome back" is shown'))
    fake.script(
        tool_use("navigate", {"url": "/login.html", "step": 1}),
        tool_use("assert_text_present", {"text": "Welcome back", "step": 2}),
        tool_use("assert_text_present", {"text": "Log in", "step": 2}),  # a weaker check does not count
        tool_use("finish", {"status": "passed", "summary": "fine"}),
    )
    result = await run(checkout, tool_ctx, agent_options())
    assert result.outcome is Outcome.FAILED
    assert result.failed_step == 2
    assert "assert_text_present failed and never passed" in (result.reason or "")


async def test_finish_passed_without_assertions_is_no_evidence(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    fake.script(
        tool_use("navigate", {"url": "/login.html", "step": 1}),
        tool_use("fill", {"target": "Username", "value": "demo", "step": 2}),
        tool_use("fill", {"target": "Password", "value": "{{PASSWORD}}", "step": 2}),
        tool_use("click", {"target": "Log in", "step": 2}),
        tool_use("snapshot", {"step": 3}),
        tool_use("finish", {"status": "passed", "summary": "I can see it worked"}),
    )
    result = await run(LOGIN, tool_ctx, agent_options())
    assert result.outcome is Outcome.FAILED
    assert result.failed_step == 2
    assert (result.reason or "").startswith("no evidence for step 2")


async def test_report_bug_fails_with_the_models_reason(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    fake.script(
        tool_use("navigate", {"url": "/login.html", "step": 1}),
        tool_use("report_bug", {"step": 2, "expected": "a Sign up link", "actual": "there is none"}),
    )
    result = await run(LOGIN, tool_ctx, agent_options())
    assert result.outcome is Outcome.FAILED
    assert result.failed_step == 2
    assert result.reason == "bug reported at step 2: expected a Sign up link; actual there is none"


async def test_model_that_stops_without_finish_is_an_error(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    fake.script(tool_use("navigate", {"url": "/login.html", "step": 1}), text("All done, looks good to me."))
    result = await run(LOGIN, tool_ctx, agent_options())
    assert result.outcome is Outcome.ERROR
    assert result.reason == "the agent stopped without calling finish: All done, looks good to me."


# --- guardrails ------------------------------------------------------------------------------------------


async def test_tool_call_limit(fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any) -> None:
    fake.script(*[tool_use("snapshot", {"step": 1}) for _ in range(6)])
    caller = CountingCaller(tool_ctx)
    result = await run(LOGIN, tool_ctx, agent_options(max_tool_calls_per_spec=3), caller=caller)
    assert result.outcome is Outcome.ERROR
    assert result.guardrail is not None and result.guardrail.as_dict() == {
        "name": "max_tool_calls_per_spec",
        "limit": 3,
        "actual": 4,
    }
    assert caller.ran == ["snapshot"] * 3  # the 4th call was refused, not run
    assert "guardrail max_tool_calls_per_spec tripped" in (result.reason or "")


async def test_consecutive_errors(fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any) -> None:
    # Clicks without ref or target are INVALID_INPUT: instant failures.
    fake.script(*[tool_use("click", {"step": 1 + i % 2}) for i in range(6)])
    result = await run(LOGIN, tool_ctx, agent_options(max_consecutive_errors=2, circuit_breaker_threshold=9))
    assert result.outcome is Outcome.ERROR
    assert result.guardrail is not None and result.guardrail.as_dict() == {
        "name": "max_consecutive_errors",
        "limit": 2,
        "actual": 3,
    }
    assert len(fake.message_requests) <= 5  # ended promptly after the trip


async def test_retries_per_step(fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any) -> None:
    script = []
    for _ in range(3):
        script += [tool_use("click", {"step": 2}), tool_use("snapshot", {"step": 2})]
    fake.script(*script)
    result = await run(LOGIN, tool_ctx, agent_options(max_retries_per_step=2, circuit_breaker_threshold=9))
    assert result.outcome is Outcome.ERROR
    assert result.guardrail is not None and result.guardrail.as_dict() == {
        "name": "max_retries_per_step",
        "limit": 2,
        "actual": 3,
    }


async def test_a_stubborn_model_on_a_missing_target_ends_failed_not_error(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    # The page has no such button: each try is the app's answer, so running out of attempts is a failure.
    script = [tool_use("navigate", {"url": "/login.html", "step": 1})]
    for target in ("Sign up now", "Sign-up now", "Sign up now!"):
        script.append(tool_use("click", {"target": target, "step": 2}))
    fake.script(*script)
    result = await run(LOGIN, tool_ctx, agent_options(max_retries_per_step=2, circuit_breaker_threshold=9))
    assert result.outcome is Outcome.FAILED and result.failed_step == 2
    assert "its attempts ran out" in (result.reason or "") and "ELEMENT_NOT_FOUND" in (result.reason or "")
    assert result.guardrail is not None and result.guardrail.name == "max_retries_per_step"


async def test_circuit_breaker_refuses_the_same_failing_target(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    fake.script(
        tool_use("navigate", {"url": "/login.html", "step": 1}),
        *[tool_use("click", {"target": "Sign in", "step": 2}, id=f"toolu_c{i}") for i in range(3)],
        tool_use("finish", {"status": "failed", "summary": "no Sign in button"}),
    )
    caller = CountingCaller(tool_ctx)
    events = ListSink()
    result = await run(
        LOGIN, tool_ctx, agent_options(circuit_breaker_threshold=2), caller=caller, events=events
    )
    assert caller.ran == ["navigate", "click", "click"]
    third = tool_result_summary(request_after(fake, "toolu_c2"))
    assert third["error"]["code"] == "CIRCUIT_OPEN" and third["error"]["retriable"] is False
    assert [e["name"] for e in events.of("guardrail.tripped")] == ["circuit_breaker"]
    assert result.outcome is Outcome.FAILED  # the brake does not end the spec; the model's finish does
    assert result.guardrail is None


async def test_max_turns(fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any) -> None:
    fake.script(*[tool_use("snapshot", {"step": 1}) for _ in range(6)])
    result = await run(LOGIN, tool_ctx, agent_options(max_turns=2))
    assert result.outcome is Outcome.ERROR
    assert result.guardrail is not None
    assert result.guardrail.name == "max_turns" and result.guardrail.limit == 2
    assert result.guardrail.actual > 2


async def test_missing_cli_is_an_error_result_not_a_crash(tool_ctx: ToolContext, agent_options: Any) -> None:
    result = await run(LOGIN, tool_ctx, agent_options(cli_path="/nonexistent/claude"))
    assert result.outcome is Outcome.ERROR
    assert "Claude Code CLI failed" in (result.reason or "") and "CLINotFoundError" in (result.reason or "")


async def test_spec_timeout_interrupts_a_hanging_model(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    fake.script(tool_use("snapshot", {"step": 1}), slow(60))
    started = time.perf_counter()
    events = ListSink()
    result = await run(LOGIN, tool_ctx, agent_options(spec_timeout_s=2.0), events=events)
    elapsed = time.perf_counter() - started
    assert [e["name"] for e in events.of("guardrail.tripped")] == ["spec_timeout_s"]
    assert result.outcome is Outcome.ERROR
    assert result.guardrail is not None and result.guardrail.name == "spec_timeout_s"
    assert result.guardrail.limit == 2.0 and result.guardrail.actual >= 2.0
    # Well before the 60 s the model would hang: the interrupt, not the hang, ended the run. (The CLI's own
    # start is part of the wall time: 9.9 s was measured beside two CPU hogs, so the bound is half the hang.)
    assert elapsed < 30, f"the interrupt took {elapsed:.1f}s"


async def test_budget_limit(fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any) -> None:
    # A known model name makes the CLI price the (fake) usage: 2M input tokens cost several dollars.
    fake.script(
        tool_use("snapshot", {"step": 1}, usage={"input_tokens": 2_000_000}),
        tool_use("snapshot", {"step": 1}),
    )
    result = await run(LOGIN, tool_ctx, agent_options(max_budget_usd=0.5, model="claude-sonnet-4-5"))
    assert result.outcome is Outcome.ERROR
    assert result.guardrail is not None and result.guardrail.name == "max_budget_usd"
    assert result.guardrail.limit == 0.5 and result.guardrail.actual > 0.5
    assert result.usage.cost_usd > 0.5  # the runner's run budget sees it


@pytest.mark.parametrize(("status", "message"), [(529, "Overloaded"), (400, "messages: invalid request")])
async def test_api_errors_are_errors_with_the_status(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any, status: int, message: str
) -> None:
    # The CLI retries some 400s with adjusted requests, so the fake keeps failing.
    fake.script(*[http_error(status, message) for _ in range(10)])
    result = await run(LOGIN, tool_ctx, agent_options())
    assert result.outcome is Outcome.ERROR
    assert (result.reason or "").startswith(f"model API error {status}")
    assert result.guardrail is None


# --- what the model receives ---------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["snapshot", "none"])
async def test_tool_context_modes(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any, mode: str
) -> None:
    fake.script(
        tool_use("navigate", {"url": "/login.html", "step": 1}),
        tool_use("click", {"target": "Sign in", "step": 2}, id="toolu_miss"),
        tool_use("finish", {"status": "failed", "summary": "stop"}),
    )
    await run(LOGIN, tool_ctx, agent_options(tool_context=mode))
    after = request_after(fake, "toolu_miss")
    block = after.tool_result("toolu_miss")
    assert block is not None and block.get("is_error") is True  # no image: the error flag stays
    assert after.images() == []
    body = result_text(block)
    assert '"code":"ELEMENT_NOT_FOUND"' in body
    if mode == "snapshot":
        assert "page now:" in body and 'button "Log in"' in body
        excerpt = body.split("page now:", 1)[1]
        assert len(excerpt) <= 3_000 + 100
    else:
        assert "page now:" not in body


async def test_big_snapshots_reach_the_model_bounded(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    rows = "".join(f"<li><a href='#r{i}'>Row number {i} of the long table</a></li>" for i in range(1, 501))
    await tool_ctx.page.set_content(f"<h1>Big page</h1><ul>{rows}</ul>")
    fake.script(
        tool_use("snapshot", {"step": 1}, id="toolu_big"),
        tool_use("finish", {"status": "failed", "summary": "stop"}),
    )
    await run(LOGIN, tool_ctx, agent_options())
    body = result_text(request_after(fake, "toolu_big").tool_result("toolu_big"))
    assert 'heading "Big page"' in body and "Row number 1 of" in body
    assert "Row number 500 of" not in body  # 500 rows are far over 8 KB
    assert "snapshot cut" in body  # the notice tells the model how to scope
    assert len(body) <= tool_ctx.settings.snapshot_max_chars + 400


async def test_exception_in_the_tool_path_reaches_the_model_as_internal_error(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    async def broken(name: str, args: Mapping[str, Any], *, step: int | None = None) -> ToolResult:
        raise LookupError("recorder lost its page")

    fake.script(
        tool_use("snapshot", {"step": 1}, id="toolu_boom"),
        tool_use("finish", {"status": "failed", "summary": "x"}),
    )
    result = await run(LOGIN, tool_ctx, agent_options(), caller=broken)
    summary = tool_result_summary(request_after(fake, "toolu_boom"))
    assert summary["error"]["code"] == "INTERNAL_ERROR"
    assert summary["error"]["exception"] == "LookupError"
    assert "Traceback" not in result_text(request_after(fake, "toolu_boom").tool_result("toolu_boom"))
    assert result.outcome is Outcome.FAILED  # finish(failed) still counts: the session went on


@pytest.mark.parametrize(
    ("optional", "interactive"),
    [(False, False), (True, False), (False, True), (True, True)],
    ids=["plain", "optional-step", "interactive", "optional-step-interactive"],
)
async def test_prompt_and_tools_fit_the_token_budget(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any, optional: bool, interactive: bool
) -> None:
    # Every run pays for the tools it may be offered: skip_step when the spec has an Optional: step,
    # ask_user in interactive runs; each case is measured as sent.
    measured = spec(
        step(1, "Open the login page"),
        step(2, "Log in as demo with password {{PASSWORD}}", "the Products page opens", optional=optional),
        step(3, 'Verify the heading "Products" is shown'),
        secrets=frozenset({"PASSWORD"}),
    )
    fake.script(tool_use("finish", {"status": "failed", "summary": "measuring only"}))
    await run(measured, tool_ctx, agent_options(model="claude-sonnet-4-5", interactive=interactive))
    for request in fake.message_requests:
        body = request.body or {}
        # Measured as sent: compact JSON, UTF-8.
        size = len(json.dumps(body["tools"], separators=(",", ":")).encode())
        size += len(json.dumps(body["system"], separators=(",", ":")).encode())
        # 15 KiB: the three assertions that let evidence match a claim (order, scoped text, focus) cost
        # about 1 KB per request (a spec passed on evidence that cannot prove its claim costs more); Back/
        # Forward/Reload and browser storage (what real suites check most) about 1.1 KB more; then the two
        # claims no other tool can make: assert_matches_baseline (how a page looks, ~0.45 KB with no field
        # descriptions) and assert_appeared (a toast is judged on what appeared: it may be gone before any
        # check runs, ~0.4 KB). Numeric range limits left the schemas (pydantic still enforces them).
        # Leaving a field (blur) and a sort-order check (assert_sorted, ~0.8 KB) are plain-grammar tools the
        # model is not offered (it presses Tab; it checks an order with assert_order over the texts it reads).
        # skip_step and ask_user took the worst case to 16,016 bytes; it fits again (~14.9 KB) because
        # nothing is said twice: a property description that repeats its tool's description, a tool
        # description that repeats a rule of the prompt (ref/target, {{NAME}}, when to skip or ask).
        # What the model is offered, as sent: never blur (a plain-only tool), and press_key to leave a field.
        assert "mcp__browser__press_key" in request.tool_names, request.tool_names
        assert not [n for n in request.tool_names if n.endswith(("__blur", "__assert_sorted", "__drag"))], (
            request.tool_names
        )
        assert ("mcp__browser__skip_step" in request.tool_names) is optional, request.tool_names
        assert ("mcp__browser__ask_user" in request.tool_names) is interactive, request.tool_names
        assert size <= 15 * 1024, f"tools + system are {size} bytes"
    # Off unless asked for (models that only think adaptively ignore this; the CLI decides).
    assert fake.message_requests[0].body["thinking"] == {"type": "disabled"}
    assert fake.message_requests[0].body["model"] == "claude-sonnet-4-5"
    system = fake.message_requests[0].system_text
    assert "1. Open the login page" in system
    assert "   Expected: the Products page opens" in system
    assert "Never weaken, skip or rewrite an assertion" in system
    assert ("2. Log in as demo with password {{PASSWORD}} (optional: skip_step" in system) is optional
    assert ("ask_user(question)" in system) is interactive


async def test_ask_user_only_in_interactive_runs(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    script = [
        tool_use("ask_user", {"question": "Which account?"}, id="toolu_ask"),
        tool_use("finish", {"status": "failed", "summary": "stop"}),
    ]
    fake.script(*script)
    await run(LOGIN, tool_ctx, agent_options())
    assert "mcp__browser__ask_user" not in fake.message_requests[0].tool_names
    refused = request_after(fake, "toolu_ask").tool_result("toolu_ask")
    assert refused is not None and refused.get("is_error") is True

    fake.reset()
    fake.script(*script)
    questions: list[str] = []

    async def person(question: str) -> str:
        questions.append(question)
        return "use the demo account"

    await run(LOGIN, tool_ctx, agent_options(interactive=True), ask_user=person)
    assert "mcp__browser__ask_user" in fake.message_requests[0].tool_names
    assert questions == ["Which account?"]
    assert tool_result_summary(request_after(fake, "toolu_ask")) == {
        "ok": True,
        "answer": "use the demo account",
    }


async def test_calls_the_sdk_rejects_still_count_for_guardrails(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    # ref must be a string: the SDK's schema check refuses these before our handler runs.
    fake.script(*[tool_use("click", {"ref": n, "step": 1}) for n in range(5)])
    result = await run(LOGIN, tool_ctx, agent_options(max_consecutive_errors=2))
    assert result.outcome is Outcome.ERROR
    assert result.guardrail is not None and result.guardrail.as_dict() == {
        "name": "max_consecutive_errors",
        "limit": 2,
        "actual": 3,
    }
    assert result.steps[0].tool_calls[0].error_code == "INVALID_INPUT"


async def test_a_900_kb_spec_starts_an_agent_session(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    # One command-line argument may hold 128 KiB on Linux; the prompt of a spec near the 1 MB limit
    # travels as a file instead ("Argument list too long" before).
    filler = "Check the row of the report table and note the values shown in each column. " * 80
    big = spec(*(step(i, f"{filler} (row {i})") for i in range(1, 146)))
    assert sum(len(s.text) for s in big.steps) > 850_000
    fake.script(tool_use("finish", {"status": "failed", "summary": "too long to do"}))
    result = await run(big, tool_ctx, agent_options())
    assert result.outcome is Outcome.FAILED and "too long to do" in (result.reason or "")
    system = json.dumps(fake.message_requests[0].body["system"])
    assert "(row 145)" in system


# --- lean history -----------------------------------------------------------------------------------------


def image_data(block: Mapping[str, Any]) -> str:
    """The base64 of an image block, in the API's shape or the SDK's."""
    source = block.get("source")
    return str(source["data"] if isinstance(source, Mapping) else block["data"])


def misses_then_login(*targets: str) -> list[Any]:
    """Failing clicks on step 2 (one failure screenshot each), then a snapshot and the log-in by ref."""
    return [
        tool_use("navigate", {"url": "/login.html", "step": 1}),
        *[tool_use("click", {"target": t, "step": 2}, id=f"toolu_miss_{i}") for i, t in enumerate(targets)],
        tool_use("snapshot", {"step": 2}, id="toolu_look"),
        lambda r: tool_use("fill", {"ref": ref_for(r, "textbox", "Username"), "value": "demo", "step": 2}),
        lambda r: tool_use(
            "fill", {"ref": ref_for(r, "textbox", "Password"), "value": "{{PASSWORD}}", "step": 2}
        ),
        lambda r: tool_use("click", {"ref": ref_for(r, "button", "Log in"), "step": 2}),
        tool_use("assert_url", {"expected": "/products.html", "step": 2}),
    ]


async def test_history_keeps_only_the_newest_two_images_and_the_newest_intact(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    """Four failure screenshots through the real CLI: no request carries more than two images, the newest
    failure screenshot reaches the model byte for byte, the older ones are a stub, and a snapshot
    supersedes them all."""
    targets = ("Sign in", "Submit", "Continue", "Enter")
    fake.script(
        *misses_then_login(*targets),
        tool_use("assert_text_present", {"text": "Products", "step": 3}),
        tool_use("finish", {"status": "passed", "summary": "logged in after four misses"}),
    )
    transcript = RecordingTranscript()
    result = await run(LOGIN, tool_ctx, agent_options(), transcript=transcript)
    assert result.outcome is Outcome.PASSED, result.reason

    produced = {
        f["id"]: image_data(f["image"][0])
        for kind, f in transcript.records
        if kind == "tool.result" and f["image"]
    }
    assert len(produced) == len(targets) >= 3  # what the tools returned, as the CLI passed it on
    assert max(len(r.all_images()) for r in fake.message_requests) == 2
    for i in range(len(targets)):
        after = request_after(fake, f"toolu_miss_{i}")
        # The newest failure screenshot is in the very request that carries its result, unchanged.
        assert [image_data(b) for b in after.images()] == [produced[f"toolu_miss_{i}"]]
        newest = [produced[f"toolu_miss_{j}"] for j in range(max(0, i - 1), i + 1)]
        assert [image_data(b) for b in after.all_images()] == newest
        assert after.raw.count(b"older screenshot removed from the history") == max(0, i - 1)
    after_look = request_after(fake, "toolu_look")
    assert after_look.all_images() == []  # the snapshot is newer than every picture
    assert after_look.raw.count(b"older screenshot removed from the history") == len(targets)
    assert all(not r.all_images() for r in fake.message_requests[fake.message_requests.index(after_look) :])


async def test_with_lean_history_off_the_history_keeps_every_screenshot(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    """``lean_history = false`` (AUTOQA_LEAN_HISTORY=false): the CLI talks to the API directly, and every
    failure screenshot stays in the history it resends."""
    targets = ("Sign in", "Submit", "Continue", "Enter")
    fake.script(
        *misses_then_login(*targets),
        tool_use("assert_text_present", {"text": "Products", "step": 3}),
        tool_use("finish", {"status": "passed", "summary": "logged in after four misses"}),
    )
    result = await run(LOGIN, tool_ctx, agent_options(lean_history=False))
    assert result.outcome is Outcome.PASSED, result.reason
    assert max(len(r.all_images()) for r in fake.message_requests) == len(targets)
    assert not any(b"older screenshot removed from the history" in r.raw for r in fake.message_requests)


async def test_lean_history_leaves_the_verdict_alone(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any
) -> None:
    """A failed assertion still fails the spec when its screenshot has left the history."""
    fake.script(
        *misses_then_login("Sign in", "Submit", "Continue"),
        tool_use("assert_text_present", {"text": "Welcome back", "step": 3}),
        tool_use("click", {"target": "Checkout now", "step": 3}),
        tool_use("click", {"target": "Pay", "step": 3}),
        tool_use("finish", {"status": "passed", "summary": "all fine"}),
    )
    result = await run(LOGIN, tool_ctx, agent_options())
    assert max(len(r.all_images()) for r in fake.message_requests) == 2
    assert result.outcome is Outcome.FAILED
    assert result.failed_step == 3
    assert "assert_text_present failed and never passed" in (result.reason or "")


async def test_an_unreachable_api_behind_the_history_relay_is_an_error(
    tool_ctx: ToolContext, agent_options: Any
) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    result = await run(LOGIN, tool_ctx, agent_options(env=offline_env(closed)))
    assert result.outcome is Outcome.ERROR
    assert (result.reason or "").startswith("model API error 502")
    assert "history relay could not reach http://127.0.0.1" in (result.reason or "")
