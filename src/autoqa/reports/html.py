"""``report.html``: one self-contained page per run.

Inline CSS and JS, images as ``data:`` URIs, and a Content-Security-Policy that forbids every network
fetch, so the file works when opened from disk, attached to a CI job, or mailed. Layout: a summary
(counts, duration, cost and tokens), outcome and failure-class filters (a few lines of inline JS), the
specs that did not pass but do not fail the run, then one section per spec with its class and the evidence
for it, earlier attempts, budget, its steps (status, timing, reason), tool calls (error codes, timing), a
visual check's expected / actual / diff images side by side, the failure screenshot, cost and tokens, and
links to the kept trace (with the ``playwright show-trace`` command), video and transcript.
"""

from __future__ import annotations

import base64
import json
from html import escape
from pathlib import Path

from autoqa.artifacts.atomic import write_text_atomic
from autoqa.reports.describe import (
    appeared_at,
    counts,
    display_path,
    duration,
    error_code,
    failed_step,
    failing_call,
    failure_message,
    interrupted_note,
    one_line,
    run_verdict,
    spec_name,
    waived_note,
)
from autoqa.results import Outcome, ProblemKind, RunResult, SpecResult, StepResult, ToolCall, Usage

_MAX_EMBED_BYTES = 8 * 1024 * 1024
_MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp"}
_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

_CSS = """
:root{--pass:#1a7f37;--fail:#cf222e;--error:#9a6700;--skip:#6e7781;--bg:#f6f8fa;--line:#d0d7de}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:0;color:#1f2328}
header{padding:16px 24px;background:var(--bg);border-bottom:1px solid var(--line)}
h1{font-size:20px;margin:0 0 8px}main{padding:16px 24px}
.cards{display:flex;gap:12px;flex-wrap:wrap}.card{padding:8px 12px;border:1px solid var(--line);
border-radius:6px;background:#fff;min-width:90px}.card b{display:block;font-size:18px}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;color:#fff;font-size:12px;font-weight:600}
.passed{background:var(--pass)}.failed{background:var(--fail)}.error{background:var(--error)}
.skipped,.not_run{background:var(--skip)}.flaky,.warned{background:#bf8700}
.cls{background:#57606a}.waived{background:#8250df}.why{font-size:.9em;color:#59636e}
.filters{margin:12px 0}.filters button{margin-right:6px;padding:4px 10px;border:1px solid var(--line);
border-radius:6px;background:#fff;cursor:pointer}.filters button.active{background:#0969da;color:#fff}
details.spec{border:1px solid var(--line);border-radius:6px;margin:8px 0;background:#fff}
details.spec>summary{padding:8px 12px;cursor:pointer;display:flex;gap:10px;align-items:center}
.spec-body{padding:4px 16px 16px}.muted{color:#59636e}.reason{white-space:pre-wrap;
border-left:3px solid var(--fail);padding:4px 8px;background:#fff5f5}
table{border-collapse:collapse;width:100%;margin:8px 0}td,th{border-top:1px solid var(--line);
padding:4px 6px;text-align:left;vertical-align:top}th{background:var(--bg)}
td:first-child,td:nth-child(3),td:nth-child(4){white-space:nowrap;width:1%}
.calls{margin:4px 0 0 0;padding-left:18px;font-size:12px}.calls code{word-break:break-all}
.err{color:var(--fail);font-weight:600}img.shot{max-width:100%;border:1px solid var(--line);margin:8px 0}
.evidence{color:var(--muted,#555);font-size:.9em}.evidence ul{margin:2px 0 2px 16px;padding:0}
.warn{color:#8a5a00}.heal{font-size:.9em}
.visual{display:flex;gap:8px;flex-wrap:wrap;margin:6px 0}.visual figure{margin:0;flex:1 1 30%;min-width:180px}
.visual img{max-width:100%;border:1px solid var(--line)}.visual figcaption{font-size:12px;color:#59636e}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px}
pre{background:var(--bg);padding:6px 8px;border-radius:4px;overflow:auto}
.hidden{display:none}
"""

