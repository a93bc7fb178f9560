"""``drag``: the mouse presses on one element and lets go on another, where the call says (the middle, or a
quarter of its box for above/below/before/after). A destination that is missing, ambiguous or takes no room
fails the call with its own error, and nothing is dragged."""

from __future__ import annotations

from playwright.async_api import Page

from .tools_helpers import Call

# Records every drop point as a fraction of the drop target's box.
PAGE = """<style>div { width: 200px; height: 80px; margin: 10px; border: 1px solid }</style>
<div draggable="true" id="a">Apple</div><div id="bin">Bin</div><div>Twin</div><div>Twin</div>
<div id="flat" style="display: contents">Flat</div>
<script>
window.drops = [];
bin.addEventListener('dragover', (e) => e.preventDefault());
bin.addEventListener('drop', (e) => {
  e.preventDefault();
  const r = bin.getBoundingClientRect();
  drops.push([(e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height]);
});
</script>"""


async def _drops(page: Page) -> list[tuple[float, float]]:
    return [(x, y) for x, y in await page.evaluate("window.drops")]


async def test_each_place_drops_on_its_own_point_of_the_target(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    for place in ("onto", "above", "below", "before", "after"):
        result = await call("drag", target="Apple", to_target="Bin", place=place)
        assert result.ok, (place, result.error)
        assert result.data["place"] == place and result.data["to"]["target"] == "Bin", result.data
    wanted = [(0.5, 0.5), (0.5, 0.25), (0.5, 0.75), (0.25, 0.25), (0.75, 0.75)]
    drops = await _drops(page)
    assert len(drops) == len(wanted), drops
    # within a pixel or two of a 200×80 box: each place lets go on its own point
    assert all(
        abs(x - a) < 0.03 and abs(y - b) < 0.03 for (x, y), (a, b) in zip(drops, wanted, strict=True)
    ), drops


async def test_a_destination_that_is_missing_ambiguous_or_takes_no_room_fails(page: Page, call: Call) -> None:
    await page.set_content(PAGE)
    missing = await call("drag", target="Apple", to_target="Basket")
    assert missing.error is not None and missing.error.code == "ELEMENT_NOT_FOUND", missing.error
    twice = await call("drag", target="Apple", to_target="Twin")
    assert twice.error is not None and twice.error.code == "AMBIGUOUS_TARGET", twice.error
    flat = await call("drag", target="Apple", to_target="css=#flat")
    assert flat.error is not None and "takes no room" in flat.error.message, flat.error
    nowhere = await call("drag", target="Apple")
    assert nowhere.error is not None and nowhere.error.code == "INVALID_INPUT", nowhere.error
    assert await _drops(page) == []
