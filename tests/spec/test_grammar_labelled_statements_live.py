"""Labelled values stated the way test cases write expected results — "Total: €41.00", "Delivery: €5.00",
'Status: "Confirmed"' — read as the value the page labels so (``Verify the total is "€41.00"``), never as the
text anywhere: the same amount in an earlier order's line or a "Confirmed" filter button is no evidence.
Notes and messages ("Note: …", "Error: Username is required") label nothing and stay as they were. It runs
plain, passes on the working page and fails at its own step on each broken build; its export does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Order</title>
<main><h1>Order summary</h1>
<nav><button>Confirmed</button><button>Pending</button></nav>
<dl><dt>Subtotal</dt><dd>€36.00</dd><dt>Delivery</dt><dd>€5.00</dd><dt>Total</dt><dd>€41.00</dd></dl>
<p>Status: <span class="status">Confirmed</span></p>
<p>Your previous order: €41.00 · €5.00 delivery</p>
</main>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Total: €41.00
3. Delivery: €5.00
4. Status: "Confirmed"
"""

BROKEN = {
    # the delivery is not added: the total shows the subtotal (the previous order still says €41.00)
    "total": ("<dt>Total</dt><dd>€41.00</dd>", "<dt>Total</dt><dd>€36.00</dd>", 2),
    # delivery charged at zero
    "delivery": ("<dt>Delivery</dt><dd>€5.00</dd>", "<dt>Delivery</dt><dd>€0.00</dd>", 3),
    # the order is still pending (a "Confirmed" filter button is on the page)
    "status": ('<span class="status">Confirmed</span>', '<span class="status">Pending</span>', 4),
}


@pytest.mark.parametrize(
    ("written", "column", "text"),
    [
        ("Total: €41.00", "Total", "€41.00"),
        ("Outstanding fines: £0.00.", "Outstanding fines", "£0.00"),
        ('Status: "Confirmed"', "status", "Confirmed"),
    ],
)
def test_a_labelled_statement_reads_as_that_labelled_value(written: str, column: str, text: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and len(actions) == 1
    assert actions[0].tool == "assert_text_in"
    assert (actions[0].args["target"], actions[0].args["column"], actions[0].args["text"]) == (
        "css=body",
        column,
        text,
    )


@pytest.mark.parametrize(
    "written",
    [
        "Note: the page may take a while",
        "Error: Username is required",
        "Step 3: click Save",
        "Name: web-prod-03",
        "Confirmation email: open it",  # an instruction after the colon, not a value
        # an action written with a colon: what to do, never a value the page labels "Filter by owner"
        "Filter by owner: Me",
        "Sort by Price: Low to High",
        "Apply coupon: SAVE10",
        "Show columns: Name",
        "Hide archived: Yes",
        "Expand section: Billing",
        "Toggle theme: Dark",
        "Download format: PDF",
        "Rename file: Budget 2026",
    ],
)
def test_notes_messages_and_vague_labels_are_not_labelled_values(written: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is None or all(a.tool != "assert_text_in" for a in actions)


@pytest.mark.timeout(480)
def test_an_order_summary_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="order", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
