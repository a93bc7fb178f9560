"""Reliability campaign, model faults: the model API and the model itself misbehave during a real run.

Each run is ``autoqa run`` (real CLI, real Chromium, real demo shop, real claude-agent-sdk with its bundled
Claude Code CLI) against a scripted fake Messages API, with the plain specs 01-login and 02-bad-password
beside the agent specs. A model fault must end only its own spec — as ``error`` when the infrastructure
failed, on evidence when the model recovered — while every other spec keeps its own outcome.

Two runs serve all tests (a CLI start and a browser per run are the cost): API faults (one agent spec per
fault, see :class:`ScriptBySpec`) and tool misuse by the model.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from autoqa.agent.workspace import DEFAULT_MAX_RETRIES, MAX_RETRIES_ENV
from autoqa.demo_app.server import DemoServer
from autoqa.testing.fake_anthropic import (
    FakeAnthropic,
    RecordedRequest,
    Turn,
    garbled,
    http_error,
    offline_env,
    result_json,
    result_text,
    slow,
    text,
    tool_use,
)

from .conftest import DEMO_SPECS
from .harness import SECRET_PASSWORD, CampaignRun, assert_aftermath, campaign_environ, run_autoqa
from .model_faults_helpers import (
    AGENT_SPEC,
    AGENT_TITLE,
    PLAIN_SPECS,
    ScriptBySpec,
    add_agent_spec,
    assert_secret_never_sent,
    result_for,
)

pytestmark = pytest.mark.agent

PASSED_PLAIN = {name: "passed" for name in PLAIN_SPECS}
HANG_TIMEOUT_S = 5
"""``timeout:`` of the spec whose model never answers (its own spec_timeout_s)."""


@dataclass
class FaultRun:
    run: CampaignRun
    fake: FakeAnthropic
    router: ScriptBySpec

    def sent(self, title: str) -> list[RecordedRequest]:
        """The model requests of the spec titled ``title``."""
        return self.router.requests[title]

    def seconds(self, name: str) -> float:
        return float(self.run.spec(name)["duration_ms"]) / 1000

    def reason(self, name: str) -> str:
        return str(self.run.spec(name)["reason"] or "")


def sorting_done_right() -> list[Turn]:
    """The calls that pass the sorting spec on evidence."""
    return [
        tool_use("navigate", {"url": "/products.html", "step": 1}),
        tool_use("select_option", {"target": "Sort by", "option": "Price (low to high)", "step": 2}),
        tool_use("assert_text_present", {"text": "Onesie", "step": 3}),
        tool_use("finish", {"status": "passed", "summary": "cheapest first, most expensive last"}),
        text("done"),
    ]


def fault_run(
    root: Path,
    server: DemoServer,
    router: ScriptBySpec,
    agent_specs: Sequence[str],
    *,
    cli_retry_default: bool,
) -> FaultRun:
    """The plain specs and ``agent_specs`` of ``root/project`` in one run (one worker, in this order)."""
    with FakeAnthropic(*router.entries()) as fake:
        model_env = offline_env(fake.url, str(root / "claude-config"))
        if cli_retry_default:  # as in a user's run: autoqa chooses the CLI's retry count
            model_env.pop(MAX_RETRIES_ENV)
        env = campaign_environ(server.url, server.credentials, **model_env)
        specs = [f"specs/{name}" for name in (*PLAIN_SPECS, *agent_specs)]
        run = run_autoqa(["run", *specs], project=root / "project", env=env, timeout=150)
    return FaultRun(run, fake, router)


def demo_project(root: Path) -> Path:
    """Like the ``demo_copy`` fixture, for a module-scoped run."""
    project = root / "project"
    shutil.copytree(DEMO_SPECS, project / "specs")
    (project / "autoqa.toml").write_text('artifacts = "fail"\n')
    return project


# --- the model API fails ---------------------------------------------------------------------------------

OVERLOADED = AGENT_SPEC
INVALID_REQUEST = "07-invalid-request.md"
GARBLED = "08-garbled-stream.md"
HANGS = "09-api-hangs.md"


@pytest.fixture(scope="module")
def api_faults(tmp_path_factory: pytest.TempPathFactory, campaign_server: DemoServer) -> Iterator[FaultRun]:
    root = tmp_path_factory.mktemp("api-faults")
    project = demo_project(root)
    add_agent_spec(project, INVALID_REQUEST, "Sorting, invalid request")
    add_agent_spec(project, GARBLED, "Sorting, garbled stream")
    add_agent_spec(project, HANGS, "Sorting, API hangs", timeout_s=HANG_TIMEOUT_S)
    router = ScriptBySpec(
        {
            AGENT_TITLE: [http_error(529)] * 40,
            "Sorting, invalid request": [http_error(400, "messages.0.content: fake invalid request")] * 40,
            "Sorting, garbled stream": [garbled()] * 40,
            # One call goes through, then the API hangs far past every limit (the fake wakes when it stops).
            "Sorting, API hangs": [tool_use("navigate", {"url": "/products.html", "step": 1}), slow(300)],
        }
    )
    yield fault_run(
        root, campaign_server, router, [OVERLOADED, INVALID_REQUEST, GARBLED, HANGS], cli_retry_default=True
    )


def test_api_faults_end_only_their_own_spec_as_error(api_faults: FaultRun) -> None:
    assert_aftermath(
        api_faults.run,
        expected={
            **PASSED_PLAIN,
            OVERLOADED: "error",
            INVALID_REQUEST: "error",
            GARBLED: "error",
            HANGS: "error",
        },
        exit_code=3,
        secret=SECRET_PASSWORD,
    )
    assert_secret_never_sent(api_faults.fake)
    assert not api_faults.router.unrouted
    for name in (OVERLOADED, INVALID_REQUEST, GARBLED):
        assert api_faults.run.spec(name)["guardrail"] is None, "an API failure is not a guardrail trip"


def test_an_overloaded_api_is_retried_a_bounded_number_of_times_then_the_spec_errors(
    api_faults: FaultRun,
) -> None:
    reason = api_faults.reason(OVERLOADED)
    assert reason.startswith("model API error 529") and "Overloaded" in reason, reason
    assert api_faults.run.spec(OVERLOADED)["triage"]["class"] == "agent_or_cache"
    # The CLI backs off between retries (0.5, 1, 2, 4 s + jitter); autoqa allows 4 retries, ~8 s, not the
    # CLI's own 10, which wait ~3 minutes per spec.
    sent = api_faults.sent(AGENT_TITLE)
    assert len(sent) == 1 + int(DEFAULT_MAX_RETRIES), [r.reply for r in sent]
    assert 7.0 < sent[-1].received_perf - sent[0].received_perf < 20.0  # backoff alone: 7.5-9.4 s
    assert api_faults.seconds(OVERLOADED) < 30, api_faults.seconds(OVERLOADED)


def test_an_invalid_request_errors_at_once_with_the_apis_message(api_faults: FaultRun) -> None:
    reason = api_faults.reason(INVALID_REQUEST)
    assert reason.startswith("model API error 400") and "fake invalid request" in reason, reason
    # No backoff, whatever the retry setting: the CLI re-sends adjusted requests (without thinking display,
    # then without an internal placeholder tool) right away, six at most, then gives up.
    sent = api_faults.sent("Sorting, invalid request")
    assert len(sent) <= 6, [r.reply for r in sent]
    assert sent[-1].received_perf - sent[0].received_perf < 3.0
    assert api_faults.seconds(INVALID_REQUEST) < 12, api_faults.seconds(INVALID_REQUEST)


def test_a_garbled_stream_errors_with_a_clear_reason(api_faults: FaultRun) -> None:
    reason = api_faults.reason(GARBLED)
    assert reason.startswith("model API error: ") and "malformed" in reason, reason
    assert "(success)" not in reason, reason  # the CLI's result subtype says nothing to a reader
    assert len(api_faults.sent("Sorting, garbled stream")) <= 3
    assert api_faults.seconds(GARBLED) < 12, api_faults.seconds(GARBLED)


def test_an_api_that_never_answers_ends_the_spec_at_its_timeout(api_faults: FaultRun) -> None:
    spec = api_faults.run.spec(HANGS)
    assert "spec_timeout_s" in spec["reason"], spec["reason"]
    assert spec["guardrail"]["name"] == "spec_timeout_s" and spec["guardrail"]["limit"] == HANG_TIMEOUT_S
    # Interrupted on time: the hanging request is still pending, nothing was retried after it.
    assert HANG_TIMEOUT_S <= api_faults.seconds(HANGS) < HANG_TIMEOUT_S + 10, api_faults.seconds(HANGS)
    assert len(api_faults.sent("Sorting, API hangs")) == 2
    # The one call that went through is on record; no CLI process outlived the session (aftermath).
    calls = spec["steps"][0]["tool_calls"]
    assert [(c["tool"], c["ok"]) for c in calls] == [("navigate", True)]


# --- the model misuses its tools ------------------------------------------------------------------------

UNKNOWN_TOOL = AGENT_SPEC
INVALID_ARGS = "07-invalid-arguments.md"
UNKNOWN_LOOP = "08-unknown-tools-only.md"
HALLUCINATED = ["browser_click", "computer", "open_url", "Bash"]


@pytest.fixture(scope="module")
def tool_faults(tmp_path_factory: pytest.TempPathFactory, campaign_server: DemoServer) -> Iterator[FaultRun]:
    root = tmp_path_factory.mktemp("tool-faults")
    project = demo_project(root)
    add_agent_spec(project, INVALID_ARGS, "Sorting, invalid arguments")
    add_agent_spec(project, UNKNOWN_LOOP, "Sorting, unknown tools only")
    router = ScriptBySpec(
        {
            AGENT_TITLE: [
                tool_use("click_element", {"target": "Sort by", "step": 2}, id="toolu_unknown"),
                tool_use("Bash", {"command": "ls"}, id="toolu_builtin", raw=True),
                tool_use("mcp__other__navigate", {"url": "/products.html"}, id="toolu_foreign"),
                *sorting_done_right(),
            ],
            "Sorting, invalid arguments": [
                tool_use("navigate", {"url": 123, "step": 1}, id="toolu_url_type"),
                tool_use("click", {"step": 1}, id="toolu_no_target"),
                tool_use("select_option", {"target": "Sort by", "step": 2}, id="toolu_no_option"),
                tool_use("navigate", {"url": "/products.html", "step": 1, "new_tab": True}, id="toolu_extra"),
                # A secret in a call that fails: its value must not come back (assert_secret_never_sent).
                tool_use(
                    "fill", {"target": "No such field", "value": "{{PASSWORD}}", "step": 2}, id="toolu_secret"
                ),
                *sorting_done_right(),
            ],
            "Sorting, unknown tools only": [
                tool_use(name, {"url": "/products.html"}, raw=name == "Bash") for name in HALLUCINATED * 10
            ],
        }
    )
    yield fault_run(
        root, campaign_server, router, [UNKNOWN_TOOL, INVALID_ARGS, UNKNOWN_LOOP], cli_retry_default=False
    )


def test_tool_faults_end_only_their_own_spec(tool_faults: FaultRun) -> None:
    assert_aftermath(
        tool_faults.run,
        expected={**PASSED_PLAIN, UNKNOWN_TOOL: "passed", INVALID_ARGS: "passed", UNKNOWN_LOOP: "error"},
        exit_code=3,
        secret=SECRET_PASSWORD,
    )
    assert_secret_never_sent(tool_faults.fake)
    assert not tool_faults.router.unrouted


def test_an_unknown_tool_gets_an_error_result_and_the_spec_passes_on_evidence(tool_faults: FaultRun) -> None:
    sent = tool_faults.sent(AGENT_TITLE)
    for tool_use_id, name in (
        ("toolu_unknown", "mcp__browser__click_element"),
        ("toolu_builtin", "Bash"),
        ("toolu_foreign", "mcp__other__navigate"),
    ):
        block = result_for(sent, tool_use_id)
        assert block.get("is_error") is True, block
        assert "No such tool available" in result_text(block) and name in result_text(block), block
    spec = tool_faults.run.spec(UNKNOWN_TOOL)
    assert spec["outcome"] == "passed", spec["reason"]
    calls = [c for s in spec["steps"] for c in s["tool_calls"]]
    ran = [c["tool"] for c in calls if c["ok"]]
    assert ran == ["navigate", "select_option", "assert_text_present"], ran  # nothing unknown ran
    # The one record (verdict and report read the same) keeps the refused call, as refused.
    refused = [(c["tool"], c["error_code"]) for c in calls if not c["ok"]]
    assert refused == [("click_element", "INVALID_INPUT")], refused
    assert all(s["status"] == "passed" for s in spec["steps"]), spec["steps"]


def test_invalid_arguments_get_an_error_result_naming_them_and_the_spec_passes_on_evidence(
    tool_faults: FaultRun,
) -> None:
    sent = tool_faults.sent("Sorting, invalid arguments")
    expected_words = {
        # The SDK checks types against the schema before our handler runs; its message names the value
        # and the type, not the argument (see the report: naming it would cost a hook per tool call).
        "toolu_url_type": ["Input validation error", "123", "'string'"],
        "toolu_no_target": ["INVALID_INPUT", "ref", "target"],
        "toolu_no_option": ["'option' is a required property"],
        "toolu_extra": ["INVALID_INPUT", "new_tab"],
        "toolu_secret": ["ELEMENT_NOT_FOUND"],
    }
    for tool_use_id, words in expected_words.items():
        block = result_for(sent, tool_use_id)
        shown = result_text(block)
        summary = result_json(block)
        failed = block.get("is_error") is True or (summary is not None and summary.get("ok") is False)
        assert failed, (tool_use_id, shown)
        assert all(word in shown for word in words), (tool_use_id, shown)
    assert tool_faults.run.spec(INVALID_ARGS)["outcome"] == "passed"
    steps = tool_faults.run.spec(INVALID_ARGS)["steps"]
    # Every rejection is on record — ours (2) and the SDK's schema check on this step (1); the verdict
    # still comes from the passing calls.
    codes = [c["error_code"] for c in steps[0]["tool_calls"]]
    assert codes.count("INVALID_INPUT") == 3 and None in codes, codes
    assert all(s["status"] == "passed" for s in steps), steps


def test_a_model_that_keeps_calling_unknown_tools_trips_a_guardrail(tool_faults: FaultRun) -> None:
    spec = tool_faults.run.spec(UNKNOWN_LOOP)
    assert spec["guardrail"] == {"name": "max_consecutive_errors", "limit": 8, "actual": 9}, spec
    # The refused calls never reach the report's steps, so the reason names the last one.
    last = "last failure: browser_click: Error: No such tool available: mcp__browser__browser_click"
    assert spec["reason"].endswith(last), spec["reason"]
    # Stopped at the trip (a request or two in flight at most), not left to run into max_turns.
    assert len(tool_faults.sent("Sorting, unknown tools only")) <= 11
