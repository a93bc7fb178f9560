"""The agent takes over a spec from a step: where a replay failed or missed (a heal), or where a mixed
spec's plain steps end or one of them failed (``autoqa.execute.plain_prefix``).

The steps before ``start_step`` were already done (and checked) without the model, so the session only
sees — and is only judged on — the remaining steps; the done ones appear as a precondition. The first
user message says why the model takes over — and, after a failure, carries its screenshot, so the model
starts from what the page looks like now instead of from a blind snapshot.
"""

from __future__ import annotations

import base64
import dataclasses
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from autoqa.spec.model import Spec


@dataclass(frozen=True, slots=True)
class Handover:
    start_step: int
    """The first step the agent must do (1-based, as in the spec)."""
    reason: str
    """Why the model takes over: a failed call (code and message), a step not in the cache or not in the
    plain grammar."""
    screenshot_jpeg: bytes | None = None
    plain: bool = False
    """The steps before ``start_step`` ran as plain steps (and passed), not as a replay."""

    def remaining_spec(self, spec: Spec) -> Spec:
        done = [s for s in spec.steps if s.index < self.start_step]
        remaining = tuple(s for s in spec.steps if s.index >= self.start_step)
        preconditions = spec.preconditions
        if done:
            listing = "; ".join(f"{s.index}. {s.text}" for s in done)
            how = "as plain steps, without you" if self.plain else "by replaying a recorded run"
            preconditions = (*preconditions, f"Already done {how}: {listing}")
        return dataclasses.replace(spec, steps=remaining, preconditions=preconditions)

    def first_message_text(self) -> str:
        if self.plain:
            done = f"Steps before step {self.start_step} were done without you and passed; {self.reason}. "
        else:
            done = f"The recorded run was replayed up to step {self.start_step}: {self.reason}. "
        return (
            done
            + ("The screenshot shows the page now. " if self.screenshot_jpeg else "")
            + f"Continue the spec from step {self.start_step}: take a snapshot and do the remaining steps."
        )

    async def first_message(self) -> AsyncIterator[dict[str, Any]]:
        content: list[dict[str, Any]] = [{"type": "text", "text": self.first_message_text()}]
        if self.screenshot_jpeg:
            content.append(
                {
                    "type": "image",
                    "source": {
                        "type": "base64",
                        "media_type": "image/jpeg",
                        "data": base64.b64encode(self.screenshot_jpeg).decode("ascii"),
                    },
                }
            )
        yield {"type": "user", "message": {"role": "user", "content": content}, "parent_tool_use_id": None}
