"""The agent's fixed start as a user pays it: ``autoqa run`` of one agent spec in a fresh process, from the
command to the first model request, against the fake Messages API (zero latency). (A benchmark, not a
test.)

The spec is two natural steps on the demo's log-in page (no ``auth:``, which would add a setup spec's
run). The model answers with the two tool calls the spec needs and ``finish``; the figures are the median over
``repeats`` processes of: the wall time to the first model request (imports, settings, Playwright, the
browser and its context, the SDK, the Claude CLI's start) and of the whole process. Target (issue 17):
the fixed start ≤ 2.5 s.

Usage: ``python -m bench agent_start`` or ``python -m bench.agent_start [repeats]``.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.user_process import user_environ, write_bytecode

TARGET_S = 2.5

SPEC = """---
title: The sign-in page
---
# Sign-in page

## Preconditions
- The shop is open

## Steps
1. Open the sign-in page
2. Check that it asks for a username
"""


def _script(fake: Any) -> None:
    from autoqa.testing.fake_anthropic import text, tool_use

    fake.script(
        tool_use("navigate", {"url": "/login.html", "step": 1}),
        tool_use("assert_text_present", {"text": "Username", "step": 2}),
        tool_use("finish", {"status": "passed", "summary": "the form asks for a username"}),
        text("done"),
    )


def run(repeats: int = 5) -> dict[str, Any]:
    from autoqa.demo_app.server import DemoServer
    from autoqa.testing.fake_anthropic import FakeAnthropic, offline_env

    first: list[float] = []
    whole: list[float] = []
    failures: list[str] = []
    write_bytecode()
    with DemoServer(bugs=()) as server, tempfile.TemporaryDirectory(prefix="autoqa-agent-start-") as tmp:
        for round_index in range(repeats):
            project = Path(tmp) / f"project-{round_index}"  # a fresh one: no step cache replays the spec
            (project / "specs").mkdir(parents=True)
            (project / "specs" / "sign-in.md").write_text(SPEC, encoding="utf-8")
            with FakeAnthropic() as fake:
                _script(fake)
                env = user_environ(("AUTOQA_", "ANTHROPIC_", "CI"))
                env.update(offline_env(fake.url, str(project / "claude-config")))
                env["AUTOQA_BASE_URL"] = server.url
                command = [sys.executable, "-m", "autoqa", "run", "specs", "--artifacts", "none"]
                started = time.perf_counter()
                done = subprocess.run(
                    command, cwd=project, env=env, capture_output=True, text=True, check=False
                )
                whole.append(time.perf_counter() - started)
                requests = fake.message_requests
                if done.returncode != 0 or not requests:
                    failures.append(
                        f"round {round_index}: exit {done.returncode}: {(done.stdout + done.stderr)[-300:]}"
                    )
                    continue
                first.append(requests[0].received_perf - started)
    to_first = round(statistics.median(first), 2) if first else None
    return {
        "repeats": repeats,
        "to_first_model_request_s": to_first,
        "whole_process_s": round(statistics.median(whole), 2),
        "target_s": TARGET_S,
        "meets_target": to_first is not None and to_first <= TARGET_S,
        "failures": failures,
    }


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 5), indent=2))