_JS = """
(function(){
  var buttons=document.querySelectorAll('.filters button[data-filter]');
  var classes=document.querySelectorAll('.filters button[data-class]');
  var state={outcome:'all', cls:'all'};
  function show(){
    document.querySelectorAll('details.spec').forEach(function(el){
      var hide=(state.outcome!=='all' && el.dataset.outcome!==state.outcome) ||
               (state.cls!=='all' && el.dataset.class!==state.cls);
      el.classList.toggle('hidden', hide);
    });
    buttons.forEach(function(b){b.classList.toggle('active', b.dataset.filter===state.outcome);});
    classes.forEach(function(b){b.classList.toggle('active', b.dataset.class===state.cls);});
  }
  function apply(filter){state.outcome=filter; show();}
  buttons.forEach(function(b){b.addEventListener('click', function(){apply(b.dataset.filter);});});
  classes.forEach(function(b){b.addEventListener('click', function(){state.cls=b.dataset.class; show();});});
  var toggle=document.getElementById('expand-all');
  if(toggle){toggle.addEventListener('click', function(){
    var specs=document.querySelectorAll('details.spec');
    var open=Array.prototype.some.call(specs, function(d){return !d.open;});
    specs.forEach(function(d){d.open=open;});
  });}
  apply('all');
})();
"""


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _short(path: Path) -> str:
    text = display_path(path)
    home = str(Path.home())
    if len(home) > 1 and (text == home or text.startswith(home + "/")):
        return "~" + text[len(home) :]
    return text


def _usage_text(usage: Usage) -> str:
    if not (usage.input_tokens or usage.output_tokens or usage.cost_usd):
        return "no model use"
    return (
        f"${usage.cost_usd:.4f} · {usage.input_tokens:,} in / {usage.output_tokens:,} out tokens"
        f" · {usage.model_requests} requests"
    )


def _data_uri(run_dir: Path | None, relative: str | None, *, limit: int = _MAX_EMBED_BYTES) -> str | None:
    if not relative or run_dir is None:
        return None
    path = run_dir / relative
    mime = _MIME.get(path.suffix.lower())
    try:
        if mime is None or path.stat().st_size > limit:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def _call_html(call: ToolCall) -> str:
    args = one_line(json.dumps(call.args, ensure_ascii=False, default=str), 240)
    if call.ok:
        status = '<span class="muted">ok</span>'
    else:
        status = f'<span class="err">{_e(call.error_code or "failed")}</span> {_e(call.error_message or "")}'
    return (
        f"<li><code>{_e(call.tool)}</code> <code>{_e(args)}</code> — {status}"
        f' <span class="muted">({call.duration_ms:.0f} ms)</span></li>'
    )


def _evidence(step: StepResult) -> str:
    """The evidence map: the assertions that proved the step, readable in seconds."""
    if not step.evidence:
        return ""
    items = "".join(f"<li><code>{_e(line)}</code></li>" for line in step.evidence)
    return f'<div class="evidence">proved by:<ul>{items}</ul></div>'


def _flags(step: StepResult) -> str:
    labels = {"vacuous_negative": "check the wording", "drift": "drift", "baseline": "new baseline"}
    return "".join(
        f'<div class="warn"><span class="badge skipped">{_e(labels.get(str(f.kind), str(f.kind)))}</span> '
        f"{_e(f.message)}</div>"
        for f in step.flags
    )


