"""Lists drawn without list elements — a card grid of ``<div class="inventory_item">``, a cart of
``<div class="cart_item">`` — are the page's main list (or a named region's list) where the page draws no
``<ul>``/``<ol>``/table: counts, positions and sort order read their items, and the same claims fail when the
items change."""

from __future__ import annotations

from playwright.async_api import Page

from .tools_helpers import Call

GRID = """<!doctype html><meta charset="utf-8">
<header><a href="/cart" class="cart_link">Cart</a></header>
<main><span class="title">Products</span>
<div class="actions"><button class="btn">Grid</button><button class="btn">Rows</button></div>
<div class="inventory_list">
<div class="inventory_item"><div class="inventory_item_name">Backpack</div><div class="price">$29.99</div>
<button>Add to cart</button></div>
<div class="inventory_item"><div class="inventory_item_name">Bike Light</div><div class="price">$9.99</div>
<button>Add to cart</button></div>
<div class="inventory_item"><div class="inventory_item_name">Onesie</div><div class="price">$7.99</div>
<button>Add to cart</button></div>
</div></main>"""

CART = """<!doctype html><meta charset="utf-8"><main><h1>Shop</h1><p>Backpack, Onesie and more</p></main>
<aside id="cart"><h2>Your cart</h2><div class="cart_list">{items}</div></aside>"""


async def test_a_card_grid_is_the_main_list(page: Page, call: Call) -> None:
    await page.set_content(GRID)
    assert (await call("assert_count", target="items=", count=3)).ok  # the cards, not the two buttons
    # "3 products": the page titles the grid so, with a title drawn without a heading element
    assert (await call("assert_count", target="items=products", count=3)).ok
    assert not (await call("assert_count", target="items=recipes", count=3)).ok
    assert not (await call("assert_count", target="items=", count=2)).ok
    assert (await call("assert_text_in", target="item=1", text="Backpack")).ok
    assert (await call("assert_text_in", target="item=-1", text="Onesie")).ok
    assert (await call("assert_sorted", column="name")).ok
    assert (await call("assert_sorted", column="price", descending=True)).ok
    await page.evaluate("document.querySelector('.inventory_item').remove()")
    assert (await call("assert_count", target="items=", count=2)).ok
    assert not (await call("assert_text_in", target="item=1", text="Backpack")).ok


async def test_a_named_region_of_repeated_items_counts_them(page: Page, call: Call) -> None:
    two = '<div class="cart_item">Backpack</div><div class="cart_item">Onesie</div>'
    await page.set_content(CART.replace("{items}", two))
    assert (await call("assert_count", target="region-items=cart", count=2)).ok
    wrong = await call("assert_count", target="region-items=cart", count=0)
    assert not wrong.ok  # before: no list element in the cart read as an empty cart
    # one item: its class says it is one, its container that it lists
    await page.set_content(CART.replace("{items}", '<div class="cart_item">Backpack</div>'))
    assert (await call("assert_count", target="region-items=cart", count=1)).ok
    await page.set_content(CART.replace("{items}", ""))
    assert (await call("assert_count", target="region-items=cart", count=0)).ok
    assert not (await call("assert_count", target="region-items=cart", count=1)).ok
