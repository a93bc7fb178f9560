"""A spec on a web-components page passes live, and the pytest-playwright test exported from that run
passes too: recorded locators reach through open shadow roots. Checkboxes named only by their row's text
(TodoMVC) are exported as row-scoped locators, in plain pages and in components alike."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cli_runs import run_project
from shadow_pages import COMPONENTS

from .test_exported_run import _pytest

SPEC = """# Web components
## Preconditions
- none
## Steps
1. Open /components.html
2. Verify "todos" is visible
3. Type "water the plants" into "New todo"
4. Verify "New todo" has value "water the plants"
5. Check "feed the cat"
6. Verify "feed the cat" is checked
7. Verify "buy milk" is not checked
8. Verify "2 items left" is visible
9. Verify "Card title" is visible
"""


LIGHT = """<!doctype html><meta charset="utf-8"><title>Light</title><h1>todos</h1>
<label>New todo <input></label>
<ul><li><input type="checkbox"><label>feed the cat</label></li>
<li><input type="checkbox"><label>buy milk</label></li></ul><p>2 items left</p><p>Card title</p>"""


@pytest.mark.timeout(170)
@pytest.mark.parametrize(("page", "row_locator"), [
    (COMPONENTS, 'page.locator("todo-item").filter(has_text="feed the cat").get_by_role("checkbox")'),
    (LIGHT, 'page.get_by_role("listitem").filter(has_text="feed the cat").get_by_role("checkbox")'),
], ids=["components", "light"])  # fmt: skip
def test_a_spec_passes_live_and_exported(
    tmp_path: Path, site: tuple[Path, str], page: str, row_locator: str
) -> None:
    folder, url = site
    (folder / "components.html").write_text(page, encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "specs" / "components.md").write_text(SPEC)

    code, run, output = run_project(project, url)
    assert code == 0 and run["specs"][0]["outcome"] == "passed", output
    exported = project / "tests" / "autoqa" / "test_specs_components.py"
    assert exported.is_file(), run["specs"][0]["artifacts"]
    assert row_locator in exported.read_text()

    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTOQA_", "PYTEST_"))}
    if os.environ.get("AUTOQA_BROWSER_PATH"):
        env["AUTOQA_BROWSER_PATH"] = os.environ["AUTOQA_BROWSER_PATH"]
    process = _pytest(exported.parent, "--base-url", url, env=env)
    out, _ = process.communicate(timeout=140)
    assert process.returncode == 0, out + "\n" + exported.read_text()
    assert "1 passed" in out
