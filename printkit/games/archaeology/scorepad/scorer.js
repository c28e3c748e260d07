/* Archaeology scorer in JavaScript: the same rules, problem codes and wording as
 * printkit/games/archaeology/{game,scoring}.py (docs/formats/archaeology-game.md;
 * rulebook: Selling Treasures to the Museum).  tests/test_scorepad_parity.py checks it
 * against the Python scorer on every tested game file.
 * PK.games.archaeology.score(data, rules, opts) → the JSON report of `printkit score --json`;
 * rules: {treasures: [[id, {name, count, trade, sell}]…], keys, codes}. */
(function (PK) {
  "use strict";
  var TOP_KEYS = ["game", "treasures", "player"], PLAYER_KEYS = ["name", "money", "treasures", "keys"];
  var OVERRIDE_KEYS = ["trade", "sell"], MAX_NAMED = 8, INT64_MAX = 9223372036854775807n;
  var show = PK.show, typeName = PK.typeName;
  function big(v) { return typeof v === "number" ? BigInt(v) : BigInt(v.s); }
  // numbers in the report: a JS number, or {$t:"int", s} beyond ±(2^53-1) (JSON has no exact big numbers)
  function out(b) { return b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : { $t: "int", s: b.toString() }; }
  function casefold(s) { return s.toLowerCase().replace(/ß/g, "ss").toUpperCase().toLowerCase(); }
  function unknownId(tid, ids) {
    var hint = "";
    if (typeof tid === "string" && PK.cps(tid).length <= 40) {
      var near = casefold(tid.replace(/^[\s\x1c-\x1f\x85]+|[\s\x1c-\x1f\x85]+$/gu, "")).replace(/_/g, "-").replace(/ /g, "-").replace(/'/g, "").replace(/’/g, "");
      if (ids.indexOf(near) >= 0) hint = " (did you mean " + near + "?)";
    }
    return "unknown treasure id " + show(tid) + hint + "; ids: " + ids.join(", ");
  }
  function who(holders) {
    var shown = holders.slice(0, MAX_NAMED).map(function (h) { return PK.clip(h[0]) + " " + h[1]; }).join(", ");
    var more = holders.length - MAX_NAMED;
    return shown + (more > 0 ? " and " + PK.fmtThousands(more) + " more" : "");
  }
  function checkSell(tid, sell, where) {
    var isI = function (v) { return PK.isInt(v) && typeof v !== "boolean"; };
    if (!Array.isArray(sell) || sell.length < 1 || sell.length > 5 || !sell.every(isI))
      return where + ": treasure " + PK.pyStrRepr(tid) + ": `sell` must list 1 to 5 whole numbers, got " + show(sell);
    var b = sell.map(big);
    if (b.some(function (v) { return v > INT64_MAX; }))
      return where + ": treasure " + PK.pyStrRepr(tid) + ": `sell` " + show(sell) + " holds a number beyond 64 bits; museum values are dollars";
    if (b[0] <= 0n || b.some(function (v, i) { return i && v <= b[i - 1]; }))
      return where + ": treasure " + PK.pyStrRepr(tid) + ": `sell` " + show(sell) + " is not strictly increasing per card " +
        "(each card added to a set must raise its value, starting above 0)";
    return b;
  }
  function parse(data, rules, P) {
    var probs = [];
    PK.checkTop(data, "archaeology", TOP_KEYS, P, probs);
    var table = new Map(rules.treasures.map(function (kv) {
      return [kv[0], { id: kv[0], name: kv[1].name, count: kv[1].count, trade: kv[1].trade, sell: kv[1].sell.map(BigInt) }];
    }));
    var ids = Array.from(table.keys());
    var raw = data.has("treasures") ? data.get("treasures") : new Map();
    if (!PK.isTable(raw)) {
      probs.push(P("wrong-type", "`treasures` is " + typeName(raw) + "; write [treasures.<id>] tables", { item: "treasures" }));
    } else raw.forEach(function (ov, tid) {
      if (!table.has(tid)) {
        probs.push(P("unknown-treasure", "[treasures." + PK.itemText(tid) + "]: " + unknownId(tid, ids), { item: PK.itemText(tid) }));
        return;
      }
      if (!PK.isTable(ov)) {
        probs.push(P("wrong-type", "[treasures." + tid + "] is " + typeName(ov) + ", not a table", { item: tid }));
        return;
      }
      var t = Object.assign({}, table.get(tid));
      ov.forEach(function (v, key) {
        if (OVERRIDE_KEYS.indexOf(key) < 0) {
          probs.push(P("unknown-key", "[treasures." + tid + "]: unknown key " + show(key) + "; allowed: " + OVERRIDE_KEYS.join(", "), { item: tid }));
        } else if (key === "trade") {
          if (!PK.isCount(v) || typeof v === "boolean") probs.push(P("bad-count", "[treasures." + tid + "] trade is " + show(v) + " (" + typeName(v) + "); write a whole number >= 0", { item: tid }));
          else t.trade = v;
        } else {
          var r = checkSell(tid, v, "[treasures." + tid + "]");
          if (typeof r === "string") probs.push(P("bad-sell-table", r.replace("[treasures." + tid + "]: ", "[treasures." + tid + "] "), { item: tid }));
          else t.sell = r;
        }
      });
      table.set(tid, t);
    });
    var players = [], seats = new PK.SeatTable(P, probs);
    function count(v, what, pname, item) {
      if (!PK.isCount(v) || typeof v === "boolean") {
        probs.push(P("bad-count", what + " is " + show(v) + " (" + typeName(v) + "); write a whole number >= 0", { player: pname, item: item }));
        return null;
      }
      return big(v);
    }
    var tids = Array.from(table.keys());
    PK.playerTables(data.get("player"), P, probs).forEach(function (sr) {
      var seat = sr[0], rp = sr[1], pn = PK.playerName(rp, seat, P, probs), pname = pn[0];
      PK.checkKeys(rp, PLAYER_KEYS, P, probs, { player: pname });
      var money;
      if (!rp.has("money")) {
        probs.push(P("missing-key", "no `money` (dollars banked; write 0 for none)", { player: pname, item: "money" }));
        money = 0n;
      } else money = count(rp.get("money"), "money", pname, "money") || 0n;
      var keys = count(rp.has("keys") ? rp.get("keys") : 0, "keys", pname, "keys") || 0n;
      var held = new Map(), rt = rp.has("treasures") ? rp.get("treasures") : new Map();
      if (!PK.isTable(rt)) {
        probs.push(P("wrong-type", "`treasures` is " + typeName(rt) + "; write { talisman = 2, … }", { player: pname, item: "treasures" }));
        rt = new Map();
      }
      rt.forEach(function (n, tid) {
        if (!table.has(tid)) { probs.push(P("unknown-treasure", unknownId(tid, tids), { player: pname, item: PK.itemText(tid) })); return; }
        n = count(n, tid + " count", pname, tid);
        if (n) held.set(tid, n);
      });
      seats.seat(pname, seat, pn[1]);
      players.push({ name: pname, money: money, treasures: held, keys: keys, seat: seat });
    });
    table.forEach(function (t, tid) {
      var holders = players.filter(function (p) { return p.treasures.get(tid); }).map(function (p) { return [p.name, p.treasures.get(tid)]; });
      var total = holders.reduce(function (a, h) { return a + h[1]; }, 0n);
      if (total > BigInt(t.count)) probs.push(P("too-many-cards", PK.fmtThousands(total) + " " + tid + " cards at the table (" + who(holders) +
        "); the deck holds " + t.count, { player: holders.length === 1 ? holders[0][0] : null, item: tid }));
    });
    var kh = players.filter(function (p) { return p.keys; }).map(function (p) { return [p.name, p.keys]; });
    var kt = kh.reduce(function (a, h) { return a + h[1]; }, 0n);
    if (kt > BigInt(rules.keys)) probs.push(P("too-many-keys", PK.fmtThousands(kt) + " keys at the table (" + who(kh) + "); the deck holds " + rules.keys,
      { player: kh.length === 1 ? kh[0][0] : null, item: "keys" }));
    return { table: table, players: players, problems: probs };
  }
  function score(data, rules, opts) {
    opts = opts || {};
    var P = PK.makeProblemFactory(rules.codes, [["item", null]]);
    var g = parse(data, rules, P);
    var valid = !g.problems.some(function (p) { return p.severity === PK.ERROR; });
    var res = { game: "archaeology", source: opts.source || "<game>", valid: valid, winners: [], players: [], problems: g.problems };
    if (!valid) return res;
    var order = Array.from(g.table.keys());
    var rows = g.players.map(function (p) {
      var sales = order.filter(function (tid) { return p.treasures.get(tid); }).map(function (tid) {
        var t = g.table.get(tid), n = p.treasures.get(tid), size = BigInt(t.sell.length);
        var full = n / size, rest = n % size, fv = t.sell[t.sell.length - 1], rv = rest ? t.sell[Number(rest) - 1] : 0n;
        return { treasure: tid, name: t.name, count: n, full_sets: full, full_set_value: fv, remainder: rest, remainder_value: rv, value: full * fv + rv };
      });
      var st = sales.reduce(function (a, s) { return a + s.value; }, 0n);
      return { name: p.name, seat: p.seat, money: p.money, keys: p.keys, sales: sales, sales_total: st, total: p.money + st };
    });
    rows = PK.rankPlayers(rows, function (r) { return r.total; }, function (r) { return r.seat; });
    res.players = rows.map(function (r) {
      return { name: r.name, seat: r.seat, rank: r.rank, money: out(r.money), keys: out(r.keys),
        sales: r.sales.map(function (s) {
          return { treasure: s.treasure, count: out(s.count), full_sets: out(s.full_sets), full_set_value: out(s.full_set_value),
            remainder: out(s.remainder), remainder_value: out(s.remainder_value), value: out(s.value) };
        }), sales_total: out(r.sales_total), total: out(r.total) };
    });
    res.winners = rows.filter(function (r) { return r.rank === 1; }).map(function (r) { return r.name; });
    return res;
  }
  PK.games.archaeology = { score: score };
})(globalThis.PK);
