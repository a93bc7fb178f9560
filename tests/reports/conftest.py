"""A run with one spec of each outcome, built directly from result values, plus its files on disk."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from autoqa.results import (
    GuardrailTrip,
    Outcome,
    RunResult,
    SpecResult,
    StepResult,
    StepStatus,
    ToolCall,
    Usage,
)

SPEC_TEXT = """# Checkout total

## Preconditions
- Logged in as demo

## Steps
1. Open /products.html
2. Add "Backpack" to the cart
3. Verify the total is $29.99
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project folder holding the spec file the failing result points at."""
    (tmp_path / "specs" / "shop").mkdir(parents=True)
    (tmp_path / "specs" / "shop" / "checkout.md").write_text(SPEC_TEXT)
    return tmp_path


@pytest.fixture
def run_dir(project: Path) -> Path:
    """The run folder with the failing spec's kept screenshot and trace."""
    folder = project / "artifacts" / "r-42"
    (folder / "shop-checkout" / "screenshots").mkdir(parents=True)
    image = Image.new("RGB", (320, 200), (250, 250, 250))
    ImageDraw.Draw(image).rectangle((20, 20, 300, 60), fill=(207, 34, 46))
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG")
    (folder / "shop-checkout" / "screenshots" / "004-final.jpg").write_bytes(buffer.getvalue())
    (folder / "shop-checkout" / "trace.zip").write_bytes(b"PK\x05\x06" + b"\x00" * 18)
    return folder


@pytest.fixture
def sample_run(project: Path) -> RunResult:
    navigate = ToolCall("navigate", {"url": "/login.html"}, True, step=1, duration_ms=85.0)
    passed = SpecResult(
        Path("specs/login.md"), "Log in", Outcome.PASSED, "plain", duration_ms=812.0, slug="login", index=1,
        steps=(StepResult(1, "Open /login.html", StepStatus.PASSED, 90.0, tool_calls=(navigate,)),),
    )  # fmt: skip
    failed_call = ToolCall(
        "assert_text", {"text": "Total: $29.99"}, False, step=3, error_code="ASSERTION_FAILED",
        error_message="expected 'Total: $29.99' but page shows 'Total: $30.99'", duration_ms=5003.0,
        screenshot_path="shop-checkout/screenshots/004-final.jpg",
    )  # fmt: skip
    failed = SpecResult(
        project / "specs" / "shop" / "checkout.md", "Checkout total", Outcome.FAILED, "agent",
        duration_ms=15_400.0, reason="the total is $30.99, not $29.99 (100% sure)\nsecond line",
        failed_step=3, slug="shop-checkout", index=2, tags=("smoke", "cart"),
        usage=Usage(input_tokens=12_345, output_tokens=678, cost_usd=0.0421, model_requests=7),
        steps=(
            StepResult(1, "Open /products.html", StepStatus.PASSED, 300.0),
            StepResult(2, 'Add "Backpack" to the cart', StepStatus.PASSED, 900.0, healed=True),
            StepResult(3, "Verify the total is $29.99", StepStatus.FAILED, 5100.0,
                       reason="total mismatch", tool_calls=(failed_call,)),
        ),
        artifacts={"dir": "shop-checkout", "screenshot": "shop-checkout/screenshots/004-final.jpg",
                   "trace": "shop-checkout/trace.zip", "result": "shop-checkout/result.json"},
    )  # fmt: skip
    errored = SpecResult(
        Path("specs/search.md"), "Search, with <html> & commas: yes", Outcome.ERROR, "agent",
        duration_ms=60_000.0, reason="guardrail max_tool_calls tripped: 41 > 40", slug="search", index=3,
        guardrail=GuardrailTrip("max_tool_calls", 40, 41),
        steps=(StepResult(1, "Search for 'bike'", StepStatus.NOT_RUN),),
    )  # fmt: skip
    skipped = SpecResult(
        Path("specs/agent-only.md"), "Agent only", Outcome.SKIPPED, "none",
        reason="no model credentials", slug="agent-only", index=4,
    )  # fmt: skip
    return RunResult("r-42", (passed, failed, errored, skipped), duration_ms=77_000.0)
