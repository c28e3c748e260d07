/* Archaeologia's score pad UI: the players, then the game's scoring events in the order they
 * happened — a gift to the museum (one discovery; each tile's owner picked, so a pooled gift
 * is one event), a secret objective fulfilled, a player holding both dinosaur eggs — and the
 * replay's standings, the event that ended the game and the winner (engine contract:
 * printkit/scorepad/pad.js; the whole table is one sheet). */
(function (PK) {
  "use strict";
  var draft = null;  // the event being entered: {kind, unit, owners: {tile: player}, objective, by, eggs}
  function newPlayer() { return { name: "table", players: ["Player 1", "Player 2"], events: [] }; }
  function toGame(state) {
    var t = state.players[0];
    return { player: t.players.map(function (n) { return { name: n }; }), event: t.events.map(function (e) { return JSON.parse(JSON.stringify(e)); }) };
  }
  function plain(v) {
    if (v instanceof Map) { var o = {}; v.forEach(function (x, k) { o[k] = plain(x); }); return o; }
    if (Array.isArray(v)) return v.map(plain);
    if (v && typeof v === "object") throw new Error("a value the pad cannot keep");
    return v;
  }
  function fromGame(map) {
    ["discoveries", "groups", "objectives"].forEach(function (k) {
      if (map.has(k)) throw new Error("it brings its own [" + k + "]; the pad plays the rules it was made with");
    });
    var raw = map.get("player"); if (PK.isTable(raw)) raw = [raw];
    var ev = map.get("event") || []; if (PK.isTable(ev)) ev = [ev];
    return { players: [{ name: "table", players: raw.map(function (p) { return p.get("name"); }), events: plain(ev) }] };
  }
  function units(rules) {  // what one gift can be: a whole group, or a single tile outside any group
    var grouped = new Set(), out = [], rp = {};
    rules.discoveries.forEach(function (kv) { rp[kv[0]] = kv[1]; });
    rules.groups.forEach(function (kv) {
      kv[1].tiles.forEach(function (t) { grouped.add(t); });
      out.push({ id: kv[0], name: kv[1].name, tiles: kv[1].tiles, rp: kv[1].tiles.reduce(function (a, t) { return a + (rp[t] ? rp[t].rp : 0); }, 0) });
    });
    rules.discoveries.forEach(function (kv) { if (!grouped.has(kv[0])) out.push({ id: kv[0], name: kv[1].name, tiles: [kv[0]], rp: kv[1].rp, egg: kv[1].egg }); });
    return out;
  }
  function names(rules) { return PK.namesOf(rules.discoveries, rules.groups, rules.objectives); }
  function describe(e, nm) {
    if (e.give) return "Gift: " + Object.keys(e.give).map(function (w) { return w + " gives " + e.give[w].map(function (t) { return nm[t] || t; }).join(" + "); }).join("; ");  // " + ": a tile name may hold a comma
    if (e.objective !== undefined) return "Objective: " + (nm[e.objective] || e.objective) + " by " + e.by;
    if (e.eggs !== undefined) return e.eggs + " holds both dinosaur eggs";
    return JSON.stringify(e);
  }
  function select(h, id, label, options, value, onchange) {
    var s = h("select", { id: id, "aria-label": label, onchange: function () { onchange(s.value); } },
      options.map(function (o) { return h("option", { value: o[0], selected: o[0] === value }, o[1]); }));
    return h("label", { class: "field" }, h("span", null, label), s);
  }
  function render(el, ctx) {
    var h = ctx.h, t = ctx.player, rules = ctx.rules, nm = names(rules), us = units(rules);
    function edit(fn) { ctx.change(function (s) { fn(s.players[0]); }); }
    var given = new Set(); t.events.forEach(function (e) { if (e.give) Object.keys(e.give).forEach(function (w) { e.give[w].forEach(function (x) { given.add(x); }); }); });
    var done = new Set(t.events.filter(function (e) { return e.objective !== undefined; }).map(function (e) { return e.objective; }));
    var bad = {}; ctx.report.problems.forEach(function (p) { if (p.severity === PK.ERROR && p.event) bad[p.event] = (bad[p.event] || []).concat(p.code); });
    var kids = [h("h3", null, "Players")];
    t.players.forEach(function (n, i) {
      var inp = h("input", { type: "text", value: n, id: "pname-" + (i + 1), "aria-label": "Player " + (i + 1) + " name", autocomplete: "off",
        onchange: function () { var v = inp.value; edit(function (q) { q.players[i] = v; }); } });
      kids.push(h("div", { class: "prow2" }, inp, t.players.length > 1 ? h("button", { type: "button", class: "tool danger small", "aria-label": "Remove " + n,
        onclick: function () { edit(function (q) { q.players.splice(i, 1); }); } }, "✕") : null));
    });
    if (t.players.length < rules.players_max) kids.push(h("button", { type: "button", class: "tool small", id: "add-name", onclick: function () { edit(function (q) { q.players.push("Player " + (q.players.length + 1)); }); } }, "+ Player"));
    kids.push(h("h3", null, "Events, in the order they happened"));
    var list = h("ol", { class: "events", id: "events" });
    t.events.forEach(function (e, i) {
      list.appendChild(h("li", { class: "event" + (bad[i + 1] ? " bad" : ""), "data-event": i + 1 },
        h("span", { class: "eno" }, (i + 1) + "."), h("span", { class: "etext" }, describe(e, nm), bad[i + 1] ? h("span", { class: "ecodes" }, bad[i + 1].join(", ")) : null),
        h("button", { type: "button", class: "tool danger small", "aria-label": "Delete event " + (i + 1), onclick: function () { edit(function (q) { q.events.splice(i, 1); }); } }, "✕")));
    });
    if (!t.events.length) kids.push(h("p", { class: "hint" }, "No event yet: add each gift, objective and the eggs as they happen."));
    kids.push(list);
    var pl = t.players.map(function (n) { return [n, n]; });
    kids.push(h("div", { class: "addrow" },
      h("button", { type: "button", class: "tool" + (draft && draft.kind === "give" ? " primary" : ""), id: "add-gift", onclick: function () { draft = { kind: "give", unit: "", owners: {} }; build(); } }, "+ Gift"),
      h("button", { type: "button", class: "tool" + (draft && draft.kind === "objective" ? " primary" : ""), id: "add-objective", onclick: function () { draft = { kind: "objective", objective: "", by: t.players[0] }; build(); } }, "+ Objective"),
      h("button", { type: "button", class: "tool" + (draft && draft.kind === "eggs" ? " primary" : ""), id: "add-eggs", onclick: function () { draft = { kind: "eggs", eggs: t.players[0] }; build(); } }, "+ Both eggs")));
    if (draft) {
      var form = h("div", { class: "draft card", id: "draft" });
      if (draft.kind === "give") {
        var left = us.filter(function (u) { return !u.tiles.some(function (x) { return given.has(x); }); });
        form.appendChild(select(h, "gift-unit", "Discovery given", [["", "— choose —"]].concat(left.map(function (u) {
          return [u.id, u.name + (u.tiles.length > 1 ? " (" + u.tiles.length + " tiles)" : "") + " · " + u.rp + " RP"]; })), draft.unit, function (v) { draft.unit = v; draft.owners = {}; build(); }));
        var u = us.filter(function (x) { return x.id === draft.unit; })[0];
        if (u) u.tiles.forEach(function (tile) {
          form.appendChild(select(h, "owner-" + tile, (nm[tile] || tile) + " owned by", pl, draft.owners[tile] || t.players[0], function (v) { draft.owners[tile] = v; }));
        });
        form.appendChild(h("button", { type: "button", class: "tool primary", id: "draft-add", disabled: !u, onclick: function () {
          var give = {};
          u.tiles.forEach(function (tile) { var w = draft.owners[tile] || t.players[0]; (give[w] = give[w] || []).push(tile); });
          draft = null; edit(function (q) { q.events.push({ give: give }); });
        } }, "Add the gift"));
      } else if (draft.kind === "objective") {
        form.appendChild(select(h, "objective", "Secret objective", [["", "— choose —"]].concat(rules.objectives.filter(function (kv) { return !done.has(kv[0]); })
          .map(function (kv) { return [kv[0], kv[1].name + " · " + kv[1].rp + " RP"]; })), draft.objective, function (v) { draft.objective = v; build(); }));
        form.appendChild(select(h, "objective-by", "Fulfilled by", pl, draft.by, function (v) { draft.by = v; }));
        form.appendChild(h("button", { type: "button", class: "tool primary", id: "draft-add", disabled: !draft.objective, onclick: function () {
          var e = { objective: draft.objective, by: draft.by }; draft = null; edit(function (q) { q.events.push(e); });
        } }, "Add the objective"));
      } else {
        form.appendChild(select(h, "eggs", "Holds both dinosaur eggs", pl, draft.eggs, function (v) { draft.eggs = v; }));
        form.appendChild(h("button", { type: "button", class: "tool primary", id: "draft-add", onclick: function () {
          var e = { eggs: draft.eggs }; draft = null; edit(function (q) { q.events.push(e); });
        } }, "Add: the game ends"));
      }
      form.appendChild(h("button", { type: "button", class: "tool small", onclick: function () { draft = null; build(); } }, "Cancel"));
      kids.push(form);
    }
    function build() { render(el, ctx); }
    el.replaceChildren.apply(el, kids);
  }
  function results(el, report, ctx) {
    var h = ctx.h, nm = names(ctx.rules);
    if (report.end) el.appendChild(h("p", { class: "endtext" }, "The game ended at event " + report.end.event + ": " + report.end.text + "."));
    else el.appendChild(h("p", { class: "hint" }, "The game has not ended yet: standings so far (it ends at " + report.win_rp + " RP or when a player holds both dinosaur eggs)."));
    report.players.forEach(function (s) {
      el.appendChild(h("div", { class: "pscore" + (report.winners.indexOf(s.name) >= 0 ? " first" : ""), "data-seat": s.seat },
        h("div", { class: "prow" }, h("span", { class: "rank" }, "#" + s.rank), h("span", { class: "pname" }, s.name), h("span", { class: "big", "data-score": s.total }, s.total + " RP")),
        h("table", { class: "breakdown" },
          h("tr", null, h("th", null, "Gifts"), h("td", { class: "num" }, String(s.gift_rp)), h("td", null, s.gifts.length ? s.gifts.map(function (g) {
            return h("div", null, "event " + g.event + ": " + (nm[g.discovery] || g.discovery) + " +" + g.rp + (g.pooled_with.length ? " (pooled with " + g.pooled_with.join(", ") + ")" : ""));
          }) : "none")),
          h("tr", null, h("th", null, "Objectives"), h("td", { class: "num" }, String(s.objective_rp)), h("td", null, s.objectives.length ? s.objectives.map(function (o) {
            return h("div", null, "event " + o.event + ": " + (nm[o.objective] || o.objective) + " +" + o.rp); }) : "none")))));
    });
  }
  function best(report) { return report.players.length ? report.players[0].total + " RP" : ""; }
  PK.ui = PK.ui || {};
  PK.ui.archaeologia = { single: true, names: names, best: best, newPlayer: newPlayer, render: render, toGame: toGame, fromGame: fromGame, results: results };
})(globalThis.PK);
