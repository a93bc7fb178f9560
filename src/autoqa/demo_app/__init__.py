"""The bundled demo shop that tests, examples, benchmarks and ``autoqa demo`` run against."""

from autoqa.demo_app.bugs import KNOWN_BUGS
from autoqa.demo_app.server import DemoServer, serve_forever

__all__ = ["KNOWN_BUGS", "DemoServer", "serve_forever"]
