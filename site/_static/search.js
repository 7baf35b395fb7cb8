// The search page: Pagefind's interface over the passage and rule records, with the theme's query (?q=).
window.addEventListener("DOMContentLoaded", function () {
  "use strict";
  var root = new URL(".", window.location.href).pathname;  // the edition may live under a sub-path
  var ui = new PagefindUI({
    element: "#passage-search",
    baseUrl: root,
    bundlePath: root + "pagefind/",
    showImages: false,
    showSubResults: false,
    resetStyles: false
  });
  var query = new URLSearchParams(window.location.search).get("q");
  if (query) { ui.triggerSearch(query); }
});
