"""'Verify the button now says "Unfollow ada"': a control relabelled by the click before it is named by the
words it shows now. The whole label is the claim, so a toggle stuck on "Unfollow ada" fails the step that
says "Follow ada" (a name found inside another is no match), in the run and in its exported test alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_builds import check_run_and_export

PAGE = """<!doctype html><meta charset="utf-8"><title>Profile</title>
<main><h1>ada</h1><button id="follow">Follow ada</button></main>
<script>
let following = false;
const FLIPS = true;
document.getElementById('follow').onclick = (e) => {
  if (!following || FLIPS) following = !following;
  e.target.textContent = (following ? 'Unfollow' : 'Follow') + ' ada';
};
</script>"""

SPEC = """# {page}
## Preconditions
- none
## Steps
1. Open /{page}.html
2. Click "Follow ada"
3. Verify the button now says "Unfollow ada"
4. Click "Unfollow ada"
5. Verify the button now says "Follow ada"
"""

BROKEN = {
    # the first click does nothing
    "stuck": ("e.target.textContent = (following", "following = false; e.target.textContent = (following", 3),
    # once followed, it stays so: the label keeps "Unfollow ada", which holds the words "Follow ada"
    "one-way": ("const FLIPS = true;", "const FLIPS = false;", 5),
}


@pytest.mark.timeout(480)
def test_a_control_named_by_what_it_now_says_run_and_exported(tmp_path: Path, site: tuple[Path, str]) -> None:
    check_run_and_export(
        tmp_path, site, name="profile", page=PAGE, builds=BROKEN, spec=lambda n: SPEC.replace("{page}", n)
    )
