/* The team match page's keyboard flow, like the individual round page's (app.js): on a focused board
   row, 1 = White wins, = draw, 0 = Black wins, + / - a forfeit. The key sends the board's result
   through the row's own form, which htmx posts (hx-post) and answers with the row alone, swapped in
   place, and the match's score and status out of band; the focus moves at once to the next board
   still open, so a fast typist's next key lands there. Without JavaScript each row's select and
   Save button post the same form and the page comes back. */
(function () {
  "use strict";
  var KEYS = { "1": "1-0", "=": "1/2", "0": "0-1", "+": "+-", "-": "-+" };
  var ROWS = "#match-boards tr.board-row[data-board]";

  function rows() {
    return Array.prototype.slice.call(document.querySelectorAll(ROWS));
  }

  function isOpen(row) {
    return !row.getAttribute("data-result") && !row.hasAttribute("data-pending");
  }

  // The board after ``row`` (wrapping round) with no result and none on its way; the next row (or
  // this one, on the last board) when every board has one.
  function nextOpen(row) {
    var all = rows();
    var start = all.indexOf(row);
    for (var step = 1; step < all.length; step++) {
      var candidate = all[(start + step) % all.length];
      if (isOpen(candidate)) return candidate;
    }
    return all[start + 1] || row;
  }

  function send(row, result) {
    var form = row.querySelector("form.result-form");
    if (!form) return false;
    form.querySelector("select[name=result]").value = result;
    row.setAttribute("data-pending", result);
    // A row just swapped in may not be processed yet: a plain submit would reload the page.
    if (window.htmx) window.htmx.process(form);
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
    return true;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var table = document.getElementById("match-boards");
    if (!table) return;
    var all = rows();
    var asked = table.dataset.focus && document.getElementById("board-" + table.dataset.focus);
    var first = asked || all.filter(isOpen)[0] || all[0];
    if (first) first.focus();
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (!target || !target.closest || /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName)) return;
    var row = target.closest(ROWS);
    if (!row || row !== target) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      var all = rows();
      var to = all[all.indexOf(row) + (event.key === "ArrowDown" ? 1 : -1)];
      event.preventDefault();
      if (to) to.focus();
      return;
    }
    var result = KEYS[event.key];
    if (!result) return;
    event.preventDefault();
    var shown = row.getAttribute("data-result");
    if (shown && shown !== result) {
      // A change, not a first result: the keyboard stays on this board to see the answer.
      send(row, result);
      return;
    }
    row.setAttribute("data-pending", result);
    nextOpen(row).focus();
    send(row, result);
  });

  // The answer's row replaces the focused one (a change): the new row takes the focus back.
  var refocus = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    refocus = target && target.matches && target.matches(ROWS) && target.contains(document.activeElement) ? target.id : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var row = refocus && document.getElementById(refocus);
    refocus = null;
    if (row && (!document.activeElement || document.activeElement === document.body)) row.focus();
  });
})();
