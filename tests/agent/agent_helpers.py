"""Helpers for agent tests: Spec values built from the shared model (no parser involved), and a scripted
model's way of reading the page from the requests the fake server receives."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from autoqa.spec.model import Spec, Step, StepKind
from autoqa.testing.fake_anthropic import RecordedRequest, result_json, result_text

SPEC_PATH = Path("specs/agent-test.md")
DEMO_PASSWORD = "demo-pass-123"
"""The demo shop's password (demo_app/CONTRACT.md), used as the secret the model must never see."""


def step(index: int, text: str, *expected: str, optional: bool = False, notes: tuple[str, ...] = ()) -> Step:
    lowered = text.lower()
    kind = StepKind.ASSERTION if lowered.startswith(("verify", "assert")) else StepKind.ACTION
    return Step(
        index, text, kind, SPEC_PATH, index + 5, expected=tuple(expected), notes=notes, optional=optional
    )


def spec(
    *steps: Step,
    title: str = "Agent test",
    base_url: str | None = None,
    secrets: frozenset[str] = frozenset(),
) -> Spec:
    return Spec(
        SPEC_PATH, title, ("The demo shop is running",), tuple(steps), base_url=base_url, secrets=secrets
    )


# --- scripted-model helpers: a fake model that reads the page like a real one would -------------------

CLI_MARKER = "claude_agent_sdk/_bundled/claude"


def latest_snapshot(request: RecordedRequest) -> str:
    """The newest tool-result text in the conversation that contains element refs."""
    for message in reversed(request.messages):
        if message.get("role") != "user" or not isinstance(message.get("content"), list):
            continue
        for block in reversed(message["content"]):
            if isinstance(block, dict) and block.get("type") == "tool_result":
                text = result_text(block)
                if "[ref=" in text:
                    return text
    raise AssertionError("no snapshot in the conversation yet")


def ref_for(request: RecordedRequest, role: str, name: str) -> str:
    """The ref of ``role "name"`` in the latest snapshot, as a model would copy it."""
    snapshot = latest_snapshot(request)
    match = re.search(rf'{re.escape(role)} "{re.escape(name)}"[^\n]*?\[ref=(\w+)\]', snapshot)
    if match is None:
        raise AssertionError(f'{role} "{name}" not in snapshot:\n{snapshot[:2000]}')
    return match.group(1)


def cli_processes() -> list[int]:
    """Claude Code CLI processes that are descendants of this test process."""
    parents: dict[int, int] = {}
    cmdlines: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdlines[int(entry)] = f.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError, ValueError):
            continue
    me = os.getpid()

    def descends(pid: int) -> bool:
        seen = set()
        while pid in parents and pid not in seen:
            seen.add(pid)
            pid = parents[pid]
            if pid == me:
                return True
        return False

    return [pid for pid, cmd in cmdlines.items() if CLI_MARKER in cmd and descends(pid)]


def tool_result_summary(request: RecordedRequest) -> dict[str, Any]:
    """The JSON summary our handler put first in the (single) tool result of ``request``."""
    results = request.tool_results()
    assert len(results) == 1, results
    summary = result_json(results[0])
    assert summary is not None, results[0]
    return summary
