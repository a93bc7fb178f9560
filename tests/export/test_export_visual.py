"""A visual check's record → the exported call: the same baseline, masks, secrets, viewport and thresholds."""

from __future__ import annotations

import dataclasses

import pytest

from autoqa.errors import ExportError
from autoqa.export.statements import statements
from autoqa.record import ElementRecord, Fingerprint

from .test_statements import CTX, EL, _code, _element, _record

DATA = {
    "baseline": "specs/.autoqa/baselines/specs-cart/cart.png",
    "threshold": 0.1,
    "max_diff_ratio": 0.001,
    "viewport": [1280, 800],
}


def test_the_page_check_carries_everything_the_comparison_used() -> None:
    record = _record(
        "assert_matches_baseline",
        {"name": "cart", "ignore": ["clock"], "full_page": True},
        data=DATA,
        masks=(_element("p"),),
    )
    ctx = dataclasses.replace(CTX, secrets=("AUTOQA_PASSWORD",))
    code = _code(statements(record, ctx))
    assert code == (
        'expect_matches_baseline(page, "specs/.autoqa/baselines/specs-cart/cart.png", near=__file__, '
        f'mask=[{EL}], secrets=["AUTOQA_PASSWORD"], full_page=True, viewport=(1280, 800), threshold=0.1, '
        "max_diff_ratio=0.001)"
    )


def test_the_element_check_screenshots_its_locator_and_a_lost_region_refuses_export() -> None:
    args = {"name": "total", "target": "x"}
    element = _record("assert_matches_baseline", args, data=DATA, element=_element())
    assert _code(statements(element, CTX)).startswith(f"expect_matches_baseline({EL}, ")
    lost = ElementRecord(fingerprint=Fingerprint(tag=""), error="not found again")
    record = _record("assert_matches_baseline", {"name": "cart", "ignore": ["ad"]}, data=DATA, masks=(lost,))
    with pytest.raises(ExportError, match="region the visual check ignores has no unique locator"):
        statements(record, CTX)
