"""Helpers for the model-fault campaign: several agent specs in one run, each with its own scripted model.

One ``autoqa run`` costs a CLI start and a browser per spec, so independent model faults share a run: every
agent spec is a copy of the bundled sorting spec under its own title, and :class:`ScriptBySpec` answers
each request from the script of the spec named in its system prompt (``Spec: <title>``). Specs run one
after another (one worker), so each spec's script is consumed in order.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from autoqa.testing.fake_anthropic import FakeAnthropic, RecordedRequest, Reply, ScriptEntry

from .harness import SECRET_PASSWORD

AGENT_SPEC = "06-sorting-agent.md"
AGENT_TITLE = "Sorting by price (needs the agent)"
PLAIN_SPECS = ("01-login.md", "02-bad-password.md")


def add_agent_spec(project: Path, name: str, title: str, *, timeout_s: float | None = None) -> str:
    """A copy of the bundled agent spec under ``specs/<name>`` with its own ``title`` (and ``timeout:``,
    the spec's own ``spec_timeout_s``); returns ``name``."""
    text = (project / "specs" / AGENT_SPEC).read_text()
    old = f"title: {AGENT_TITLE}\n"
    assert old in text, "the bundled agent spec changed its title"
    new = f"title: {title}\n" + (f"timeout: {timeout_s}\n" if timeout_s is not None else "")
    (project / "specs" / name).write_text(text.replace(old, new))
    return name


class ScriptBySpec:
    """A fake-model script entry that answers each request from the script of the spec it belongs to.

    Script it many times (``fake.script(*router.entries())``): each request consumes one entry, which
    pops the next reply of that spec's own script; a spec whose script is used up gets the fake's default
    plain-text reply.
    """

    def __init__(self, scripts: Mapping[str, Sequence[ScriptEntry]]) -> None:
        self._scripts = {title: list(script) for title, script in scripts.items()}
        self._lock = threading.Lock()
        self.requests: dict[str, list[RecordedRequest]] = {title: [] for title in scripts}
        self.unrouted: list[RecordedRequest] = []

    def entries(self, count: int = 400) -> list[ScriptEntry]:
        return [self] * count

    def __call__(self, request: RecordedRequest) -> Reply | None:
        title = next((t for t in self._scripts if f"Spec: {t}\n" in request.system_text), None)
        with self._lock:
            if title is None:
                self.unrouted.append(request)
                return None
            self.requests[title].append(request)
            entry = self._scripts[title].pop(0) if self._scripts[title] else None
        if callable(entry):
            return entry(request)
        return entry


def assert_secret_never_sent(fake: FakeAnthropic, secret: str = SECRET_PASSWORD) -> None:
    """No request the model API received holds the secret (bodies as sent, headers aside)."""
    assert fake.requests, "the model was never called"
    leaked = [i for i, r in enumerate(fake.requests) if secret.encode() in r.raw]
    assert not leaked, f"the secret reached the model in requests {leaked}"


def result_for(requests: Sequence[RecordedRequest], tool_use_id: str) -> dict[str, Any]:
    """The tool_result block for ``tool_use_id`` in the first request that carries it."""
    for request in requests:
        block = request.tool_result(tool_use_id)
        if block is not None:
            return block
    raise AssertionError(f"no request carried the result of {tool_use_id}")
