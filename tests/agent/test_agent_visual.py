"""A visual check through the real SDK and CLI: the model's failure picture is the diff, and a mismatch the
model calls a pass is still a failed spec."""

from __future__ import annotations

import base64
import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from autoqa.agent import run_agent_spec
from autoqa.results import Outcome
from autoqa.secrets import SecretSet
from autoqa.testing.fake_anthropic import FakeAnthropic, result_text, tool_use
from autoqa.tools.baseline_files import BaselineFolder
from autoqa.tools.context import ToolContext

from .agent_helpers import DEMO_PASSWORD, spec, step

pytestmark = pytest.mark.agent

LOOK = spec(step(1, "Open the login page"), step(2, 'Verify the page matches the baseline "login"'))


def _red_share(jpeg: bytes) -> float:
    with Image.open(io.BytesIO(jpeg)) as picture:
        rgb = picture.convert("RGB")
        red = sum(n for n, (r, g, b) in rgb.getcolors(1 << 22) or [] if r > 200 and g < 90 and b < 90)
        return red / (rgb.width * rgb.height)


async def test_the_model_sees_the_diff_and_cannot_talk_a_mismatch_into_a_pass(
    fake: FakeAnthropic, tool_ctx: ToolContext, agent_options: Any, tmp_path: Path
) -> None:
    # A baseline of another page entirely: a blank white picture of the viewport's size.
    Image.new("RGB", (1280, 800), "white").save(tmp_path / "login.png")
    ctx = dataclasses.replace(tool_ctx, baselines=BaselineFolder(tmp_path, "specs/.autoqa/baselines/look"))
    fake.script(
        tool_use("navigate", {"url": "/login.html", "step": 1}),
        tool_use("assert_matches_baseline", {"name": "login", "step": 2}, id="toolu_look"),
        tool_use("finish", {"status": "passed", "summary": "looks fine to me"}),
    )
    result = await run_agent_spec(LOOK, ctx, agent_options(), secrets=SecretSet({"PASSWORD": DEMO_PASSWORD}))

    after = next(r for r in fake.message_requests if r.tool_result("toolu_look") is not None)
    summary = json.loads(result_text(after.tool_result("toolu_look")).splitlines()[0])
    assert summary["error"]["code"] == "VISUAL_MISMATCH" and summary["error"]["retriable"] is False
    assert "never pick another baseline name" in summary["error"]["message"]  # the advice reaches the model
    (image,) = after.images()
    page_red = _red_share(await ctx.page.screenshot(type="jpeg"))
    assert _red_share(base64.b64decode(image["source"]["data"])) > page_red + 0.002  # the diff, not the page
    assert result.outcome is Outcome.FAILED and result.failed_step == 2
    assert "assert_matches_baseline failed and never passed" in (result.reason or "")
