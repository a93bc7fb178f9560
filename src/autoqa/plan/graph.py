"""The explored site as data: what the crawl of ``autoqa plan-explore`` saw, page by page.

One pydantic model is both what the crawl writes (``plan-explore/explore-graph.json``) and what
``plan-generate`` reads back, so a graph edited by hand is validated before anything is generated from it.
Everything in it was observed in the browser; nothing comes from a model.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, ValidationError

from autoqa.errors import UsageError

GRAPH_VERSION = 1
GRAPH_FILE = "explore-graph.json"
ELEMENTS_FILE = "explore-elements.json"
TRANSCRIPT_FILE = "explore-transcript.jsonl"
EXPLORE_DIR = "plan-explore"


def page_key(url: str) -> str:
    """One key per page: scheme and host lower-cased, default ports dropped, no fragment."""
    parts = urlsplit(url)
    netloc = (parts.hostname or "").lower()
    with contextlib.suppress(ValueError):
        if parts.port and (parts.scheme.lower(), parts.port) not in (("http", 80), ("https", 443)):
            netloc += f":{parts.port}"
    return urlunsplit((parts.scheme.lower(), netloc, parts.path or "/", parts.query, ""))


def page_path(url: str) -> str:
    parts = urlsplit(url)
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


class _Value(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Heading(_Value):
    level: int
    text: str


class Landmark(_Value):
    role: str
    name: str = ""


class Link(_Value):
    url: str
    text: str = ""
    kind: Literal["link", "frame"] = "link"
    """``frame``: the ``src`` of an iframe (its document is a page too)."""
    followed: bool = False
    reason: str | None = None
    """Why the crawl did not follow it (off-origin, a logout link, a file, beyond ``explore_max_depth``)."""


class FormField(_Value):
    label: str
    type: str
    name: str = ""
    required: bool = False


class FormProbe(_Value):
    """What submitting the form with every field left empty showed (the crawl types nothing)."""

    submitted: bool
    """The crawl clicked its submit button (the browser's own validation may still have held it back:
    ``reason`` says so)."""
    button: str | None = None
    reason: str | None = None
    """Why it was not submitted, or what got in the way."""
    messages: tuple[str, ...] = ()
    """Text that became visible after the submit and was not there before (validation messages)."""
    url_after: str | None = None
    """Set when the submit led to another page (its messages are not this page's)."""


class Form(_Value):
    name: str = ""
    action: str = ""
    method: str = "get"
    fields: tuple[FormField, ...] = ()
    buttons: tuple[str, ...] = ()
    probe: FormProbe | None = None


class Page(_Value):
    id: str
    url: str
    """The URL the page was recorded at (after redirects)."""
    path: str
    """``url``'s path and query: what a spec navigates to."""
    depth: int
    status: int | None = None
    title: str = ""
    headings: tuple[Heading, ...] = ()
    landmarks: tuple[Landmark, ...] = ()
    links: tuple[Link, ...] = ()
    forms: tuple[Form, ...] = ()
    reached_from: tuple[str, ...] = ()
    """Other URLs the crawl requested that redirected here."""
    console_errors: tuple[str, ...] = ()
    """Console errors and uncaught exceptions seen while the page loaded (first few, redacted)."""

    @property
    def main_heading(self) -> str | None:
        """The first level-1 heading, else the first heading of any level."""
        first = next((h for h in self.headings if h.level == 1), None) or next(iter(self.headings), None)
        return first.text if first is not None else None


class Edge(_Value):
    source: str
    """Page id."""
    target: str
    """Page id."""
    kind: Literal["link", "frame", "redirect"] = "link"
    text: str = ""


class Unvisited(_Value):
    url: str
    depth: int
    reason: Literal["max_pages", "max_depth", "timeout"]


class FailedPage(_Value):
    url: str
    error: str


class Guardrail(_Value):
    name: Literal["explore_max_pages", "explore_max_depth", "explore_timeout_s"]
    limit: float
    actual: float

    def describe(self) -> str:
        return f"{self.name}: limit={self.limit:g} actual={self.actual:g}"


class Limits(_Value):
    max_pages: int
    max_depth: int
    timeout_s: float


class AuthState(_Value):
    """The ``setup:`` spec whose storage state the crawl started from."""

    spec: str
    """Its path, relative to the project root when under it."""
    name: str
    """Its ``setup:`` name; generated specs say ``auth: <name>``."""


class ExploreGraph(_Value):
    version: int = GRAPH_VERSION
    run_id: str
    generated_at: str
    start_url: str
    base_url: str
    auth: AuthState | None = None
    limits: Limits
    pages: tuple[Page, ...] = ()
    edges: tuple[Edge, ...] = ()
    failed: tuple[FailedPage, ...] = ()
    unvisited: tuple[Unvisited, ...] = ()
    guardrails: tuple[Guardrail, ...] = ()
    """Every limit that left reachable pages unvisited: the graph is partial when there is one."""
    duration_s: float = 0.0

    @property
    def partial(self) -> bool:
        return bool(self.guardrails)


def load_graph(path: Path) -> ExploreGraph:
    """Read and validate an ``explore-graph.json``; raises UsageError naming the file and the problem."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(
            f"{path}: no exploration graph here", hint="run `autoqa plan-explore --url URL` first"
        ) from None
    except (OSError, ValueError) as exc:
        raise UsageError(f"{path}: cannot read the exploration graph: {exc}") from None
    if isinstance(data, dict) and data.get("version") not in (None, GRAPH_VERSION):
        raise UsageError(f"{path}: graph version {data.get('version')!r} is not {GRAPH_VERSION}")
    try:
        return ExploreGraph.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise UsageError(f"{path}: invalid exploration graph at {where}: {first['msg']}") from None
