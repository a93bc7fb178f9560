(function () {
  "use strict";
  document.getElementById("back-to-top").addEventListener("click", function () { window.scrollTo(0, 0); });
})();
