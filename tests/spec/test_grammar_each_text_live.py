"""A text claimed of every row of the main table ("Every row's Status column shows "In service"", "Verify
each row contains "Okafor"", "All rows show "In service" in the Status column"), read as assert_each_text,
on one fleet page whose filters re-render the table: the spec passes plain, fails at its own step on each
broken build (among them a filter that empties the table — a claim about every one of none is no evidence —,
a status that reads "Not in service", and the column renamed), and its exported test does the same. The
readings are in tests/spec/test_grammar_twentieth.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Fleet</title>
<main>
<h1>Fleet</h1>
<p><label for="status">Status</label> <select id="status"><option>All</option><option>In service</option>
<option>Maintenance</option></select>
<label for="driver">Driver</label> <input id="driver"></p>
<table><thead><tr><th>Vehicle</th><th>Driver</th><th>Status</th></tr></thead><tbody id="rows"></tbody></table>
</main>
<script>
const vehicles = [
  {id: 'TRK-007', driver: 'M. Okafor', status: 'In service'},
  {id: 'VAN-042', driver: 'A. Lindqvist', status: 'Maintenance'},
  {id: 'CAR-113', driver: 'J. Okafor', status: 'Maintenance'},
  {id: 'TRK-118', driver: 'T. Okafor', status: 'In service'},
  {id: 'BUS-201', driver: 'P. Weber', status: 'In service'},
];
const statusFilter = document.getElementById('status');
const driverFilter = document.getElementById('driver');
function keep(v) {
  const status = statusFilter.value;
  if (status !== 'All' && !v.status.toLowerCase().includes(status.toLowerCase())) return false;
  const driver = driverFilter.value.trim().toLowerCase();
  if (driver && !v.driver.toLowerCase().includes(driver)) return false;
  return true;
}
function render() {
  const body = document.getElementById('rows');
  body.innerHTML = '';
  for (const v of vehicles.filter(keep)) {
    const tr = document.createElement('tr');
    for (const value of [v.id, v.driver, v.status]) {
      const td = document.createElement('td'); td.textContent = value; tr.append(td);
    }
    body.append(tr);
  }
}
statusFilter.addEventListener('change', render);
driverFilter.addEventListener('input', render);
render();
</script>
"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Select "In service" in the Status filter
3. Every row's Status column shows "In service"
4. Verify the table has 3 rows
5. Type "Okafor" in the "Driver" field
6. Verify each row contains "Okafor"
7. All rows show "In service" in the Status column
"""

BROKEN = {
    # the status filter does nothing
    "status_filter_dead": ("statusFilter.addEventListener('change', render);", "", 3),
    # the status filter keeps the other status
    "status_filter_inverted": ("&& !v.status.toLowerCase()", "&& v.status.toLowerCase()", 3),
    # the status filter empties the table: "every row" is said of none
    "status_filter_empties": ("if (status !== 'All' && !v.status", "if (status !== 'All' || !v.status", 3),
    # one vehicle's status reads "Not in service" (the filter, matching text, keeps it)
    "not_in_service": ("'P. Weber', status: 'In service'", "'P. Weber', status: 'Not in service'", 3),
    # the status shown under another column's name
    "column_renamed": ("<th>Status</th>", "<th>State</th>", 3),
    # the driver filter does nothing
    "driver_filter_dead": ("driverFilter.addEventListener('input', render);", "", 6),
    # the driver filter drops the status filter
    "driver_drops_status": (
        "if (status !== 'All' && !v.status",
        "if (status !== 'All' && !driverFilter.value && !v.status",
        7,
    ),
}


@pytest.mark.timeout(480)
def test_a_text_claimed_of_every_row_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    check_run_and_export(
        tmp_path, site, name="eachtext", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
