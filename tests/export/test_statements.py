"""Each tool's record → the pytest-playwright statement with the same meaning (no browser needed)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from autoqa.errors import ExportError
from autoqa.export import export_spec
from autoqa.export.code_model import Block, Line, Node
from autoqa.export.statements import StatementContext, statements
from autoqa.export.values import ValueRenderer
from autoqa.record import CandidateCheck, ElementRecord, Fingerprint, IRRecord, LocatorSpec, TextLocation
from autoqa.spec.model import Spec, Step, StepKind

CTX = StatementContext(page="page", values=ValueRenderer(), app_origin="http://127.0.0.1:8000")


def _element(tag: str = "button", *, value: str | None = None, type_: str | None = None) -> ElementRecord:
    check = CandidateCheck(
        locator=LocatorSpec(kind="test_id", value="x"), count=1, same_element=True, ok=True
    )
    return ElementRecord(fingerprint=Fingerprint(tag=tag, value=value, type=type_), candidates=(check,))


def _record(tool: str, args: dict[str, Any], **fields: Any) -> IRRecord:
    return IRRecord(seq=1, step=1, tool=tool, args=args, **fields)


def _code(nodes: list[Node]) -> str:
    def lines(node: Node, depth: int) -> list[str]:
        if isinstance(node, Line):
            return ["    " * depth + node.text]
        out = ["    " * depth + node.header]
        for child in node.body:
            out += lines(child, depth + 1)
        return out

    text = "\n".join(line for node in nodes for line in lines(node, 0))
    ast.parse(text)
    return text


EL = 'page.get_by_test_id("x")'


@pytest.mark.parametrize(
    ("tool", "args", "fields", "expected"),
    [
        ("navigate", {"url": "http://127.0.0.1:8000/cart.html?x=1"}, {}, 'page.goto("/cart.html?x=1")'),
        ("navigate", {"url": "https://example.org/a"}, {}, 'page.goto("https://example.org/a")'),
        ("history", {"action": "back"}, {}, "page.go_back()"),
        (
            "assert_state",
            {"target": "x", "state": "selected", "value": True},
            {"element": _element("a"), "data": {"signal": "class"}},
            f"expect({EL}).to_have_class(re.compile(",
        ),
        (
            "assert_state",
            {"target": "x", "state": "expanded", "value": False},
            {"element": _element(), "data": {"signal": "aria"}},
            f'expect({EL}).to_have_attribute("aria-expanded", re.compile("^(?!true$)"))',
        ),
        (
            "assert_state",
            {"target": "x", "state": "selected", "value": True},
            {"element": _element("option"), "data": {"signal": "option"}},
            f'expect({EL}).to_have_js_property("selected", True)',
        ),
        ("clear_storage", {"area": "cookies"}, {}, "page.context.clear_cookies()"),
        ("clear_storage", {"area": "local"}, {}, 'page.evaluate("() => localStorage.clear()")'),
        (
            "assert_storage",
            {"area": "cookie", "key": "seen", "equals": "yes"},
            {},
            'assert any(c["value"] == "yes" for c in '
            '[c for c in page.context.cookies() if c["name"] == "seen"])',
        ),
        (
            "assert_storage",
            {"area": "local", "key": "todos", "contains": "milk"},
            {},
            "page.wait_for_function(\"([a, k, want]) => ((a === 'local' ? localStorage : sessionStorage)"
            '.getItem(k) || \'\').includes(want)", arg=["local", "todos", "milk"], timeout=5000)',
        ),
        (  # one key or cookie removed, the rest kept
            "clear_storage",
            {"area": "cookies", "key": "seen"},
            {},
            'page.context.clear_cookies(name="seen")',
        ),
        (
            "clear_storage",
            {"area": "session", "key": "draft"},
            {},
            'page.evaluate("(k) => sessionStorage.removeItem(k)", "draft")',
        ),
        (  # the area itself: how many keys it holds
            "assert_storage",
            {"area": "session", "count": 1},
            {},
            "page.wait_for_function(\"([a, want]) => (a === 'local' ? localStorage : sessionStorage).length "
            '=== want", arg=["session", 1], timeout=5000)',
        ),
        (
            "assert_storage",
            {"area": "local", "state": "empty"},
            {},
            "page.wait_for_function(\"([a]) => (a === 'local' ? localStorage : sessionStorage).length "
            '=== 0", arg=["local"], timeout=5000)',
        ),
        (
            "assert_storage",
            {"area": "cookie", "state": "empty"},
            {},
            "assert len(page.context.cookies(page.url)) == 0",
        ),
        ("history", {"action": "forward"}, {}, "page.go_forward()"),
        ("history", {"action": "reload"}, {}, "page.reload()"),
        ("click", {"target": "x", "double": True}, {"element": _element()}, f"{EL}.dblclick(delay=30)"),
        ("click", {"target": "x", "button": "right"}, {"element": _element()}, f'{EL}.click(button="right")'),
        (  # a box a person clicks through its label (the label covers it, or the box is 1 px)
            "set_checked",
            {"target": "x", "checked": True},
            {"element": _element("input"), "data": {"via_label": "following-sibling::*[1][self::label]"}},
            f'{EL}.locator("xpath=following-sibling::*[1][self::label]").click()\n'
            f"expect({EL}).to_be_checked(checked=True)",
        ),
        (
            "click",
            {"target": "x"},
            {"element": _element("input"), "data": {"via_label": "ancestor::label[1]"}},
            f'{EL}.locator("xpath=ancestor::label[1]").click()',
        ),
        (  # a readout: the element's whole text, a closing mark the step did not write allowed
            "assert_text_present",
            {"text": "3 items left", "exact": True},
            {},
            'expect(page.get_by_text(re.compile("^\\\\s*3\\\\s*items\\\\s*left(?:\\\\s*\\\\([^()]*\\\\))?\\\\s*[.!?…。！？]*(?:\\\\s*[×✕✖✗])?\\\\s*$"))'
            ".filter(visible=True).first).to_be_visible()",
        ),
        (
            "fill",
            {"target": "x", "value": "{{TOKEN}}"},
            {"element": _element("input")},
            f'{EL}.fill(os.environ["AUTOQA_TOKEN"])',
        ),
        (
            "assert_attribute",
            {"target": "x", "attribute": "aria-label", "value": "Hi {{NAME}}"},
            {"element": _element()},
            f'expect({EL}).to_have_attribute("aria-label", "Hi " + os.environ["AUTOQA_NAME"])',
        ),
        (
            "assert_attribute",
            {"target": "x", "attribute": "aria-sort", "present": False},
            {"element": _element("th")},
            f'expect({EL}).not_to_have_attribute("aria-sort", re.compile(".*"))',
        ),
        (
            "assert_accessible",
            {"target": "x", "accessible_name": "{{NAME}}"},
            {"element": _element("a")},
            f'expect({EL}).to_have_accessible_name(os.environ["AUTOQA_NAME"])',
        ),
        (
            "assert_accessible",
            {"target": "x", "role": "switch"},
            {"element": _element("div")},
            f'expect({EL}).to_have_role("switch")',
        ),
        (
            "assert_appeared",
            {"text": "Saved", "kind": "announced"},
            {},
            'autoqa_live_regions.expect_appeared("Saved", announced=True)',
        ),
        (
            "select_option",
            {"target": "x", "option": "lohi"},
            {"element": _element("select"), "data": {"selected": "Price (low to high)"}},
            f'{EL}.select_option(label="Price (low to high)")',
        ),
        ("press_key", {"key": "Enter"}, {}, 'page.keyboard.press("Enter")'),
        ("press_key", {"key": "Tab", "target": "x"}, {"element": _element("input")}, f'{EL}.press("Tab")'),
        ("scroll", {"direction": "up", "amount": 300}, {}, "page.mouse.wheel(0, -300)"),
        ("scroll", {"direction": "bottom"}, {}, "page.mouse.wheel(0, 10000000)"),
        ("scroll", {"direction": "top"}, {}, "page.mouse.wheel(0, -10000000)"),
        ("scroll", {"target": "x"}, {"element": _element()}, f"{EL}.scroll_into_view_if_needed()"),
        ("hover", {"target": "x"}, {"element": _element()}, f"{EL}.hover()"),
        ("blur", {"target": "x"}, {"element": _element("input")}, f"{EL}.blur()"),
        (  # the same empty spot the tool clicked, then the claim the tool insisted on
            "blur",
            {"target": "x", "click_outside": True},
            {"element": _element("input"), "data": {"clicked_at": [2, 2]}},
            f"left = {EL}.element_handle()\npage.mouse.click(2, 2)\nassert not left.evaluate("
            '"e => e === document.activeElement || e.contains(document.activeElement)"), '
            '"it still has the focus"',
        ),
        ("blur", {"click_outside": True}, {"data": {"clicked_at": [5, 7]}}, "page.mouse.click(5, 7)"),
        ("blur", {}, {}, 'page.evaluate("() => document.activeElement?.blur()")'),
        (
            "set_checked",
            {"target": "x", "checked": False},
            {"element": _element("input")},
            f"{EL}.set_checked(False)",
        ),
        (
            "upload_file",
            {"target": "x", "path": "docs/a.txt"},
            {"element": _element("input", type_="file")},
            f'{EL}.set_input_files(UPLOAD_DIR / "docs/a.txt")',
        ),
        (
            "assert_url",
            {"expected": "/cart.html", "match": "equals"},
            {},
            'expect(page).to_have_url(re.compile(r"^[a-z]+://[^/]+" + re.escape("/cart.html") + "$"))',
        ),
        (
            "assert_url",
            {"expected": "cart", "match": "contains"},
            {},
            'expect(page).to_have_url(re.compile(re.escape("cart")))',
        ),
        ("assert_title", {"expected": "Shop", "match": "equals"}, {}, 'expect(page).to_have_title("Shop")'),
        (
            "assert_title",
            {"expected": "^Sh", "match": "regex"},
            {},
            'expect(page).to_have_title(re.compile("^Sh"))',
        ),
        (
            "assert_value",
            {"target": "x", "expected": "Price (low to high)"},
            {"element": _element("select", value="lohi")},
            f'expect({EL}.locator("option:checked")).to_have_text("Price (low to high)")',
        ),
        (
            "assert_value",
            {"target": "x", "expected": "Ada"},
            {"element": _element("input")},
            f'expect({EL}).to_have_value("Ada")',
        ),
        (
            "assert_checked",
            {"target": "x", "checked": False},
            {"element": _element("input")},
            f"expect({EL}).to_be_checked(checked=False)",
        ),
        (  # a toggle button: its aria-pressed, which to_be_checked does not read on a button
            "assert_checked",
            {"target": "x", "checked": False},
            {"element": _element(), "data": {"signal": "aria-pressed"}},
            f'expect({EL}).to_have_attribute("aria-pressed", re.compile("^(?!true$)"))',
        ),
        (
            "assert_state",
            {"target": "x", "state": "selected", "value": True},
            {"element": _element(), "data": {"signal": "aria-pressed"}},
            f'expect({EL}).to_have_attribute("aria-pressed", "true")',
        ),
        (
            "assert_enabled",
            {"target": "x", "enabled": False},
            {"element": _element()},
            f"expect({EL}).to_be_disabled()",
        ),
        (
            "assert_count",
            {"target": "x", "count": 6},
            {"element": _element()},
            f"expect({EL}).to_have_count(6)",
        ),
        (
            # no element found in the run: looked up again as the tool looked it up (export/hidden_check.py)
            "assert_element_hidden",
            {"target": "Spinner"},
            {},
            'expect_target_hidden(page, "Spinner")',
        ),
        (
            # "Verify the dialog is closed": every dialog the selector names, never a name guessed from it
            "assert_element_hidden",
            {"target": "css=dialog, [role=dialog]"},
            {},
            'expect(page.locator("dialog, [role=dialog]").filter(visible=True)).to_have_count(0)',
        ),
        (
            "assert_text_absent",
            {"text": "Oops"},
            {},
            'expect(page.get_by_text("Oops").filter(visible=True)).to_have_count(0)',
        ),
        (
            "assert_text_present",
            {"text": "Total: $1"},
            {"text": TextLocation(matches=0)},
            # words may be joined without the rendered space (Playwright reads slotted text that way), and a
            # number is matched whole ($1 is not $10), as the tools match it
            'expect(page.locator("body")).to_contain_text('
            're.compile("Total:\\\\s*\\\\$1(?![0-9])(?![.,][0-9])", re.IGNORECASE))',
        ),
        (
            "assert_text_present",
            {"text": "Total:"},
            {"text": TextLocation(matches=0)},
            'expect(page.locator("body")).to_contain_text("Total:")',
        ),
        (
            "assert_text_present",
            {"text": "Item"},
            {"text": TextLocation(matches=3, visible=2)},
            'expect(page.get_by_text("Item").filter(visible=True).first).to_be_visible()',
        ),
        ("wait_for", {"seconds": 2}, {}, "page.wait_for_timeout(2000)"),
        (
            "wait_for",
            {"target": "x", "state": "hidden"},
            {"element": _element()},
            f"expect({EL}).to_be_hidden(timeout=10000)",
        ),
        (
            "wait_for",
            {"text": "Done", "seconds": 3},
            {"text": TextLocation(matches=1, visible=1)},
            'expect(page.get_by_text("Done")).to_be_visible(timeout=3000)',
        ),
        ("assert_focused", {"target": "x"}, {"element": _element("input")}, f"expect({EL}).to_be_focused()"),
        (
            "assert_text_in",
            {"target": "x", "text": "$40.98"},
            {"element": _element()},
            f"expect({EL}).to_contain_text("
            're.compile("\\\\$40\\\\.98(?![0-9])(?![.,][0-9])", re.IGNORECASE))',
        ),
        (
            "assert_text_in",
            {"target": "x", "text": "Total: $40.98", "exact": True},
            {"element": _element()},
            f'expect({EL}).to_have_text("Total: $40.98")',
        ),
        (
            "assert_text_in",
            {"target": 'the row in "Dune"', "text": "2026-12-24", "column": "due date", "exact": True},
            {"element": _element("tr"), "data": {"row_role": "row"}},
            'expect_column_text(page.get_by_role("row").filter(has=page.get_by_text("Dune", exact=True)), '
            '"due date", "2026-12-24", exact=True)',
        ),
        (
            "assert_text_in",
            {"target": 'the row in "Kindred"', "text": "2026-12-31", "column": "due date"},
            {"element": _element("li"), "data": {"row_role": "listitem"}},
            'expect_column_text(page.get_by_role("listitem").filter(has=page.get_by_text("Kindred", '
            'exact=True)), "due date", "2026-12-31")',
        ),
        (
            "assert_order",
            {"texts": ["Onesie ($7.99)", "Fleece Jacket"]},
            {},
            'expect(page.locator("body")).to_contain_text(re.compile(',
        ),
    ],
)
def test_tool_to_statement(tool: str, args: dict[str, Any], fields: dict[str, Any], expected: str) -> None:
    code = _code(statements(_record(tool, args, **fields), CTX))
    assert code.startswith(expected), code


def test_a_fill_that_submitted_presses_enter_in_the_same_field() -> None:
    field = _element("input")
    submitted = _record("fill", {"target": "x", "value": "shoes", "submit": True}, element=field)
    assert _code(statements(submitted, CTX)) == f'{EL}.fill("shoes")\n{EL}.press("Enter")'
    for args in ({"target": "x", "value": "shoes"}, {"target": "x", "value": "shoes", "submit": False}):
        assert _code(statements(_record("fill", args, element=field), CTX)) == f'{EL}.fill("shoes")'


def test_a_button_that_opens_a_file_chooser_is_clicked_inside_expect_file_chooser() -> None:
    nodes = statements(_record("upload_file", {"target": "x", "path": "a.txt"}, element=_element()), CTX)
    assert (
        isinstance(nodes[0], Block) and nodes[0].header == "with page.expect_file_chooser() as chooser_info:"
    )
    assert _code(nodes).endswith('chooser_info.value.set_files(UPLOAD_DIR / "a.txt")')


def test_unknown_tools_and_locatorless_actions_are_refused() -> None:
    with pytest.raises(ExportError, match="cannot export tool 'teleport'"):
        statements(_record("teleport", {}), CTX)
    with pytest.raises(ExportError, match="step 1: click on 'Save' has no unique locator"):
        statements(_record("click", {"target": "Save"}), CTX)


def test_an_upload_module_defines_its_folder_and_imports(tmp_path: Path) -> None:
    source = tmp_path / "upload.md"
    step = Step(
        index=1,
        text='Upload "a.txt" to "x"',
        kind=StepKind.ACTION,
        source=source,
        line=5,
        raw_text='Upload "a.txt" to "x"',
    )
    spec = Spec(path=source, title="Upload a file", preconditions=(), steps=(step,))
    record = _record("upload_file", {"target": "x", "path": "a.txt"}, element=_element("input", type_="file"))
    code = export_spec(spec, [record], tmp_path / "out", root=tmp_path).read_text()
    ast.parse(code)
    assert 'UPLOAD_DIR = Path(os.environ.get("AUTOQA_UPLOAD_DIR", "."))' in code
    assert "import os\nfrom pathlib import Path\n" in code
    assert "def test_upload_a_file(page: Page) -> None:" in code


def test_an_exported_order_check_matches_the_order_and_not_the_reverse() -> None:
    import re

    code = _code(statements(_record("assert_order", {"texts": ["Onesie ($7.99)", "Fleece Jacket"]}), CTX))
    pattern = eval(code[code.index("re.compile(") : code.rindex(")")], {"re": re})
    assert pattern.search("onesie ($7.99) … bike light … fleece jacket")
    assert not pattern.search("Fleece Jacket … Onesie ($7.99)")
