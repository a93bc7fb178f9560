"""Step cache and replay: rerun a spec from its last passing run's tool calls, with no model.

Example::

    cache = StepCache("specs/.autoqa")
    plan = cache.lookup(spec)                      # which steps are still valid
    replay = await ReplayExecutor(cache).replay_spec(spec, caller, ctx=ctx, plan=plan)
    if replay.completed:
        ...                                        # passed without the agent
    else:
        ...                                        # agent from replay.hand_over_from, or report
    if final_result.outcome is Outcome.PASSED:
        cache.update(spec, recorder.records, final_result, previous=plan)
"""

from autoqa.replay.cache import DEFAULT_CACHE_DIR, CachePlan, StepCache, render_args
from autoqa.replay.cache_file import CACHE_VERSION, CachedCall, CachedStep, CacheFile
from autoqa.replay.executor import ReplayExecutor, ReplayResult, replay_plan
from autoqa.replay.healing import healed_steps
from autoqa.replay.keys import step_keys

__all__ = [
    "CACHE_VERSION",
    "DEFAULT_CACHE_DIR",
    "CacheFile",
    "CachePlan",
    "CachedCall",
    "CachedStep",
    "ReplayExecutor",
    "ReplayResult",
    "StepCache",
    "healed_steps",
    "render_args",
    "replay_plan",
    "step_keys",
]
