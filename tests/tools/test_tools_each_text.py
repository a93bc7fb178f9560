"""``assert_each_text``: every shown item of the main table or list shows a text, in a column when one is
named — and an empty list, an item without the column, or a value that denies the text fails and names the
items that broke it."""

from __future__ import annotations

from playwright.async_api import Page

from .tools_helpers import Call

TABLE = """<!doctype html><meta charset="utf-8"><main><h1>Loans</h1><table>
<thead><tr><th>Title</th><th>Author</th><th>Status</th></tr></thead><tbody>
<tr><td>The Hobbit</td><td>J. R. R. Tolkien</td><td>Active</td></tr>
<tr><td>Silmarillion</td><td>J. R. R. Tolkien</td><td>Active</td></tr>
</tbody></table></main>"""


async def _fails(call: Call, **args: object) -> str:
    result = await call("assert_each_text", **args)
    assert result.error is not None and result.error.code == "ASSERTION_FAILED", args
    return result.error.message


async def test_each_row_under_a_column_and_whole(page: Page, call: Call) -> None:
    await page.set_content(TABLE)
    assert (await call("assert_each_text", text="Tolkien", column="Author", tables=True)).data["count"] == 2
    assert (await call("assert_each_text", text="tolkien", tables=True)).ok  # folded, as a cell's check
    # the text in another column of the row is not the column's
    assert "2 of 2 item(s) do not show 'Hobbit' under 'Author'" in await _fails(
        call, text="Hobbit", column="Author", tables=True
    )
    await page.set_content(
        TABLE.replace("<td>Silmarillion</td><td>J. R. R. Tolkien", "<td>Dune</td><td>Herbert")
    )
    assert "1 of 2 item(s) do not show 'Tolkien' under 'Author': 'Herbert'" in await _fails(
        call, text="Tolkien", column="Author", tables=True
    )


async def test_none_a_missing_column_and_a_denied_value_fail(page: Page, call: Call) -> None:
    await page.set_content(TABLE.split("<tbody>")[0] + "<tbody></tbody></table></main>")
    assert "proves nothing" in await _fails(call, text="Tolkien", tables=True)
    await page.set_content(TABLE)
    assert "has no column or field 'Due date'" in await _fails(call, text="x", column="Due date", tables=True)
    # a word matched whole under a column, and never where the value denies it
    await page.set_content(
        TABLE.replace("<td>Active</td></tr>\n</tbody>", "<td>Inactive</td></tr>\n</tbody>")
    )
    assert "'Inactive'" in await _fails(call, text="Active", column="Status", tables=True)
    await page.set_content(
        TABLE.replace("<td>Active</td></tr>\n</tbody>", "<td>Not active</td></tr>\n</tbody>")
    )
    assert "'Not active'" in await _fails(call, text="Active", column="Status", tables=True)
