/* The arbiter's reports page: "a" on a focused row accepts its report, Shift+A accepts every
   confirmed report. The page works without this file (the buttons are plain forms). */
(function () {
  "use strict";
  var focusNext = null;

  function isTyping(el) {
    return el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
  }

  function acceptButton(row) {
    return row && row.querySelector('button[data-key="a"]');
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    if (event.key === "A") {
      var all = document.getElementById("accept-all");
      if (!all) return;
      event.preventDefault();
      all.click();
      return;
    }
    if (event.key !== "a") return;
    // Rows of this page, and the round page's board rows once they carry a report's Accept button.
    var row = event.target.closest && event.target.closest("tr.report-row, tr.board-row");
    var button = acceptButton(row);
    if (!button) return;
    event.preventDefault();
    var next = row.nextElementSibling;
    while (next && !acceptButton(next)) next = next.nextElementSibling;
    focusNext = next ? next.id : row.id;
    button.click();
  });

  // After the table comes back, the keyboard goes on with the next report waiting.
  document.addEventListener("htmx:afterSettle", function () {
    if (!focusNext) return;
    var el = document.getElementById(focusNext);
    focusNext = null;
    if (el) el.focus();
  });
})();
