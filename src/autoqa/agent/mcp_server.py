"""The in-process MCP server ``browser`` that gives the model our tools (``mcp__browser__<name>``).

Every browser tool of :data:`autoqa.tools.TOOLS` (minus disabled ones) is offered with its own compact
description and a schema derived from its pydantic arguments model, plus a required integer ``step``.
Control tools: ``finish(status, summary)``, ``report_bug(step, expected, actual)``, for specs with an
optional step ``skip_step(step, reason, target?)`` and, in interactive runs only, ``ask_user(question)``.
All of them go through one :class:`ToolDispatcher`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from claude_agent_sdk import McpSdkServerConfig, SdkMcpTool, create_sdk_mcp_server

from autoqa.agent.schemas import compact_schema
from autoqa.record.skip import SKIP_TOOL

SERVER_NAME = "browser"
TOOL_PREFIX = f"mcp__{SERVER_NAME}__"

FINISH_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"status": {"type": "string", "enum": ["passed", "failed"]}, "summary": {"type": "string"}},
    "required": ["status", "summary"],
}
REPORT_BUG_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "step": {"type": "integer", "minimum": 1},
        "expected": {"type": "string"},
        "actual": {"type": "string"},
    },
    "required": ["step", "expected", "actual"],
}
ASK_USER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"question": {"type": "string"}},
    "required": ["question"],
}
SKIP_STEP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"step": {"type": "integer"}, "reason": {"type": "string"}, "target": {"type": "string"}},
    "required": ["step", "reason"],
}
CONTROL_DESCRIPTIONS = {
    "finish": "End the spec; passed only when every step is done and every check passed its assertion.",
    "report_bug": "The app contradicts the spec at this step: end the spec as failed.",
    "ask_user": "Ask the person running the test; returns their answer.",
    SKIP_TOOL: "Skip an optional step. target: what you looked for.",
}


def _spec_list(tools: Any) -> list[Any]:
    return list(tools.values()) if isinstance(tools, Mapping) else list(tools)


def compact_description(text: str) -> str:
    """One line, no repeated whitespace: descriptions are sent with every request."""
    return " ".join(text.split())


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
SHARED_MIN_TOOLS = 3


def factor_shared_sentences(descriptions: Mapping[str, str]) -> tuple[dict[str, str], list[str]]:
    """Move sentences that several tool descriptions repeat word for word into notes said once (in the
    system prompt): the descriptions stay exact, and the bytes sent with every request shrink."""
    split = {name: _SENTENCE_END.split(compact_description(text)) for name, text in descriptions.items()}
    counts = Counter(sentence for sentences in split.values() for sentence in set(sentences))
    shared = [s for s, n in counts.items() if n >= SHARED_MIN_TOOLS]
    short = {
        name: " ".join(s for s in sentences if s not in shared) or " ".join(sentences)
        for name, sentences in split.items()
    }
    return short, sorted(shared)


@dataclass(frozen=True, slots=True)
class Toolset:
    definitions: list[SdkMcpTool[Any]]
    notes: list[str]
    """Sentences shared by several tool descriptions; the system prompt states them once."""

    @property
    def allowed_names(self) -> list[str]:
        return [TOOL_PREFIX + t.name for t in self.definitions]


class Handler(Protocol):
    """Runs one tool call (:class:`autoqa.agent.dispatch.ToolDispatcher`, or a stand-in until it exists)."""

    async def handle(self, name: str, args: Mapping[str, Any]) -> dict[str, Any]: ...


PLAIN_ONLY = frozenset(
    {
        "blur",
        "assert_sorted",
        "assert_each_checked",
        "assert_each_text",
        "drag",
        "set_field",
        "assert_class",
        "assert_attribute",
        "assert_accessible",
    }
)
"""Browser tools the model is not offered: every definition goes with every request (the tools and prompt
must fit 15 KiB), the model moves focus with ``press_key`` (Tab) or a click elsewhere, and checks an order
with ``assert_order`` over the texts it reads (the states of a list's boxes with ``assert_checked`` on
each, and each item's text from the snapshot); a drag is rare in what a model is asked to do; it sets a
field with ``fill`` or ``select_option``, whichever the snapshot shows it is; a class name is markup no
snapshot shows (a spec that names one, 'has the class "completed"', is a plain step), as are most
attributes ('aria-sort="descending"'), while the roles and names a spec claims are what the model's
snapshot reads. Plain steps (those before the first agent step of a spec too:
``autoqa.execute.plain_prefix``), replay and export still use them."""


def build_tools(
    dispatcher: Handler,
    tools: Any,
    *,
    disabled: Iterable[str] = (),
    interactive: bool = False,
    skippable: bool = False,
) -> Toolset:
    """SDK tool definitions for the browser tools in ``tools`` (a mapping or list of ToolSpec) and the
    control tools; ``skip_step`` only when the spec has an optional step (its bytes go with every request)."""
    skip = set(disabled) | PLAIN_ONLY
    out: list[SdkMcpTool[Any]] = []
    specs = [s for s in _spec_list(tools) if s.name not in skip and s.name not in CONTROL_DESCRIPTIONS]
    descriptions, notes = factor_shared_sentences({s.name: s.description for s in specs})

    def bind(name: str) -> Any:
        async def handler(args: dict[str, Any]) -> dict[str, Any]:
            return await dispatcher.handle(name, args)

        return handler

    for spec in specs:
        out.append(
            SdkMcpTool(
                spec.name,
                descriptions[spec.name],
                compact_schema(spec.args_model),
                bind(spec.name),
            )
        )
    if skippable:
        out.append(SdkMcpTool(SKIP_TOOL, CONTROL_DESCRIPTIONS[SKIP_TOOL], SKIP_STEP_SCHEMA, bind(SKIP_TOOL)))
    out.append(SdkMcpTool("finish", CONTROL_DESCRIPTIONS["finish"], FINISH_SCHEMA, bind("finish")))
    out.append(
        SdkMcpTool("report_bug", CONTROL_DESCRIPTIONS["report_bug"], REPORT_BUG_SCHEMA, bind("report_bug"))
    )
    if interactive:
        out.append(
            SdkMcpTool("ask_user", CONTROL_DESCRIPTIONS["ask_user"], ASK_USER_SCHEMA, bind("ask_user"))
        )
    return Toolset(out, notes)


def build_server(tool_defs: list[SdkMcpTool[Any]]) -> McpSdkServerConfig:
    return create_sdk_mcp_server(name=SERVER_NAME, tools=tool_defs)
