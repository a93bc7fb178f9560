"""parse_spec_text: sections, steps, Expected clauses, notes, Optional:, includes, front matter, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.errors import IncludeError, SpecError
from autoqa.spec.loader import step_kind
from autoqa.spec.model import StepKind
from autoqa.spec.spec_parser import parse_library_text, parse_spec_text

PATH = Path("specs/example.md")


def parse(body: str, pre: str = "## Preconditions\n- ok\n\n"):  # type: ignore[no-untyped-def]
    return parse_spec_text(pre + body, PATH)


def step_texts(body: str) -> list[str]:
    return [s.text.text for s in parse(body).steps]


def test_minimal_spec_title_preconditions_and_steps() -> None:
    parsed = parse_spec_text(
        "# Login\n\n## Preconditions\n- site up\n- user exists\n\n## Steps\n1. a\n2. b\n", PATH
    )
    assert parsed.title is not None and parsed.title.text == "Login" and parsed.title.line == 1
    assert [p.text for p in parsed.preconditions] == ["site up", "user exists"]
    assert [(s.text.text, s.line, s.source) for s in parsed.steps] == [("a", 8, PATH), ("b", 9, PATH)]
    assert parsed.front_matter is None


def test_headings_match_case_insensitively_and_with_a_colon() -> None:
    parsed = parse_spec_text("## PRECONDITIONS:\n- ok\n## steps\n1. go\n", PATH)
    assert [s.text.text for s in parsed.steps] == ["go"]


def test_crlf_and_bom_do_not_change_the_result() -> None:
    unix = '# T\n## Preconditions\n- ok\n## Steps\n1. Click "A"\n   - Expected: "B" is visible\n'
    windows = "\ufeff" + unix.replace("\n", "\r\n")
    assert parse_spec_text(windows, PATH) == parse_spec_text(unix, PATH)


def test_section_ends_only_at_a_heading_of_depth_two_or_less() -> None:
    body = "## Steps\n1. a\n### Group\n2. b\n#### Deeper\n3. c\n## Notes\n1. not a step\n"
    assert step_texts(body) == ["a", "b", "c"]


def test_first_ordered_list_after_preconditions_is_the_fallback() -> None:
    parsed = parse_spec_text(
        "## Preconditions\n1. numbered precondition\n\nText\n\n1. step one\n2. step two\n", PATH
    )
    assert [p.text for p in parsed.preconditions] == ["numbered precondition"]
    assert [s.text.text for s in parsed.steps] == ["step one", "step two"]


def test_expected_as_nested_bullet_and_as_trailing_line() -> None:
    parsed = parse(
        "## Steps\n"
        '1. Click "Save"\n'
        '   - Expected: "Saved" is visible\n'
        '2. Click "Cart"\n'
        '   Expected: the page shows "Your cart"\n'
        "   and the badge is empty\n"
        '3. Click "X"\n'
        "   - expected result: one\n"
        "   - 预期：二\n"
    )
    first, second, third = parsed.steps
    assert first.text.text == 'Click "Save"' and [e.text for e in first.expected] == ['"Saved" is visible']
    assert second.text.text == 'Click "Cart"'
    assert [e.text for e in second.expected] == ['the page shows "Your cart" and the badge is empty']
    assert [e.line for e in second.expected] == [8]
    assert [e.text for e in third.expected] == ["one", "二"]


def test_expected_bullet_with_its_own_sub_bullets() -> None:
    (step,) = parse("## Steps\n1. Submit\n   - Expected:\n     - a\n     - b\n").steps
    assert [e.text for e in step.expected] == ["a", "b"]


def test_other_nested_bullets_are_kept_as_notes_in_order() -> None:
    (step,) = parse(
        "## Steps\n1. Verify the overview shows:\n   - item total\n     - rounded\n   - tax\n"
    ).steps
    assert [n.text for n in step.notes] == ["item total", "rounded", "tax"]
    assert [n.line for n in step.notes] == [6, 7, 8]
    assert step.expected == ()


def test_a_first_line_starting_with_expected_is_the_step_itself() -> None:
    (step,) = parse("## Steps\n1. Expected: nothing else\n").steps
    assert step.text.text == "Expected: nothing else" and step.expected == ()


@pytest.mark.parametrize("prefix", ["Optional:", "optional :", "OPTIONAL:", "可选："])
def test_optional_prefix(prefix: str) -> None:
    (step,) = parse(f'## Steps\n1. {prefix} Click "Accept cookies"\n').steps
    assert step.optional and step.text.text == 'Click "Accept cookies"'


@pytest.mark.parametrize(
    ("written", "action"),
    [
        ('Click "Accept cookies" if shown', 'Click "Accept cookies"'),
        ('Click "Accept cookies", if present.', 'Click "Accept cookies"'),
        ('Click "Dismiss" (if present)', 'Click "Dismiss"'),
        ('Close the "Promo" dialog if it appears', 'Close the "Promo" dialog'),
        ('If a cookie banner is shown, click "Accept"', 'Click "Accept"'),
        ('Close the "Promo" dialog when it appears', 'Close the "Promo" dialog'),
        ("Accept the cookie banner if there is one", "Accept the cookie banner"),
        ("Log in as demo if prompted", "Log in as demo"),
        ("Close the newsletter popup if it pops up", "Close the newsletter popup"),
        ('Click "Accept" if the banner is displayed', 'Click "Accept"'),
        ('Click "Dismiss" if it exists', 'Click "Dismiss"'),
        ('If there is a cookie banner, click "Accept"', 'Click "Accept"'),
        ('If prompted, click "Allow"', 'Click "Allow"'),
        ('When the survey pops up, click "No thanks"', 'Click "No thanks"'),
    ],
)
def test_an_action_written_as_conditional_is_optional(written: str, action: str) -> None:
    (step,) = parse(f"## Steps\n1. {written}\n").steps
    assert step.optional and step.text.text == action


@pytest.mark.parametrize(
    "written",
    [
        'Verify "Saved" is visible if shown',  # a check that could not fail is not made optional
        'Click "Add" if the list is empty',  # a condition on the app's state is the agent's to judge
        'Verify "Welcome" is visible when it appears',
        'Make sure "Saved" is visible if present',  # a check in other words is still a check
        "The user sees the cookie banner if shown",
        'Click "Accept" and verify "Welcome" is visible if shown',
        "Check that the banner is displayed if there is one",
        'Click "Save" when the form is valid',
        'Click "Next" if the total is 10',
    ],
)
def test_checks_and_other_conditions_stay_as_written(written: str) -> None:
    (step,) = parse(f"## Steps\n1. {written}\n").steps
    assert not step.optional and step.text.text == written


def test_include_steps_are_recognised_with_any_case() -> None:
    steps = parse("## Steps\n1. include: login\n2. Include: auth/sso.md\n3. INCLUDE:`checkout`\n").steps
    assert [s.include for s in steps] == ["login", "auth/sso.md", "checkout"]


def test_include_with_notes_is_an_error() -> None:
    with pytest.raises(IncludeError) as info:
        parse("## Steps\n1. include: login\n   - Expected: logged in\n")
    assert info.value.line == 5 and info.value.path == PATH


def test_title_is_the_first_h1_anywhere() -> None:
    parsed = parse_spec_text("## Preconditions\n- ok\n## Steps\n1. a\n# Late title\n", PATH)
    assert parsed.title is not None and parsed.title.text == "Late title"


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("# T\n\n## Steps\n1. a\n", 1, "missing '## Preconditions' section"),
        ("---\ntags: [a]\n---\n## Steps\n1. a\n", 4, "missing '## Preconditions' section"),
        ("## Preconditions\n- ok\n\nno list\n", 1, "missing '## Steps' section"),
        ("## Preconditions\nprose\n## Steps\n1. a\n", 1, "'## Preconditions' has no list items"),
        # only empty items (a fuzz find: '1.' then a rule, then the steps without their heading)
        ("## Preconditions\n1.\n---\n1. step\n", 1, "'## Preconditions' has no list items"),
        ("## Preconditions\n-\n## Steps\n1. a\n", 1, "'## Preconditions' has no list items"),
        ("## Preconditions\n- ok\n## Steps\nnothing\n", 3, "'## Steps' has no numbered steps"),
        ("## Preconditions\n- ok\n## Steps\n- bullet\n", 4, "steps must be a numbered list"),
        ("## Preconditions\n- ok\n## Steps\n1. a\n2.\n", 5, "empty step"),
        ("## Preconditions\n- ok\n## Steps\n1. Optional:\n", 4, "empty step after 'Optional:'"),
        ("## Preconditions\n- ok\n## Steps\n1. a\n   - Expected:\n", 5, "empty Expected clause"),
        ("## Preconditions\n- ok\n## Steps\n1. a\n## Steps\n1. b\n", 5, "a second '## Steps' section"),
        ("---\ntitle: x\n", 1, "front matter opened with '---' on line 1 is never closed"),
    ],
)
def test_structural_errors_name_the_line(text: str, line: int, reason: str) -> None:
    with pytest.raises(SpecError) as info:
        parse_spec_text(text, PATH)
    assert (info.value.line, info.value.reason) == (line, reason)
    assert info.value.path == PATH
    assert str(info.value).startswith(f"{PATH}:{line}: ")


def test_misplaced_heading_level_gets_a_hint() -> None:
    with pytest.raises(SpecError) as info:
        parse_spec_text("# Preconditions\n- ok\n## Steps\n1. a\n", PATH)
    assert (
        info.value.hint is not None
        and "'## Preconditions'" in info.value.hint
        and "line 1" in info.value.hint
    )


def test_front_matter_is_parsed_and_key_lines_recorded() -> None:
    parsed = parse_spec_text(
        "---\ntitle: T\ntags: smoke, login\ntimeout: 30\nsecrets: [API_TOKEN]\nauth: admin\n---\n"
        "## Preconditions\n- ok\n## Steps\n1. a\n",
        PATH,
    )
    front = parsed.front_matter
    assert front is not None
    assert (front.title, front.tags, front.timeout, front.secrets, front.auth) == (
        "T",
        ("smoke", "login"),
        30.0,
        ("API_TOKEN",),
        "admin",
    )
    assert parsed.front_matter_lines["timeout"] == 4
    assert parsed.steps[0].line == 11


@pytest.mark.parametrize(
    ("front", "line", "fragment"),
    [
        ("titel: x", 2, "did you mean 'title'?"),
        ("tags: [a b]", 2, "tags must be non-empty words"),
        ("secrets: [not-a-name]", 2, "not a variable name"),
        ("timeout: soon", 2, "'timeout'"),
        ("auth: ../state", 2, "not a valid name"),
        ("- a list", 2, "must be a mapping"),
        ("a: [", 2, "invalid YAML"),
        ("when: 2001-13-45", 2, "invalid YAML"),
        ("title: ok\nsetup: has space", 3, "'setup'"),
    ],
)
def test_front_matter_errors_name_file_line_and_key(front: str, line: int, fragment: str) -> None:
    with pytest.raises(SpecError) as info:
        parse_spec_text(f"---\n{front}\n---\n## Preconditions\n- ok\n## Steps\n1. a\n", PATH)
    assert info.value.line == line and info.value.path == PATH
    assert fragment in info.value.reason


def test_empty_front_matter_is_allowed() -> None:
    assert parse_spec_text("---\n---\n## Preconditions\n- ok\n## Steps\n1. a\n", PATH).front_matter is None


def test_library_steps_need_no_preconditions() -> None:
    steps = parse_library_text("# Login\nSome intro.\n\n1. a\n2. include: other\n", Path("steps/login.md"))
    assert [(s.text.text, s.include) for s in steps] == [("a", None), ("include: other", "other")]


def test_library_without_numbered_steps_is_an_include_error() -> None:
    with pytest.raises(IncludeError):
        parse_library_text("- just bullets\n", Path("steps/x.md"))


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Verify the cart is empty", StepKind.ASSERTION),
        ("verify x", StepKind.ASSERTION),
        ("ASSERT title", StepKind.ASSERTION),
        ("验证页面显示", StepKind.ASSERTION),
        ("断言 URL", StepKind.ASSERTION),
        # natural wordings claim as their canonical wording does (autoqa.spec.paraphrase)
        ('Make sure the text "Saved" appears on the page', StepKind.ASSERTION),
        ('Then the user should see "Welcome"', StepKind.ASSERTION),
        ('I should not see "Error"', StepKind.ASSERTION),
        ("The Save button is disabled", StepKind.ASSERTION),
        ('"Welcome" is displayed', StepKind.ASSERTION),
        ('Double-check that "Saved" appears', StepKind.ASSERTION),
        ('A toast says "Saved"', StepKind.ASSERTION),
        # a claim after another action still needs its evidence
        ('Fill in the form and verify "Saved" is visible', StepKind.ASSERTION),
        ("Cancel my membership and make sure I'm not charged again", StepKind.ASSERTION),
        ("Translate the page into Spanish, then check that nothing is cut off", StepKind.ASSERTION),
        ("Click verify", StepKind.ACTION),
        ('Click "Save" and press Enter', StepKind.ACTION),
        ('Type "verify that" in the box and press Enter', StepKind.ACTION),  # quoted words claim nothing
        ('Then the user clicks on "Save"', StepKind.ACTION),
        ("Navigate to /", StepKind.ACTION),
    ],
)
def test_step_kind(text: str, kind: StepKind) -> None:
    assert step_kind(text) is kind
