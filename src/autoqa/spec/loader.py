"""Read a spec file into a :class:`Spec`: parse, expand includes, render variables, renumber steps."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from urllib.parse import urlsplit

from autoqa.errors import SpecError
from autoqa.results import Budget
from autoqa.secrets import SecretSet, is_secret_name
from autoqa.spec.front_matter import FrontMatter
from autoqa.spec.grammar_terms import claims
from autoqa.spec.includes import expand_includes
from autoqa.spec.limits import check_spec_size, check_spec_text
from autoqa.spec.model import Spec, Step, StepKind
from autoqa.spec.raw_spec import ParsedSpec, RawStep, SourceText
from autoqa.spec.spec_parser import parse_spec_text
from autoqa.spec.variables import VariableRenderer


def step_kind(text: str) -> StepKind:
    """A step that claims something (:func:`autoqa.spec.grammar_terms.claims`) is an assertion."""
    return StepKind.ASSERTION if claims(text) else StepKind.ACTION


def read_spec_text(path: Path) -> str:
    check_spec_size(path)
    try:
        return check_spec_text(path.read_text(encoding="utf-8"), path)
    except FileNotFoundError:
        raise SpecError("spec file not found", path=path) from None
    except UnicodeDecodeError as exc:
        raise SpecError(f"spec is not UTF-8 text ({exc.reason} at byte {exc.start})", path=path) from None
    except OSError as exc:
        raise SpecError(f"cannot read spec: {exc.strerror or exc}", path=path) from None


def _render_base_url(parsed: ParsedSpec, renderer: VariableRenderer) -> str | None:
    front = parsed.front_matter
    if front is None or front.base_url is None:
        return None
    line = parsed.front_matter_lines.get("base_url", 1)
    url = renderer.render_line(front.base_url, path=parsed.path, line=line).rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SpecError(
            f"front matter base_url must be an http(s) URL, got {url!r}", path=parsed.path, line=line
        )
    return url


def _step(index: int, raw: RawStep, renderer: VariableRenderer) -> Step:
    def render(text: SourceText) -> str:
        return renderer.render(text, path=raw.source)

    return Step(
        index=index,
        text=render(raw.text),
        kind=step_kind(raw.text.text),
        source=raw.source,
        line=raw.line,
        expected=tuple(render(e) for e in raw.expected),
        notes=tuple(render(n) for n in raw.notes),
        optional=raw.optional,
        raw_text=raw.text.text,
        position=raw.position,
        included_at=raw.included_at,
    )


def _time_limit(front: FrontMatter | None) -> float | None:
    if front is None:
        return None
    return front.budget.seconds if front.budget and front.budget.seconds is not None else front.timeout


def build_spec(
    parsed: ParsedSpec, *, variables: Mapping[str, str], secrets_declared: Iterable[str] = (), root: Path
) -> Spec:
    """Turn an already parsed spec into a :class:`Spec` (includes expanded, variables rendered)."""
    front = parsed.front_matter
    declared = frozenset(secrets_declared) | frozenset(front.secrets if front else ())
    values = dict(variables)
    renderer = VariableRenderer(values, declared)
    base_url = _render_base_url(parsed, renderer)
    if base_url is not None:
        renderer.define("BASE_URL", base_url)  # {{BASE_URL}} in this spec means its own base URL
    # Rendered in document order so that the first error reported is the first one in the file.
    if front is not None and front.title is not None:
        title = renderer.render_line(
            front.title, path=parsed.path, line=parsed.front_matter_lines.get("title", 1)
        )
    elif parsed.title is not None:
        title = renderer.render(parsed.title, path=parsed.path)
    else:
        title = parsed.path.stem
    preconditions = tuple(renderer.render(p, path=parsed.path) for p in parsed.preconditions)
    raw_steps = expand_includes(parsed.steps, spec_path=parsed.path, root=root)
    steps = tuple(_step(index, raw, renderer) for index, raw in enumerate(raw_steps, start=1))
    used = renderer.used
    return Spec(
        path=parsed.path,
        title=title,
        preconditions=preconditions,
        steps=steps,
        tags=front.tags if front else (),
        base_url=base_url,
        timeout_s=_time_limit(front),
        budget=Budget(front.budget.seconds, front.budget.usd) if front and front.budget else None,
        secrets=declared | frozenset(name for name in used if is_secret_name(name)),
        setup=front.setup if front else None,
        auth=front.auth if front else None,
        invariants=front.invariants if front else (),
        allowed_failed_requests=front.allowed_failed_requests if front else (),
        error_text=front.error_text if front else (),
        variables=dict(used),
    )


def load_spec(
    path: Path | str,
    *,
    variables: Mapping[str, str],
    secrets_declared: Iterable[str] = (),
    root: Path,
) -> Spec:
    """Read, parse and render the spec at ``path``.

    Args:
        path: the spec file.
        variables: template variable values (see :func:`autoqa.config.resolve_variables`).
        secrets_declared: extra secret variable names (config ``secrets``); front matter adds its own.
        root: the project root, the last place ``include:`` libraries are looked for.

    Raises:
        SpecError: the file cannot be read or parsed, or a variable is unknown or empty.
        IncludeError: an include is invalid, missing or cyclic.

    Example:
        >>> spec = load_spec("specs/login.md", variables={"BASE_URL": "http://127.0.0.1:8000"}, root=root)
    """
    path = Path(path)
    parsed = parse_spec_text(read_spec_text(path), path)
    return build_spec(parsed, variables=variables, secrets_declared=secrets_declared, root=root)


def spec_secrets(spec: Spec, all_values: Mapping[str, str]) -> SecretSet:
    """The secret values a run of ``spec`` must substitute in tools and scrub from everything it writes.

    Includes every secret-looking variable in ``all_values`` (not only those the spec uses): a value the
    spec never references can still show up on a page, and redacting it costs nothing.
    """
    values = {**all_values, **spec.variables}
    return SecretSet(
        {name: value for name, value in values.items() if value and is_secret_name(name, spec.secrets)}
    )
