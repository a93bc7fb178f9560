"""Which steps of a mixed spec run plain before the model takes over (``execute.plain_prefix``).

A tab starts blank: a plain first step that looks for an element there ('Open the sign-in page', read as a
click on a "sign-in" link) can only fail (tools: "nothing has been opened yet"), so such a prefix is not
run; the model does the spec from step 1, in the session started for it before the browser."""

from __future__ import annotations

from pathlib import Path

from autoqa.execute.plain import plan_plain
from autoqa.execute.plain_prefix import plain_prefix_end
from autoqa.spec.loader import load_spec


def _prefix_end(tmp_path: Path, *steps: str) -> int | None:
    body = "\n".join(f"{n}. {step}" for n, step in enumerate(steps, 1))
    path = tmp_path / "s.md"
    path.write_text(f"# S\n## Preconditions\n- none\n## Steps\n{body}\n", encoding="utf-8")
    spec = load_spec(path, variables={"BASE_URL": "http://127.0.0.1:9"}, root=tmp_path)
    return plain_prefix_end(spec, plan_plain(spec))


def test_plain_steps_that_open_a_page_first_run_before_the_model(tmp_path: Path) -> None:
    assert _prefix_end(tmp_path, "Open /login", 'Click "Sign in"', "Check that the form looks right") == 3


def test_a_first_step_that_looks_for_an_element_on_the_blank_tab_is_the_models(tmp_path: Path) -> None:
    assert _prefix_end(tmp_path, "Open the sign-in page", "Check that it asks for a username") is None
    assert _prefix_end(tmp_path, 'Verify "Welcome" is visible', "Check that the page is friendly") is None


def test_a_spec_that_needs_the_model_from_its_first_step_or_never_has_no_prefix(tmp_path: Path) -> None:
    assert _prefix_end(tmp_path, "Check that the shop is open", "Open /cart") is None
    assert _prefix_end(tmp_path, "Open /login", 'Click "Sign in"') is None
