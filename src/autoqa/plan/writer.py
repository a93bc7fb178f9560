"""What ``autoqa plan`` writes, and the one way it is written: redacted, secrets as ``{{NAME}}``.

Every file of the plan — the graph, the elements, the transcripts, the test plan, the summary and the
generated specs — goes through the run's :class:`~autoqa.artifacts.redact.Redactor` (secret values in every
spelling, credentials by shape, the home folder). Where the run's other files say ``<secret:NAME>``, these
say ``{{NAME}}``: a generated spec then names the variable the way a person writes it, and a spec that ran
with the value substituted in is written back with the placeholder.

Layout under the run folder::

    plan-explore/explore-graph.json, explore-elements.json, explore-transcript.jsonl
    plan/test-plan.json, plan-summary.json, planner-transcript.jsonl
    plan/specs/<name>.md        kept: it passed when run once
    plan/rejected/<name>.md     it did not (the reason is under its title and in test-plan.json)
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from autoqa.artifacts.atomic import write_text_atomic
from autoqa.artifacts.jsonl import RedactedJsonl
from autoqa.artifacts.redact import Redactor

PLAN_DIR = "plan"
SPECS_DIR = "specs"
REJECTED_DIR = "rejected"
TEST_PLAN_FILE = "test-plan.json"
SUMMARY_FILE = "plan-summary.json"
PLANNER_TRANSCRIPT_FILE = "planner-transcript.jsonl"
_MARKER = re.compile(r"<secret:([A-Za-z_][A-Za-z0-9_]*)>")


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class PlaceholderRedactor(Redactor):
    """The run's redaction, with each secret written as its ``{{NAME}}`` placeholder."""

    @classmethod
    def of(cls, redactor: Redactor) -> PlaceholderRedactor:
        return cls(redactor.secrets, home=redactor.home)

    def text(self, text: str) -> str:
        return _MARKER.sub(lambda m: "{{" + m.group(1) + "}}", super().text(text))


class PlanWriter:
    """Writes the plan's files under one run folder and remembers what it wrote, in order."""

    def __init__(self, run_dir: Path, redactor: Redactor) -> None:
        self.run_dir = run_dir
        self.redactor = PlaceholderRedactor.of(redactor)
        self.written: list[Path] = []

    def text(self, relative: str | Path, text: str) -> Path:
        path = self.run_dir / relative
        write_text_atomic(path, self.redactor.text(text))
        self._note(path)
        return path

    def json(self, relative: str | Path, value: Any) -> Path:
        data = json.dumps(self.redactor.value(value), indent=2, ensure_ascii=False)
        return self.text(relative, data + "\n")

    def jsonl(self, relative: str | Path) -> RedactedJsonl:
        """An append-only transcript (redacted per line); noted as written when it is created."""
        path = self.run_dir / relative
        self._note(path)
        return RedactedJsonl(path, self.redactor)

    def move(self, path: Path, relative: str | Path, text: str) -> Path:
        """Write ``text`` at ``relative`` and remove ``path`` (a draft that went elsewhere)."""
        moved = self.text(relative, text)
        if path != moved:
            path.unlink(missing_ok=True)
            self.written = [p for p in self.written if p != path]
        return moved

    def _note(self, path: Path) -> None:
        if path not in self.written:
            self.written.append(path)

    def relative(self, path: Path) -> str:
        try:
            return path.relative_to(self.run_dir).as_posix()
        except ValueError:
            return str(path)
