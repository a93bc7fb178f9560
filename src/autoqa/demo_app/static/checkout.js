// Validate the checkout form, confirm in a modal dialog, then thank the customer with a toast.
(function () {
  "use strict";
  var form = document.getElementById("checkout-form");
  var dialog = document.getElementById("confirm-dialog");
  var thanks = document.getElementById("thank-you");
  var postalLabel = Demo.hasBug("label") ? "Zip code" : "Postal code"; // injected bug "label"
  document.getElementById("postal-code-label").textContent = postalLabel;

  var FIELDS = [
    { id: "first-name", label: "First name" },
    { id: "last-name", label: "Last name" },
    { id: "postal-code", label: postalLabel }
  ];

  function validate() {
    var ok = true;
    FIELDS.forEach(function (field) {
      var input = document.getElementById(field.id);
      var error = document.getElementById(field.id + "-error");
      var missing = input.value.trim() === "";
      error.textContent = missing ? field.label + " is required" : "";
      error.hidden = !missing;
      input.setAttribute("aria-invalid", missing ? "true" : "false");
      if (missing && ok) input.focus();
      ok = ok && !missing;
    });
    return ok;
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (Demo.hasBug("button")) return; // injected bug "button": Place order does nothing
    if (!validate()) return;
    var count = Demo.cartCount();
    document.getElementById("confirm-summary").textContent = count
      ? "Place the order for " + count + " item(s), " + Demo.money(Demo.cartTotalCents()) + "?"
      : "Place the order?";
    dialog.showModal();
  });

  document.getElementById("cancel-order").addEventListener("click", function () { dialog.close(); });
  document.getElementById("confirm-order").addEventListener("click", function () {
    // The order is sent without waiting for the answer: a failing order service goes unnoticed by the
    // page (injected bug "order-api" makes it answer 500).
    fetch("/api/orders", {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-Demo-Bugs": Demo.bugs.join(",")},
      body: JSON.stringify(Demo.readCart())
    }).catch(function () { /* the page does not check */ });
    dialog.close();
    Demo.writeCart({});
    form.hidden = true;
    thanks.hidden = false;
    Demo.showToast("Order placed");
  });
})();
