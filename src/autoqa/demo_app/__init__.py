"""The bundled demo shop that tests, examples, benchmarks and ``autoqa demo`` run against."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from autoqa.demo_app.bugs import KNOWN_BUGS

if TYPE_CHECKING:
    from autoqa.demo_app.handler import SPECS_DIR
    from autoqa.demo_app.server import DemoServer, serve_forever

__all__ = ["KNOWN_BUGS", "SPECS_DIR", "DemoServer", "serve_forever"]


def __getattr__(name: str) -> Any:
    # The server (http.server, sockets) loads on first use: the CLI reads KNOWN_BUGS for its help text.
    if name == "SPECS_DIR":
        from autoqa.demo_app.handler import SPECS_DIR

        return SPECS_DIR
    if name in ("DemoServer", "serve_forever"):
        from autoqa.demo_app import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