def _page_evidence(step: StepResult) -> str:
    """Invariants the app broke during the step, and what appeared in toasts and dialogs meanwhile."""
    broken = "".join(
        f'<div class="err">invariant <code>{_e(v.get("invariant"))}</code>: {_e(v.get("message"))}'
        f' <span class="muted">{_e(v.get("url") or "")}</span></div>'
        for v in step.violations
    )
    if not step.transient:
        return broken
    items = "".join(
        f"<li>{_e(t.get('kind'))}: <code>{_e(one_line(str(t.get('text', '')), 160))}</code>"
        f' <span class="muted">{_e(appeared_at(t))}</span></li>'
        for t in step.transient
    )
    return f'{broken}<div class="evidence">appeared meanwhile:<ul>{items}</ul></div>'


def _heal(step: StepResult) -> str:
    heal = step.heal
    if heal is None:
        return ""
    why = f"<br>why: {_e(heal.explanation)}" if heal.explanation else ""
    return (
        f'<div class="heal">healed: <code>{_e(heal.old_locator or "?")}</code> → '
        f"<code>{_e(heal.new_locator or '?')}</code>{why}</div>"
    )


_VISUAL_KINDS = (("expected", "expected (baseline)"), ("actual", "actual"), ("diff", "diff (red: changed)"))
_MAX_VISUAL_EMBED_BYTES = 2 * 1024 * 1024
"""A bigger picture (a very long full page) is linked by its path instead: the report stays mailable."""


def _visual(call: ToolCall, run_dir: Path | None) -> str:
    """A visual check's expected, actual and diff images side by side."""
    figures = []
    for kind, label in _VISUAL_KINDS:
        relative = call.images.get(kind)
        if not relative:
            continue
        uri = _data_uri(run_dir, relative, limit=_MAX_VISUAL_EMBED_BYTES)
        shown = f'<img alt="{_e(label)}" src="{uri}">' if uri else f"<code>{_e(relative)}</code>"
        figures.append(f"<figure>{shown}<figcaption>{_e(label)}: {_e(relative)}</figcaption></figure>")
    return f'<div class="visual">{"".join(figures)}</div>' if figures else ""


def _step_row(step: StepResult, run_dir: Path | None = None) -> str:
    calls = ""
    if step.tool_calls:
        calls = '<ul class="calls">' + "".join(_call_html(c) for c in step.tool_calls) + "</ul>"
        calls += "".join(_visual(c, run_dir) for c in step.tool_calls if c.images)
    reason = f'<div class="err">{_e(step.reason)}</div>' if step.reason else ""
    healed = ' <span class="badge skipped">healed</span>' if step.healed else ""
    return (
        f"<tr><td>{step.index}</td><td>{_e(step.text)}{healed}{reason}{_evidence(step)}{_flags(step)}"
        f"{_page_evidence(step)}{_heal(step)}{calls}</td>"
        f'<td><span class="badge {_e(step.status)}">{_e(step.status)}</span></td>'
        f"<td>{_e(duration(step.duration_ms))}</td></tr>"
    )


def _links(spec: SpecResult, run_dir: Path | None) -> str:
    items = []
    for kind, label in (
        ("trace", "Trace"),
        ("video", "Video"),
        ("transcript", "Transcript"),
        ("result", "result.json"),
    ):
        rel = spec.artifacts.get(kind)
        if rel:
            items.append(f'<li>{label}: <a href="{_e(rel)}">{_e(rel)}</a></li>')
    trace = spec.artifacts.get("trace")
    if trace:
        target = _short(run_dir / trace) if run_dir is not None else trace
        items.append(f"<li>Open the trace: <code>playwright show-trace {_e(target)}</code></li>")
    for problem in spec.problems:
        items.append(f'<li class="err">{_PROBLEM_LABELS[problem.kind]}: {_e(problem.message)}</li>')
    return f"<ul>{''.join(items)}</ul>" if items else ""


_PROBLEM_LABELS = {
    ProblemKind.EXPORT: "Export refused",
    ProblemKind.STEP_CACHE: "Step cache not written",
    ProblemKind.TRACE: "Trace dropped",
    ProblemKind.FILES: "Files not written",
}


