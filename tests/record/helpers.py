"""Recording the bundled demo specs through the real tool layer (plain grammar, no model).

Shared by the record, export and replay tests (``from record.helpers import …``). A whole-suite recording
is made once per session and demo server, then reused read-only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, BrowserContext

from autoqa.demo_app import SPECS_DIR
from autoqa.demo_app.server import DemoServer
from autoqa.execute.plain import plan_plain, run_plain
from autoqa.execute.recording import RecordingCaller
from autoqa.record import IRRecord, IRWriter, Recorder
from autoqa.results import SpecResult
from autoqa.secrets import SecretSet
from autoqa.spec.loader import load_spec
from autoqa.spec.model import Spec
from autoqa.tools import ToolContext

DEMO_SPECS = SPECS_DIR
SUITE = ("01-login.md", "02-bad-password.md", "03-checkout.md", "04-playground.md", "05-long-list.md")
VIEWPORT = {"width": 1280, "height": 800}


def variables(server: DemoServer) -> dict[str, str]:
    return {
        "BASE_URL": server.url,
        "USERNAME": server.credentials.username,
        "PASSWORD": server.credentials.password,
    }


def load_demo_spec(name: str, server: DemoServer, root: Path = DEMO_SPECS) -> Spec:
    return load_spec(root / name, variables=variables(server), root=root)


def secrets_of(server: DemoServer) -> dict[str, str]:
    return {"PASSWORD": server.credentials.password}


def PlainCaller(ctx: ToolContext) -> RecordingCaller:
    """The run's recording caller with no recorder (what replay runs on)."""
    return RecordingCaller(ctx, secrets=SecretSet(ctx.secrets))


def recording_caller(recorder: Recorder) -> RecordingCaller:
    """The run's recording caller, recording the IR into ``recorder``."""
    return RecordingCaller(recorder.ctx, secrets=SecretSet(recorder.ctx.secrets), recorder=recorder)


async def new_context(
    browser: Browser, server: DemoServer, storage_state: Any = None
) -> tuple[BrowserContext, ToolContext]:
    context = await browser.new_context(base_url=server.url, viewport=VIEWPORT, storage_state=storage_state)
    page = await context.new_page()
    return context, ToolContext(context=context, page=page, base_url=server.url, secrets=secrets_of(server))


@dataclass(frozen=True, slots=True)
class Recording:
    spec: Spec
    result: SpecResult
    records: tuple[IRRecord, ...]
    storage_state: Any


async def record_spec(
    browser: Browser,
    server: DemoServer,
    name: str,
    *,
    storage_state: Any = None,
    ir_path: Path | None = None,
    root: Path = DEMO_SPECS,
) -> Recording:
    spec = load_demo_spec(name, server, root)
    context, ctx = await new_context(browser, server, storage_state)
    try:
        writer = IRWriter(ir_path) if ir_path is not None else None
        recorder = Recorder(ctx, writer, spec_path=spec.path, run_id="test")
        caller = recording_caller(recorder)
        result = await run_plain(spec, plan_plain(spec), caller)
        if writer is not None:
            writer.close()
        state = await context.storage_state() if spec.setup else None
        return Recording(spec, result, tuple(recorder.records), state)
    finally:
        await context.close()


_SUITES: dict[str, dict[str, Recording]] = {}


async def record_suite(browser: Browser, server: DemoServer) -> dict[str, Recording]:
    """Every demo spec of ``SUITE`` recorded once per server (``auth: login`` starts from 01-login)."""
    if server.url in _SUITES:
        return _SUITES[server.url]
    out: dict[str, Recording] = {}
    for name in SUITE:
        state = out["01-login.md"].storage_state if name == "03-checkout.md" else None
        out[name] = await record_spec(browser, server, name, storage_state=state)
        result = out[name].result
        assert result.outcome == "passed", (
            f"recording {name} failed at step {result.failed_step}: {result.reason}"
        )
    _SUITES[server.url] = out
    return out
