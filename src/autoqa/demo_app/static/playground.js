// The tricky cases: delayed content, a button enabled later, dialogs, upload, icon-only button, toast.
(function () {
  "use strict";
  var DELAY_MS = 1500;

  function result(testid, text) {
    document.querySelector("[data-testid=" + testid + "]").textContent = text;
  }

  var load = document.getElementById("load-data");
  load.addEventListener("click", function () {
    load.disabled = true;
    result("load-result", "Loading…");
    setTimeout(function () {
      result("load-result", "Data loaded: 42 records");
      load.disabled = false;
    }, DELAY_MS);
  });

  // "Continue" starts disabled and becomes enabled ~1.5 s after the page loads.
  var cont = document.getElementById("continue");
  setTimeout(function () { cont.disabled = false; }, DELAY_MS);
  cont.addEventListener("click", function () { result("continue-result", "Continued"); });

  document.getElementById("attachment").addEventListener("change", function (event) {
    var names = Array.prototype.map.call(event.target.files, function (f) { return f.name; });
    result("upload-result", names.length ? "Uploaded: " + names.join(", ") : "");
  });

  document.getElementById("show-alert").addEventListener("click", function () {
    window.alert("Hello from alert");
    result("alert-result", "Alert closed");
  });

  document.getElementById("delete-item").addEventListener("click", function () {
    var yes = window.confirm("Delete this item?");
    result("confirm-result", yes ? "Item deleted" : "Deletion cancelled");
  });

  document.getElementById("settings").addEventListener("click", function () {
    result("settings-result", "Settings opened");
  });

  document.getElementById("show-toast").addEventListener("click", function () { Demo.showToast("Saved!"); });
})();
