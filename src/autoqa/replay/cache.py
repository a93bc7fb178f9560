"""``StepCache``: per-spec replay plans under a folder (default ``specs/.autoqa/<spec-slug>.json``).

* ``lookup(spec)`` → :class:`CachePlan`: the cached steps that are still valid, in order from step 1,
  and where (and why) replay has to hand over;
* ``update(spec, records, result)`` writes the plan of a **passing** run only — never a failing or
  partial one (Midscene's lesson: a fallback baked into the cache makes every later run flaky). Steps the
  run did not record (replayed before a heal) keep their still-valid cached calls.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from autoqa.artifacts.atomic import write_text_atomic
from autoqa.landmarks import TARGETS as LANDMARK_TARGETS
from autoqa.record.ir import IRRecord
from autoqa.record.skip import probe_actions, skip_target, without_skips
from autoqa.replay.cache_file import CACHE_VERSION, CachedCall, CachedStep, CacheFile
from autoqa.replay.keys import step_keys
from autoqa.results import Outcome, SpecResult, StepStatus
from autoqa.secrets import PLACEHOLDER, SecretSet, is_secret_name
from autoqa.spec.grammar import parse_plain_step
from autoqa.spec.model import Spec, Step
from autoqa.spec.slug import slugify_path
from autoqa.target_items import item_position

DEFAULT_CACHE_DIR = Path("specs/.autoqa")
_ELEMENT_ARGS = ("ref", "target", "to_ref", "to_target")
_MIN_VARIABLE_LEN = 3
_UNRENDERED = frozenset({"BASE_URL", "LOGIN_BASE_URL"})
"""Kept as written: URLs are relative to the run's base URL already."""


@dataclass(frozen=True, slots=True)
class CachePlan:
    """What replay can do for a spec: ``steps`` are valid cached steps 1..k, in order."""

    spec_path: Path
    cache_path: Path
    steps: tuple[CachedStep, ...]
    first_uncached: int | None
    """The first step replay cannot do (the agent takes over there); None when every step is cached."""
    reason: str | None = None
    """Why ``first_uncached`` is not cached: no cache file, the step changed, it was never cacheable…"""

    @property
    def complete(self) -> bool:
        return self.first_uncached is None

    @property
    def usable(self) -> tuple[int, ...]:
        return tuple(step.index for step in self.steps)

    def step(self, index: int) -> CachedStep | None:
        return next((s for s in self.steps if s.index == index), None)


class StepCache:
    """The cache folder. ``root`` is what spec paths are made relative to for file names (default cwd)."""

    def __init__(self, directory: Path | str = DEFAULT_CACHE_DIR, *, root: Path | None = None) -> None:
        self.directory = Path(directory)
        self.root = root

    def path_for(self, spec: Spec) -> Path:
        return self.directory / f"{slugify_path(spec.path, self.root)}.json"

    def load(self, spec: Spec) -> tuple[CacheFile | None, str | None]:
        """The cache file, or None with the reason (missing, unreadable, invalid, other version)."""
        path = self.path_for(spec)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None, f"no cache file {path}"
        except (OSError, UnicodeDecodeError) as exc:
            return None, f"cache file {path} is unreadable ({exc})"
        try:
            data = CacheFile.model_validate_json(text)
        except ValidationError as exc:
            problem = _schema_problem(exc, text)
            return None, f"cache file {path} is invalid ({problem}); not replayed (a passing run rewrites it)"
        if data.version != CACHE_VERSION:
            return None, f"cache file {path} has version {data.version}, expected {CACHE_VERSION}"
        return data, None

    def lookup(self, spec: Spec) -> CachePlan:
        """The usable prefix of the cached steps for the spec as it is now."""
        path = self.path_for(spec)
        data, problem = self.load(spec)
        if data is None:
            first = spec.steps[0].index if spec.steps else None
            return CachePlan(spec.path, path, (), first, problem)
        cached = {step.index: step for step in data.steps}
        usable: list[CachedStep] = []
        for step, key in zip(spec.steps, step_keys(spec.steps), strict=True):
            entry = cached.get(step.index)
            if entry is None:
                return CachePlan(
                    spec.path, path, tuple(usable), step.index, f"step {step.index} was never cached"
                )
            if entry.key != key:
                reason = f"step {step.index} is new or changed since it was cached (so is every later step)"
                return CachePlan(spec.path, path, tuple(usable), step.index, reason)
            if entry.reading is not None and plain_reading(step) != entry.reading:
                reason = (
                    f"step {step.index} was cached from a plain reading this version of autoqa reads "
                    "otherwise (a reading changed or withdrawn as wrong)"
                )
                return CachePlan(spec.path, path, tuple(usable), step.index, reason)
            usable.append(entry)
        return CachePlan(spec.path, path, tuple(usable), None, None)

    def update(
        self,
        spec: Spec,
        records: Sequence[IRRecord],
        result: SpecResult,
        *,
        previous: CachePlan | None = None,
        test_id_attribute: str = "data-testid",
        secrets: SecretSet | None = None,
    ) -> Path | None:
        """Write the cache from a passing run; returns the path, or None when nothing was written.

        Steps are cached from the start up to the first step that cannot be (an element without a
        locator the tools can resolve). ``previous`` supplies still-valid steps the run did not record.
        A secret value a step held as written is stored as its ``{{NAME}}`` placeholder: the cache is
        committed, and replay substitutes the value back inside the tools.
        """
        if result.outcome is not Outcome.PASSED:
            return None
        plan = build_steps(spec, records, result, previous=previous, test_id_attribute=test_id_attribute)
        if secrets:
            plan = [_with_placeholders(step, secrets) for step in plan]
        if not plan:
            return None
        path = self.path_for(spec)
        current, _ = self.load(spec)
        if current is not None and current.steps == tuple(plan) and current.title == spec.title:
            return path  # unchanged: keep the file (and its timestamp) as it is
        data = CacheFile(
            spec=_label(spec.path, self.root),
            title=spec.title,
            updated=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            steps=tuple(plan),
        )
        write_text_atomic(path, data.to_text())
        return path


