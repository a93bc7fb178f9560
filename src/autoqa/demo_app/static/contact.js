// The contact form checks its required fields; the data-deletion form only says it was asked.
(function () {
  "use strict";
  var FIELDS = [
    { id: "contact-name", label: "Name" },
    { id: "contact-email", label: "Email" },
    { id: "contact-message", label: "Message" }
  ];
  var result = document.querySelector("[data-testid=contact-result]");

  document.getElementById("contact-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var ok = true;
    FIELDS.forEach(function (field) {
      var input = document.getElementById(field.id);
      var error = document.getElementById(field.id + "-error");
      var missing = input.value.trim() === "";
      error.textContent = missing ? field.label + " is required" : "";
      error.hidden = !missing;
      input.setAttribute("aria-invalid", missing ? "true" : "false");
      ok = ok && !missing;
    });
    result.textContent = ok
      ? "Thanks, " + document.getElementById("contact-name").value.trim() + "! We will reply to " +
        document.getElementById("contact-email").value.trim() + "."
      : "";
  });

  document.getElementById("erase-form").addEventListener("submit", function (event) {
    event.preventDefault();
    document.querySelector("[data-testid=erase-result]").textContent = "Data deletion requested";
  });
})();
