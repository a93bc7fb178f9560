"""``RecorderCaller``: a :class:`~autoqa.tools.ToolCaller` that records as it calls tools.

For library use and tests; the runner's own caller calls the same two recorder hooks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from autoqa.record.recorder import Recorder
from autoqa.tools import ToolResult, call_tool


class RecorderCaller:
    """Runs tools on the recorder's context and records every call.

    Example::

        recorder = Recorder(ctx, IRWriter(path), spec_path=spec.path)
        result = await run_plain(spec, plan_plain(spec), RecorderCaller(recorder))
    """

    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder
        recorder.ctx.element_hook = recorder.before_element_action

    async def __call__(self, name: str, args: Mapping[str, Any], *, step: int | None = None) -> ToolResult:
        ctx = self.recorder.ctx
        result = await call_tool(ctx, name, args)
        await self.recorder.after_call(step, name, dict(args or {}), result, ctx.page.url)
        return result
