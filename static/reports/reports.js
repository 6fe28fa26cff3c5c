/* Phone reports, for the arbiter: "a" on a focused row accepts its report, Shift+A accepts every
   confirmed report. Rows are the reports page's (tr.report-row) and the round page's board rows
   (tr.board-row) that carry a report's Accept button. Pages work without this file (the buttons
   are plain forms). */
(function () {
  "use strict";
  var focusNext = null;

  function isTyping(el) {
    return el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
  }

  function acceptButton(row) {
    return row && row.querySelector('button[data-key="a"]');
  }

  function waiting(row) {
    return !row.hasAttribute("data-pending") && (acceptButton(row) || !row.getAttribute("data-result"));
  }

  // The round page: the next board (wrapping round) with a report to accept, else the next still
  // without a result, as the result keys do (static/js/app.js).
  function nextBoardRow(row) {
    var rows = Array.prototype.slice.call(row.parentNode.querySelectorAll("tr.board-row[data-board]"));
    var start = rows.indexOf(row);
    var open = null;
    for (var step = 1; step < rows.length; step++) {
      var candidate = rows[(start + step) % rows.length];
      if (candidate.hasAttribute("data-pending")) continue;
      if (acceptButton(candidate)) return candidate;
      if (!open && waiting(candidate)) open = candidate;
    }
    return open || row;
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
    var row = event.target.closest && event.target.closest("tr.report-row, tr.board-row");
    var button = acceptButton(row);
    if (!button) return;
    event.preventDefault();
    if (row.classList.contains("board-row")) {
      // Like a result key: the focus moves on before the answer comes back, and the live table
      // leaves the row alone until its own answer replaces it.
      row.setAttribute("data-pending", "accept");
      nextBoardRow(row).focus();
      if (window.htmx) window.htmx.process(button.form);
      button.click();
      return;
    }
    var next = row.nextElementSibling;
    while (next && !acceptButton(next)) next = next.nextElementSibling;
    focusNext = next ? next.id : row.id;
    button.click();
  });

  // After the reports table comes back, the keyboard goes on with the next report waiting.
  document.addEventListener("htmx:afterSettle", function () {
    if (!focusNext) return;
    var el = document.getElementById(focusNext);
    focusNext = null;
    if (el) el.focus();
  });

  // An Accept that got no answer: the row is no longer waiting, and it says so.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (event.detail.successful || !form.matches || !form.matches(".accept-form")) return;
    var row = form.closest("tr.board-row");
    if (!row) return;
    row.removeAttribute("data-pending");
    row.classList.add("not-saved");
  });
})();
