// Render the product grid, sort it, and add products to the cart.
(function () {
  "use strict";
  var list = document.querySelector("[data-testid=product-list]");
  var sort = document.getElementById("sort");
  var ICON = '<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
    'stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 ' +
    '7.6a2 2 0 0 1 0 2.8z"/><circle cx="7.5" cy="7.5" r="1.5"/></svg>';

  var byName = function (a, b) { return a.name.localeCompare(b.name); };
  // Equal prices fall back to name order so every sort is deterministic.
  var ORDERS = {
    "name-asc": byName,
    "name-desc": function (a, b) { return byName(b, a); },
    "price-asc": function (a, b) { return a.cents - b.cents || byName(a, b); },
    "price-desc": function (a, b) { return b.cents - a.cents || byName(a, b); }
  };

  function render() {
    var products = Demo.PRODUCTS.slice().sort(ORDERS[sort.value] || byName);
    list.textContent = "";
    products.forEach(function (p) {
      var item = document.createElement("li");
      item.className = "product";
      item.setAttribute("data-testid", "product-" + p.slug);
      item.innerHTML = '<div class="thumb">' + ICON + "</div><h2></h2><p class=\"blurb\"></p>" +
        '<p class="price"></p><button type="button">Add to cart</button>';
      item.querySelector("h2").textContent = p.name;
      item.querySelector(".blurb").textContent = p.blurb;
      item.querySelector(".price").textContent = Demo.money(p.cents);
      var button = item.querySelector("button");
      button.setAttribute("data-testid", "add-" + p.slug);
      button.addEventListener("click", function () {
        var cart = Demo.readCart();
        cart[p.slug] = (cart[p.slug] || 0) + 1;
        Demo.writeCart(cart);
        if (Demo.hasBug("page-error")) window.analytics.track("add-to-cart"); // injected bug: no analytics
      });
      list.appendChild(item);
    });
  }

  sort.addEventListener("change", render);
  render();
})();
