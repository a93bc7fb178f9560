"""A text NOT in one region of the page ("Spin 45" is no longer listed under "Upcoming"), on a bookings page
whose other sections show the same texts: the claim reads that region only, and a region that is gone or
hidden after the action fails it (a text missing from nothing proves nothing). The spec runs plain and
passes, fails at its own step on each broken build, and its exported test does the same — its rows named by
a bare text beside their button ("<li>Spin 45 <button>Cancel</button>"), which no element's whole text is,
and which another section's row ("Spin 45 (last week)") holds too. The parse-level
cases are in tests/spec/test_grammar_twentyfirst.py; the tool's in tests/tools/test_tools_text_not_in.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>My bookings</title><main><h1>My bookings</h1>
<section id="upcoming" aria-labelledby="up"><h2 id="up">Upcoming</h2><ul id="next">
<li>Spin 45 <button type="button">Cancel</button></li><li>Yoga Flow <button type="button">Cancel</button></li>
</ul></section>
<section aria-labelledby="past"><h2 id="past">Past</h2><ul><li>HIIT 30</li><li>Spin 45 (last week)</li>
<li>Barre Basics</li></ul>
</section>
<section aria-labelledby="gone"><h2 id="gone">Cancelled</h2><ul id="cancelled"></ul></section>
</main><script>
document.getElementById('next').onclick = (event) => {
  if (event.target.localName !== 'button') return;
  const item = event.target.closest('li');
  setTimeout(() => {
    item.querySelector('button').remove();
    document.getElementById('cancelled').append(item);
  }, 200);
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Verify "Spin 45" is listed under "Upcoming"
3. Verify "HIIT 30" is not listed under "Upcoming"
4. Click the "Cancel" button for "Spin 45"
5. Then "Spin 45" is no longer listed under "Upcoming"
6. The "Upcoming" section does not contain "Spin 45"
7. Verify "Spin 45" is listed under "Cancelled"
8. Verify "Yoga Flow" is not shown in the "Cancelled" section
9. Verify Yoga Flow is listed under Upcoming
10. Verify that Barre Basics is not listed under Upcoming
11. Verify "Spin 45" is not listed in the Upcoming section
"""

BROKEN = {
    # a past class is listed as upcoming
    "past_upcoming": ("<li>Yoga Flow", "<li>HIIT 30</li><li>Yoga Flow", 3),
    # Cancel does nothing
    "cancel_ignored": ("document.getElementById('cancelled').append(item);", "", 5),
    # the booking is copied to Cancelled and stays under Upcoming
    "copied": ("append(item);", "append(item.cloneNode(true));", 5),
    # the Upcoming section is taken off the page on a cancel: nothing is listed under a heading that is gone
    "section_removed": (
        "document.getElementById('cancelled').append(item);",
        "document.getElementById('cancelled').append(item); document.getElementById('upcoming').remove();",
        5,
    ),
    # the Upcoming section is hidden on a cancel
    "section_hidden": (
        "document.getElementById('cancelled').append(item);",
        "document.getElementById('cancelled').append(item); document.getElementById('upcoming').hidden = 1;",
        5,
    ),
    # the class is listed as past, not upcoming
    "yoga_past": ("<li>Yoga Flow <button", "<li>Yoga Fl0w <button", 9),
    # a past class is listed as upcoming too
    "barre_upcoming": ("<li>Yoga Flow <button", "<li>Barre Basics</li><li>Yoga Flow <button", 10),
    # every booking is cancelled at once
    "cancels_all": (
        "document.getElementById('cancelled').append(item);",
        "document.getElementById('cancelled').append(...document.querySelectorAll('#next li'));",
        8,
    ),
}


@pytest.mark.timeout(300)
def test_a_text_not_in_one_region_passes_and_each_broken_build_fails_run_and_export(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="notin", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert ".not_to_contain_text(" in source and ".to_be_visible()" in source, source
