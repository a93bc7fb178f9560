"""The bundled demo shop that tests, examples, benchmarks and ``autoqa demo`` run against."""

from autoqa.demo_app.bugs import KNOWN_BUGS
from autoqa.demo_app.handler import SPECS_DIR
from autoqa.demo_app.server import DemoServer, serve_forever

__all__ = ["KNOWN_BUGS", "SPECS_DIR", "DemoServer", "serve_forever"]
