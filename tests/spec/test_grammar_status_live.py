"""A status is a value of the page, not a text anywhere on it: "Verify the status is "Shipped"" reads the
value the page labels Status ("Status: <b>Shipped</b>", a <dt>, a label) or the one element whose class, id
or test id is "status" (a badge). A "Shipped" filter button, an "Unshipped" status or two status badges is
no evidence; each runs plain, passes on the working page and fails at its own step on each broken build."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_broken_builds

PAGE = """<!doctype html><meta charset="utf-8"><title>Order 7</title>
<main>
<nav aria-label="Filter"><button>All</button> <button>Shipped</button> <button>Processing</button></nav>
<h1>Order 7</h1>
<p>Status: <b id="st">Shipped</b></p>
<p>Delivery: <span class="delivery-state">Unscheduled</span></p>
<section><h2>Parcel</h2><span class="badge parcel-status">In transit</span></section>
</main>
"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify the status is "Shipped"
3. Verify the parcel status reads "In transit"
4. Verify the delivery state is "Unscheduled"
"""

BROKEN = {
    # The order is still processing; "Shipped" is on the page as a filter button.
    "processing": ('<b id="st">Shipped</b>', '<b id="st">Processing</b>', 2),
    # A word is matched whole: "Unshipped" is not "Shipped".
    "unshipped": ('<b id="st">Shipped</b>', '<b id="st">Unshipped</b>', 2),
    # A status is its whole value: "Not shipped" does not read "Shipped".
    "not_shipped": ('<b id="st">Shipped</b>', '<b id="st">Not shipped</b>', 2),
    # Named by its class alone, and stuck: "In transit" is elsewhere, in the heading.
    "parcel": (
        '<h2>Parcel</h2><span class="badge parcel-status">In transit</span>',
        '<h2>Parcel (In transit)</h2><span class="badge parcel-status">Label created</span>',
        3,
    ),
    # Two parcels, two badges named so: no one parcel status.
    "two_parcels": (
        '<span class="badge parcel-status">In transit</span>',
        '<span class="badge parcel-status">In transit</span><span class="parcel-status">Lost</span>',
        3,
    ),
    # "Scheduled" is no "Unscheduled" either way round.
    "scheduled": (
        '<span class="delivery-state">Unscheduled</span>',
        '<span class="delivery-state">Scheduled</span>',
        4,
    ),
}


@pytest.mark.parametrize(
    ("written", "column"),
    [
        ('Verify the status is "Shipped"', "status"),
        ('Status should be "Shipped"', "status"),
        ('Verify the order status reads "Shipped"', "order status"),
    ],
)
def test_a_status_is_read_as_the_value_the_page_labels(written: str, column: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and len(actions) == 1
    assert actions[0].tool == "assert_text_in"
    assert actions[0].args == {"target": "css=body", "text": "Shipped", "column": column, "exact": True}


@pytest.mark.timeout(300)
def test_each_status_passes_on_the_page_and_fails_on_its_broken_build(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_broken_builds(
        tmp_path / "project",
        site,
        name="order",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )
