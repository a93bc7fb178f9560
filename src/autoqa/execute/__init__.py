"""Executors and their one contract: plain steps, replay (then heal with the agent) and — through
:mod:`autoqa.agent` — agent runs all call tools through one :class:`RecordingCaller`, run steps on one
loop (:mod:`autoqa.execute.step_loop`) and are judged by one verdict module
(:mod:`autoqa.execute.verdict`)."""

from autoqa.execute.heal_report import healed_steps
from autoqa.execute.plain import PlainPlan, plan_plain, run_plain
from autoqa.execute.recording import RecordingCaller
from autoqa.execute.replay import ReplayResult, replay_plan, replay_then_heal

__all__ = [
    "PlainPlan",
    "RecordingCaller",
    "ReplayResult",
    "healed_steps",
    "plan_plain",
    "replay_plan",
    "replay_then_heal",
    "run_plain",
]
