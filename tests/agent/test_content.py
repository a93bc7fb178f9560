"""Tool result → what the model receives (autoqa.agent.content) and compact schemas (autoqa.agent.schemas)."""

from __future__ import annotations

import base64
import io
import json
import logging
from enum import StrEnum

import pytest
from PIL import Image
from pydantic import BaseModel, ConfigDict

from autoqa.agent.content import bounded_jpeg, internal_error_result, summary, to_mcp_result
from autoqa.agent.schemas import compact_schema
from autoqa.secrets import SecretSet
from autoqa.tools.actions import FillArgs, SetCheckedArgs
from autoqa.tools.assertions import TextPresentArgs
from autoqa.tools.result import ErrorCode, Screenshot, ToolError, ToolResult

SECRETS = SecretSet({"PASSWORD": "demo-pass-123"})


def jpeg(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(out, "JPEG")
    return out.getvalue()


def first_json(result: dict) -> dict:
    return json.loads(result["content"][0]["text"])


def test_success_is_a_short_json_summary_without_image() -> None:
    result = ToolResult.success("click", ref="e5", url="http://127.0.0.1/products.html")
    mcp = to_mcp_result(result, secrets=SECRETS)
    assert mcp["is_error"] is False
    assert first_json(mcp) == {"ok": True, "data": {"ref": "e5", "url": "http://127.0.0.1/products.html"}}
    assert [b["type"] for b in mcp["content"]] == ["text"]


def test_failure_with_image_is_not_is_error_but_says_ok_false_and_carries_the_jpeg() -> None:
    shot = Screenshot(width=1024, height=640, data=jpeg(1024, 640))
    result = ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, "no element matches 'Sign in'", "click")
    result = result.model_copy(update={"screenshot": shot})
    image = bounded_jpeg(shot.data or b"")
    mcp = to_mcp_result(result, secrets=SECRETS, image=image)
    assert mcp["is_error"] is False  # the CLI would drop the image otherwise
    summary = first_json(mcp)
    assert summary["ok"] is False
    assert summary["error"] == {
        "code": "ELEMENT_NOT_FOUND",
        "message": "no element matches 'Sign in'",
        "retriable": False,
    }
    assert summary["screenshot"] == {"width": 1024, "height": 640, "attached": True}
    image_block = mcp["content"][-1]
    assert image_block["type"] == "image" and image_block["mimeType"] == "image/jpeg"
    assert Image.open(io.BytesIO(base64.b64decode(image_block["data"]))).size == (1024, 640)


def test_failure_without_image_sets_is_error() -> None:
    result = ToolResult.failure(ErrorCode.TIMEOUT, "timed out after 5000 ms", "click")
    mcp = to_mcp_result(result, secrets=SECRETS)
    assert mcp["is_error"] is True
    assert first_json(mcp)["error"]["code"] == "TIMEOUT"


def test_large_screenshots_are_downscaled_to_1024_long_side() -> None:
    image = bounded_jpeg(jpeg(1440, 900))
    assert image is not None
    assert (image.width, image.height) == (1024, 640)
    assert Image.open(io.BytesIO(image.data)).size == (1024, 640)
    png = io.BytesIO()
    Image.new("RGB", (300, 200)).save(png, "PNG")
    converted = bounded_jpeg(png.getvalue())
    assert converted is not None and Image.open(io.BytesIO(converted.data)).format == "JPEG"


def test_broken_image_is_dropped_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    assert bounded_jpeg(b"not an image") is None
    assert "cannot use screenshot" in caplog.text


def test_secret_values_are_redacted_everywhere() -> None:
    result = ToolResult.failure(
        ErrorCode.ASSERTION_FAILED, "value was demo-pass-123", "assert_value", actual="demo-pass-123"
    )
    mcp = to_mcp_result(result, secrets=SECRETS, context_text="textbox 'Password': demo-pass-123")
    text = json.dumps(mcp)
    assert "demo-pass-123" not in text
    assert "<secret:PASSWORD>" in text


