// The contact form checks its required fields; the data-deletion form asks the server and says so.
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

  // A real request, so a crawl that was not allowed to submit this form is seen never to have sent it.
  document.getElementById("erase-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var result = document.querySelector("[data-testid=erase-result]");
    fetch("/api/data-deletion", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: document.getElementById("erase-email").value.trim() })
    })
      .then(function (response) {
        result.textContent = response.ok ? "Data deletion requested" : "Data deletion failed";
      })
      .catch(function () { result.textContent = "Data deletion failed"; });
  });
})();
