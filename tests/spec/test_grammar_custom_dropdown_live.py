"""Dropdowns drawn without ``<select>``, as practice forms and component libraries draw them: a searchable
combobox (an input that lists matching options once something is typed, as React Select does) and a
button that opens a list box (as Headless UI does). 'Select "NCR" from the State dropdown' and 'Set Color
to Red' pick them as a person does — click, type where it takes typing, click the option of that name — so
a list that lacks the option fails at that step, and a page that ignores the click fails at the check, in
the run and in its exported test alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Practice Form</title>
<style>[role=listbox] { border: 1px solid; margin: 0; padding: 0 }
[role=option] { list-style: none; padding: 4px }</style>
<main><h1>Practice Form</h1>
<label id="state-label" for="state">State</label>
<input id="state" role="combobox" aria-autocomplete="list" aria-controls="states" aria-expanded="false">
<ul id="states" role="listbox" hidden></ul>
<span id="color-label">Color</span>
<button id="color" role="combobox" aria-haspopup="listbox" aria-labelledby="color-label"
 aria-controls="colors">Pick one</button>
<ul id="colors" role="listbox" hidden><li role="option">Red</li><li role="option">Blue</li></ul>
<button id="submit">Submit</button><p id="out"></p></main>
<script>
const STATES = ['NCR', 'Uttar Pradesh', 'Haryana'];
let chosen = {state: '', color: ''};
const state = document.getElementById('state'), states = document.getElementById('states');
const show = () => {
  const q = state.value.toLowerCase();
  states.innerHTML = '';
  for (const s of STATES.filter((s) => s.toLowerCase().includes(q))) {
    const li = document.createElement('li');
    li.setAttribute('role', 'option');
    li.textContent = s;
    li.onmousedown = (e) => { e.preventDefault(); KEEP(s); state.value = s; states.hidden = true; };
    states.append(li);
  }
  states.hidden = false;
};
const KEEP = (s) => { chosen.state = s; };
// as a search-as-you-type list: nothing shows until something is typed
state.addEventListener('input', () => (state.value ? show() : (states.hidden = true)));
const color = document.getElementById('color'), colors = document.getElementById('colors');
color.onclick = () => { colors.hidden = !colors.hidden; };
for (const li of colors.children) {
  li.onclick = () => {
    chosen.color = li.textContent;
    color.textContent = li.textContent;
    colors.hidden = true;
  };
}
document.getElementById('submit').onclick = () => {
  document.getElementById('out').textContent = `State: ${chosen.state}, Color: ${chosen.color}`;
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Select "NCR" from the State dropdown
3. Set Color to Red
4. Click Submit
5. Verify "State: NCR, Color: Red" is visible
"""

BROKEN = {
    # the list lacks the option the step picks
    "no-ncr": ("const STATES = ['NCR', 'Uttar Pradesh', 'Haryana'];", "const STATES = ['Haryana'];", 2),
    # the page shows the option picked but keeps nothing
    "ignores-pick": ("const KEEP = (s) => { chosen.state = s; };", "const KEEP = (s) => {};", 5),
}


@pytest.mark.timeout(480)
def test_drawn_dropdowns_are_picked_as_a_person_picks_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="form", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert 'page.locator(FOCUSED_FIELD).fill("NCR")' in source, source
    assert source.count('get_by_role("option", name=') == 2, source
