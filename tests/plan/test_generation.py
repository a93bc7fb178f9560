"""Specs from a graph, no browser: only what the crawl observed, each step plain, and the check that
guards every generated spec (the planner's proposals too) before it runs."""

from __future__ import annotations

from pathlib import Path

from autoqa.plan.checks import check_draft
from autoqa.plan.graph import ExploreGraph, Form, FormProbe, Heading, Limits, Page
from autoqa.plan.smoke import smoke_drafts
from autoqa.secrets import SecretSet

VARIABLES = {"BASE_URL": "http://127.0.0.1:9", "PASSWORD": "hunter2-secret"}
SECRETS = SecretSet({"PASSWORD": "hunter2-secret"})


def _graph(*pages: Page) -> ExploreGraph:
    return ExploreGraph(
        run_id="r1",
        generated_at="2025-01-01T00:00:00Z",
        start_url="http://127.0.0.1:9/",
        base_url="http://127.0.0.1:9",
        limits=Limits(max_pages=5, max_depth=1, timeout_s=9),
        pages=pages,
    )


def _check(text: str, tmp_path: Path) -> tuple[str, ...]:
    return check_draft(text, tmp_path / "x.md", variables=VARIABLES, secrets=SECRETS, root=tmp_path).problems


def test_a_page_and_a_form_become_plain_specs_of_what_was_seen(tmp_path: Path) -> None:
    probe = FormProbe(submitted=True, button="Send", messages=("Name is required", 'Say "hi"'))
    page = Page(
        id="p1",
        url="http://127.0.0.1:9/contact",
        path="/contact",
        depth=1,
        status=200,
        title="Contact",
        headings=(Heading(level=2, text="Write to us"), Heading(level=1, text="Contact us")),
        forms=(Form(name="Contact", buttons=("Send",), probe=probe),),
    )
    smoke, form = smoke_drafts(_graph(page))
    assert smoke.name == "smoke-contact" and form.name == "form-contact-contact"
    steps = smoke.text.split("## Steps\n")[1].splitlines()
    assert steps == [
        "1. Navigate to /contact",
        '2. Verify the URL contains "/contact"',
        '3. Verify the title is "Contact"',
        '4. Verify the heading "Contact us" is visible',  # the level-1 heading, not the first one
    ]
    steps = form.text.split("## Steps\n")[1].splitlines()
    assert steps[2:] == [
        '3. Verify "Name is required" is not visible',
        '4. Click the "Send" button',
        '5. Verify "Name is required" is visible',  # a message with quotes in it is left out, not paraphrased
    ]
    for draft in (smoke, form):
        assert _check(draft.text, tmp_path) == ()


def test_nothing_is_generated_for_what_was_not_seen() -> None:
    error_page = Page(id="p1", url="http://127.0.0.1:9/gone", path="/gone", depth=1, status=404, title="Gone")
    blank = Page(id="p2", url="http://127.0.0.1:9/blank", path="/blank", depth=1)
    not_sent = Page(
        id="p3",
        url="http://127.0.0.1:9/a",
        path="/a",
        depth=1,
        title="A",
        forms=(
            Form(name="Close", probe=FormProbe(submitted=False, button="Delete", reason="it says delete")),
        ),
    )
    assert [d.name for d in smoke_drafts(_graph(error_page, blank, not_sent))] == ["smoke-a"]


def test_the_check_names_each_step_that_needs_a_model_and_refuses_secrets_as_written(tmp_path: Path) -> None:
    spec = "# T\n\n## Preconditions\n- x\n\n## Steps\n1. Navigate to /\n2. Verify Products is visble\n"
    (problem,) = _check(spec, tmp_path)
    assert problem.startswith('step 2 is not in the plain grammar: "Verify Products is visble"')
    leaked = spec.replace("Verify Products is visble", 'Fill "Password" with "hunter2-secret"')
    assert _check(leaked, tmp_path) == (
        "it holds the value of a secret as written: write {{PASSWORD}} instead",
    )
    unchecked = spec.replace("Verify Products is visble", 'Fill "Password" with "{{PASSWORD}}"')
    assert _check(unchecked, tmp_path) == (
        "no step checks anything: add a Verify step or an Expected: clause",
    )
    assert "names no setup spec" in _check("---\nauth: login\n---\n" + spec, tmp_path)[0]


def test_a_page_that_loaded_quietly_is_claimed_to_stay_quiet_and_a_noisy_one_is_not(tmp_path: Path) -> None:
    quiet = Page(id="p1", url="http://127.0.0.1:9/a", path="/a", depth=1, title="A")
    noisy = Page(id="p2", url="http://127.0.0.1:9/b", path="/b", depth=1, title="B", console_errors=("boom",))
    drafts = {d.name: d for d in smoke_drafts(_graph(quiet, noisy))}
    quiet_spec = check_draft(
        drafts["smoke-a"].text, tmp_path / "a.md", variables=VARIABLES, secrets=SECRETS, root=tmp_path
    ).spec
    noisy_spec = check_draft(
        drafts["smoke-b"].text, tmp_path / "b.md", variables=VARIABLES, secrets=SECRETS, root=tmp_path
    ).spec
    assert quiet_spec is not None and set(quiet_spec.invariants) == {
        "no-console-errors",
        "no-uncaught-exceptions",
    }
    assert noisy_spec is not None and not noisy_spec.invariants
