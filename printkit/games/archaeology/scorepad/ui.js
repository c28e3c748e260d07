/* Archaeology's score pad UI: per player, the money banked, the keys and the cards of each
 * treasure still held (with how many the deck has and how many the table holds), then the
 * museum sales explained and the winner (engine contract: printkit/scorepad/pad.js). */
(function (PK) {
  "use strict";
  function num(v) { return v && typeof v === "object" ? v.s : String(v); }
  function newPlayer(rules, n) { return { name: "Player " + n, money: 0, keys: 0, treasures: {} }; }
  function toGame(state, rules) {
    return { player: state.players.map(function (p) {
      var held = {};
      rules.treasures.forEach(function (kv) { if (p.treasures[kv[0]]) held[kv[0]] = p.treasures[kv[0]]; });
      return { name: p.name, money: p.money, treasures: held, keys: p.keys };
    }) };
  }
  function fromGame(map) {
    if (map.has("treasures")) throw new Error("it changes the treasure table ([treasures]); the pad plays the rules it was made with");
    var raw = map.get("player");
    if (PK.isTable(raw)) raw = [raw];
    return { players: raw.map(function (p) {
      var t = {}; (p.get("treasures") || new Map()).forEach(function (v, k) { t[k] = v; });
      var plain = function (v) { if (v !== undefined && typeof v !== "number") throw new Error("a number the pad cannot keep"); return v || 0; };
      Object.keys(t).forEach(function (k) { t[k] = plain(t[k]); });
      return { name: p.get("name"), money: plain(p.get("money")), keys: plain(p.get("keys")), treasures: t };
    }) };
  }
  function flagged(report, name) {
    var bad = {};
    report.problems.forEach(function (pr) { if (pr.severity === PK.ERROR && (pr.player === name || pr.player === null) && pr.item) bad[pr.item] = true; });
    return bad;
  }
  function render(el, ctx) {
    var h = ctx.h, p = ctx.player, rules = ctx.rules, bad = flagged(ctx.report, p.name);
    var atTable = {}; ctx.state.players.forEach(function (q) { Object.keys(q.treasures).forEach(function (k) { atTable[k] = (atTable[k] || 0) + q.treasures[k]; }); });
    var keysAt = ctx.state.players.reduce(function (a, q) { return a + (q.keys || 0); }, 0);
    function set(fn) { return function (n) { ctx.change(function (s) { fn(s.players[s.active], n); }); }; }
    var rows = [h("h3", null, "Money and keys"),
      ctx.stepper({ id: "money", label: "Money banked ($)", value: p.money, cls: bad.money ? "bad" : "", onset: set(function (q, n) { q.money = n; }) }),
      ctx.stepper({ id: "keys", label: "Keys", note: "never sold · the deck has " + rules.keys + ", the table holds " + keysAt, value: p.keys,
        cls: bad.keys ? "bad" : "", onset: set(function (q, n) { q.keys = n; }) }),
      h("h3", null, "Treasures still held")];
    rules.treasures.forEach(function (kv) {
      var id = kv[0], t = kv[1];
      rows.push(ctx.stepper({ id: "t-" + id, label: t.name, cls: bad[id] ? "bad" : "",
        note: "full set " + t.sell.length + " = $" + t.sell[t.sell.length - 1] + " · deck " + t.count + ", table " + (atTable[id] || 0),
        value: p.treasures[id] || 0, onset: set(function (q, n) { if (n) q.treasures[id] = n; else delete q.treasures[id]; }) }));
    });
    el.replaceChildren.apply(el, rows);
  }
  function results(el, report, ctx) {
    var h = ctx.h, nm = names(ctx.rules);
    report.players.forEach(function (r) {
      var sales = r.sales.map(function (s) {
        var parts = [];
        if (s.full_sets) parts.push(num(s.full_sets) + " full set" + (s.full_sets > 1 ? "s" : "") + " × $" + num(s.full_set_value));
        if (s.remainder) parts.push("set of " + num(s.remainder) + " $" + num(s.remainder_value));
        return h("div", null, num(s.count) + " × " + (nm[s.treasure] || s.treasure) + " = " + parts.join(" + ") + " = ", h("b", null, "$" + num(s.value)));
      });
      el.appendChild(h("div", { class: "pscore" + (r.rank === 1 ? " first" : ""), "data-seat": r.seat },
        h("div", { class: "prow" }, h("span", { class: "rank" }, "#" + r.rank), h("span", { class: "pname" }, r.name),
          h("span", { class: "big", "data-score": num(r.total) }, "$" + num(r.total))),
        h("table", { class: "breakdown" },
          h("tr", null, h("th", null, "Money banked"), h("td", { class: "num" }, "$" + num(r.money)), h("td", null, "")),
          h("tr", null, h("th", null, "Museum"), h("td", { class: "num" }, "$" + num(r.sales_total)), h("td", null, sales.length ? sales : "nothing to sell")),
          r.keys ? h("tr", null, h("th", null, "Keys"), h("td", { class: "num" }, num(r.keys)), h("td", null, "never sold")) : null)));
    });
  }
  PK.ui = PK.ui || {};
  function best(report) { return report.players.length ? "$" + num(report.players[0].total) : ""; }
  function names(rules) { return PK.namesOf(rules.treasures); }
  PK.ui.archaeology = { names: names, best: best, total: function (r) { return "$" + num(r.total); }, newPlayer: newPlayer, render: render, toGame: toGame, fromGame: fromGame, results: results };
})(globalThis.PK);
