"""Hovering an image by its place, as practice-app suites say it ("Hover over the first avatar", "Hover over
the second image"): the image that comes first (second) in reading order among the page's visible images,
never an element whose text is "first". Its caption shows only while the mouse is over it, so each step
passes on the page and fails on a build whose figures come in another order or never show a caption, in
the run and in its exported test alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

FIGURE = """<div class="figure"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="User Avatar"
 width="120" height="120"><div class="caption"><h5>name: {user}</h5></div></div>"""
PAGE = f"""<!doctype html><meta charset="utf-8"><title>Hovers</title>
<style>.figure {{ display: inline-block; margin: 8px }} .caption {{ display: none }}
.figure:hover .caption {{ display: block }}</style>
<main><h1>Hovers</h1><p>Hover over the first image to see its user.</p>
{FIGURE.format(user="user1")}{FIGURE.format(user="user2")}{FIGURE.format(user="user3")}</main>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Hover over the first avatar
3. Verify "name: user1" is visible
4. Hover over the second image
5. Verify "name: user2" is visible
6. Verify "name: user1" is not visible
"""

BROKEN = {
    # the second user's figure comes first
    "reordered": (
        FIGURE.format(user="user1") + FIGURE.format(user="user2"),
        FIGURE.format(user="user2") + FIGURE.format(user="user1"),
        3,
    ),
    # a caption stays once shown
    "sticky": (".figure:hover .caption {", ".figure:hover .caption, .figure:first-of-type .caption {", 6),
}


@pytest.mark.timeout(480)
def test_an_image_hovered_by_its_place_shows_its_own_caption_run_and_exported(
    tmp_path: Path, site: tuple[Path, str]
) -> None:
    source, _ = check_run_and_export(
        tmp_path, site, name="hovers", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
    assert '.get_by_role("img")' in source and ".nth(1).hover()" in source, source
