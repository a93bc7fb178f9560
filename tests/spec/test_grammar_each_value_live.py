"""One claim of several quoted texts holds for each of them: 'Verify "Save" and "Cancel" are not shown' is
both hidden (it was read as "Save" shown and "Cancel" not: a page still showing "Save" passed — a false
green), 'Verify the cart lists "Backpack" and "Bike Light"' is both in the cart. The run and its exported test
pass on the page and fail at their own step on each broken build."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Basket</title>
<main><h1>Basket</h1>
<section aria-label="Cart"><h2>Cart</h2><ul><li>Backpack</li><li>Bike Light</li></ul></section>
<p>Also popular: Fleece Jacket</p>
<div id="actions"><button id="save">Save</button> <button id="cancel">Cancel</button></div>
<button id="done">Done</button></main>
<script>
document.getElementById('done').onclick = () => {
  document.getElementById('save').hidden = true;
  document.getElementById('cancel').hidden = true;
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify "Save" and "Cancel" are visible
3. Verify the cart lists "Backpack" and "Bike Light"
4. Click "Done"
5. Verify "Save" and "Cancel" are not shown
"""

BROKEN = {
    # Cancel was never drawn
    "no_cancel": (' <button id="cancel">Cancel</button>', "", 2),
    # the light is only recommended, not in the cart
    "light_elsewhere": (
        "<li>Bike Light</li></ul></section>\n<p>Also popular: Fleece Jacket</p>",
        "</ul></section>\n<p>Also popular: Bike Light</p>",
        3,
    ),
    # Done leaves Save on the page (the first text of the claim)
    "save_stays": ("document.getElementById('save').hidden = true;", "", 5),
    # Done leaves Cancel on the page (the last one)
    "cancel_stays": ("document.getElementById('cancel').hidden = true;", "", 5),
}


@pytest.mark.parametrize(
    ("written", "calls"),
    [
        (
            'Verify "Save" and "Cancel" are not shown',
            [("assert_text_absent", {"text": "Save"}), ("assert_text_absent", {"text": "Cancel"})],
        ),
        (
            'Verify "A", "B" and "C" are visible',
            [("assert_text_present", {"text": t}) for t in ("A", "B", "C")],
        ),
        (
            'url should include "beds=3" and "pool=true"',
            [
                ("assert_url", {"expected": "beds=3", "match": "contains"}),
                ("assert_url", {"expected": "pool=true", "match": "contains"}),
            ],
        ),
        # a first half with no predicate of its own borrows the second's: never "Save" shown, the rest not
        ('Verify "Save" and the "Cancel" button are hidden', None),
        ('Verify the "Save" button and "Cancel" are hidden', None),
        # two claims, each with its own predicate, stay two claims
        (
            'Verify "A" is visible and "B" is hidden',
            [("assert_text_present", {"text": "A"}), ("assert_text_absent", {"text": "B"})],
        ),
        (
            'Verify "Backpack" and "Bike Light" are both in the cart',
            [
                ("assert_text_in", {"target": "region=cart", "text": "Backpack"}),
                ("assert_text_in", {"target": "region=cart", "text": "Bike Light"}),
            ],
        ),
        ('Verify "A" and "B" are in that order', None),
        # an order, a pick or "only" is not each text alone
        (
            'Verify the list shows "a", "b" and "c" in that order',
            [("assert_order", {"texts": ["a", "b", "c"]})],
        ),
        ('Verify the cart lists "A" and "B" only', None),
        ('Verify that the room types are not listed in the order: "A", "B", "C"', None),
        ('Verify "A" and "B" are sorted', None),
    ],
)
def test_a_claim_of_several_texts_reads_as_one_claim_per_text(
    written: str, calls: list[tuple[str, dict[str, object]]] | None
) -> None:
    actions = parse_plain_actions(written)
    assert (None if actions is None else [(a.tool, a.args) for a in actions]) == calls


@pytest.mark.timeout(480)
def test_each_text_of_a_claim_must_hold_run_and_export(tmp_path: Path, site: tuple[Path, str]) -> None:
    check_run_and_export(
        tmp_path, site, name="each", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )


@pytest.mark.parametrize(
    "written", ['Verify nothing says "Error"', 'Verify everything says "OK"', 'Verify no field says "Error"']
)
def test_a_quantifier_is_never_a_labelled_value(written: str) -> None:
    # 'Verify nothing says "Error"' was a value labelled "nothing" reading "Error": the claim turned round
    assert parse_plain_actions(written) is None
