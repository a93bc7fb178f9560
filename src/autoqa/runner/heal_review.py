"""Heals as proposals a reviewer accepts (``heal = "propose"``, the default in CI): the rewritten step cache
and exported test of a healed spec go to ``<run>/heal/<spec>/``, with a patch a reviewer applies from the
project root (``git apply <run>/heal/<spec>/heal.patch``) and a short Markdown summary per healed step (old
→ new locator, the model's explanation, and the failed replay's screenshot next to it: a passing spec keeps
no artifacts under the default policy, so the reviewer's picture lives here). The screenshot is the one the
failing call took, secret fields painted over, and the one the model was shown. The committed files stay
as they were."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from autoqa.artifacts.atomic import write_bytes_atomic, write_text_atomic
from autoqa.artifacts.spec_artifacts import image_extension
from autoqa.results import SpecResult


def _label(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.resolve().as_posix()


def _read(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines(keepends=True)
    except FileNotFoundError:
        return []


def unified_patch(changes: Sequence[tuple[Path, Path]], root: Path) -> str:
    """A ``git apply``-able patch turning each committed file (may be missing) into its proposed one."""
    out: list[str] = []
    for committed, proposed in changes:
        label = _label(committed, root)
        before, after = _read(committed), _read(proposed)
        if before == after:
            continue
        lines = list(
            difflib.unified_diff(
                before,
                after,
                fromfile=f"a/{label}" if before else "/dev/null",
                tofile=f"b/{label}",
                lineterm="\n",
            )
        )
        if not lines:
            continue
        out.append(f"diff --git a/{label} b/{label}\n")
        if not before:
            out.append("new file mode 100644\n")
        for line in lines:
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


@dataclass(frozen=True, slots=True)
class ReplayFailureShot:
    """The screenshot the failing replayed call took (masked like every screenshot the tools take)."""

    step: int
    data: bytes

    @property
    def file_name(self) -> str:
        return f"step{self.step}-replay-failure.{image_extension(self.data)}"


def review_summary(result: SpecResult, patch: Path, shot: ReplayFailureShot | None = None) -> str:
    lines = [
        f"# Heal review: {result.title or result.slug}",
        "",
        f"`{result.path}` passed after the model healed {len(result.healed_steps)} step(s). The "
        "committed step cache and exported test were left as they were; accept the heal with:",
        "",
        f"    git apply {patch}",
        "",
    ]
    for step in result.steps:
        if step.heal is None:
            continue
        lines += [
            f"## Step {step.index}: {step.text}",
            "",
            f"- before: `{step.heal.old_locator}`",
            f"- after: `{step.heal.new_locator}`",
        ]
        if step.heal.explanation:
            lines.append(f"- why (the model): {step.heal.explanation}")
        if shot is not None and shot.step == step.index:
            lines += ["", f"![step {step.index} when its replay failed]({shot.file_name})"]
        lines.append("")
    lines.append("The model's calls are in this run's result.json.")
    return "\n".join(lines)


def write_proposal(
    folder: Path,
    root: Path,
    result: SpecResult,
    changes: Sequence[tuple[Path, Path]],
    shot: ReplayFailureShot | None = None,
) -> tuple[Path, Path]:
    """Write ``heal.patch``, ``HEAL.md`` and the failed replay's screenshot into ``folder``; returns the
    paths of the first two."""
    folder.mkdir(parents=True, exist_ok=True)
    patch = folder / "heal.patch"
    write_text_atomic(patch, unified_patch(changes, root))
    if shot is not None:
        write_bytes_atomic(folder / shot.file_name, shot.data)
    summary = folder / "HEAL.md"
    write_text_atomic(summary, review_summary(result, patch, shot))
    return patch, summary
