"""The bundled demo shop that tests, examples, benchmarks and ``autoqa demo`` run against."""

from pathlib import Path

from autoqa.demo_app.bugs import KNOWN_BUGS
from autoqa.demo_app.server import DemoServer, serve_forever

SPECS_DIR = Path(__file__).parent / "specs"
"""The example specs (the repository's top-level ``specs/``; a link here, so they ship with the package)."""

__all__ = ["KNOWN_BUGS", "SPECS_DIR", "DemoServer", "serve_forever"]
