"""`python -m bench`: every benchmark side by side in one run; one table; bench/results.json.

Figures are ratios and medians measured in the same process and minute, so a busy machine moves both
sides of a ratio together. Absolute times depend on the machine: read the ratios.
"""

from __future__ import annotations

import json
import platform
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import (
    agent_history,
    agent_start,
    agent_tokens,
    fixed_costs,
    grammar_acceptance,
    grammar_cost,
    load,
    main_job,
    plugin_vs_run,
    replay_bench,
    scale_out,
    settle_cost,
    shadow_cost,
    suite_throughput,
    tool_overhead,
    visual_cost,
    watch_cost,
)

SUITES: dict[str, Callable[[], Any]] = {
    "fixed_costs": fixed_costs.run,
    "tool_overhead": tool_overhead.run,
    "settle": settle_cost.run,
    "shadow": shadow_cost.run,
    "visual": visual_cost.run,
    "watch_cost": watch_cost.run,
    "grammar": grammar_acceptance.run,
    "grammar_cost": grammar_cost.run,
    "agent_tokens": agent_tokens.run,
    "agent_history": agent_history.run,
    "agent_start": agent_start.run,
    "replay_vs_export_vs_handwritten": replay_bench.run,
    "suite_throughput": suite_throughput.run,
    "main_job": main_job.run,
    "plugin_vs_run": plugin_vs_run.run,
    "load": load.run,
    "scale_out": scale_out.run,
}


def _flatten(prefix: str, value: Any, rows: list[tuple[str, str]]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), inner, rows)
    else:
        rows.append((prefix, json.dumps(value) if isinstance(value, (list, tuple)) else str(value)))


def main(argv: list[str]) -> int:
    wanted = argv or list(SUITES)
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "platform": platform.platform(), "cpus": _cpus()},
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    failed = False
    for name in wanted:
        print(f"bench: {name} …", file=sys.stderr, flush=True)
        started = time.perf_counter()
        try:
            results[name] = SUITES[name]()
        except Exception:  # one broken benchmark must not hide the others' figures
            failed = True
            results[name] = {"error": traceback.format_exc(limit=3)}
        results[name + "_seconds"] = round(time.perf_counter() - started, 1)
    rows: list[tuple[str, str]] = []
    for name in wanted:
        _flatten(name, results[name], rows)
    width = max(len(key) for key, _ in rows)
    for key, value in rows:
        print(f"{key.ljust(width)}  {value}")
    out = Path(__file__).with_name("results.json")
    out.write_text(json.dumps(results, indent=2, default=str) + "\n")
    print(f"\nwrote {out}")
    return 1 if failed else 0


def _cpus() -> int:
    import os

    return os.cpu_count() or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
