"""A small structured model of a generated test module, and its rendering to Python source.

Export builds this model first (so decisions — which page, which guard, which import — are made on data),
then renders it once. Formatting is ruff's job; validity is checked with :func:`ast.parse`.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from autoqa.record.locator_spec import py_text

INDENT = "    "
COMMENT_WIDTH = 100


@dataclass(frozen=True, slots=True)
class Line:
    """One statement or comment, without indentation."""

    text: str


@dataclass(frozen=True, slots=True)
class Block:
    """A compound statement: ``header:`` then ``body``, then clauses such as ``except …:`` / ``else:``."""

    header: str
    body: tuple[Node, ...]
    clauses: tuple[tuple[str, tuple[Node, ...]], ...] = ()


Node = Line | Block


@dataclass(frozen=True, slots=True)
class StepCode:
    """The code of one spec step, introduced by a comment with the step's text."""

    index: int
    text: str
    nodes: tuple[Node, ...]
    optional: bool = False
    expected: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FunctionCode:
    signature: str
    """``def test_login(page: Page) -> None:``"""
    docstring: str | None = None
    decorators: tuple[str, ...] = ()
    prologue: tuple[Node, ...] = ()
    steps: tuple[StepCode, ...] = ()
    epilogue: tuple[Node, ...] = ()


@dataclass(frozen=True, slots=True)
class ModuleCode:
    docstring: str
    imports: tuple[str, ...]
    constants: tuple[str, ...] = ()
    functions: tuple[FunctionCode, ...] = field(default_factory=tuple)


def render_module(module: ModuleCode) -> str:
    parts = [_docstring(module.docstring, ""), "", "from __future__ import annotations", ""]
    parts.extend(_sorted_imports(module.imports))
    if module.constants:
        parts.append("")
        parts.extend(module.constants)
    for function in module.functions:
        parts.extend(["", ""])
        parts.extend(render_function(function))
    return "\n".join(parts).rstrip() + "\n"


def render_function(function: FunctionCode) -> list[str]:
    lines = list(function.decorators)
    lines.append(function.signature)
    if function.docstring:
        lines.append(_docstring(function.docstring, INDENT))
    body: list[str] = []
    for node in function.prologue:
        body.extend(_render(node, 1))
    for step in function.steps:
        body.extend(_render_step(step))
    for node in function.epilogue:
        body.extend(_render(node, 1))
    lines.extend(body or [INDENT + "pass"])
    return lines


def _render_step(step: StepCode) -> list[str]:
    marker = " (optional)" if step.optional else ""
    lines = _comment_lines(f"Step {step.index}{marker}: {step.text}", INDENT)
    for clause in step.expected:
        lines.extend(_comment_lines(f"  Expected: {clause}", INDENT))
    for node in step.nodes:
        lines.extend(_render(node, 1))
    return lines


def _render(node: Node, depth: int) -> list[str]:
    pad = INDENT * depth
    if isinstance(node, Line):
        return [pad + node.text]
    lines = [pad + node.header]
    for child in node.body or (Line("pass"),):
        lines.extend(_render(child, depth + 1))
    for header, body in node.clauses:
        lines.append(pad + header)
        for child in body or (Line("pass"),):
            lines.extend(_render(child, depth + 1))
    return lines


def _comment_lines(text: str, pad: str) -> list[str]:
    """A comment wrapped to the line length; continuation lines are indented under the first.

    Whitespace runs (line breaks included) become one space; other invisible characters show escaped.
    """
    first, *rest = textwrap.wrap(
        py_text(" ".join(text.split())), COMMENT_WIDTH - len(pad), break_on_hyphens=False
    ) or [""]
    return [f"{pad}# {first}"] + [f"{pad}#     {line}" for line in rest]


def _docstring(text: str, pad: str) -> str:
    # Escaped, only real newlines are left to split on, and no quote can end the docstring early.
    safe = py_text(text, docstring=True)
    body = "\n".join((pad + line) if line else "" for line in safe.splitlines())
    return f'{pad}"""{body.lstrip()}\n{pad}"""' if "\n" in safe else f'{pad}"""{safe}"""'


def _sorted_imports(imports: tuple[str, ...]) -> list[str]:
    """Standard library, then third party (isort's sections for the few modules we ever import)."""
    unique = sorted(set(imports))
    stdlib = [i for i in unique if i.split()[1].split(".")[0] in ("os", "re", "pathlib", "typing")]
    third = [i for i in unique if i not in stdlib]
    plain_first = sorted(stdlib, key=lambda i: (i.startswith("from"), i))
    third_sorted = sorted(third, key=lambda i: (i.startswith("from"), i))
    return plain_first + ([""] if plain_first and third_sorted else []) + third_sorted
