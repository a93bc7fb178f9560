"""``autoqa plan``: explore a site without a model, write specs grounded in what was seen, keep only the
ones that pass when run once.

::

    from autoqa.plan import PlanRequest, run_plan

    outcome = await run_plan(PlanRequest(stage="all", root=Path.cwd(), cli={"base_url": url},
                                         cli_vars={}, environ=dict(os.environ)))
    for case in outcome.cases:
        print(case.status, case.path, case.reason or "")

Layers: :mod:`~autoqa.plan.crawl` (with :mod:`~autoqa.plan.outline` and :mod:`~autoqa.plan.form_probe`)
writes a :class:`~autoqa.plan.graph.ExploreGraph`; :mod:`~autoqa.plan.smoke` and the model
:mod:`~autoqa.plan.planner` turn it into drafts; :mod:`~autoqa.plan.validate` runs each once through the
runner; :mod:`~autoqa.plan.writer` writes every file redacted; :mod:`~autoqa.plan.plan_run` ties them up.
"""

from autoqa.plan.crawl import Crawl, CrawlOptions, crawl
from autoqa.plan.graph import ExploreGraph, load_graph
from autoqa.plan.plan_run import PlanOutcome, PlanRequest, run_plan

__all__ = [
    "Crawl",
    "CrawlOptions",
    "ExploreGraph",
    "PlanOutcome",
    "PlanRequest",
    "crawl",
    "load_graph",
    "run_plan",
]
