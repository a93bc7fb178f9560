"""What does reading steps cost? (A benchmark, not a test.)

Every ``autoqa run`` reads each step of its specs with the plain grammar before the browser starts, and a
step that does not read as written is read once more in canonical wording (``spec/paraphrase.py``), whose
patterns are compiled on first use. This times that in fresh processes, as a run pays it:

* ``demo``:   the bundled ``specs/`` (the main job's steps), import to last step parsed once;
* ``demo_run_reading``: the same specs loaded and planned as ``autoqa run`` does (every step read at load
  and again by the planner), patterns compiled, readings not remembered from the pass before;
* ``corpus``: every ``bench/grammar_corpus/dev_*.txt`` step, first pass (compiling) and warm, per step.

With ``--against SRC`` the same runs also use another checkout's ``src`` (e.g. a worktree of an older
commit), interleaved with this one's, and the ratios this / other are reported.
Usage: ``python -m bench grammar_cost`` or ``python -m bench.grammar_cost [repeats] [--against SRC]``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

# Runs in the child process: prints one JSON line of milliseconds.
_CHILD = r"""
import json, re, sys, time
t0 = time.perf_counter()
from pathlib import Path
from autoqa.spec.grammar import parse_plain_actions
root = Path(sys.argv[1])
demo = [m.group(1) for f in sorted((root / "specs").glob("*.md")) for line in f.read_text().splitlines()
        if (m := re.match(r"^\d+\.\s+(.*)", line))]
t1 = time.perf_counter()
for step in demo:
    parse_plain_actions(step)
t2 = time.perf_counter()
# the run's own reading: each spec loaded and planned as ``autoqa run`` does (a step is read at load, for its
# claims and conditions, and again by the planner); patterns are warm from the pass above, readings are not
# (a version that memoizes them forgets them first)
from autoqa.spec import grammar, grammar_terms, paraphrase
from autoqa.spec.loader import load_spec
from autoqa.execute.plain import plan_plain
def forget():
    for memo in (getattr(grammar, "_read_actions", None), grammar_terms.claims, paraphrase.canonical):
        getattr(memo, "cache_clear", lambda: None)()
forget()
variables = {"BASE_URL": "http://127.0.0.1:1", "USERNAME": "user", "PASSWORD": "secret"}
t2a = time.perf_counter()
for f in sorted((root / "specs").glob("*.md")):
    plan_plain(load_spec(f, variables=variables, root=root))
t2b = time.perf_counter()
corpus = [line.split("|", 1)[1].strip() for f in sorted((root / "bench" / "grammar_corpus").glob("dev_*.txt"))
          for line in f.read_text().splitlines() if line[:6] in ("plain ", "agent ")]
t3 = time.perf_counter()
for step in corpus:
    parse_plain_actions(step)
t4 = time.perf_counter()
forget()  # warm = compiled patterns, not remembered readings
t4 = time.perf_counter()
for step in corpus:
    parse_plain_actions(step)
t5 = time.perf_counter()
print(json.dumps({"import_ms": 1000 * (t1 - t0), "demo_ms": 1000 * (t2 - t1), "demo_steps": len(demo),
                  "demo_run_reading_ms": 1000 * (t2b - t2a),
                  "corpus_first_ms": 1000 * (t4 - t3), "corpus_warm_ms": 1000 * (t5 - t4),
                  "corpus_steps": len(corpus)}))
"""


def _once(src: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(ROOT)], env=env, capture_output=True, text=True, timeout=300
    )
    if done.returncode != 0:
        raise RuntimeError(f"grammar_cost child failed ({src}): {done.stderr[-2000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _medians(samples: list[dict[str, float]]) -> dict[str, float]:
    keys = samples[0]
    return {key: round(statistics.median(s[key] for s in samples), 1) for key in keys}


def run(repeats: int = 5, against: str | None = None) -> dict[str, Any]:
    sides = {"this": ROOT / "src"}
    if against:
        sides["other"] = Path(against).resolve()
    samples: dict[str, list[dict[str, float]]] = {name: [] for name in sides}
    for _ in range(repeats):  # interleaved: drift hits both sides alike
        for name, src in sides.items():
            samples[name].append(_once(src))
    result: dict[str, Any] = {name: _medians(values) for name, values in samples.items()}
    for medians in result.values():
        medians["corpus_warm_ms_per_step"] = round(medians["corpus_warm_ms"] / medians["corpus_steps"], 3)
    if against:
        this, other = result["this"], result["other"]
        result["ratio_this_over_other"] = {
            key: round(this[key] / other[key], 2)
            for key in ("demo_ms", "demo_run_reading_ms", "corpus_first_ms", "corpus_warm_ms")
            if other.get(key)
        }
    return result


if __name__ == "__main__":
    args = sys.argv[1:]
    other = None
    if "--against" in args:
        at = args.index("--against")
        other = args[at + 1]
        del args[at : at + 2]
    print(json.dumps(run(int(args[0]) if args else 5, other), indent=2))
