/* The score pad page: players, state in localStorage, undo, TOML import/export, the live
 * problem list and the final scores.  Names no game: the game's UI (PK.ui[id]) draws the
 * sheet and turns its state into a game file; its scorer (PK.games[id]) checks and scores.
 *
 * A game UI gives: newPlayer(rules, n) → a player's state (plain JSON, with `name`);
 * render(el, ctx) draws the active player's sheet; toGame(state, rules) → the filled-game
 * file as plain data (what Export writes); fromGame(map, rules) → state (Import);
 * results(el, report, ctx) → the scores' detail.  Optional: single (one sheet for the whole
 * table, no player tabs: a cooperative game), best(report) (the winning total as the text
 * report words it), total(row) (a player's total on their tab), names(rules) → {id: name}
 * (the ids the scorer's problems give, said by the names the sheet shows), words(text) → text
 * (a problem's game-file words — `broken = 12` — said as the sheet's controls say them).  ctx = {rules, state, player, index,
 * report, change(fn), h(...)}: change(fn) runs fn on a copy of the state, keeps the old
 * one for Undo, saves and redraws.
 */
(function (PK) {
  "use strict";
  var cfg = JSON.parse(document.getElementById("pk-config").textContent);
  var rules = cfg.rules, gameId = cfg.game, ui = PK.ui[gameId], scorer = PK.games[gameId];
  var KEY = "printkit-scorepad:" + gameId + ":" + cfg.rules_id;
  var MAX_UNDO = 300;
  var MAX_IMPORT = cfg.max_import || 2097152;  // bytes: the CLI's cap on a game file (printkit.inputfiles.MAX_BYTES)
  var MAX_SHOWN = 200;  // problems listed, then "… and N more" (as the CLI)
  var state, undo = [], report = null, flash = "";

  function h(tag, attrs) {
    var el = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k === "text") el.textContent = v;
      else if (k.slice(0, 2) === "on") el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    });
    for (var i = 2; i < arguments.length; i++) {
      var c = arguments[i];
      if (c === null || c === undefined || c === false) continue;
      (Array.isArray(c) ? c : [c]).forEach(function (x) { if (x !== null && x !== undefined && x !== false) el.appendChild(typeof x === "string" ? document.createTextNode(x) : x); });
    }
    return el;
  }
  /* A whole-number field with − and + buttons (48 px), for the form-based pads.
   * o: {id, label, value, min, note, onset(n)}: onset gets the new number (typed or stepped). */
  function stepper(o) {
    var input = h("input", { type: "text", inputmode: "numeric", pattern: "-?[0-9]*", id: o.id, value: String(o.value), "aria-label": o.label,
      autocomplete: "off", onchange: function () {
        var t = input.value.trim();
        if (!/^-?\d{1,15}$/.test(t)) { input.value = String(o.value); return; }
        o.onset(parseInt(t, 10));
      } });
    var min = o.min === undefined ? 0 : o.min;
    return h("div", { class: "stepper" + (o.cls ? " " + o.cls : "") },
      h("label", { for: o.id, class: "slabel" }, o.label, o.note ? h("span", { class: "snote" }, o.note) : null),
      h("div", { class: "sctl" },
        h("button", { type: "button", class: "sbtn", "aria-label": o.label + " minus one", "data-step": o.id + ":-1", disabled: o.value <= min,
          onclick: function () { o.onset(Math.max(min, o.value - 1)); } }, "−"),
        input,
        h("button", { type: "button", class: "sbtn", "aria-label": o.label + " plus one", "data-step": o.id + ":+1",
          onclick: function () { o.onset(o.value + 1); } }, "+")));
  }
  function fresh() {
    var n = ui.single ? 1 : Math.max(1, Math.min(rules.players[2] || 2, 2));
    var players = [];
    for (var i = 0; i < n; i++) players.push(ui.newPlayer(rules, i + 1));
    return { version: 1, active: 0, finished: false, players: players };
  }
  function load() {
    try {
      var s = JSON.parse(localStorage.getItem(KEY) || "null");
      if (s && s.version === 1 && Array.isArray(s.players) && s.players.length) return s;
    } catch (e) { /* unreadable: start again */ }
    return fresh();
  }
  function save() {
    try { localStorage.setItem(KEY, JSON.stringify(state)); } catch (e) { flash = "Could not save in this browser: " + e.message; }
  }
  function change(fn) {
    var before = JSON.stringify(state);
    var next = JSON.parse(before);
    fn(next);
    if (JSON.stringify(next) === before) return;
    undo.push(before);
    if (undo.length > MAX_UNDO) undo.shift();
    state = next;
    save();
    draw();
  }
  function gameData(s) {
    var g = ui.toGame(s, rules);
    return Object.assign({ game: gameId }, g);
  }
  function rescore() {
    report = scorer.score(PK.fromPlain(gameData(state)), rules, { partial: !!cfg.partial && !state.finished, source: "score pad" });
  }

  // -- export / import ---------------------------------------------------------------
  function exportText() {
    return PK.toml.dump(gameData(state), cfg.title + " — written by the printkit score pad\nscore it: printkit score " + gameId + " game.toml");
  }
  function download() {
    var text = exportText();
    var a = h("a", { href: "data:application/toml;charset=utf-8," + encodeURIComponent(text), download: gameId + "-game.toml" });
    document.body.appendChild(a); a.click(); a.remove();
  }
  function megabytes(n) { return (n / 1048576).toFixed(1) + " MB"; }
  function tooBig(bytes) {
    return ["This file is " + megabytes(bytes) + "; a game file is a few kB (the pad, like printkit, reads at most " +
      megabytes(MAX_IMPORT) + ")."];
  }
  function utf8Length(text) {  // bytes of text as UTF-8 (≥ its length in characters)
    return text.length > MAX_IMPORT ? text.length : new TextEncoder().encode(text).length;
  }
  // Load a game file's text; returns the lines saying why it cannot be loaded ([] when it was).
  function importLines(text) {
    var size = utf8Length(text);
    if (size > MAX_IMPORT) return tooBig(size);
    var data;
    try { data = PK.toml.parse(text); } catch (e) { return ["Not a TOML game file: " + e.message]; }
    var r = scorer.score(data, rules, { partial: true, source: "import" });
    var structural = r.problems.filter(function (p) {
      return p.severity === PK.ERROR && ["game-name", "unknown-key", "missing-key", "wrong-type", "no-players"].indexOf(p.code) >= 0;
    });
    var head = "This file cannot be loaded into the pad:";
    if (structural.length) {
      var lines = structural.slice(0, MAX_SHOWN).map(PK.problemLine);
      if (structural.length > MAX_SHOWN) lines.push("… and " + (structural.length - MAX_SHOWN) + " more problem(s)");
      return [head].concat(lines);
    }
    var s;
    try { s = ui.fromGame(data, rules); } catch (e) { return [head, e.message]; }
    change(function (st) { st.players = s.players; st.active = 0; st.finished = true; });
    return [];
  }
  function importText(text) { return importLines(text).join("\n"); }

  // -- drawing -------------------------------------------------------------------------
  var root = document.getElementById("pad");
  function toolbar() {
    return h("div", { class: "bar" },
      h("button", { type: "button", class: "tool", id: "undo", disabled: !undo.length, onclick: function () {
        if (!undo.length) return; state = JSON.parse(undo.pop()); save(); draw();
      } }, "↶ Undo"),
      h("button", { type: "button", class: "tool", id: "export", onclick: function () { showExport = !showExport; draw(); } }, "Export TOML"),
      h("button", { type: "button", class: "tool", id: "import", onclick: function () { showImport = !showImport; draw(); } }, "Import"),
      h("button", { type: "button", class: "tool danger", id: "new-game", onclick: function () {
        if (window.confirm("Start a new game? (Undo brings this one back.)")) change(function (st) { var f = fresh(); Object.assign(st, f); });
      } }, "New game"));
  }
  var showExport = false, showImport = false, importMsg = [], importDraft = "";
  function tryImport(text) {  // the pasted or chosen text stays in the box until it loads
    importDraft = text;
    importMsg = importLines(text);
    if (!importMsg.length) { showImport = false; importDraft = ""; }
    draw();
  }
  function panels() {
    var out = [];
    if (showExport) {
      var text = exportText();
      out.push(h("section", { class: "card io", id: "export-panel" },
        h("h2", null, "Export"),
        h("p", { class: "hint" }, "The game as a text file (TOML): download or copy it to keep it, share it or load it here again."),
        h("textarea", { id: "export-text", readonly: true, rows: 10, spellcheck: "false" }, text),
        h("div", { class: "row" },
          h("button", { type: "button", class: "tool", id: "download", onclick: download }, "Download .toml"),
          h("button", { type: "button", class: "tool", onclick: function () {
            var ta = document.getElementById("export-text"); ta.select();
            try { document.execCommand("copy"); } catch (e) { /* selected: copy by hand */ }
          } }, "Copy"))));
    }
    if (showImport) {
      var ta = h("textarea", { id: "import-text", rows: 8, spellcheck: "false", placeholder: "Paste a " + gameId + " TOML game file here",
        oninput: function () { importDraft = ta.value; } }, importDraft);
      var file = h("input", { type: "file", id: "import-file", accept: ".toml,text/plain", onchange: function () {
        var f = file.files[0]; if (!f) return;
        if (f.size > MAX_IMPORT) { importMsg = tooBig(f.size); draw(); return; }  // not read at all
        var rd = new FileReader();
        rd.onload = function () { tryImport(String(rd.result)); };
        rd.readAsText(f);
      } });
      var err = null;
      if (importMsg.length) {
        err = h("div", { class: "error", id: "import-error", role: "alert" }, h("p", null, importMsg[0]),
          importMsg.length > 1 ? h("ul", null, importMsg.slice(1).map(function (line) { return h("li", null, line); })) : null);
      }
      out.push(h("section", { class: "card io", id: "import-panel" },
        h("h2", null, "Import"), file, ta, err,
        h("button", { type: "button", class: "tool", id: "import-go", onclick: function () { tryImport(ta.value); } },
          "Load this game")));
    }
    return out;
  }
  function tabs() {
    var t = h("nav", { class: "tabs", role: "tablist" });
    state.players.forEach(function (p, i) {
      var row = report && report.valid && !blank() ? report.players.filter(function (r) { return r.seat === i + 1; })[0] : null;
      var sc = row ? { score: ui.total ? ui.total(row) : row.score } : null;
      t.appendChild(h("button", { type: "button", role: "tab", class: "tab" + (i === state.active ? " on" : ""), "aria-selected": i === state.active ? "true" : "false",
        "data-player": i + 1, onclick: function () { change(function (s) { s.active = i; }); } },
        h("span", { class: "tab-name" }, p.name || "player " + (i + 1)), sc ? h("span", { class: "tab-score" }, String(sc.score)) : null));
    });
    if (state.players.length < rules.players[1]) {
      t.appendChild(h("button", { type: "button", class: "tab add", id: "add-player", "aria-label": "Add a player", onclick: function () {
        change(function (s) { s.players.push(ui.newPlayer(rules, s.players.length + 1)); s.active = s.players.length - 1; });
      } }, "+"));
    }
    return t;
  }
  function playerHead() {
    var p = state.players[state.active];
    var name = h("input", { type: "text", id: "player-name", value: p.name, maxlength: 200, "aria-label": "Player name", autocomplete: "off",
      onchange: function () { var v = name.value; change(function (s) { s.players[s.active].name = v; }); } });
    return h("div", { class: "phead" }, h("label", { for: "player-name" }, "Name"), name,
      state.players.length > 1 ? h("button", { type: "button", class: "tool danger small", id: "remove-player", onclick: function () {
        if (window.confirm("Remove " + (p.name || "this player") + "?")) change(function (s) { s.players.splice(s.active, 1); s.active = Math.max(0, s.active - 1); });
      } }, "Remove") : null);
  }
  function canon(v) {  // JSON with sorted keys: two states compare equal whatever order keys were set in
    if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
    if (v && typeof v === "object") return "{" + Object.keys(v).sort().map(function (k) { return JSON.stringify(k) + ":" + canon(v[k]); }).join(",") + "}";
    return JSON.stringify(v);
  }
  function blank() {  // nothing entered yet: every sheet as a new one, names (and the table's player count) aside
    return state.players.every(function (p, i) {
      var a = Object.assign({}, p), b = Object.assign({}, ui.newPlayer(rules, i + 1));
      delete a.name; delete b.name;
      if (ui.single) { delete a.players; delete b.players; }
      return canon(a) === canon(b);
    });
  }
  // the ids a problem gives (typed in a game file: "pharaohs-mask", "oil-lamp"), said by the names
  // the sheet shows ("Pharaoh's Mask", "Oil lamp"): whole words only, longest first, not in quotes
  // or brackets (a hint showing what to type: give = { Ana = ["ermine"] })
  var idNames = ui.names ? ui.names(rules) : {}, ids = Object.keys(idNames).sort(function (a, b) { return b.length - a.length; });
  var idPattern = ids.length ? new RegExp("(?<![\\w\"'\\[-])(?:" + ids.map(function (i) { return i.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("|") + ")(?![\\w\"'\\]-])", "g") : null;
  function plain(text) {  // the scorers' words for the command line, said as the page says them
    text = idPattern ? String(text).replace(idPattern, function (id) { return idNames[id]; }) : text;
    text = ui.words ? ui.words(String(text)) : text;
    return String(text)
      .replace(/ \(score an unfinished game with --partial\)/g, "")
      .replace(/ ?\(?warning with --partial\)?/g, " (a warning until “The game is over” is ticked)")
      .replace(/--partial/g, "“The game is over” unticked")
      .replace(/; write (.*?) as the format shows/g, "")
      .replace(/the file lists no event/g, "no event is listed")
      .replace(/ \(--rules: [^)]*\)|; --rules: [^)]*/g, "")  // where a rules file sets it: the pad plays the rules it was made with
      .replace(/ is (not )?a \[\[player\]\]/g, " is $1one of the players")
      .replace(/`([^`]*)`/g, "$1");
  }
  function problemsPanel() {
    if (blank()) {
      return h("section", { class: "card problems", id: "problems", "aria-live": "polite" }, h("h2", null, "Nothing entered yet"),
        h("p", { class: "hint" }, "Problems show here as you enter the game."));
    }
    var probs = report.problems, errs = probs.filter(function (p) { return p.severity === PK.ERROR; });
    var sec = h("section", { class: "card problems", id: "problems", "aria-live": "polite" },
      h("h2", null, errs.length ? errs.length + " problem" + (errs.length > 1 ? "s" : "") : probs.length ? "Valid, with warnings" : "No problems"),
      cfg.partial ? h("label", { class: "finished" }, h("input", { type: "checkbox", id: "finished", checked: state.finished,
        onchange: function (e) { var v = e.target.checked; change(function (s) { s.finished = v; }); } }),
        h("span", null, "The game is over", h("br"), h("span", { class: "hint" }, "Until it is ticked, " + plain(cfg.partial) + "."))) : null);
    var list = h("ul", { class: "plist" });
    probs.slice(0, 200).forEach(function (p) {
      list.appendChild(h("li", { class: "p sev-" + p.severity, "data-code": p.code },
        p.player !== null ? h("b", null, PK.clip(p.player) + ": ") : null,
        PK.escapeDisplay(plain(p.message)), h("span", { class: "rule" }, " (rule: " + plain(p.rule) + ")")));
    });
    if (probs.length > 200) list.appendChild(h("li", null, "… and " + (probs.length - 200) + " more problem(s)"));
    if (probs.length) sec.appendChild(list);
    return sec;
  }
  function resultsPanel(ctx) {
    var sec = h("section", { class: "card results", id: "results" }, h("h2", null, "Scores"));
    if (blank()) {
      sec.appendChild(h("p", { class: "hint", id: "no-scores" }, ui.verdict  // a game that ranks nobody (cooperative)
        ? "No score yet: the table's result shows once the sheet is filled in."
        : "No scores yet: the winner shows once the game is filled in."));
      return sec;
    }
    if (!report.valid) { sec.appendChild(h("p", { class: "hint" }, "Scores appear when the game breaks no rule.")); return sec; }
    var v = verdict();
    if (v) sec.appendChild(h("p", { class: "winner", id: "winner" }, v));
    ui.results(sec, report, ctx);
    return sec;
  }
  function best() {  // the winning total as the game's text report prints it (e.g. "33 points", "$41")
    var n = (report.players[0] || {}).score;
    return ui.best ? ui.best(report) : n + (Math.abs(n) === 1 ? " point" : " points");
  }
  function verdict() {  // the winner line; "" for a game that ranks nobody (cooperative)
    if (report.winners.length) return PK.winnerLine(report.winners, best());
    return report.players.length ? "No winner yet." : (ui.verdict ? ui.verdict(report) : "");
  }
  function status() {  // the verdict in one line at the top (the list sits below the sheet on a phone)
    if (showImport && importMsg.length) {  // a failed import is what the user is looking at: the bar says so
      var n = Math.max(1, importMsg.length - 1);
      return h("a", { class: "status bad", id: "status", href: "#import-error" },
        "✗ Import failed: " + (importMsg.length > 1 ? n + " problem" + (n > 1 ? "s" : "") : importMsg[0].replace(/[.:]$/, "")) + " ↓");
    }
    var errs = report.problems.filter(function (p) { return p.severity === PK.ERROR; }).length;
    var warns = report.problems.length - errs;  // the problems panel says "Valid, with warnings": so does the bar
    if (blank()) return h("a", { class: "status ok", id: "status", href: "#results" }, "New game: nothing scored yet");
    var text = errs ? errs + " problem" + (errs > 1 ? "s" : "") + " ↓" : (report.valid && (state.finished || !cfg.partial) ? "✓ " + (verdict() || "valid") :
      "✓ no problem so far") + (warns ? " · " + warns + " warning" + (warns > 1 ? "s" : "") + " ↓" : "");
    return h("a", { class: "status " + (errs ? "bad" : "ok"), id: "status", href: errs || warns ? "#problems" : "#results" }, text);
  }
  // A saved game this page cannot draw (edited by hand, written by another version, …) must
  // not leave a blank page on every visit: say so, keep the damaged save, offer Undo and Reset.
  function draw() {
    try { drawPage(); } catch (e) { broken(e); }
  }
  function broken(e) {
    var saved = null;
    try { saved = localStorage.getItem(KEY); } catch (x) { /* storage refused: nothing to keep */ }
    var why = (e && e.message ? e.message : String(e)).slice(0, 200);
    root.replaceChildren(
      h("header", { class: "top" }, h("h1", null, cfg.title), h("span", { class: "sub" }, "Score pad")),
      h("section", { class: "card io", id: "recover" },
        h("h2", null, "This game cannot be shown"),
        h("p", { class: "error", id: "recover-error", role: "alert" },
          "The game kept in this browser is damaged (" + why + "). " + (undo.length ? "Undo goes back one step; " : "") +
          "Reset starts a new game (the damaged one is kept" + (saved ? ": download it to look at it" : "") + ")."),
        h("div", { class: "row" },
          undo.length ? h("button", { type: "button", class: "tool", id: "recover-undo", onclick: function () {
            state = JSON.parse(undo.pop()); save(); draw(); } }, "Undo") : null,
          saved ? h("a", { class: "tool", id: "recover-download", download: gameId + "-damaged-save.json",
            href: "data:application/json;charset=utf-8," + encodeURIComponent(saved) }, "Download the damaged save") : null,
          h("button", { type: "button", class: "tool danger", id: "reset", onclick: function () {
            try { if (saved) localStorage.setItem(KEY + ":damaged", saved); } catch (x) { /* full: the save is dropped */ }
            state = fresh(); undo = []; flash = ""; showImport = showExport = false; importMsg = [];
            save(); draw();
          } }, "Reset: start a new game"))));
    document.body.setAttribute("data-ready", "damaged");
  }
  function drawPage() {
    if (state.active >= state.players.length) state.active = 0;
    rescore();
    // a new game's sheet marks no control as a problem, as its problems panel lists none ("Nothing entered yet")
    var shown = blank() ? Object.assign({}, report, { problems: [] }) : report;
    var ctx = { rules: rules, state: state, index: state.active, player: state.players[state.active], report: shown, change: change, h: h,
      stepper: stepper };
    var sheet = h("section", { class: "card sheet", id: "sheet" });
    root.replaceChildren.apply(root, [
      h("header", { class: "top" }, h("h1", null, cfg.title), h("span", { class: "sub" }, "Score pad")),
      toolbar(), flash ? h("p", { class: "error" }, flash) : null, h("div", null, panels()),
      status(), ui.single ? null : tabs(), h("div", { class: "main" }, h("div", { class: "col" }, ui.single ? null : playerHead(), sheet),
        h("div", { class: "col side" }, problemsPanel(), resultsPanel(ctx)))].filter(Boolean));
    ui.render(sheet, ctx);
    document.body.setAttribute("data-ready", String(undo.length));
  }
  state = load();
  draw();
  PK.pad = { state: function () { return state; }, exportText: exportText, importText: function (t) {
    showImport = true; tryImport(t); return importMsg.join("\n"); } };
})(globalThis.PK);
