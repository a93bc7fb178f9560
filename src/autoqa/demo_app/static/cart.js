// Show the cart from localStorage, remove items, and go to checkout.
(function () {
  "use strict";
  var list = document.querySelector("[data-testid=cart-items]");
  var empty = document.querySelector("[data-testid=cart-empty]");
  var total = document.querySelector("[data-testid=cart-total]");
  var checkout = document.getElementById("checkout");

  function render() {
    var cart = Demo.readCart();
    var slugs = Object.keys(cart);
    list.textContent = "";
    slugs.forEach(function (slug) {
      var p = Demo.product(slug);
      var item = document.createElement("li");
      item.className = "cart-item";
      item.setAttribute("data-testid", "cart-item-" + slug);
      item.innerHTML = '<span class="name"></span><span class="qty"></span><span class="price"></span>' +
        '<button type="button" class="secondary">Remove</button>';
      item.querySelector(".name").textContent = p.name;
      var qty = Demo.hasBug("nan") ? Number("x") : cart[slug]; // injected bug "nan"
      item.querySelector(".qty").textContent = "Qty: " + qty;
      item.querySelector(".price").textContent = Demo.money(p.cents);
      var remove = item.querySelector("button");
      remove.setAttribute("data-testid", "remove-" + slug);
      remove.addEventListener("click", function () {
        var current = Demo.readCart();
        delete current[slug];
        Demo.writeCart(current);
        render();
      });
      list.appendChild(item);
    });
    empty.hidden = slugs.length > 0;
    list.hidden = slugs.length === 0;
    total.hidden = slugs.length === 0;
    total.textContent = "Total: " + Demo.money(Demo.cartTotalCents());
    checkout.disabled = slugs.length === 0;
  }

  checkout.addEventListener("click", function () { window.location.assign("/checkout.html"); });
  render();
  if (Demo.hasBug("console-error")) console.error("Recommendations failed to load"); // injected bug
})();
