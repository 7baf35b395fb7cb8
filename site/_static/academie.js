// Académie edition: the reading switch (remembered across pages), copyable citations, focusable changes.
(function () {
  "use strict";
  var KEY = "academie-reading";
  var root = document.documentElement;

  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function store(value) {
    try { window.localStorage.setItem(KEY, value); } catch (e) { /* private browsing: not remembered */ }
  }
  function apply(reading) {
    var diplomatic = reading === "diplomatic";
    root.classList.toggle("reading-diplomatic", diplomatic);
    document.querySelectorAll(".reading-switch").forEach(function (button) {
      button.setAttribute("aria-pressed", diplomatic ? "true" : "false");
      button.textContent = diplomatic ? "Show the regularised reading" : "Show the diplomatic reading";
    });
  }

  apply(stored());  // before the first paint where possible
  document.addEventListener("DOMContentLoaded", function () {
    apply(stored());
    document.querySelectorAll(".reading-switch").forEach(function (button) {
      button.addEventListener("click", function () {
        var next = root.classList.contains("reading-diplomatic") ? "regularised" : "diplomatic";
        store(next);
        apply(next);
      });
    });
    document.querySelectorAll(".tei-choice").forEach(function (change) { change.tabIndex = 0; });
    document.querySelectorAll(".cite-rule").forEach(function (box) {
      var link = box.querySelector("a.permalink-url");
      if (!link) { return; }
      link.textContent = link.href;  // the absolute, stable URL of this copy of the edition
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy-citation";
      button.textContent = "Copy citation";
      button.addEventListener("click", function () {
        var text = box.querySelector(".cite-text").textContent.trim();
        if (navigator.clipboard) { navigator.clipboard.writeText(text); }
        button.textContent = "Copied";
      });
      box.appendChild(button);
    });
  });
})();
