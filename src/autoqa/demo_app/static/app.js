// Shared helpers for every demo page: active bugs, the product catalogue, the cart and toasts.
(function () {
  "use strict";

  var BUGS_KEY = "autoqa-demo-bugs";
  var CART_KEY = "cart";
  var TOAST_MS = 2000;
  var config = window.AUTOQA_DEMO || { bugs: [], knownBugs: ["button", "label", "total"] };

  // Bugs come from the server (bugs= / AUTOQA_DEMO_BUGS) and from ?bugs=a,b on any page, which
  // is remembered in sessionStorage for the rest of the tab's life. ?bugs= (empty) or ?bugs=none clears it.
  function readBugs() {
    var params = new URLSearchParams(window.location.search);
    if (params.has("bugs")) {
      var wanted = params.get("bugs").split(",").map(function (s) { return s.trim().toLowerCase(); });
      var known = wanted.filter(function (name) { return config.knownBugs.indexOf(name) !== -1; });
      wanted.forEach(function (name) {
        if (name && name !== "none" && known.indexOf(name) === -1) {
          console.warn("autoqa demo: unknown bug " + name + "; known: " + config.knownBugs.join(", "));
        }
      });
      try { sessionStorage.setItem(BUGS_KEY, known.join(",")); } catch (e) { /* storage disabled */ }
    }
    var stored = "";
    try { stored = sessionStorage.getItem(BUGS_KEY) || ""; } catch (e) { /* storage disabled */ }
    var bugs = config.bugs.slice();
    stored.split(",").forEach(function (name) {
      if (name && bugs.indexOf(name) === -1) bugs.push(name);
    });
    return bugs.sort();
  }

  var bugs = readBugs();
  document.documentElement.setAttribute("data-bugs", bugs.join(","));

  var PRODUCTS = [
    { slug: "backpack", name: "Backpack", cents: 2999, blurb: "Carries all the things, rain or shine." },
    { slug: "bike-light", name: "Bike Light", cents: 999, blurb: "A bright red light for night rides." },
    { slug: "bolt-t-shirt", name: "Bolt T-Shirt", cents: 1599, blurb: "Soft cotton with a lightning bolt." },
    { slug: "fleece-jacket", name: "Fleece Jacket", cents: 4999, blurb: "Warm midweight fleece for cold days." },
    { slug: "onesie", name: "Onesie", cents: 799, blurb: "For the smallest testers on the team." },
    { slug: "red-t-shirt", name: "Red T-Shirt", cents: 1599, blurb: "A classic red tee that fits everyone." }
  ];

  function product(slug) {
    for (var i = 0; i < PRODUCTS.length; i++) if (PRODUCTS[i].slug === slug) return PRODUCTS[i];
    return null;
  }

  function money(cents) {
    return "$" + (cents / 100).toFixed(2);
  }

  // The cart is a JSON object in localStorage "cart": {"<slug>": quantity, ...}.
  function readCart() {
    var cart = {};
    try { cart = JSON.parse(localStorage.getItem(CART_KEY) || "{}") || {}; } catch (e) { cart = {}; }
    var clean = {};
    Object.keys(cart).forEach(function (slug) {
      var qty = parseInt(cart[slug], 10);
      if (product(slug) && qty > 0) clean[slug] = qty;
    });
    return clean;
  }

  function writeCart(cart) {
    localStorage.setItem(CART_KEY, JSON.stringify(cart));
    updateBadge();
  }

  function cartCount() {
    var cart = readCart();
    return Object.keys(cart).reduce(function (sum, slug) { return sum + cart[slug]; }, 0);
  }

  function cartTotalCents() {
    var cart = readCart();
    var total = Object.keys(cart).reduce(function (sum, slug) {
      return sum + product(slug).cents * cart[slug];
    }, 0);
    if (bugs.indexOf("total") !== -1) total += 100; // injected bug "total"
    return total;
  }

  function updateBadge() {
    var badge = document.querySelector("[data-testid=cart-count]");
    if (!badge) return;
    var count = cartCount();
    badge.textContent = String(count);
    badge.hidden = count === 0;
  }

  var toastTimer = null;
  function showToast(text) {
    var toast = document.getElementById("toast");
    if (!toast || bugs.indexOf("no-toast") !== -1) return; // injected bug "no-toast"
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () {
      toast.hidden = true;
      toast.textContent = "";
    }, TOAST_MS);
  }

  window.Demo = {
    bugs: bugs,
    hasBug: function (name) { return bugs.indexOf(name) !== -1; },
    PRODUCTS: PRODUCTS,
    product: product,
    money: money,
    readCart: readCart,
    writeCart: writeCart,
    cartCount: cartCount,
    cartTotalCents: cartTotalCents,
    showToast: showToast
  };

  updateBadge();
})();
