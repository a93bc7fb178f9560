"""The Playwright tool layer: browser tools that return :class:`ToolResult` values and never raise.

Call a tool by name through :func:`call_tool`; the specs in :data:`TOOLS` describe each tool's arguments
(a pydantic model) for a model or a deterministic executor.

Example::

    ctx = ToolContext(context=browser_context, page=page, base_url="http://127.0.0.1:8000")
    result = await call_tool(ctx, "navigate", {"url": "/login.html"})
    result = await call_tool(ctx, "fill", {"target": "Username", "value": "demo"})
"""

from autoqa.tools.call import call_tool
from autoqa.tools.caller import ToolCaller
from autoqa.tools.context import ToolContext, ToolSettings
from autoqa.tools.playwright_errors import map_playwright_error
from autoqa.tools.registry import TOOLS
from autoqa.tools.result import RETRIABLE, ErrorCode, Screenshot, ToolError, ToolFailure, ToolResult
from autoqa.tools.snapshot import take_snapshot
from autoqa.tools.spec import ToolKind, ToolSpec

__all__ = [
    "RETRIABLE",
    "TOOLS",
    "ErrorCode",
    "Screenshot",
    "ToolCaller",
    "ToolContext",
    "ToolError",
    "ToolFailure",
    "ToolKind",
    "ToolResult",
    "ToolSettings",
    "ToolSpec",
    "call_tool",
    "map_playwright_error",
    "take_snapshot",
]
