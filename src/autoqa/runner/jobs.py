"""What the runner will do with each spec, decided before any browser starts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from autoqa.execute.plain import PlainPlan
from autoqa.results import ExecutorKind, Outcome
from autoqa.secrets import SecretSet
from autoqa.spec.model import Spec

if TYPE_CHECKING:
    from autoqa.replay.cache import CachePlan


@dataclass(frozen=True, slots=True)
class SpecJob:
    index: int
    spec: Spec
    secrets: SecretSet
    executor: ExecutorKind
    plain: PlainPlan | None = None
    """The plain reading: all of it for ``PLAIN``; for ``AGENT``, the plain steps run before the model's
    (none with ``--agent always``)."""
    not_run_outcome: Outcome | None = None
    """For ``ExecutorKind.NONE``: ``skipped`` or ``error``."""
    not_run_reason: str | None = None
    cache_plan: CachePlan | None = None
    """For ``REPLAY``: the cached steps that are still valid."""
    heal: bool = False
    """For ``REPLAY``: the agent may take over from the step where the replay stops."""

    @property
    def slug(self) -> str:
        return self.spec.slug
