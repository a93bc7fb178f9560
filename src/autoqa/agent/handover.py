"""Healing a replay: the agent takes over a spec from the step where the replay failed or missed.

The steps before ``start_step`` were already done (and checked) by the replay, so the session only
sees — and is only judged on — the remaining steps; the replayed ones appear as a precondition. The
first user message carries the replay's failure and its screenshot, so the model starts from what the
page looks like now instead of from a blind snapshot.
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
    """Why the replay stopped: a failed replayed call (code and message) or a step not in the cache."""
    screenshot_jpeg: bytes | None = None

    def remaining_spec(self, spec: Spec) -> Spec:
        done = [s for s in spec.steps if s.index < self.start_step]
        remaining = tuple(s for s in spec.steps if s.index >= self.start_step)
        preconditions = spec.preconditions
        if done:
            listing = "; ".join(f"{s.index}. {s.text}" for s in done)
            preconditions = (*preconditions, f"Already done by replaying a recorded run: {listing}")
        return dataclasses.replace(spec, steps=remaining, preconditions=preconditions)

    def first_message_text(self) -> str:
        return (
            f"The recorded run was replayed up to step {self.start_step}: {self.reason}. "
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
