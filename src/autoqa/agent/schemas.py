"""Small JSON schemas for the model, derived from the tools' pydantic argument models.

Every byte of a tool definition is sent with every model request, so the schemas are compacted: ``$defs``
are inlined; titles, length and range limits dropped; ``Optional[X] = None`` becomes plain ``X`` (not
required), and a boolean's ``default: false`` is dropped (an absent flag is off);
the descriptions of ``ref`` and ``target`` are left to the system prompt, which explains them once; and
``additionalProperties: false`` is left out (unknown arguments still fail, in the tool layer, with
``INVALID_INPUT`` that our guardrails count, instead of an SDK validation error they would not see).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from autoqa.tools.args import PLAIN_ONLY_KEY

STEP_PROPERTY: dict[str, Any] = {"type": "integer"}
"""The ``step`` argument added to every browser tool: the spec step the call belongs to."""

# Length and range limits stay enforced by the pydantic models (INVALID_INPUT); to the model they are noise
# sent with every request (~0.4 KB over the tool set).
_DROP_KEYS = frozenset(
    {"title", "additionalProperties", "maxLength", "minLength", "maximum", "minimum", "maxItems", "minItems"}
)
EXPLAINED_IN_PROMPT = frozenset({"ref", "target"})
"""Properties the system prompt explains once, so their descriptions are not repeated in every tool."""


def _resolve(node: Any, defs: Mapping[str, Any], depth: int = 0) -> Any:
    if depth > 20:  # a recursive model; the tools have none, but never loop forever
        return {}
    if isinstance(node, list):
        return [_resolve(item, defs, depth) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        name = str(node["$ref"]).rsplit("/", 1)[-1]
        target = _resolve(copy.deepcopy(defs.get(name, {})), defs, depth + 1)
        extra = {k: v for k, v in node.items() if k != "$ref"}
        return _compact({**target, **extra}, defs, depth + 1)
    return _compact(node, defs, depth)


def _property(name: str, prop: Any, defs: Mapping[str, Any], depth: int) -> Any:
    resolved = _resolve(prop, defs, depth + 1)
    if name in EXPLAINED_IN_PROMPT and isinstance(resolved, dict):
        resolved.pop("description", None)
    return resolved


def _compact(node: dict[str, Any], defs: Mapping[str, Any], depth: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _DROP_KEYS or key == "$defs":
            continue
        if key == "properties" and isinstance(value, dict):
            # Property names are data here, not schema keywords: keep a property called "title".
            out[key] = {
                name: _property(name, prop, defs, depth)
                for name, prop in value.items()
                if not (isinstance(prop, dict) and prop.get(PLAIN_ONLY_KEY))
            }
        else:
            out[key] = _resolve(value, defs, depth + 1)
    # Optional[X] = None → X: the model simply leaves the argument out.
    any_of = out.get("anyOf")
    if isinstance(any_of, list):
        non_null = [s for s in any_of if s != {"type": "null"}]
        if len(non_null) == 1 and len(non_null) < len(any_of):
            out.pop("anyOf")
            out = {**non_null[0], **out}
            if out.get("default", 0) is None:
                out.pop("default")
    if "default" in out and out["default"] is None:
        out.pop("default")
    # A flag that is off unless given (double, exact, submit): leaving it out already says so.
    if out.get("type") == "boolean" and out.get("default") is False:
        out.pop("default")
    return out


def compact_schema(model: type[BaseModel], *, add_step: bool = True) -> dict[str, Any]:
    """The input schema the model sees for a tool whose arguments are ``model``."""
    raw = model.model_json_schema()
    defs = raw.get("$defs", {})
    schema: dict[str, Any] = _resolve(raw, defs)
    schema.setdefault("type", "object")
    properties: dict[str, Any] = dict(schema.get("properties") or {})
    required = [name for name in schema.get("required") or [] if name in properties]
    if add_step:
        properties["step"] = dict(STEP_PROPERTY)
        if "step" not in required:
            required.append("step")
    schema["properties"] = properties
    if required:
        schema["required"] = required
    else:
        schema.pop("required", None)
    return schema
