// The newsletter form that lives inside the playground's iframe.
(function () {
  "use strict";
  document.getElementById("newsletter-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var email = document.getElementById("email").value.trim();
    document.querySelector("[data-testid=subscribe-result]").textContent =
      email ? "Subscribed: " + email : "Email is required";
  });
})();
