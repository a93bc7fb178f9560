// Log in through POST /api/login (JSON); the server sets the HttpOnly "session" cookie.
(function () {
  "use strict";
  var MESSAGES = { invalid: "Invalid username or password", locked: "This account is locked" };
  var form = document.getElementById("login-form");
  var error = document.querySelector("[data-testid=login-error]");

  function showError(text) {
    error.textContent = text;
    error.hidden = false;
  }

  // Set by the no-JavaScript form fallback: /login.html?error=invalid|locked.
  var fromQuery = new URLSearchParams(window.location.search).get("error");
  if (fromQuery && MESSAGES[fromQuery]) showError(MESSAGES[fromQuery]);

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    error.hidden = true;
    var body = JSON.stringify({
      username: document.getElementById("username").value,
      password: document.getElementById("password").value
    });
    fetch("/api/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: body })
      .then(function (response) {
        return response.json().then(function (data) { return { ok: response.ok, data: data }; });
      })
      .then(function (result) {
        if (result.ok) {
          window.location.assign("/products.html");
        } else {
          showError(result.data.error || MESSAGES.invalid);
        }
      })
      .catch(function () { showError("Cannot reach the server, please try again"); });
  });
})();
