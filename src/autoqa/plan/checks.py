"""Is a generated spec one ``autoqa run`` can run with no model? Checked before it is ever run.

The same check serves the model planner's ``propose_spec`` tool (its answer goes back to the model, which
can fix the spec) and the validation of every draft before it runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from autoqa.errors import SpecError
from autoqa.secrets import SecretSet
from autoqa.spec.grammar import parse_plain_step
from autoqa.spec.loader import build_spec
from autoqa.spec.model import Spec
from autoqa.spec.spec_parser import parse_spec_text
from autoqa.spec.suggest import nearest_plain


@dataclass(frozen=True, slots=True)
class DraftCheck:
    spec: Spec | None
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.spec is not None and not self.problems


def check_draft(
    text: str,
    path: Path,
    *,
    variables: Mapping[str, str],
    secrets: SecretSet,
    root: Path,
    auth_names: Iterable[str] = (),
    secrets_declared: Iterable[str] = (),
) -> DraftCheck:
    """Parse ``text`` as the spec at ``path``; the problems that keep it from running plain, each one a
    sentence naming the step (and the nearest plain form when there is one)."""
    literal = secrets.names_in(text)
    if literal:
        names = ", ".join("{{" + name + "}}" for name in literal)
        return DraftCheck(None, (f"it holds the value of a secret as written: write {names} instead",))
    try:
        spec = build_spec(
            parse_spec_text(text, path), variables=variables, secrets_declared=secrets_declared, root=root
        )
    except SpecError as exc:
        return DraftCheck(None, (exc.reason + (f" ({exc.hint})" if exc.hint else ""),))
    problems: list[str] = []
    if spec.setup:
        problems.append("a generated spec must not be a `setup:` spec (it would replace the login state)")
    known = set(auth_names)
    if spec.auth and spec.auth not in known:
        have = f"use `auth: {sorted(known)[0]}`" if known else "the crawl was not logged in: drop `auth:`"
        problems.append(f"`auth: {spec.auth}` names no setup spec of this plan ({have})")
    for step in spec.steps:
        if parse_plain_step(step) is not None:
            continue
        where = f"step {step.index}" + (f" ({step.source.name}:{step.line})" if step.source != path else "")
        problem = f'{where} is not in the plain grammar: "{step.text}"'
        suggestion = nearest_plain(step.text) if not step.notes else None
        problems.append(problem + (f"; did you mean: {suggestion}" if suggestion else ""))
    if not any(step.needs_evidence for step in spec.steps):
        problems.append("no step checks anything: add a Verify step or an Expected: clause")
    return DraftCheck(spec, tuple(problems))
