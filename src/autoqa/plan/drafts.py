"""Generated specs before they have run: a name, a kind and the Markdown a person could have written."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import yaml

DraftKind = Literal["smoke", "form", "flow"]
_UNSAFE = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True, slots=True)
class SpecDraft:
    name: str
    """File stem, unique within one plan (``smoke-contact``, ``form-contact-submit``, ``flow-1-…``)."""
    kind: DraftKind
    """``smoke`` and ``form`` come from the crawl alone; ``flow`` from the model planner."""
    title: str
    text: str
    """The spec's Markdown, in the plain grammar."""
    source: str
    """The page URL it was written from, or ``planner``."""


def slug(text: str, fallback: str = "page", limit: int = 50) -> str:
    return _UNSAFE.sub("-", text.lower()).strip("-")[:limit].strip("-") or fallback


def unique_names(drafts: Iterable[SpecDraft], taken: Iterable[str] = ()) -> list[SpecDraft]:
    """The drafts with names made unique (``-2``, ``-3`` …), in order."""
    seen = set(taken)
    out = []
    for draft in drafts:
        name, n = draft.name, 1
        while name in seen:
            n += 1
            name = f"{draft.name}-{n}"
        seen.add(name)
        out.append(draft if name == draft.name else replace(draft, name=name))
    return out


def render_spec(
    title: str,
    *,
    steps: Sequence[str],
    preconditions: Sequence[str],
    tags: Sequence[str] = (),
    auth: str | None = None,
    note: str | None = None,
    invariants: Sequence[str] = (),
) -> str:
    """A spec in the layout the parser reads: front matter, ``# title``, a note, Preconditions, Steps."""
    front: dict[str, object] = {"title": title, "tags": list(tags)}
    if auth:
        front["auth"] = auth
    if invariants:
        front["invariants"] = list(invariants)
    head = yaml.safe_dump(front, sort_keys=False, allow_unicode=True, width=1000).strip()
    lines = ["---", head, "---", f"# {title}", ""]
    if note:
        lines += [note, ""]
    lines += ["## Preconditions", *(f"- {p}" for p in preconditions), "", "## Steps"]
    lines += [f"{n}. {step}" for n, step in enumerate(steps, start=1)]
    return "\n".join(lines) + "\n"


def with_rejection(text: str, reason: str) -> str:
    """``text`` with a note under its ``# title`` saying why it was not kept (the spec still parses)."""
    note = f"> Rejected by `autoqa plan`: {' '.join(reason.split())}"
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if line.startswith("# ")), None)
    if at is None:
        return f"{note}\n\n{text}"
    return "\n".join([*lines[: at + 1], "", note, *lines[at + 1 :]]) + "\n"