def _screenshot(spec: SpecResult, run_dir: Path | None) -> str:
    relative = spec.artifacts.get("screenshot")
    if relative is None:
        call = failing_call(failed_step(spec))
        relative = call.screenshot_path if call else None
    uri = _data_uri(run_dir, relative)
    if uri is None:
        return ""
    return (
        f'<p class="muted">Screenshot ({_e(relative)})</p>'
        f'<img class="shot" alt="failure screenshot" src="{uri}">'
    )


def _triage_badges(spec: SpecResult) -> str:
    """The class badge (and why it does not fail the run, when it does not)."""
    badges = ""
    if spec.triage is not None:
        badges += f' <span class="badge cls">{_e(spec.triage.failure_class)}</span>'
    if spec.waived:
        badges += f' <span class="badge waived" title="{_e(spec.waived)}">not failing the run</span>'
    elif spec.quarantined:
        badges += ' <span class="badge waived">quarantined</span>'
    return badges


def _triage_lines(spec: SpecResult) -> str:
    parts = []
    if spec.triage is not None:
        parts.append(
            f'<p class="why">class <b>{_e(spec.triage.failure_class)}</b> (action {_e(spec.triage.action)}): '
            f"{_e(spec.triage.evidence)}</p>"
        )
    if spec.waived:
        parts.append(f'<p class="why">Does not fail the run: {_e(spec.waived)}</p>')
    for attempt in spec.attempts:
        kept = attempt.artifacts.get("dir")
        link = f' · <a href="{_e(kept)}">{_e(kept)}</a>' if kept else ""
        why = f" [{attempt.triage.failure_class}]" if attempt.triage else ""
        parts.append(
            f'<p class="why">attempt {attempt.number}: <span class="badge {_e(attempt.outcome)}">'
            f"{_e(attempt.outcome)}</span>{_e(why)} {_e(attempt.reason or '')}"
            f" · {_e(duration(attempt.duration_ms))}{link}</p>"
        )
    return "".join(parts)


def _budget_text(spec: SpecResult) -> str | None:
    """``budget 60 s / $0.20 — used 12.3 s / $0.0512``: the spec's own limits next to what it used."""
    budget = spec.budget
    if budget is None:
        return None
    limits = [f"{budget.seconds:g} s" if budget.seconds is not None else None]
    used = [duration(spec.duration_ms) if budget.seconds is not None else None]
    if budget.usd is not None:
        limits.append(f"${budget.usd:.2f}")
        used.append(f"${spec.usage.cost_usd:.4f}")
    shown = " / ".join(x for x in limits if x)
    return f"budget {shown} — used {' / '.join(x for x in used if x)}"


def _spec_html(spec: SpecResult, run_dir: Path | None, root: Path | None) -> str:
    outcome = str(spec.outcome)
    failing = spec.outcome in (Outcome.FAILED, Outcome.ERROR)
    cls = str(spec.triage.failure_class) if spec.triage else ""
    parts = [
        f'<details class="spec" data-outcome="{_e(outcome)}" data-class="{_e(cls)}" id="spec-{spec.index}"'
        f"{' open' if failing else ''}>",
        f'<summary><span class="badge {_e(outcome)}">{_e(outcome)}</span>{_triage_badges(spec)}'
        f" <b>{_e(spec_name(spec))}</b>"
        f' <span class="muted">{_e(display_path(spec.path, root))} · {_e(duration(spec.duration_ms))}</span>'
        "</summary>",
        '<div class="spec-body">',
    ]
    if failing:
        code = error_code(spec)
        prefix = f"[{code}] " if code else ""
        parts.append(f'<p class="reason">{_e(prefix + failure_message(spec))}</p>')
    elif spec.reason:
        parts.append(f'<p class="muted">{_e(spec.reason)}</p>')
    parts.append(_triage_lines(spec))
    meta = [f"executor: {_e(spec.executor)}", _e(_usage_text(spec.usage))]
    budget = _budget_text(spec)
    if budget:
        meta.append(_e(budget))
    if spec.guardrail:
        meta.append(f'<span class="err">guardrail {_e(spec.guardrail.name)} tripped</span>')
    if spec.tags:
        meta.append("tags: " + _e(", ".join(spec.tags)))
    parts.append(f'<p class="muted">{" · ".join(meta)}</p>')
    if spec.steps:
        parts.append(
            "<table><thead><tr><th>#</th><th>Step</th><th>Status</th><th>Time</th></tr></thead><tbody>"
        )
        parts.extend(_step_row(step, run_dir) for step in spec.steps)
        parts.append("</tbody></table>")
    parts.append(_screenshot(spec, run_dir))
    parts.append(_links(spec, run_dir))
    parts.append("</div></details>")
    return "\n".join(p for p in parts if p)


