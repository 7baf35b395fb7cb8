// Académie edition: the reading switch and the review mode (remembered across pages), citations with
// today's access date and a copy button, and the filters of a source's list of changes.
(function () {
  "use strict";
  var root = document.documentElement;

  function stored(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  function store(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* private browsing: not remembered */ }
  }

  // The reading shown: regularised by default, diplomatic on demand.
  function applyReading(reading) {
    var diplomatic = reading === "diplomatic";
    root.classList.toggle("reading-diplomatic", diplomatic);
    document.querySelectorAll(".reading-switch").forEach(function (button) {
      button.setAttribute("aria-pressed", diplomatic ? "true" : "false");
      button.textContent = diplomatic ? "Show the regularised reading" : "Show the diplomatic reading";
    });
  }

  // Review mode: changes are tinted and each is a tab stop with its explanation; off by default.
  function applyReview(on) {
    root.classList.toggle("review-mode", on);
    document.querySelectorAll(".tei-choice").forEach(function (change) {
      if (on) { change.tabIndex = 0; } else { change.removeAttribute("tabindex"); }
    });
    document.querySelectorAll(".review-switch").forEach(function (button) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = on ? "Stop reviewing the changes" : "Review the changes";
    });
  }

  function today() {
    return new Date().toISOString().slice(0, 10);
  }

  function citations() {
    document.querySelectorAll(".cite-rule").forEach(function (box) {
      box.querySelectorAll("a.permalink-url").forEach(function (link) {
        link.textContent = link.href;  // the absolute, stable URL of this copy of the edition
      });
      box.querySelectorAll(".cite-text").forEach(function (entry) {
        // a citation without a base URL names the permalink relatively: give the absolute one
        var link = box.querySelector("a.permalink-url");
        entry.childNodes.forEach(function (node) {
          if (link && node.nodeType === 3 && node.textContent.indexOf("id/") !== -1) {
            node.textContent = node.textContent.replace(/(^|\s)id\/[^\s]+?\.html/, "$1" + link.href);
          }
        });
      });
      box.querySelectorAll(".access-date").forEach(function (span) { span.textContent = today(); });
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy-citation";
      button.textContent = "Copy citation";
      button.addEventListener("click", function () {
        var parts = [];
        box.querySelectorAll(".cite-text").forEach(function (entry) { parts.push(entry.textContent.trim()); });
        box.querySelectorAll(".cite-facts .field-list > dt, .cite-facts > dt").forEach(function (term) {
          var value = term.nextElementSibling;
          if (value && !/Download/.test(term.textContent)) {
            parts.push(term.textContent.replace(/:$/, "").trim() + ": " + value.textContent.trim());
          }
        });
        var text = parts.join("\n");
        if (navigator.clipboard) { navigator.clipboard.writeText(text).catch(function () {}); }
        box.setAttribute("data-copied", text);
        button.textContent = "Copied";
      });
      box.appendChild(button);
    });
  }

  // The list of changes: a select per facet (agent, certainty), built from the rows' classes.
  function changeFilters() {
    var box = document.querySelector(".change-filters");
    var rows = Array.prototype.slice.call(document.querySelectorAll("table.changes tbody tr"));
    if (!box || !rows.length) { return; }
    var facets = { agent: { label: "Agent", column: 3 }, cert: { label: "Certainty", column: 4 } };
    var selects = {};
    Object.keys(facets).forEach(function (facet) {
      var label = document.createElement("label");
      label.textContent = facets[facet].label + " ";
      var select = document.createElement("select");
      select.name = facet;
      var values = [];
      rows.forEach(function (row) {
        var value = row.cells[facets[facet].column].textContent.trim();
        if (values.indexOf(value) === -1) { values.push(value); }
      });
      [""].concat(values.sort()).forEach(function (value) {
        var option = document.createElement("option");
        option.value = value;
        option.textContent = value || "all";
        select.appendChild(option);
      });
      select.addEventListener("change", filter);
      label.appendChild(select);
      box.appendChild(label);
      selects[facet] = select;
    });
    var count = document.createElement("span");
    count.className = "change-count";
    box.appendChild(count);
    function filter() {
      var shown = 0;
      rows.forEach(function (row) {
        var keep = Object.keys(facets).every(function (facet) {
          var wanted = selects[facet].value;
          return !wanted || row.cells[facets[facet].column].textContent.trim() === wanted;
        });
        row.hidden = !keep;
        shown += keep ? 1 : 0;
      });
      count.textContent = shown + " of " + rows.length + " changes";
    }
    filter();
  }

  applyReading(stored("academie-reading"));  // before the first paint where possible
  document.addEventListener("DOMContentLoaded", function () {
    applyReading(stored("academie-reading"));
    applyReview(stored("academie-review") === "on");
    document.querySelectorAll(".reading-switch").forEach(function (button) {
      button.addEventListener("click", function () {
        var next = root.classList.contains("reading-diplomatic") ? "regularised" : "diplomatic";
        store("academie-reading", next);
        applyReading(next);
      });
    });
    document.querySelectorAll(".review-switch").forEach(function (button) {
      button.addEventListener("click", function () {
        var on = !root.classList.contains("review-mode");
        store("academie-review", on ? "on" : "off");
        applyReview(on);
      });
    });
    citations();
    changeFilters();
  });
})();
