"""Cache keys: a hash chain over the spec's steps, so editing step N invalidates N and every step after it.

A step's key hashes its position, its text *as written* (``raw_text``: variables and secrets as
``{{NAME}}``, so neither a secret value nor a per-environment URL ever reaches the key), its Expected
clauses and notes, whether it is optional — and the previous step's key. Later steps usually depend on
what earlier ones did, so a change anywhere cascades to the end (kane-cli's rule).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from autoqa.spec.model import Step

KEY_VERSION = 1


def step_keys(steps: Sequence[Step]) -> list[str]:
    keys: list[str] = []
    previous = ""
    for step in steps:
        material = json.dumps(
            [
                KEY_VERSION,
                step.index,
                step.raw_text or step.text,
                list(step.expected),
                list(step.notes),
                step.optional,
                previous,
            ],
            ensure_ascii=False,
        )
        previous = hashlib.sha256(material.encode("utf-8")).hexdigest()[:16]
        keys.append(previous)
    return keys
