/* Staff pages: small enhancements on top of htmx. Every page works without this file. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // The page's language: /jsi18n/ (loaded first) defines gettext and interpolate; without it
  // the English stands.
  var _ = window.gettext || function (text) { return text; };
  function fill(format, values) {
    return window.interpolate ? window.interpolate(format, values, true) : format.replace(/%\((\w+)\)s/g, function (m, k) { return values[k]; });
  }

  // Result keys on a focused board row and the results they stand for.
  var RESULT_KEYS = { "1": "1-0", "=": "1/2-1/2", "0": "0-1", "+": "+/-", "-": "-/+" };
  var ROWS = "#pairings-table tr.board-row[data-board]";

  function isTyping(el) {
    return el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
  }

  function boardRows() {
    return Array.prototype.slice.call(document.querySelectorAll(ROWS));
  }

  function isOpen(row) {
    return !row.getAttribute("data-result") && !row.hasAttribute("data-pending");
  }

  // The board after ``row`` (wrapping round) that has no result yet and none on its way; the next
  // row when every board has one. On a page of a big round, past the page's last open board comes
  // the link to the next page with one (Enter follows it), not the top of this page again.
  function nextOpenRow(row) {
    var rows = boardRows();
    var start = rows.indexOf(row);
    var nextPage = document.querySelector("#board-pages [data-next-open]");
    for (var step = 1; step < rows.length; step++) {
      if (nextPage && start + step === rows.length) return nextPage;
      var candidate = rows[(start + step) % rows.length];
      if (isOpen(candidate)) return candidate;
    }
    return nextPage || rows[start + 1] || row;
  }

  // Arriving from that link (``focus=open``): the keyboard starts on the page's first open board.
  document.addEventListener("DOMContentLoaded", function () {
    if (!/[?&]focus=open(&|$)/.test(window.location.search)) return;
    var first = boardRows().filter(isOpen)[0];
    if (first) first.focus();
  });

  // Send a row's result through its own form, i.e. the endpoint and htmx attributes the buttons use.
  // The form is processed first: a row that has just been swapped in might not be yet, and a
  // plain submit would reload the page.
  function sendResult(row, result) {
    var button = row.querySelector('.result-form button[value="' + CSS.escape(result) + '"]');
    if (!button) return false;
    if (window.htmx) window.htmx.process(button.form);
    row.setAttribute("data-pending", result);
    button.click();
    return true;
  }

  // Result entry: focus a board row (Tab, arrows or click) and press 1, =, 0, + or -. Focus moves on
  // to the next board still waiting for a result before the answer comes back, so a fast typist's
  // next key lands on the next board, never on the one just entered.
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    var row = event.target.closest && event.target.closest(ROWS);
    if (!row) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      var rows = boardRows();
      var to = rows[rows.indexOf(row) + (event.key === "ArrowDown" ? 1 : -1)];
      event.preventDefault();
      if (to) to.focus();
      return;
    }
    var result = RESULT_KEYS[event.key];
    if (!result || !row.querySelector(".result-form")) return;
    event.preventDefault();
    var shown = row.getAttribute("data-result");
    if (shown && shown !== result) {
      // A change, not a first result: the keyboard stays on this board, whose answer asks first
      // (the question's "Change it" button takes the focus: Enter changes, Escape keeps).
      answerReturnsTo = row.id;
      sendResult(row, result);
      return;
    }
    row.setAttribute("data-pending", result);
    nextOpenRow(row).focus();
    sendResult(row, result);
  });

  // Where the keyboard goes back to once a question about changing a result is answered.
  var answerReturnsTo = null;

  function problemBox() {
    return document.getElementById("result-problem");
  }

  // "Keep it" (the button, or Escape in the question): nothing is sent, the question goes away and
  // the keyboard is back where it was.
  function keepResult(message) {
    var box = problemBox();
    if (box) {
      box.hidden = true;
      box.textContent = "";
    }
    var status = document.getElementById("quick-entry-message");
    if (status && message) {
      status.textContent = message;
      status.className = "";
    }
    returnFocus();
  }

  function returnFocus() {
    var back = answerReturnsTo && document.getElementById(answerReturnsTo);
    answerReturnsTo = null;
    if (back) back.focus();
  }

  document.addEventListener("click", function (event) {
    var keep = event.target.closest && event.target.closest("#result-problem [data-keep-result]");
    if (keep) keepResult(keep.getAttribute("data-kept") || "");
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var box = problemBox();
    var keep = box && !box.hidden && box.querySelector("[data-keep-result]");
    if (keep && box.contains(document.activeElement)) {
      event.preventDefault();
      keep.click();
    }
  });

  // Buttons stay for the mouse; the keyboard goes row to row (Tab once per board, not eight times).
  function quietButtons(root) {
    if (!root.querySelectorAll) return;
    root.querySelectorAll("tr.board-row .result-form .res").forEach(function (b) { b.tabIndex = -1; });
  }
  document.addEventListener("DOMContentLoaded", function () { quietButtons(document); });
  document.addEventListener("htmx:load", function (event) { quietButtons(event.target); });

  // On a phone one select per board stands in for the buttons; on a desktop a small one holds the
  // arbiter's unusual results (½-0, 0-½).
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select.res-select, select.res-more") || !select.value) return;
    var row = select.closest("tr.board-row");
    if (row) sendResult(row, select.value);
  });

  // The live table (polled every few seconds): htmx swaps what the server sends, the changed rows
  // out of band by their ids (or the whole table), and gives the focus back to the element with the
  // same id, so the row the arbiter is on keeps it, in the same step. What htmx cannot know: a row
  // whose result is on its way is left alone (its own answer brings it), and while one is, a whole
  // table waits for the next poll (the page's version has not moved, so it comes again).
  function isLiveAnswer(event) {
    var target = event.detail.target;
    return target && target.id === "pairings-table" && event.detail.requestConfig &&
      event.detail.requestConfig.verb === "get";
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!isLiveAnswer(event) || !event.detail.shouldSwap) return;
    var rowsOnly = event.detail.xhr && event.detail.xhr.getResponseHeader("HX-Reswap") === "none";
    if (!rowsOnly && document.querySelector(ROWS + "[data-pending]")) event.detail.shouldSwap = false;
  });
  var refocusRow = null;
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var old = event.detail.target;
    if (!old || !old.matches || !old.matches("tr.board-row")) return;
    if (old.hasAttribute("data-pending")) {
      event.detail.shouldSwap = false;
      return;
    }
    // The focus on a control inside the row (a phone's select): htmx finds no id for it, the row has one.
    var active = document.activeElement;
    if (active && active !== old && old.contains(active)) refocusRow = old.id;
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    var row = refocusRow && document.getElementById(refocusRow);
    refocusRow = null;
    if (row && (!document.activeElement || document.activeElement === document.body)) row.focus();
  });
  // The keyboard goes row to row at once, not only once htmx has settled the swapped content.
  document.addEventListener("htmx:afterSwap", function (event) { quietButtons(event.target); });
  document.addEventListener("htmx:oobAfterSwap", function (event) { quietButtons(event.target); });

  // A board row's own answer: it has landed, so it is no longer pending. Keep the keyboard where it
  // was when htmx replaces any other part of the page that had the focus.
  var focusAfterSwap = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var active = document.activeElement;
    var target = event.detail && event.detail.target;
    // A control without an id inside a board row (a phone's select): the row takes the focus back.
    var keep = active && (active.id ? active : active.closest && active.closest("tr.board-row[id]"));
    if (keep && target && target.contains(keep)) focusAfterSwap = keep.id;
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

  // Quick entry from paper slips: "12=", "7 1", "3 0", "12 1-0", "12 ½", "12+", "12-". Enter
  // records the result through the board's own row and clears the box for the next slip.
  var SPELLINGS = {
    "1": "1-0", "1-0": "1-0", "=": "1/2-1/2", "½": "1/2-1/2", "1/2": "1/2-1/2", "½-½": "1/2-1/2",
    "1/2-1/2": "1/2-1/2", "0": "0-1", "0-1": "0-1", "+": "+/-", "+/-": "+/-", "+-": "+/-",
    "-": "-/+", "-/+": "-/+", "-+": "-/+",
    "½-0": "1/2-0", "1/2-0": "1/2-0", "0-½": "0-1/2", "0-1/2": "0-1/2"
  };
  var LABELS = {
    "1-0": "1-0", "1/2-1/2": "½-½", "0-1": "0-1", "+/-": _("+/− (forfeit)"), "-/+": _("−/+ (forfeit)"),
    "1/2-0": "½-0", "0-1/2": "0-½"
  };

  function readSlip(text) {
    var match = /^\s*(\d+)\s*(.*?)\s*$/.exec(text);
    if (!match) return { error: _("Type the board number first, then the result (for example 12= or 7 1).") };
    var board = match[1].replace(/^0+(?=\d)/, "");
    var said = match[2].replace(/\s+/g, "");
    if (!said) return { error: fill(_("Board %(board)s: type a result after the number (1, =, 0, + or -)."), { board: board }) };
    var result = SPELLINGS[said];
    if (!result) return { error: fill(_("Board %(board)s: “%(typed)s” is not a result; type 1, =, 0, + or -."), { board: board, typed: match[2] }) };
    return { board: board, result: result };
  }

  // A slip for a board that is not on the page: posted by number; the answer says what happened.
  // The box is cleared for the next slip at once; a slip that comes back refused is put back in
  // it to be corrected, unless the next one is already being typed.
  function sendSlip(form, slip, message, typed) {
    var input = form.querySelector("#quick-entry-input");
    var headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    headers["HX-Request"] = "true";
    var fields = { board: slip.board, result: slip.result };
    if (slip.confirm) fields.confirm = "1";
    var body = new URLSearchParams(fields);
    message.textContent = fill(_("Board %(board)s: %(result)s sent."), { board: slip.board, result: LABELS[slip.result] });
    message.className = "";
    fetch(form.getAttribute("data-by-number"), { method: "POST", headers: headers, body: body, credentials: "same-origin" })
      .then(function (response) {
        return response.json().then(function (answer) {
          var box = problemBox();
          if (answer.confirm && box) {
            askAboutSlip(form, slip, answer, box, message);
            return;
          }
          if (response.ok && box && box.hasAttribute("data-slip")) keepResult("");
          message.textContent = answer.message;
          message.className = response.ok ? "" : "error";
          if (!response.ok && !input.value) input.value = typed;
          if (response.ok) document.body.dispatchEvent(new CustomEvent("standings-changed", { bubbles: true }));
        });
      })
      .catch(function () {
        if (!input.value) input.value = typed;
        message.textContent = fill(_("Board %(board)s: not saved, the server could not be reached. Enter it again."), { board: slip.board });
        message.className = "error";
      });
  }

  // The slip would replace a result the board shows (a board not on this page): the server's
  // question goes into the box, with "Change it" (focused: Enter) and "Keep it" (Escape).
  function askAboutSlip(form, slip, answer, box, message) {
    box.textContent = "";
    box.setAttribute("data-slip", slip.board);
    var question = document.createElement("p");
    question.textContent = answer.message;
    var change = document.createElement("button");
    change.type = "button";
    change.className = "danger";
    change.setAttribute("data-confirm-change", "");
    change.textContent = answer.change_label;
    change.addEventListener("click", function () {
      box.hidden = true;
      sendSlip(form, { board: slip.board, result: slip.result, confirm: true }, message, "");
      returnFocus();
    });
    var keep = document.createElement("button");
    keep.type = "button";
    keep.className = "secondary";
    keep.setAttribute("data-keep-result", "");
    keep.setAttribute("data-kept", answer.kept_message || "");
    keep.textContent = answer.keep_label;
    box.appendChild(question);
    box.appendChild(change);
    box.appendChild(document.createTextNode(" "));
    box.appendChild(keep);
    box.hidden = false;
    message.textContent = answer.pending_message || "";
    message.className = "error";
    answerReturnsTo = "quick-entry-input";
    change.focus();
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.id !== "quick-entry") return;
    event.preventDefault();
    var input = form.querySelector("#quick-entry-input");
    var message = form.querySelector("#quick-entry-message");
    var slip = readSlip(input.value);
    var row = slip.board && document.querySelector(ROWS.replace("[data-board]", '[data-board="' + slip.board + '"]'));
    if (slip.error) {
      message.textContent = slip.error;
      message.className = "error";
      return;
    }
    var lastBoard = parseInt(form.getAttribute("data-last-board") || "0", 10);
    if (!row && !(parseInt(slip.board, 10) <= lastBoard)) {
      message.textContent = fill(_("There is no board %(board)s in this round."), { board: slip.board });
      message.className = "error";
      return;
    }
    if (!row) {
      // Not on this page (a big round comes in pages): by board number, for any board.
      sendSlip(form, slip, message, input.value);
      input.value = "";
      return;
    }
    var shownOnRow = row.getAttribute("data-result");
    if (shownOnRow && shownOnRow !== slip.result) answerReturnsTo = "quick-entry-input";
    if (!sendResult(row, slip.result)) {
      message.textContent = fill(_("Board %(board)s cannot take a result here."), { board: slip.board });
      message.className = "error";
      return;
    }
    message.textContent = fill(_("Board %(board)s: %(result)s sent."), { board: slip.board, result: LABELS[slip.result] });
    message.className = "";
    input.value = "";
  }, true);

  // A row's answer: done waiting; tell the quick-entry box when it came back with a problem.
  // (After the settle: until then htmx keeps the old row's attributes on the new one.)
  document.addEventListener("htmx:afterSettle", function (event) {
    var row = event.detail.target;
    if (!row || !row.id || row.id.indexOf("board-") !== 0) return;
    var fresh = document.getElementById(row.id);
    if (!fresh) return;
    // The conflict message is a paragraph: it goes into the box above the table, the row only
    // says "not saved", so the table keeps its columns.
    var problem = fresh.querySelector(".row-problem");
    var box = document.getElementById("result-problem");
    var message = document.getElementById("quick-entry-message");
    var number = fresh.getAttribute("data-board");
    if (problem) {
      var asks = null;
      if (box) {
        // Move the message over whole: a change's "Change it" / "Correct anyway" form travels with it.
        box.textContent = "";
        box.removeAttribute("data-slip");
        box.setAttribute("data-board", number);
        while (problem.firstChild) box.appendChild(problem.firstChild);
        box.hidden = false;
        problem.remove();
        if (window.htmx) window.htmx.process(box);
        asks = box.querySelector("[data-confirm-change]");
      }
      if (message) {
        message.textContent = box ? fill(asks ? _("Board %(board)s: not changed yet, see below.") : _("Board %(board)s: not saved, see below."), { board: number }) : problem.textContent;
        message.className = "error";
        message.setAttribute("data-board", number);
      }
      // The question is about the board just keyed: its answer takes the keyboard (Enter changes,
      // Escape keeps), and the keyboard goes back afterwards.
      if (asks) {
        if (!answerReturnsTo) answerReturnsTo = fresh.id;
        asks.focus();
      }
    } else if (fresh.classList.contains("just-saved")) {
      // The box's question or problem about this board (or a problem about no board in particular).
      var about = box && box.getAttribute("data-board");
      var answered = box && !box.hidden && (!about || about === number);
      if (answered) {
        var inBox = box.contains(document.activeElement);
        box.hidden = true;
        box.textContent = "";
        if (inBox || !document.activeElement || document.activeElement === document.body) returnFocus();
      }
      // The box's word on this board ("not saved, see below") is out of date once it is saved.
      if (message && message.getAttribute("data-board") === number) {
        var shown = fresh.querySelector(".result-value");
        message.textContent = fill(_("Board %(board)s: %(result)s saved."), { board: number, result: shown ? shown.textContent : "" });
        message.className = "";
        message.removeAttribute("data-board");
      }
    }
  });

  // A row's request that never got an answer (network down, server error): the row is no longer
  // waiting, and the arbiter is told, so the board is not silently left without its result.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (event.detail.successful || !form.matches || !form.matches(".result-form")) return;
    var row = form.closest("tr.board-row");
    if (!row) return;
    row.removeAttribute("data-pending");
    row.classList.add("not-saved");
    var text = fill(_("Board %(board)s: not saved, the server could not be reached. Enter it again."), { board: row.getAttribute("data-board") });
    var box = document.getElementById("result-problem");
    if (box) {
      box.textContent = text;
      box.removeAttribute("data-board");
      box.hidden = false;
    }
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
    // "input" is what the advice panel listens to (hx-trigger): the tie-break preview follows.
    if (format) format.dispatchEvent(new Event("input", { bubbles: true }));
    if (format) format.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // Ask before irreversible actions that carry data-confirm.
  document.addEventListener("submit", function (event) {
    var message = event.target.getAttribute && event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
})();