def test_long_text_data_gets_its_own_bounded_block() -> None:
    snapshot = '- heading "Products" [ref=e1]\n' * 1000
    mcp = to_mcp_result(
        ToolResult.success("snapshot", snapshot=snapshot, url="/products.html"), secrets=SECRETS
    )
    assert first_json(mcp) == {"ok": True, "data": {"url": "/products.html"}}
    body = mcp["content"][1]["text"]
    assert body.startswith("snapshot:\n- heading")
    assert len(body) < 9_100 and "more characters not shown" in body


def test_internal_error_is_a_result_with_type_and_cause_and_logs_the_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    try:
        try:
            raise KeyError("page")
        except KeyError as inner:
            raise RuntimeError("tool blew up with demo-pass-123") from inner
    except RuntimeError as exc:
        with caplog.at_level(logging.ERROR, logger="autoqa.agent.content"):
            mcp = internal_error_result(exc, tool="click", secrets=SECRETS)
    assert mcp["is_error"] is True
    error = first_json(mcp)["error"]
    assert error["code"] == "INTERNAL_ERROR"
    assert error["exception"] == "RuntimeError"
    assert error["cause"] == "KeyError: 'page'"
    assert "Traceback" not in json.dumps(mcp)
    assert "demo-pass-123" not in json.dumps(mcp) and "demo-pass-123" not in caplog.text
    assert "RuntimeError" in caplog.text and "internal error in tool click" in caplog.text


class Color(StrEnum):
    RED = "red"
    BLUE = "blue"


class Inner(BaseModel):
    x: int


class Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str
    color: Color = Color.RED
    where: Inner | None = None
    note: str | None = None


def test_compact_schema_inlines_defs_drops_titles_and_adds_step() -> None:
    schema = compact_schema(Args)
    text = json.dumps(schema)
    assert "$defs" not in text and "$ref" not in text
    assert '"title": {"type": "string"}' in text  # a property *named* title is kept
    assert "additionalProperties" not in text
    assert schema["properties"]["color"] == {"type": "string", "enum": ["red", "blue"], "default": "red"}
    assert schema["properties"]["where"] == {
        "type": "object",
        "properties": {"x": {"type": "integer"}},
        "required": ["x"],
    }
    assert schema["properties"]["note"] == {"type": "string"}
    assert schema["properties"]["step"] == {"type": "integer"}
    assert schema["required"] == ["title", "step"]


def test_fill_offers_submit_and_a_flag_that_is_off_unless_given_sends_no_default() -> None:
    fill = compact_schema(FillArgs)
    assert fill["properties"]["submit"] == {
        "type": "boolean",
        "description": "then press Enter in it (submit a search)",
    }
    assert fill["required"] == ["value", "step"]
    # A default that is not "off" still says what leaving the flag out means.
    assert compact_schema(SetCheckedArgs)["properties"]["checked"] == {"type": "boolean", "default": True}


def test_an_argument_only_plain_steps_use_is_not_offered_to_the_model() -> None:
    """'reads exactly' (whole) is the plain grammar's; the model has exact, and the tool takes both."""
    offered = compact_schema(TextPresentArgs)["properties"]
    assert "exact" in offered and "whole" not in offered
    assert "plain_only" not in json.dumps(compact_schema(TextPresentArgs))
    assert TextPresentArgs.model_validate({"text": "1 slot booked", "whole": True}).whole


def test_advice_reaches_the_model_but_not_the_message_people_read() -> None:
    error = ToolError.of(
        ErrorCode.ELEMENT_NOT_FOUND, "no element matches target 'Sve'", advice="take a snapshot"
    )
    result = ToolResult(ok=False, tool="click", error=error)
    body, _ = summary(result)
    assert body["error"]["message"] == "no element matches target 'Sve'; take a snapshot"
    assert error.message == "no element matches target 'Sve'"
