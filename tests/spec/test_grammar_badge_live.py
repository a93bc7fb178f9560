"""Badges and counters a step names ("Verify the cart badge shows "2"", "The status pill should read "Open"",
"Verify the message counter shows 12"): a text this short is on many elements of a page, so the check reads
the one badge the page names so, its whole text. Each runs plain, passes on the working page and fails at
its own step on each broken build — where the same text is still elsewhere on the page — and its exported
test does the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from autoqa.spec.grammar import parse_plain_actions
from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Shop</title>
<header><a href="/cart" aria-label="Cart">🛒<span class="shopping_cart_badge">2</span></a>
<a href="/inbox">Messages</a><span class="count">12</span></header>
<main><h1>Backpack</h1><p>2 reviews · 12 photos</p>
<p>Status: <span class="pill">Open</span></p>
<nav><button>Open</button><button>Closed</button></nav>
<dl><dt>Availability</dt><dd><span class="tag">In stock</span></dd></dl>
<p>Also in stock: Bike Light</p>
</main>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify the cart badge shows "2"
3. The status pill should read "Open"
4. The availability badge should read "In stock"
5. Verify the message counter shows 12
"""

BROKEN = {
    # three in the cart; "2 reviews" still on the page
    "cart_three": ('class="shopping_cart_badge">2<', 'class="shopping_cart_badge">3<', 2),
    # the cart emptied: its badge is gone
    "cart_gone": ('<span class="shopping_cart_badge">2</span>', "", 2),
    # closed; the "Open" filter button is still there
    "status": ('class="pill">Open<', 'class="pill">Closed<', 3),
    # "Not in stock" holds "in stock": the badge's whole text is the claim
    "stock": ('class="tag">In stock<', 'class="tag">Not in stock<', 4),
    # 13 messages; "12 photos" is still on the page
    "messages": ('class="count">12<', 'class="count">13<', 5),
}


@pytest.mark.parametrize(
    ("written", "name", "text"),
    [
        ('Verify the cart badge shows "2"', "cart", "2"),
        ("The basket badge should show 1", "basket", "1"),
        ('Verify the status badge shows "Closed"', "status", "Closed"),
        ('The status pill should read "Open"', "status", "Open"),
        ("Verify the message counter shows 12", "message", "12"),
        ("The pending review count should be 1", "pending review", "1"),
    ],
)
def test_a_short_readout_of_a_named_badge_reads_that_badge(written: str, name: str, text: str) -> None:
    actions = parse_plain_actions(written)
    assert actions is not None and len(actions) == 1, written
    assert (actions[0].tool, actions[0].args) == (
        "assert_text_in",
        {"target": f"badge={name}", "text": text, "exact": True},
    )


@pytest.mark.parametrize(
    "written",
    [
        'Verify the badge shows "New"',  # which badge is not said: the text alone would be the claim
        'Verify the red badge shows "New"',  # how it looks is no name
    ],
)
def test_a_badge_the_step_does_not_name_stays_with_the_agent(written: str) -> None:
    assert parse_plain_actions(written) is None


@pytest.mark.timeout(480)
def test_each_badge_check_passes_on_the_page_and_fails_on_its_broken_build_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, out = check_run_and_export(
        tmp_path, site, name="badges", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert source.count("named_badge(page,") == 4, source
    assert "no badge named 'cart' on the page" in out, out
