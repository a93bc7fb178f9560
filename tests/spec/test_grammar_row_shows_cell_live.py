"""A row named first, then what one of its cells shows ('Verify the "VAN-0042" row shows status "In
service"', 'The row for "Ahmed Karimi" displays net pay "$3,412.50"', corpus ``dev_fifteenth.txt``): that
row's cell under the column so named, as 'Verify the status for "VAN-0042" is "In service"' reads it.
Never a judgement ("shows the correct location") and never an unquoted value. The run passes on the page
and fails at its own step on each broken build, and so does the test its passing run exported."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

from .grammar_calls import calls as _calls

PAGE = """<!doctype html><meta charset="utf-8"><title>Fleet</title><main><h1>Fleet</h1>
<table><tr><th>Vehicle</th><th>Status</th><th>Driver</th><th>Net pay</th></tr>
<tr><td>VAN-0042</td><td>In service</td><td>Lena Fischer</td><td>$3,412.50</td></tr>
<tr><td>TRK-118</td><td>Workshop</td><td>Ahmed Karimi</td><td>$2,980.00</td></tr></table>
<button id="send">Send TRK-118 out</button><p id="note"></p></main>
<script>document.getElementById('send').addEventListener('click', () => {
  document.querySelectorAll('tr')[2].children[1].textContent = 'In service';
  document.getElementById('note').textContent = 'Sent'; });</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify the "VAN-0042" row shows status "In service"
3. The row for "VAN-0042" displays net pay "$3,412.50"
4. Verify that the "TRK-118" row shows driver "Ahmed Karimi".
5. Click "Send TRK-118 out"
6. Verify "Sent" is visible
7. Then the "TRK-118" row should show status "In service"
"""

BROKEN = {
    # The status and driver columns swapped in the first row: "In service" is in the row, not under Status.
    "cells_swapped": (
        "<td>In service</td><td>Lena Fischer</td>",
        "<td>Lena Fischer</td><td>In service</td>",
        2,
    ),
    # The pay shows another amount.
    "pay_wrong": ("<td>$3,412.50</td>", "<td>$3,142.50</td>", 3),
    # The drivers of the two rows are swapped: "Ahmed Karimi" is on the page, in the other row.
    "drivers_swapped": (
        "<td>Lena Fischer</td><td>$3,412.50</td></tr>\n<tr><td>TRK-118</td><td>Workshop</td><td>Ahmed Karimi",
        "<td>Ahmed Karimi</td><td>$3,412.50</td></tr>\n<tr><td>TRK-118</td><td>Workshop</td><td>Lena Fischer",
        4,
    ),
    # Sending the van out updates the wrong row: TRK-118 stays in the workshop.
    "wrong_row_updated": ("querySelectorAll('tr')[2]", "querySelectorAll('tr')[1]", 7),
}


@pytest.mark.parametrize(
    ("written", "row", "column", "value"),
    [
        ('Verify the "VAN-0042" row shows status "In service"', "VAN-0042", "status", "In service"),
        ('The row for "Ahmed Karimi" displays net pay "$3,412.50"', "Ahmed Karimi", "net pay", "$3,412.50"),
        ('Confirm the row of "INV-2291" shows amount "$120.00"', "INV-2291", "amount", "$120.00"),
        ('row "PKG-7781" shows carrier "DHL"', "PKG-7781", "carrier", "DHL"),
        ('Verify the "Dr. Osei" row still shows status "Available"', "Dr. Osei", "status", "Available"),
    ],
)
def test_a_row_named_first_reads_as_its_cell(written: str, row: str, column: str, value: str) -> None:
    assert _calls(written) == [
        ("assert_text_in", {"target": f'the row in "{row}"', "text": value, "column": column})
    ]


@pytest.mark.parametrize(
    "written",
    [
        'Verify the "TRK-118" row shows the correct location',
        'The "Room 12" row shows an appropriate status "Full"',
        'The "Room 12" row shows appropriate status "Full"',
        'Verify the "VAN-0042" row shows status In service',
    ],
)
def test_a_judgement_or_an_unquoted_value_is_not_a_cell_claim(written: str) -> None:
    assert _calls(written) is None


@pytest.mark.timeout(300)
def test_row_cell_claims_run_export_and_fail_on_broken_builds(tmp_path: Path, site: tuple[Path, str]) -> None:
    """The run and its exported test pass on the page and fail at the same step on each broken build."""
    check_run_and_export(
        tmp_path,
        site,
        name="fleet",
        page=PAGE,
        builds=BROKEN,
        spec=lambda n: SPEC.replace("{page}", n),
    )
