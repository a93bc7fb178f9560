"""The action IR: one JSON object per successful tool call, appended to a run's ``ir.jsonl``.

A record says what a spec step did in terms that survive the run: the tool and its arguments (secrets as
``{{NAME}}``), the page it happened on, and for element tools the element's fingerprint, its frame chain
and validated locator candidates. Export turns records into pytest code; the step cache turns them into
replayable tool calls.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from autoqa.errors import ExportError
from autoqa.record.fingerprint import Fingerprint
from autoqa.record.frames import FrameRef
from autoqa.record.locator_checks import CandidateCheck
from autoqa.record.locator_spec import LocatorSpec, py_str

IR_VERSION = 1


class ElementRecord(BaseModel):
    """The element an element tool acted on, as captured right before the action."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    fingerprint: Fingerprint
    frames: tuple[FrameRef, ...] = ()
    """Iframes from the outermost in; empty for the main document."""
    candidates: tuple[CandidateCheck, ...] = ()
    """Every candidate tried, best first, with its validation (usable ones have ``ok``)."""
    group_size: int | None = None
    """Set when the call was about several elements (``assert_count``, a visible check that matched
    several): candidates then match exactly that many elements, ours among them."""
    error: str | None = None
    """Why capture failed (the element vanished, a timeout); the action itself still ran."""

    @property
    def chosen(self) -> LocatorSpec | None:
        """The best validated locator for exported code."""
        return next((c.locator for c in self.candidates if c.ok), None)

    def locator_code(self) -> str | None:
        """The chosen locator as pytest-playwright code, inside its iframes (``page.frame_locator(…)…``):
        the one spelling the cache, export readers and heal reports compare."""
        chosen = self.chosen
        if chosen is None:
            return None
        scope = "page" + "".join(f".frame_locator({py_str(frame.selector)})" for frame in self.frames)
        return chosen.code(scope)

    @property
    def replay_target(self) -> str | None:
        """The best validated tool-layer target for replay."""
        return next((c.replay_target for c in self.candidates if c.replay_target), None)


class TextLocation(BaseModel):
    """Where a text assertion found its text, so exported code can look in the same document."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    frames: tuple[FrameRef, ...] = ()
    matches: int = 0
    """Elements ``get_by_text`` finds in that document (0: the text spans elements; check the body)."""
    visible: int = 0


class DialogSeen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    message: str = ""
    handled_as: str = "accept"


class IRRecord(BaseModel):
    """One successful tool call of a spec run."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = IR_VERSION
    seq: int
    run_id: str = ""
    spec: str = ""
    """The spec file as given to the run."""
    step: int | None = None
    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    """As called, with secret values replaced by ``{{NAME}}`` placeholders."""
    page_url: str = ""
    page_index: int = 0
    """Which tab the call ran in (0 = the first page; popups follow in opening order)."""
    element: ElementRecord | None = None
    popup: int | None = None
    """Index of the tab this call opened (a link with target=_blank), if any."""
    dialogs: tuple[DialogSeen, ...] = ()
    """JS dialogs that appeared during the call and how they were answered."""
    text: TextLocation | None = None
    """For text assertions and waits: where the text was found."""
    data: dict[str, Any] = Field(default_factory=dict)
    """A few facts from the result that export needs (``selected`` option, navigated ``url``)."""
    to_element: ElementRecord | None = None
    """For a drag: the element it was dropped on, captured as the element is."""
    masks: tuple[ElementRecord, ...] = ()
    """For a visual check: the elements its ``ignore`` targets named (each may be several), so the
    exported test paints over the same regions."""
    timestamp: float = 0.0

    def to_line(self) -> str:
        return json.dumps(self.model_dump(mode="json", exclude_defaults=False), ensure_ascii=False)


class IRWriter:
    """Appends records to ``path`` (created on the first write), one flushed line each.

    Each line goes out in one ``write`` on a file opened for appending, so a crash leaves at most the last
    line cut short — :func:`read_ir` ignores such a tail.
    """

    def __init__(self, path: Path | str, *, redact: Callable[[str], str] | None = None) -> None:
        self.path = Path(path)
        self._redact = redact
        """Applied to each line: page URLs carry what the page put there (a secret, URL-encoded)."""
        self._handle: IO[str] | None = None
        self._lock = threading.Lock()
        self.error: OSError | None = None
        """The first write that failed (a full disk, the run folder gone): writing never fails a spec."""

    def write(self, record: IRRecord) -> None:
        line = record.to_line()
        line = (self._redact(line) if self._redact else line) + "\n"
        with self._lock:
            try:
                if self._handle is None:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    self._handle = self.path.open("a", encoding="utf-8", errors="replace", newline="\n")
                self._handle.write(line)
                self._handle.flush()
            except OSError as exc:
                self.error = self.error or exc

    def close(self) -> None:
        with self._lock:
            if self._handle is not None:
                self._handle.close()
                self._handle = None

    def __enter__(self) -> IRWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_ir(path: Path | str) -> list[IRRecord]:
    """All records of an ``ir.jsonl``. A cut-off last line (a killed run) is skipped.

    Raises:
        ExportError: the file is missing, or a line other than the last is not a valid record.
    """
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise ExportError(
            f"no action record at {path}", hint="run the spec first; passing runs write ir.jsonl"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ExportError(f"cannot read {path}: {exc}") from None
    records: list[IRRecord] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append(IRRecord.model_validate_json(line))
        except ValidationError as exc:
            if number == len(lines):
                break  # the run was killed while writing this line
            problem = exc.errors(include_url=False, include_input=False)[0]
            where = ".".join(str(p) for p in problem["loc"]) or "record"
            raise ExportError(f"{path}:{number}: not an action record ({where}: {problem['msg']})") from None
    return records


def records_for(records: list[IRRecord], spec_path: Path | str) -> list[IRRecord]:
    """The records of one spec (matched by resolved path, then by file name when that is unambiguous)."""
    wanted = Path(spec_path)
    exact = [r for r in records if r.spec and _same_path(Path(r.spec), wanted)]
    if exact:
        return exact
    by_name = [r for r in records if r.spec and Path(r.spec).name == wanted.name]
    return by_name if len({r.spec for r in by_name}) == 1 else []


def _same_path(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b
