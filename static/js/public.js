// Public pages. Everything works without this file; it only adds the projector rotation and
// keeps an opened tie-break breakdown open when htmx swaps in fresh standings.
(function () {
  "use strict";

  // Projector: one panel at a time. A long panel scrolls a screenful every few seconds; the next
  // panel comes up once the bottom has been shown and the panel has had its minimum time.
  function startRotation(container) {
    var panels = Array.prototype.slice.call(container.querySelectorAll(".display-panel"));
    if (panels.length < 2) return;
    var dwell = (parseInt(container.getAttribute("data-rotate-seconds"), 10) || 20) * 1000;
    var scrollEvery = (parseInt(container.getAttribute("data-scroll-seconds"), 10) || 8) * 1000;
    var current = 0;
    var shownAt = Date.now();
    container.classList.add("rotating");
    panels[0].classList.add("is-shown");

    function step() {
      var atBottom = window.scrollY + window.innerHeight + 4 >= document.documentElement.scrollHeight;
      if (!atBottom) {
        window.scrollBy({ top: window.innerHeight * 0.85, behavior: "smooth" });
        return;
      }
      if (Date.now() - shownAt < dwell) return;
      panels[current].classList.remove("is-shown");
      current = (current + 1) % panels.length;
      panels[current].classList.add("is-shown");
      shownAt = Date.now();
      window.scrollTo(0, 0);
    }
    window.setInterval(step, Math.min(scrollEvery, dwell));
  }

  function rememberOpenDetails(event) {
    var target = event.detail && event.detail.target;
    if (!target || !target.querySelectorAll) return;
    var open = [];
    target.querySelectorAll("details[open]").forEach(function (d) {
      var row = d.closest("tr");
      var cell = d.closest("td");
      if (row && cell && row.parentNode) {
        open.push([Array.prototype.indexOf.call(row.parentNode.children, row), cell.cellIndex]);
      }
    });
    target.setAttribute("data-open-details", JSON.stringify(open));
  }

  function restoreOpenDetails(event) {
    var id = event.detail && event.detail.target && event.detail.target.id;
    var fresh = id && document.getElementById(id);
    var saved = event.detail.target.getAttribute && event.detail.target.getAttribute("data-open-details");
    if (!fresh || !saved) return;
    JSON.parse(saved).forEach(function (pos) {
      var row = fresh.querySelectorAll("tbody tr")[pos[0]];
      var cell = row && row.cells[pos[1]];
      var details = cell && cell.querySelector("details");
      if (details) details.open = true;
    });
  }

  // A tie-break value in the standings opens to its breakdown, fetched on first tap: a 1000-player
  // table with every breakdown inline would weigh megabytes on a phone.
  function loadBreakdown(event) {
    var details = event.target;
    if (!details || details.tagName !== "DETAILS" || !details.open) return;
    var box = details.querySelector(".breakdown");
    var table = details.closest("table.standings");
    if (!box || !table || box.getAttribute("data-loaded") || !window.htmx) return;
    var row = details.closest("tr");
    var cell = details.closest("td");
    var heading = table.tHead && table.tHead.rows[0].cells[cell.cellIndex];
    var code = heading && heading.getAttribute("data-tb");
    if (!row || !code) return;
    var url = table.getAttribute("data-breakdown-prefix") + row.getAttribute("data-p") +
      "/tiebreaks/" + encodeURIComponent(code) + "/";
    box.setAttribute("data-loaded", "1");
    window.htmx.ajax("GET", url, { target: box, swap: "innerHTML" });
  }

  // On a phone the breakdown opens as a panel over the page (public.css): give it a way out.
  function addCloseButton(event) {
    var box = event.detail && event.detail.target;
    if (!box || !box.classList || !box.classList.contains("breakdown")) return;
    var close = document.createElement("button");
    close.type = "button";
    close.className = "breakdown-close";
    close.setAttribute("aria-label", "Close");
    close.textContent = "×";
    box.insertBefore(close, box.firstChild);
  }

  function closeBreakdown(event) {
    var button = event.target.closest && event.target.closest(".breakdown-close");
    var details = button && button.closest("details");
    if (details) details.open = false;
  }

  // "My board" remembers what you typed last time on this phone and asks again on the next visit.
  function rememberSearch() {
    var input = document.getElementById("find-q");
    if (!input) return;
    var key = "chessclub-find:" + window.location.pathname;
    try {
      if (!input.value && window.localStorage.getItem(key)) {
        input.value = window.localStorage.getItem(key);
        if (window.htmx) window.htmx.trigger(input, "search");
      }
      input.addEventListener("input", function () {
        window.localStorage.setItem(key, input.value);
      });
    } catch (e) {
      // Storage can be switched off (private browsing); the form works the same without it.
    }
  }

  document.addEventListener("toggle", loadBreakdown, true);
  document.addEventListener("click", closeBreakdown);
  document.addEventListener("htmx:afterSwap", addCloseButton);
  document.addEventListener("DOMContentLoaded", rememberSearch);
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".display-panels[data-rotate-seconds]").forEach(startRotation);
  });
  document.addEventListener("htmx:beforeSwap", rememberOpenDetails);
  document.addEventListener("htmx:afterSwap", restoreOpenDetails);
})();