def render_html(run: RunResult, run_dir: Path | None = None, *, root: Path | None = None) -> str:
    """The report page as a string. ``run_dir`` is where artifact paths are relative to (for images)."""
    numbers = counts(run)
    verdict = run_verdict(run)
    cards = "".join(
        f'<div class="card"><b>{numbers[key]}</b><span class="badge {key}">{key}</span></div>'
        for key in ("passed", "failed", "error", "skipped", "flaky", "needs_agent")
        if key not in ("needs_agent", "flaky") or numbers[key]
    )
    filters = "".join(
        f'<button type="button" data-filter="{key}">{label} ({numbers[count]})</button>'
        for key, label, count in (
            ("all", "All", "total"),
            ("failed", "Failed", "failed"),
            ("error", "Error", "error"),
            ("passed", "Passed", "passed"),
            ("skipped", "Skipped", "skipped"),
            ("flaky", "Flaky", "flaky"),
            ("needs_agent", "Needs the agent", "needs_agent"),
        )
        if key not in ("needs_agent", "flaky") or numbers[key]
    )
    by_class: dict[str, int] = {}
    for spec in run.specs:
        if spec.triage is not None:
            by_class[str(spec.triage.failure_class)] = by_class.get(str(spec.triage.failure_class), 0) + 1
    if by_class:
        filters += '<br><span class="muted">Class:</span> <button type="button" data-class="all">any</button>'
        filters += "".join(
            f'<button type="button" data-class="{_e(name)}">{_e(name)} ({count})</button>'
            for name, count in sorted(by_class.items())
        )
    waived = waived_note(run)
    if waived:
        filters = f'<p class="why" id="waived">{_e(waived)}</p>' + filters
    interrupted = f'<p class="err">{_e(interrupted_note(run))}</p>' if run.interrupted else ""
    specs = "\n".join(_spec_html(s, run_dir, root) for s in sorted(run.specs, key=lambda s: s.index))
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>autoqa {verdict}: {_e(run.run_id)}</title>
<style>{_CSS}</style>
</head>
<body>
<header>
<h1>autoqa run <code>{_e(run.run_id)}</code> <span class="badge {verdict}" id="verdict">{verdict}</span></h1>
<div class="cards">{cards}
<div class="card"><b>{numbers["total"]}</b>specs</div>
<div class="card"><b>{_e(duration(run.duration_ms))}</b>duration</div>
<div class="card" id="usage"><b>${run.usage.cost_usd:.4f}</b>{run.usage.input_tokens:,} in /
{run.usage.output_tokens:,} out tokens</div>
</div>
{interrupted}
</header>
<main>
<div class="filters">{filters} <button type="button" id="expand-all">Expand / collapse all</button></div>
{specs or '<p class="muted">No specs ran.</p>'}
</main>
<script>{_JS}</script>
</body>
</html>
"""


def write_html(run: RunResult, path: Path, run_dir: Path | None = None, *, root: Path | None = None) -> Path:
    """Write ``report.html`` atomically. ``run_dir`` defaults to the report's own folder."""
    return write_text_atomic(path, render_html(run, run_dir or path.parent, root=root))
