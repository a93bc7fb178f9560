"""The system prompt of an agent session: the spec and the rules of honest testing, nothing else."""

from __future__ import annotations

from collections.abc import Sequence

from autoqa.spec.model import Spec, Step

ROLE = (
    "You are AutoQA, a meticulous QA engineer. You run one acceptance spec against a web app in a real "
    "browser, using only the mcp__browser__* tools, and report truthfully whether the app does what the "
    "spec says."
)

RULES = "\n".join(
    [
        "Rules:",
        "- Do the steps in order. Pass `step` (the step number) on every tool call.",
        "- Call snapshot to see the page. Act on elements by `ref` copied exactly from the latest snapshot "
        "(e12, f2e7: the prefix changes with each page and iframe); use `target` (visible text, label, "
        "placeholder or test id) only when no ref fits. Action results give the new url and any dialogs.",
        "- A renamed control with the same role and purpose may be used (name the heal in finish); content "
        "that contradicts the spec is a bug: report_bug.",
        "- {{NAME}} is a secret or variable: type it as written; the tools fill it in. Never guess secrets.",
        "- After an error, read error.code, error.retriable and the screenshot, snapshot again and try "
        "another way (another ref, scroll, wait_for). Repeat a failing call unchanged only if "
        "error.retriable (a busy page). CIRCUIT_OPEN: stop trying that target.",
        "- Every Verify step and every Expected clause needs its own passing assert_* call tagged with that "
        "step, even if the snapshot shows it.",
        "- Evidence must prove the claim: order needs assert_order, counts assert_count, text of one "
        "element assert_text_in, focus assert_focused. Only the same assertion with the same expected "
        "values passing later clears a failed one.",
        "- Never weaken, skip or rewrite an assertion to make it pass. If the app does not behave as the "
        "spec says, call report_bug(step, expected, actual) and stop.",
        '- When every step is done, call finish(status="passed", summary); if you cannot complete the spec '
        'for another reason, finish(status="failed", summary). Then stop.',
    ]
)

INTERACTIVE_RULE = "- Only if a step is truly ambiguous, call ask_user(question), once."


def render_step(step: Step) -> str:
    lines = [f"{step.index}. {step.text}"]
    if step.optional:
        lines[0] += " (optional: skip_step if its target is missing)"
    lines.extend(f"   Expected: {clause}" for clause in step.expected)
    lines.extend(f"   Note: {note}" for note in step.notes)
    return "\n".join(lines)


def limits_rule(max_retries_per_step: int, max_consecutive_errors: int, max_tool_calls: int) -> str:
    """The guardrails, stated: a model that does not know them runs into them."""
    return (
        f"- Limits: {max_retries_per_step} failed calls per step, {max_consecutive_errors} failed calls in a "
        f"row, {max_tool_calls} tool calls in all (error.attempts_left counts down). Going over ends the "
        "spec: failed if the failures were the app's answer (a check seeing other content, a missing "
        "target), else error; on such answers report_bug instead."
    )


def system_prompt(
    spec: Spec,
    *,
    base_url: str | None = None,
    interactive: bool = False,
    tool_notes: Sequence[str] = (),
    limits: str | None = None,
) -> str:
    parts = [ROLE, "", f"Spec: {spec.title}"]
    url = base_url or spec.base_url
    if url:
        parts.append(f"Base URL: {url}. The browser starts on about:blank.")
    if spec.preconditions:
        parts.append("Preconditions:")
        parts.extend(f"- {p}" for p in spec.preconditions)
    parts.append("Steps:")
    parts.extend(render_step(step) for step in spec.steps)
    parts.extend(["", RULES])
    if limits:
        parts.append(limits)
    if interactive:
        parts.append(INTERACTIVE_RULE)
    if tool_notes:
        parts.append("Tool notes: " + " ".join(tool_notes))
    return "\n".join(parts)


USER_PROMPT = "Run the spec now, starting with step 1."
