// The match page's keyboard flow: on a focused board, 1 = White wins, = draw, 0 = Black wins,
// + / - a forfeit; the result is saved and the next board takes the focus (the page comes back with
// ?board=N+1). Without this script the select and its Save button do the same.
(function () {
  "use strict";
  var KEYS = { "1": "1-0", "=": "1/2", "0": "0-1", "+": "+-", "-": "-+" };
  document.addEventListener("DOMContentLoaded", function () {
    var table = document.getElementById("match-boards");
    if (!table) return;
    var first = document.getElementById("board-" + table.dataset.focus) || table.querySelector(".board-row");
    if (first) first.focus();
    table.addEventListener("keydown", function (event) {
      var row = event.target.closest && event.target.closest(".board-row");
      if (!row || event.target.tagName === "SELECT" || !(event.key in KEYS)) return;
      event.preventDefault();
      var form = row.querySelector("form");
      form.querySelector("select[name=result]").value = KEYS[event.key];
      form.submit();
    });
  });
})();
