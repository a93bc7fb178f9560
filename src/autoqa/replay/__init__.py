"""The step cache: a spec's last passing run as tool calls, replayed with no model
(:mod:`autoqa.execute.replay`).

Example::

    cache = StepCache("specs/.autoqa")
    plan = cache.lookup(spec)                      # which steps are still valid
    replay = await replay_plan(spec, plan, caller, ctx=ctx)   # autoqa.execute.replay
    if final_result.outcome is Outcome.PASSED:
        cache.update(spec, recorder.records, final_result, previous=plan)
"""

from autoqa.replay.cache import DEFAULT_CACHE_DIR, CachePlan, StepCache, render_args
from autoqa.replay.cache_file import CACHE_VERSION, CachedCall, CachedStep, CacheFile
from autoqa.replay.keys import step_keys

__all__ = [
    "CACHE_VERSION",
    "DEFAULT_CACHE_DIR",
    "CacheFile",
    "CachePlan",
    "CachedCall",
    "CachedStep",
    "StepCache",
    "render_args",
    "step_keys",
]
