"""Builders shared by the artifact tests: real files, real images, plain result values."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from autoqa.artifacts import ArtifactPolicy, Redactor, RunArtifacts
from autoqa.config.settings import Settings
from autoqa.results import Outcome, SpecResult, StepResult, StepStatus, ToolCall
from autoqa.secrets import SecretSet

PASSWORD = "demo-pass-123"
TOKEN = "tok-9f8e7d6c5b4a"

ResultFactory = Callable[..., SpecResult]
RunFactory = Callable[..., RunArtifacts]


def policy_for(**settings: Any) -> ArtifactPolicy:
    """The policy a run with these settings uses (the one projection ``autoqa run`` uses too)."""
    return ArtifactPolicy.from_settings(Settings(**settings))


@pytest.fixture
def jpeg() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 30, 30)).save(buffer, format="JPEG")
    return buffer.getvalue()


@pytest.fixture
def secrets() -> SecretSet:
    return SecretSet({"PASSWORD": PASSWORD, "API_TOKEN": TOKEN})


@pytest.fixture
def redactor(secrets: SecretSet) -> Redactor:
    return Redactor(secrets, home=Path("/home/alice"))


@pytest.fixture
def make_result() -> ResultFactory:
    def build(
        outcome: Outcome = Outcome.PASSED,
        *,
        index: int = 1,
        slug: str = "shop-login",
        path: Path = Path("specs/shop/login.md"),
        **fields: Any,
    ) -> SpecResult:
        failing = outcome in (Outcome.FAILED, Outcome.ERROR)
        navigate = ToolCall("navigate", {"url": "/login.html"}, True, step=1, duration_ms=80.0)
        check = ToolCall(
            "assert_visible", {"target": "Products"}, not failing, step=2,
            error_code="ASSERTION_FAILED" if failing else None,
            error_message="no heading Products" if failing else None,
        )  # fmt: skip
        steps = (
            StepResult(1, "Open the login page", StepStatus.PASSED, 120.0, tool_calls=(navigate,)),
            StepResult(
                2, "Verify the products heading", StepStatus.FAILED if failing else StepStatus.PASSED, 300.0,
                reason="heading not found" if failing else None, tool_calls=(check,),
            ),
        )  # fmt: skip
        values: dict[str, Any] = {
            "path": path,
            "title": "Log in and see products",
            "outcome": outcome,
            "executor": "plain",
            "duration_ms": 420.0,
            "reason": "heading not found" if failing else None,
            "failed_step": 2 if failing else None,
            "steps": steps,
            "slug": slug,
            "index": index,
        }
        values.update(fields)
        return SpecResult(**values)

    return build


@pytest.fixture
def make_run(tmp_path: Path, redactor: Redactor) -> RunFactory:
    def build(policy: ArtifactPolicy | None = None, run_id: str | None = None, **kwargs: Any) -> RunArtifacts:
        return RunArtifacts.create(
            tmp_path / "artifacts",
            policy or policy_for(),
            redactor,
            run_id=run_id,
            root=tmp_path,
            **kwargs,
        )

    return build
