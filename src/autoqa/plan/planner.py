"""The model planner: one Claude session that reads the graph and proposes user flows as specs.

It goes through the real claude-agent-sdk and the Claude Code CLI it bundles, isolated as the agent's
sessions are (:func:`autoqa.agent.workspace.isolated_workspace`: no built-in tools, no user settings, a
throw-away config folder). Its only tools are an in-process MCP server ``planner``:

- ``page_snapshot(path)``: the bounded accessibility snapshot the crawl recorded for a page;
- ``propose_spec(title, markdown)``: a spec, checked at once (:mod:`autoqa.plan.checks`); a refusal goes
  back to the model with the reason, an accepted spec becomes a draft that is run before it is kept.

What the model says is never evidence: a proposed flow is kept only if it passes when run.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autoqa.agent.options import AgentOptions
from autoqa.agent.workspace import isolated_workspace

SERVER_NAME = "planner"
TOOL_PREFIX = f"mcp__{SERVER_NAME}__"
MAX_SPECS = 12
"""Proposals the planner may have accepted in one session."""

PROPOSE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"title": {"type": "string"}, "markdown": {"type": "string"}},
    "required": ["title", "markdown"],
}
SNAPSHOT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"path": {"type": "string"}},
    "required": ["path"],
}
DESCRIPTIONS = {
    "propose_spec": "Propose one spec (Markdown, plain grammar). It is checked now and run once later; "
    "a refusal says what to fix.",
    "page_snapshot": "The accessibility snapshot the crawl recorded for a page, by its path (/cart.html).",
}

Propose = Callable[[str, str], tuple[bool, str]]
"""``propose(title, markdown) -> (accepted, message for the model)``."""
Record = Callable[..., None]
"""``record(event, **fields)``: one transcript line (the writer redacts it)."""


@dataclass(slots=True)
class PlannerRun:
    """How the session went (the drafts themselves are collected by ``propose``)."""

    error: str | None = None
    cost_usd: float = 0.0
    model_requests: int = 0
    proposals: int = 0
    refused: list[tuple[str, str]] = field(default_factory=list)
    """(title, reason) of each proposal the check refused."""
    final_text: str = ""


def _text(message: str, *, error: bool = False) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": message}], "is_error": error}


async def run_planner(
    digest: str,
    system: str,
    snapshots: Mapping[str, str],
    options: AgentOptions,
    propose: Propose,
    record: Record,
) -> PlannerRun:
    """Run the planner session. Never raises for the model or the CLI misbehaving: ``PlannerRun.error``
    says what went wrong (cancellation propagates)."""
    from claude_agent_sdk import ClaudeAgentOptions, SdkMcpTool, create_sdk_mcp_server

    run = PlannerRun()

    async def on_propose(args: dict[str, Any]) -> dict[str, Any]:
        title, markdown = str(args.get("title") or ""), str(args.get("markdown") or "")
        run.proposals += 1
        accepted, message = propose(title, markdown)
        if not accepted:
            run.refused.append((title, message))
        return _text(message, error=not accepted)

    async def on_snapshot(args: dict[str, Any]) -> dict[str, Any]:
        path = str(args.get("path") or "")
        if path in snapshots:
            return _text(snapshots[path])
        return _text(f"{path!r} is not a page the crawl recorded; pages: {', '.join(snapshots)}", error=True)

    tools = [
        SdkMcpTool("page_snapshot", DESCRIPTIONS["page_snapshot"], SNAPSHOT_SCHEMA, on_snapshot),
        SdkMcpTool("propose_spec", DESCRIPTIONS["propose_spec"], PROPOSE_SCHEMA, on_propose),
    ]
    allowed = [TOOL_PREFIX + t.name for t in tools]
    record("session.start", system=system, prompt=digest, tools=allowed, model=options.model)
    with isolated_workspace(options.env) as workspace:
        prompt_file = Path(workspace.config_dir) / "autoqa-planner-prompt.md"
        prompt_file.write_text(system, encoding="utf-8", errors="replace")
        stderr: list[str] = []
        sdk_options = ClaudeAgentOptions(
            tools=[],
            allowed_tools=allowed,
            mcp_servers={SERVER_NAME: create_sdk_mcp_server(name=SERVER_NAME, tools=tools)},
            setting_sources=[],
            strict_mcp_config=True,
            system_prompt={"type": "file", "path": str(prompt_file)},
            model=options.model,
            max_turns=options.max_turns,
            max_budget_usd=options.max_budget_usd,
            thinking={"type": "adaptive"} if options.thinking else {"type": "disabled"},
            env=workspace.env,
            cwd=str(workspace.cwd),
            cli_path=options.cli_path,
            stderr=lambda line: stderr.append(line) if len(stderr) < 20 else None,
        )
        try:
            async with asyncio.timeout(options.spec_timeout_s):
                await _converse(sdk_options, digest, run, record)
        except TimeoutError:
            run.error = f"the planner took longer than spec_timeout_s ({options.spec_timeout_s:g} s)"
        except Exception as exc:  # the CLI is missing or died, a ResultError after an error result
            if run.error is None:
                tail = f" (stderr: {' | '.join(stderr)[-300:]})" if stderr else ""
                run.error = f"the planner session failed: {type(exc).__name__}: {str(exc)[:300]}{tail}"
    record("session.end", error=run.error, cost_usd=run.cost_usd, proposals=run.proposals,
           refused=len(run.refused), text=run.final_text)  # fmt: skip
    return run


async def _converse(sdk_options: Any, digest: str, run: PlannerRun, record: Record) -> None:
    from claude_agent_sdk import (
        AssistantMessage,
        ClaudeSDKClient,
        ResultMessage,
        SystemMessage,
        ToolResultBlock,
        ToolUseBlock,
        UserMessage,
    )

    async with ClaudeSDKClient(options=sdk_options) as client:
        await client.query(digest)
        async for message in client.receive_response():
            if isinstance(message, SystemMessage) and message.subtype == "init":
                foreign = [t for t in message.data.get("tools") or [] if not str(t).startswith(TOOL_PREFIX)]
                if foreign:
                    run.error = f"the planner was offered tools other than its own: {', '.join(foreign)}"
                    with contextlib.suppress(Exception):
                        await client.interrupt()
            elif isinstance(message, AssistantMessage):
                run.model_requests += 1
                texts = [str(b.text) for b in message.content if hasattr(b, "text")]
                if texts:
                    run.final_text = " ".join(texts)[:500]
                record("model.turn", text=" ".join(texts), error=message.error)
                for block in message.content:
                    if isinstance(block, ToolUseBlock):
                        record("tool.call", tool=block.name.removeprefix(TOOL_PREFIX), id=block.id,
                               args=dict(block.input))  # fmt: skip
            elif isinstance(message, UserMessage) and isinstance(message.content, list):
                for block in message.content:
                    if isinstance(block, ToolResultBlock):
                        content = block.content if isinstance(block.content, str) else str(block.content)
                        record("tool.result", id=block.tool_use_id, is_error=block.is_error, text=content)
            elif isinstance(message, ResultMessage):
                run.cost_usd = float(message.total_cost_usd or 0.0)
                if message.is_error and run.error is None:
                    status = f" {message.api_error_status}" if message.api_error_status else ""
                    detail = (message.result or "; ".join(message.errors or []) or message.subtype)[:300]
                    run.error = f"the planner ended with an error{status} ({message.subtype}): {detail}"