def plain_reading(step: Step) -> str | None:
    """A digest of the plain grammar's reading of ``step`` (its tool calls and their arguments as read),
    or None when the grammar does not read it. Read from the text as written, as the key is: a variable's
    value (a per-environment URL) is no change of reading."""
    read = parse_plain_step(dataclasses.replace(step, text=step.raw_text or step.text))
    if read is None:
        return None
    calls = [[action.tool, action.args, action.optional] for action in read.actions]
    material = json.dumps(calls, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(material.encode("utf-8")).hexdigest()[:16]


def _with_placeholders(step: CachedStep, secrets: SecretSet) -> CachedStep:
    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return secrets.as_placeholders(value)
        if isinstance(value, list | tuple):
            return [walk(v) for v in value]
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        return value

    return CachedStep.model_validate(walk(step.model_dump()))


def build_steps(
    spec: Spec,
    records: Sequence[IRRecord],
    result: SpecResult,
    *,
    previous: CachePlan | None = None,
    test_id_attribute: str = "data-testid",
) -> list[CachedStep]:
    """The cacheable prefix of a passing run as cache entries. A step this run recorded in a way that cannot
    be cached (a replayed ``css=`` group whose recapture found no exact locator) keeps the entry it was
    replayed from: a replayed pass must never shorten the cache it ran on."""
    statuses = {step.index: step.status for step in result.steps}
    by_step: dict[int, list[IRRecord]] = {}
    for record in sorted(records, key=lambda r: r.seq):
        if record.step is not None:
            by_step.setdefault(record.step, []).append(record)
    out: list[CachedStep] = []
    for step, key in zip(spec.steps, step_keys(spec.steps), strict=True):
        recorded = by_step.get(step.index, [])
        step_records = without_skips(recorded)
        entry: CachedStep | None
        kept = previous.step(step.index) if previous is not None else None
        if kept is not None and kept.key != key:
            kept = None
        if step_records:
            calls = _calls(step, step_records, spec, test_id_attribute)
            entry = (
                CachedStep(
                    index=step.index,
                    text=step.text,
                    key=key,
                    optional=step.optional,
                    calls=calls,
                    reading=plain_reading(step),
                )
                if calls
                else kept  # this run's recording cannot be cached, but the entry it replayed still holds
            )
        elif step.optional and statuses.get(step.index) is StepStatus.SKIPPED:
            entry = _skipped_optional(step, key, skip_target(recorded))
        else:
            entry = kept
        if entry is None:
            break
        out.append(entry)
    return out


def _calls(
    step: Step, records: Sequence[IRRecord], spec: Spec, test_id_attribute: str
) -> tuple[CachedCall, ...] | None:
    variables = _step_variables(step, spec)
    calls: list[CachedCall] = []
    for record in records:
        args = {k: _templated(v, variables) for k, v in record.args.items() if k not in _ELEMENT_ARGS}
        locator = element = None
        target = record.args.get("target")
        if item_position(target) is not None or target in LANDMARK_TARGETS:
            # A position in the main list (or a landmark: the page's header, sidebar…) is the claim: replay
            # asks for it again, never for the element that happened to be there when the spec was recorded.
            args["target"] = record.args["target"]
            element = record.element.fingerprint.summary() or None if record.element is not None else None
        elif record.element is not None:
            target = record.element.replay_target
            if target is None:
                return None  # the tools could not find this element again without guessing
            args["target"] = target
            locator = record.element.locator_code()
            element = record.element.fingerprint.summary() or None
        elif any(k in record.args for k in _ELEMENT_ARGS) and record.tool not in _TARGET_OPTIONAL:
            return None
        elif "ref" in record.args:
            return None  # a snapshot ref means nothing in another run
        elif "target" in record.args:
            args["target"] = _templated(record.args["target"], variables)
        if record.tool == "drag":
            # Where it was dropped: found again as the dragged element is, else as the step named it (the
            # tool dropped on the one element that name resolved to; a ref means nothing in another run).
            validated = record.to_element.replay_target if record.to_element is not None else None
            dropped_on = validated or record.args.get("to_target")
            if not isinstance(dropped_on, str):
                return None
            args["to_target"] = dropped_on if validated else _templated(dropped_on, variables)
        calls.append(CachedCall(tool=record.tool, args=args, locator=locator, element=element))
    return tuple(calls)


# Element assertions that succeed without an element (the element is absent): their description stays.
_TARGET_OPTIONAL = frozenset({"assert_element_hidden", "wait_for"})


def _skipped_optional(step: Step, key: str, target: str | None) -> CachedStep:
    """A step skipped when recorded replays as a probe: done if its element shows up, else skipped."""
    calls = tuple(CachedCall(tool=a.tool, args=dict(a.args)) for a in probe_actions(step, target))
    return CachedStep(
        index=step.index, text=step.text, key=key, optional=True, calls=calls, skipped_when_recorded=True
    )


def _step_variables(step: Step, spec: Spec) -> dict[str, str]:
    """Non-secret variables the step's raw text uses: their values go back to ``{{NAME}}`` in the cache."""
    mentioned = {m.group(1) for m in PLACEHOLDER.finditer(step.raw_text + " " + " ".join(step.expected))}
    return {
        name: value
        for name, value in spec.variables.items()
        if name in mentioned
        and not is_secret_name(name, spec.secrets)
        and name not in _UNRENDERED
        and len(value) >= _MIN_VARIABLE_LEN
    }


def _templated(value: Any, variables: Mapping[str, str]) -> Any:
    if not isinstance(value, str):
        return value
    for name, text in sorted(variables.items(), key=lambda kv: -len(kv[1])):
        value = value.replace(text, "{{" + name + "}}")
    return value


def render_args(args: Mapping[str, Any], spec: Spec) -> dict[str, Any]:
    """Cached args as tool arguments: non-secret ``{{NAME}}`` get the spec's values (secrets: the tools')."""

    def render(value: Any) -> Any:
        if not isinstance(value, str):
            return value

        def repl(match: Any) -> str:
            name = match.group(1)
            if is_secret_name(name, spec.secrets) or name not in spec.variables:
                return str(match.group(0))
            return spec.variables[name]

        return PLACEHOLDER.sub(repl, value)

    return {key: render(value) for key, value in args.items()}


def _schema_problem(exc: ValidationError, text: str) -> str:
    """The first schema error, with the spec step it is in: ``step 2: steps.1.calls.0.tool: …``.

    ``loc`` counts list positions from 0; a reader edits by step number, so the entry's own ``index`` (when
    the JSON has one) is named too.
    """
    errors = exc.errors(include_url=False, include_input=False)
    problem = errors[0]
    loc = problem["loc"]
    where = ".".join(str(p) for p in loc) or "file"
    step = _step_at(text, loc[1]) if len(loc) > 1 and loc[0] == "steps" and isinstance(loc[1], int) else None
    if step is not None:
        where = f"step {step}: {where}"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {problem['msg']}{more}"


def _step_at(text: str, position: int) -> int | None:
    """The ``index`` of the ``position``-th entry of ``steps`` in the raw JSON, when it has a usable one."""
    try:
        entry = json.loads(text)["steps"][position]
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    index = entry.get("index") if isinstance(entry, dict) else None
    return index if isinstance(index, int) and not isinstance(index, bool) and index >= 1 else None


def _label(path: Path, root: Path | None) -> str:
    try:
        return path.resolve().relative_to((root or Path.cwd()).resolve()).as_posix()
    except ValueError:
        return path.as_posix()
