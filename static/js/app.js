/* Staff pages: small enhancements on top of htmx. Every page works without this file. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var RESULT_KEYS = { "1": "1", "=": "=", "0": "0", "+": "+", "-": "-" };
  var focusAfterSwap = null;

  function isTyping(el) {
    return el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
  }

  // Result entry: focus a board row (Tab or click) and press 1, =, 0, + or -.
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    var key = RESULT_KEYS[event.key];
    if (!key) return;
    var row = event.target.closest && event.target.closest("tr.board-row[data-board]");
    if (!row) return;
    var button = row.querySelector('button[data-key="' + CSS.escape(key) + '"]');
    if (!button) return;
    event.preventDefault();
    var next = row.nextElementSibling;
    focusAfterSwap = next && next.id ? next.id : row.id;
    button.click();
  });

  // Keep the keyboard where it was when htmx replaces the part of the page that had the focus
  // (live updates, row swaps). Focus elsewhere on the page is never touched.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var active = document.activeElement;
    var target = event.detail && event.detail.target;
    if (!focusAfterSwap && active && active.id && target && target.contains(active)) focusAfterSwap = active.id;
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var lost = !document.activeElement || document.activeElement === document.body;
    var auto = event.target.querySelector && event.target.querySelector("[data-autofocus]");
    if (auto && lost) {
      auto.focus();
    } else if (focusAfterSwap && lost) {
      var el = document.getElementById(focusAfterSwap);
      if (el) el.focus();
    }
    focusAfterSwap = null;
  });

  // The create form's suggestion: "Use this" fills in format and rounds.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-apply-format]");
    if (!button) return;
    var form = button.closest("form") || document;
    var format = form.querySelector('[name="format"]');
    var rounds = form.querySelector('[name="rounds_planned"]');
    if (format) format.value = button.getAttribute("data-apply-format");
    if (rounds) rounds.value = button.getAttribute("data-apply-rounds");
    if (format) format.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // Ask before irreversible actions that carry data-confirm.
  document.addEventListener("submit", function (event) {
    var message = event.target.getAttribute && event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) event.preventDefault();
  }, true);
})();
