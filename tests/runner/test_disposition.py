"""What the policy lets a replay do: a stop that proves an app change heals only when app_change = heal."""

from __future__ import annotations

from autoqa.config.settings import Settings
from autoqa.runner.disposition import heal_allowed
from autoqa.tools.result import ErrorCode, ToolResult

RENAMED = ToolResult.failure(
    ErrorCode.ELEMENT_NOT_FOUND,
    "no editable field matches target 'Postal code'; closest: the \"Zip code\" field",
    tool="fill",
)
MISMATCH = ToolResult.failure(ErrorCode.ASSERTION_FAILED, "expected text 'Total: $29.99'", tool="assert_text")
DRIFTED = ToolResult.success(tool="fill", element='textbox "Zip code"')  # passed, flagged under strict_drift


def test_an_app_change_heals_only_when_the_policy_says_heal() -> None:
    heal, fail = Settings(), Settings(triage={"app_change": "fail"})
    assert heal_allowed(heal, RENAMED) and heal_allowed(heal, DRIFTED)
    assert not heal_allowed(fail, RENAMED) and not heal_allowed(fail, DRIFTED)
    # Other stops keep today's hand-over (the agent judges), and an uncached step always goes on.
    assert heal_allowed(fail, MISMATCH) and heal_allowed(fail, None)
