/* Archéo's score pad UI: one sheet for the whole table (a cooperative game) — players at
 * the table, shovel cards broken, how the game ended, the egg, and the pieces placed on each
 * fossil board, each piece a button showing its stars; then the stars of the table, why the
 * game ended and the rating of End of Game (engine contract: printkit/scorepad/pad.js). */
(function (PK) {
  "use strict";
  function newPlayer(rules) { return { name: "table", players: rules.players[2], broken: 0, ended: null, egg: false, placed: {} }; }
  function toGame(state, rules) {
    var t = state.players[0], placed = {};
    rules.boards.forEach(function (kv) { placed[kv[0]] = (t.placed[kv[0]] || []).slice(); });
    var out = { players: t.players };
    if (t.ended) out.ended = t.ended;
    out.egg = !!t.egg;
    out.broken = t.broken;
    out.placed = placed;
    return out;
  }
  function fromGame(map) {
    if (map.has("boards")) throw new Error("it brings its own fossil boards ([boards]); the pad plays the rules it was made with");
    var placed = {};
    (map.get("placed") || new Map()).forEach(function (v, k) { placed[k] = v.slice(); });
    return { players: [{ name: "table", players: map.get("players"), broken: map.get("broken"), ended: map.get("ended"), egg: map.get("egg"), placed: placed }] };
  }
  function stars(n) { return n ? "★".repeat(n) : "☆"; }
  function render(el, ctx) {
    var h = ctx.h, t = ctx.player, rules = ctx.rules, cards = rules.shovels[String(t.players)];
    function set(fn) { return function (v) { ctx.change(function (s) { fn(s.players[0], v); }); }; }
    var bad = {};
    ctx.report.problems.forEach(function (p) { if (p.severity === PK.ERROR) { bad[p.item] = true; if (p.board && p.piece) bad[p.board + "/" + p.piece] = true; } });
    var kids = [h("h3", null, "The table"),
      ctx.stepper({ id: "players", label: "Players", note: t.players === 1 ? "solo" : rules.players_min + " to " + rules.players_max, value: t.players, min: rules.players_min,
        cls: bad.players ? "bad" : "", onset: set(function (q, n) { q.players = n; }) }),
      ctx.stepper({ id: "broken", label: "Shovel cards broken", note: cards !== undefined ? "of " + cards + " shovel cards" : "", value: t.broken,
        cls: bad.broken ? "bad" : "", onset: set(function (q, n) { q.broken = n; }) }),
      h("h3", null, "How did the game end?"),
      h("div", { class: "choice2" + (bad.ended ? " bad" : "") },
        h("button", { type: "button", class: "opt" + (t.ended === "stars" ? " on" : ""), id: "ended-stars", "aria-pressed": t.ended === "stars" ? "true" : "false",
          onclick: function () { set(function (q) { q.ended = q.ended === "stars" ? null : "stars"; })(); } }, "★ All stars collected"),
        h("button", { type: "button", class: "opt" + (t.ended === "shovels" ? " on" : ""), id: "ended-shovels", "aria-pressed": t.ended === "shovels" ? "true" : "false",
          onclick: function () { set(function (q) { q.ended = q.ended === "shovels" ? null : "shovels"; })(); } }, "All shovel cards broken"))];
    // the egg is stars found, not a way the game ends: its own heading (rulebook: Stones / eggs)
    if (rules.eggs && rules.egg_stars) kids.push(h("h3", null, "The egg"), h("div", { class: "choice2" + (bad.egg ? " bad" : "") },
      h("button", { type: "button", class: "opt" + (t.egg ? " on" : ""), id: "egg", "aria-pressed": t.egg ? "true" : "false",
        onclick: function () { set(function (q) { q.egg = !q.egg; })(); } }, (t.egg ? "✓ " : "") + "Egg found (" + stars(rules.egg_stars) + ")")));
    kids.push(h("h3", null, "Pieces placed on the fossil boards"));
    rules.boards.forEach(function (kv) {
      var id = kv[0], b = kv[1], mine = t.placed[id] || [];
      var row = h("div", { class: "board" }, h("div", { class: "bname" }, b.name));
      var btns = h("div", { class: "pieces" });
      b.slots.forEach(function (ps) {
        var piece = ps[0], on = mine.indexOf(piece) >= 0;
        btns.appendChild(h("button", { type: "button", class: "piece" + (on ? " on" : "") + (bad[id + "/" + piece] ? " bad" : ""), "data-piece": id + "/" + piece,
          "aria-pressed": on ? "true" : "false",
          onclick: function () { set(function (q) { var l = q.placed[id] = q.placed[id] || [], i = l.indexOf(piece); if (i >= 0) l.splice(i, 1); else l.push(piece); })(); } },
          h("span", { class: "pn" }, piece), h("span", { class: "ps" }, ps[1] ? stars(ps[1]) : "")));
      });
      row.appendChild(btns);
      kids.push(row);
    });
    el.replaceChildren.apply(el, kids);
  }
  function results(el, report, ctx) {
    var h = ctx.h;
    el.appendChild(h("div", { class: "pscore first" },
      h("div", { class: "prow" }, h("span", { class: "pname" }, "The table"), h("span", { class: "big", "data-score": report.stars }, report.stars + " / " + report.stars_possible)),
      h("p", { class: "rating" }, h("b", null, "Rating " + (report.rating.min === report.rating.max ? report.rating.min : report.rating.min + "–" + report.rating.max) + ": "), report.rating.words),
      h("p", null, "Ended: " + report.ended_because),
      h("table", { class: "breakdown" }, report.boards.map(function (b) {
        return h("tr", null, h("th", null, b.name), h("td", { class: "num" }, b.stars + "/" + b.stars_possible),
          h("td", null, b.slots.filter(function (s) { return s.placed; }).map(function (s) { return s.piece; }).join(", ") || "no piece"));
      }).concat(report.egg.stars_possible ? [h("tr", null, h("th", null, "Egg"), h("td", { class: "num" }, report.egg.stars + "/" + report.egg.stars_possible),
        h("td", null, report.egg.found ? "found" : "not found"))] : []))));
  }
  function best(report) { return report.stars + " stars"; }
  function verdict(report) { return report.stars + " of " + report.stars_possible + " stars: " + report.rating.words; }
  PK.ui = PK.ui || {};
  function names(rules) { return PK.namesOf(rules.boards); }
  function words(text) {  // the game file's keys, said as the sheet's controls say them
    return text
      .replace(/\[placed\] /g, "")
      .replace(/`broken` lies/g, "“Shovel cards broken” lies")
      .replace(/\bbroken = (-?\d+)/g, function (_, n) { return n + " shovel card" + (n === "1" ? "" : "s") + " broken"; })
      .replace(/ended = "stars"/g, "“All stars collected”")
      .replace(/ended = "shovels"/g, "“All shovel cards broken”")
      .replace(/ \(egg = false\)/g, " (“Egg found” is not ticked)");
  }
  PK.ui.archeo = { single: true, names: names, words: words, best: best, verdict: verdict, newPlayer: newPlayer, render: render, toGame: toGame, fromGame: fromGame, results: results };
})(globalThis.PK);
