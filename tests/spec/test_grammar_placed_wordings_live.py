"""Two ways a step says a place that its parse test alone would not guard: "Verify checkbox 2 is checked"
(a role word and a number: the second checkbox) and 'Verify "Paid" is visible in the second row' (the
row's text, not the page's). A bill list: each row's "Pay" button marks its own row paid and ticks its box.
The spec runs plain, passes on the working page and fails at its own step on each broken build: one that
marks another row paid (its "Paid" is still on the page: a text-anywhere check would pass) and one that
ticks another row's box. A hidden template row comes first: no person counts it, nor does the exported test,
which counts the same visible rows and controls (``filter(visible=True).nth(i)``) and fails on each build
too."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Bills</title>
<main><h1>Bills</h1><table><thead><tr><th>Paid</th><th>Bill</th><th>Status</th><th></th></tr></thead>
<tbody>
<tr hidden class="template"><td><input type="checkbox" aria-label="Paid"></td><td>Bill</td>
  <td class="status">Due</td><td><button>Pay</button></td></tr>
<tr><td><input type="checkbox" aria-label="Paid"></td><td>Rent</td><td class="status">Due</td>
  <td><button>Pay</button></td></tr>
<tr><td><input type="checkbox" aria-label="Paid"></td><td>Power</td><td class="status">Due</td>
  <td><button>Pay</button></td></tr>
<tr><td><input type="checkbox" aria-label="Paid"></td><td>Water</td><td class="status">Due</td>
  <td><button>Pay</button></td></tr>
</tbody></table></main>
<script>
const STATUS_ROW = (i) => i;
const BOX_ROW = (i) => i;
const rows = [...document.querySelectorAll('tbody tr:not(.template)')];
rows.forEach((row, i) => {
  row.querySelector('button').onclick = () => {
    rows[STATUS_ROW(i)].querySelector('.status').textContent = 'Paid';
    rows[BOX_ROW(i)].querySelector('input').checked = true;
  };
});
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click the second "Pay" button
3. Verify "Paid" is visible in the second row
4. Verify checkbox 2 is checked
5. Verify checkbox 1 is not checked
6. Click the "Pay" button in the third row
7. Verify checkbox 3 is checked
"""

BROKEN = {
    # each "Pay" button marks the first row paid: "Paid" is on the page, not in the second row
    "status": ("const STATUS_ROW = (i) => i;", "const STATUS_ROW = (i) => 0;", 3),
    # each "Pay" button ticks the previous row's box (the first row's its own)
    "box": ("const BOX_ROW = (i) => i;", "const BOX_ROW = (i) => Math.max(0, i - 1);", 4),
}


@pytest.mark.timeout(480)
def test_a_bill_list_read_by_place_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path,
        site,
        name="bills",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )
