// Show who is signed in (the session cookie is HttpOnly, so ask the server).
(function () {
  "use strict";
  fetch("/api/session").then(function (r) { return r.json(); }).then(function (data) {
    if (data.username) document.querySelector("[data-testid=profile-user]").textContent = "Signed in as " + data.username;
  });
})();
