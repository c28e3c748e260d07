/* Archaeologia scorer in JavaScript: the same rules, problem codes and wording as
 * printkit/games/archaeologia/{game,scoring}.py (docs/formats/archaeologia-game.md;
 * rulebook: II. Object of the Game, VII. Give a discovery to the museum, VIII. Secret
 * Objective): the events are replayed in order.  tests/test_scorepad_parity.py checks it
 * against the Python scorer.  PK.games.archaeologia.score(data, rules, opts) → the JSON
 * report of `printkit score --json`. */
(function (PK) {
  "use strict";
  var TOP_KEYS = ["game", "discoveries", "groups", "objectives", "player", "event"];
  var PLAYER_KEYS = ["name"], DISCOVERY_KEYS = ["stratum", "rp", "egg"], OBJECTIVE_KEYS = ["rp", "coins"];
  var EVENT_KEYS = ["give", "eggs", "objective", "by"], EVENT_KINDS = ["give", "eggs", "objective"];
  var MAX_NAMED = 8, ID_MAX = 40, IDRE = /^[a-z0-9]+(-[a-z0-9]+)*\n?$/;
  var show = PK.show, typeName = PK.typeName, itemText = PK.itemText, cps = PK.cps;
  function isI(v) { return PK.isInt(v) && typeof v !== "boolean"; }
  function casefold(s) { return s.toLowerCase().replace(/ß/g, "ss").toUpperCase().toLowerCase(); }
  function strip(s) { return s.replace(/^[\s\x1c-\x1f\x85]+|[\s\x1c-\x1f\x85]+$/gu, ""); }
  function idsText(ids, limit) {
    limit = limit || MAX_NAMED;
    var more = ids.length > limit ? " and " + PK.fmtThousands(ids.length - limit) + " more" : "";
    return ids.slice(0, limit).map(itemText).join(", ") + more;
  }
  function isId(v) { return typeof v === "string" && cps(v).length <= ID_MAX && IDRE.test(v); }
  function nearId(v, ids) {
    if (typeof v === "string" && cps(v).length <= 80) {
      var near = casefold(strip(v)).replace(/_/g, "-").replace(/ /g, "-").replace(/'/g, "").replace(/’/g, "");
      if (ids.has(near) && near !== v) return " (did you mean " + near + "?)";
    }
    return "";
  }
  function uniq(a) { return Array.from(new Set(a)); }
  function counts(a) { var m = new Map(); a.forEach(function (x) { m.set(x, (m.get(x) || 0) + 1); }); return m; }
  function inRange(v, lo, hi) { return typeof v === "number" ? v >= lo && v <= hi : false; }

  function parse(data, rules, P) {
    var probs = [], loose = new Set();
    PK.checkTop(data, "archaeologia", TOP_KEYS, P, probs);
    var tiles;
    if (data.has("discoveries")) tiles = discoveries(data.get("discoveries"), rules, probs, loose, P);
    else { tiles = new Map(); rules.discoveries.forEach(function (kv) { tiles.set(kv[0], { id: kv[0], stratum: kv[1].stratum, rp: kv[1].rp, egg: kv[1].egg, group: null, name: kv[1].name }); }); }
    var groups;
    if (data.has("groups")) groups = groupsOf(data.get("groups"), tiles, probs, loose, P);
    else {
      groups = new Map(); var partly = [];
      rules.groups.forEach(function (kv) {
        var have = kv[1].tiles.filter(function (t) { return tiles.has(t); });
        if (have.length === kv[1].tiles.length) groups.set(kv[0], { id: kv[0], tiles: kv[1].tiles.slice(), name: kv[1].name });
        else if (have.length) partly.push(kv[0]);
      });
      if (partly.length && data.has("discoveries")) probs.push(P("bad-group", "[discoveries] replaces the bundled tiles but the file has no [groups]: the bundled " +
        "group(s) " + idsText(partly) + " would lack tiles; write [groups] (an empty [groups] for none)", { item: "groups" }));
    }
    var member = new Map();
    groups.forEach(function (g) { g.tiles.forEach(function (t) { member.set(t, g.id); }); });
    tiles.forEach(function (t, tid) { t.group = member.has(tid) ? member.get(tid) : null; });
    var objectives;
    if (data.has("objectives")) objectives = objectivesOf(data.get("objectives"), rules, probs, loose, P);
    else { objectives = new Map(); rules.objectives.forEach(function (kv) { objectives.set(kv[0], { id: kv[0], rp: kv[1].rp, name: kv[1].name }); }); }
    var players = playersOf(data.get("player"), [rules.players_min, rules.players_max], probs, P);
    var events = eventsOf(data.has("event") ? data.get("event") : null, probs, P);
    var index = null;
    return { tiles: tiles, groups: groups, objectives: objectives, players: players, events: events, loose: loose, problems: probs,
      playerFor: function (w) {
        if (typeof w !== "string") return null;
        if (!index) { index = new Map(); players.forEach(function (p) { if (p.named && !index.has(PK.nameKey(p.name))) index.set(PK.nameKey(p.name), p); }); }
        return index.get(PK.nameKey(w)) || null;
      } };
  }
  function table(raw, name, example, probs, loose, P) {
    if (PK.isTable(raw)) return raw;
    probs.push(P("wrong-type", "`" + name + "` is " + typeName(raw) + "; write a [" + name + "] table (" + example + ")", { item: name }));
    loose.add(name);
    return null;
  }
  function entryId(key, tbl, probs, P) {
    if (!isId(key)) {
      var why = typeof key === "string" && cps(key).length > ID_MAX ? PK.fmtThousands(cps(key).length) + " characters long" : "not lowercase words joined by '-'";
      probs.push(P("bad-id", "[" + tbl + "] id " + show(key) + " is " + why + "; write e.g. oil-lamp", { item: itemText(key) }));
    }
    return key;
  }
  function rpOf(v, where, item, rules, probs, P) {
    if (isI(v) && inRange(v, 0, rules.rp_max)) return v;
    var what = !isI(v) ? typeName(v) : "out of range";
    probs.push(P("bad-rp", where + " rp is " + show(v) + " (" + what + "); write a whole number from 0 to " + rules.rp_max, { item: item }));
    return 0;
  }
  function discoveries(raw, rules, probs, loose, P) {
    var t = table(raw, "discoveries", 'ermine = { stratum = "earth", rp = 1 }', probs, loose, P), tiles = new Map();
    if (!t) return tiles;
    t.forEach(function (entry, key) {
      var tid = entryId(key, "discoveries", probs, P), item = itemText(key), where = "[discoveries] " + item + ":";
      if (!PK.isTable(entry)) {
        probs.push(P("wrong-type", where + " is " + typeName(entry) + '; write { stratum = "earth", rp = 1 }', { item: item }));
        tiles.set(tid, { id: tid, stratum: "", rp: 0, egg: false, group: null, name: tid });
        return;
      }
      PK.checkKeys(entry, DISCOVERY_KEYS, P, probs, { where: "[discoveries] " + item });
      var stratum = entry.has("stratum") ? entry.get("stratum") : null;
      if (stratum === null) { probs.push(P("missing-key", where + ' no `stratum` (e.g. "earth")', { item: item })); stratum = ""; }
      else if (typeof stratum !== "string") { probs.push(P("wrong-type", where + " stratum is " + typeName(stratum) + '; write text such as "earth"', { item: item })); stratum = ""; }
      else if (!isId(stratum)) probs.push(P("bad-id", where + " stratum " + show(stratum) + " is not lowercase words joined by '-'", { item: item }));
      var rp;
      if (!entry.has("rp")) { probs.push(P("missing-key", where + " no `rp` (the RP printed top left)", { item: item })); rp = 0; }
      else rp = rpOf(entry.get("rp"), where, item, rules, probs, P);
      var egg = entry.has("egg") ? entry.get("egg") : false;
      if (typeof egg !== "boolean") { probs.push(P("wrong-type", where + " egg is " + show(egg) + " (" + typeName(egg) + "); write true or false", { item: item })); egg = false; }
      tiles.set(tid, { id: tid, stratum: stratum, rp: rp, egg: egg, group: null, name: tid });
    });
    return tiles;
  }
  function groupsOf(raw, tiles, probs, loose, P) {
    var t = table(raw, "groups", 'the-village = ["pottery", "oil-lamp", "millstone"]', probs, loose, P), groups = new Map(), owner = new Map();
    if (!t) return groups;
    t.forEach(function (entry, key) {
      var gid = entryId(key, "groups", probs, P), item = itemText(key), where = "[groups] " + item + ":";
      if (!Array.isArray(entry) || !entry.every(function (x) { return typeof x === "string"; })) {
        var what = !Array.isArray(entry) ? typeName(entry) : "a list holding " + uniq(entry.filter(function (x) { return typeof x !== "string"; }).map(typeName)).sort().join(", ");
        probs.push(P("wrong-type", where + " is " + what + "; write a list of discovery ids", { item: item }));
        loose.add("groups");
        return;
      }
      var bad = [];
      if (!(entry.length >= 2 && entry.length <= 8)) bad.push("lists " + PK.fmtThousands(entry.length) + " tile(s); a group has 2 to 8");
      var twice = []; counts(entry).forEach(function (k, x) { if (k > 1) twice.push(x); });
      if (twice.length) bad.push("lists " + idsText(twice) + " twice");
      var unknown = uniq(entry).filter(function (x) { return !tiles.has(x); });
      if (unknown.length && !loose.has("discoveries")) bad.push("names " + idsText(unknown) + ", not in [discoveries]" + nearId(unknown[0], tiles));
      var taken = uniq(entry).filter(function (x) { return owner.has(x); });
      if (taken.length) bad.push(taken.slice(0, MAX_NAMED).map(function (x) { return itemText(x) + " is already in group " + itemText(owner.get(x)); }).join("; "));
      if (bad.length) probs.push(P("bad-group", where + " " + bad.join("; "), { item: item,
        tiles: (unknown.length ? unknown : twice.length ? twice : taken).slice(0, MAX_NAMED).map(itemText) }));
      var mine = uniq(entry).filter(function (x) { return tiles.has(x) && !owner.has(x); });
      mine.forEach(function (x) { owner.set(x, gid); });
      groups.set(gid, { id: gid, tiles: mine, name: gid });
    });
    return groups;
  }
  function objectivesOf(raw, rules, probs, loose, P) {
    var t = table(raw, "objectives", "the-curator = { rp = 5 }", probs, loose, P), out = new Map();
    if (!t) return out;
    t.forEach(function (entry, key) {
      var oid = entryId(key, "objectives", probs, P), item = itemText(key), where = "[objectives] " + item + ":";
      if (!PK.isTable(entry)) {
        probs.push(P("wrong-type", where + " is " + typeName(entry) + "; write { rp = 5 }", { item: item }));
        out.set(oid, { id: oid, rp: 0, name: oid });
        return;
      }
      PK.checkKeys(entry, OBJECTIVE_KEYS, P, probs, { where: "[objectives] " + item });
      var rp;
      if (!entry.has("rp")) { probs.push(P("missing-key", where + " no `rp` (the RP the card gives)", { item: item })); rp = 0; }
      else rp = rpOf(entry.get("rp"), where, item, rules, probs, P);
      var coins = entry.has("coins") ? entry.get("coins") : 0;
      if (!(isI(coins) && inRange(coins, 0, rules.coins_max))) probs.push(P("wrong-type", where + " coins is " + show(coins) + " (" + typeName(coins) +
        "); write a whole number from 0 to " + rules.coins_max + " (coins are not scored)", { item: item }));
      out.set(oid, { id: oid, rp: rp, name: oid });
    });
    return out;
  }
  function playersOf(raw, allowed, probs, P) {
    var players = [], seats = new PK.SeatTable(P, probs);
    PK.playerTables(raw, P, probs).forEach(function (sr) {
      var pn = PK.playerName(sr[1], sr[0], P, probs);
      PK.checkKeys(sr[1], PLAYER_KEYS, P, probs, { player: pn[0] });
      players.push({ name: pn[0], seat: sr[0], named: seats.seat(pn[0], sr[0], pn[1]) ? pn[1] : false });
    });
    var n = Array.isArray(raw) ? raw.length : PK.isTable(raw) ? 1 : 0;
    if (n && !(n >= allowed[0] && n <= allowed[1])) probs.push(P("player-count", PK.fmtThousands(n) + " [[player]] tables; Archaeologia is played by " +
      allowed[0] + " to " + allowed[1] + " players", { item: "player" }));
    return players;
  }
  function playerText(v, what, n, probs, P) {
    if (typeof v === "string" && !PK.textFlaw(v)) return v;
    var flaw = typeof v === "string" ? "text holding " + PK.textFlaw(v) : typeName(v);
    probs.push(P("wrong-type", "event " + n + ": " + what + " is " + show(v) + " (" + flaw + "); write a player's name", { event: n, item: what.replace(/^`+|`+$/g, "") }));
    return null;
  }
  function eventsOf(raw, probs, P) {
    if (raw === null || raw === undefined) return [];
    if (PK.isTable(raw)) raw = [raw];
    if (!Array.isArray(raw)) { probs.push(P("wrong-type", "`event` is " + typeName(raw) + "; write [[event]] tables", { item: "event" })); return []; }
    return raw.map(function (e, i) { return eventOf(i + 1, e, probs, P); });
  }
  function eventOf(n, entry, probs, P) {
    if (!PK.isTable(entry)) { probs.push(P("wrong-type", "event " + n + " is " + typeName(entry) + ", not an [[event]] table", { event: n })); return { number: n, kind: null }; }
    entry.forEach(function (_, key) {
      if (EVENT_KEYS.indexOf(key) < 0) probs.push(P("unknown-key", "event " + n + ": unknown key " + show(key) + "; allowed: " + EVENT_KEYS.join(", "), { event: n, item: itemText(key) }));
    });
    var kinds = EVENT_KINDS.filter(function (k) { return entry.has(k); });
    if (kinds.length !== 1) {
      var what = !kinds.length ? "none of" : kinds.join(" and ") + ": more than one of";
      probs.push(P("bad-event", "event " + n + " has " + what + " give, eggs, objective; an event is one of them", { event: n }));
      return { number: n, kind: null };
    }
    var kind = kinds[0];
    if (entry.has("by") && kind !== "objective") {
      probs.push(P("bad-event", "event " + n + ": `by` names who fulfilled an objective; a " + kind + " event has no `by`", { event: n, item: "by" }));
      return { number: n, kind: null };
    }
    if (kind === "eggs") { var who = playerText(entry.get("eggs"), "`eggs`", n, probs, P); return { number: n, kind: who !== null ? "eggs" : null, player: who }; }
    if (kind === "objective") {
      var oid = entry.get("objective"), ok = true;
      if (typeof oid !== "string") {
        probs.push(P("wrong-type", "event " + n + ": `objective` is " + show(oid) + " (" + typeName(oid) + '); write an objective id such as "the-curator"', { event: n, item: "objective" }));
        ok = false;
      }
      if (!entry.has("by")) { probs.push(P("missing-key", "event " + n + ": an objective event names its player with `by`", { event: n, item: "by" })); return { number: n, kind: null }; }
      var by = playerText(entry.get("by"), "`by`", n, probs, P);
      return { number: n, kind: ok && by !== null ? "objective" : null, player: by, objective: ok ? oid : null };
    }
    var give = entry.get("give");
    if (!PK.isTable(give)) { probs.push(P("wrong-type", "event " + n + ": `give` is " + typeName(give) + '; write give = { Ana = ["ermine"] }', { event: n, item: "give" })); return { number: n, kind: null }; }
    if (!give.size) { probs.push(P("bad-event", "event " + n + ': `give` names no player and no tile; write give = { Ana = ["ermine"] }', { event: n, item: "give" })); return { number: n, kind: null }; }
    var good = true, shares = [];
    give.forEach(function (tiles, w) {
      var pshown = itemText(w);
      if (PK.textFlaw(w)) { probs.push(P("wrong-type", "event " + n + ": player " + show(w) + " holds " + PK.textFlaw(w) + "; write a player's name", { event: n, player: pshown })); good = false; return; }
      if (!Array.isArray(tiles) || !tiles.every(function (x) { return typeof x === "string"; })) {
        var what = !Array.isArray(tiles) ? typeName(tiles) : "a list holding " + uniq(tiles.filter(function (x) { return typeof x !== "string"; }).map(typeName)).sort().join(", ");
        probs.push(P("wrong-type", "event " + n + ": " + pshown + "'s tiles are " + what + '; write a list of tile ids such as ["ermine"]', { event: n, player: pshown }));
        good = false; return;
      }
      shares.push([w, tiles.slice()]);
    });
    return { number: n, kind: good ? "give" : null, shares: shares };
  }

  // -- the replay (scoring.py) --------------------------------------------------------
  function who1(names) { return uniq(names).length === 1 ? names[0] : null; }
  function endText(end) {
    var names = end.players.map(function (p) { return PK.clip(p); }).join(" and ");
    if (end.reason === "eggs") return names + " holds both dinosaur eggs; the most RP wins";
    if (end.players.length === 1) return names + " reached " + end.win_rp + " RP first";
    return names + " reached " + end.win_rp + " RP in the same event; the most RP wins";
  }
  function total(s) { return s.start + s.gifts.reduce(function (a, g) { return a + g.rp; }, 0) + s.objectives.reduce(function (a, o) { return a + o.rp; }, 0); }
  function replay(g, rules, partial, P) {
    var probs = g.problems.slice(), given = new Map(), fulfilled = new Map(), eggGiven = null, end = null, standings = new Map();
    g.players.forEach(function (p) { if (p.named) standings.set(p.name, { name: p.name, seat: p.seat, start: rules.start_rp, gifts: [], objectives: [] }); });
    function playerOf(ev, w, found) {
      var p = g.playerFor(w);
      if (!p) {
        var names = idsText(g.players.filter(function (q) { return q.named; }).map(function (q) { return q.name; }));
        found.push(P("unknown-player", "event " + ev.number + ": " + itemText(w) + " is not a [[player]]" + (names ? "; players: " + names : ""), { event: ev.number, player: itemText(w) }));
      }
      return p;
    }
    function checkGive(ev, found) {
      var n = ev.number, owners = [];
      ev.shares.forEach(function (sh) {
        var p = playerOf(ev, sh[0], found);
        if (!sh[1].length) found.push(P("empty-share", "event " + n + ": " + itemText(sh[0]) + " is listed in a pooled gift with no tile; each player listed gives the tiles he owned",
          { event: n, player: itemText(sh[0]) }));
        owners.push([p, sh[1]]);
      });
      var shown = owners.map(function (o, i) { return o[0] ? o[0].name : itemText(ev.shares[i][0]); });
      var every = []; owners.forEach(function (o, i) { o[1].forEach(function (t) { every.push([shown[i], t]); }); });
      var all = every.map(function (e) { return e[1]; });
      if (!g.loose.has("discoveries")) {
        var unknown = every.filter(function (e) { return !g.tiles.has(e[1]); });
        unknown.slice(0, 50).forEach(function (e) {
          found.push(P("unknown-tile", "event " + n + ": " + itemText(e[1]) + " is not a discovery" + nearId(e[1], g.tiles), { event: n, player: e[0], tiles: [itemText(e[1])] }));
        });
        if (unknown.length > 50) found.push(P("unknown-tile", "event " + n + ": " + PK.fmtThousands(unknown.length - 50) + " more tile ids are not discoveries", { event: n, player: who1(shown), tiles: [] }));
      }
      var twice = []; counts(all).forEach(function (k, x) { if (k > 1) twice.push(x); });
      if (twice.length) found.push(P("tile-given-twice", "event " + n + ": " + idsText(twice) + " given twice in one gift", { event: n, player: who1(shown), tiles: twice.slice(0, 8).map(itemText) }));
      var known = uniq(all.filter(function (t) { return g.tiles.has(t); })), parts = new Map();
      known.forEach(function (t) { var d = g.tiles.get(t).group || t; if (!parts.has(d)) parts.set(d, []); parts.get(d).push(t); });
      if (parts.size > 1) {
        var desc = Array.from(parts.entries()).slice(0, 8).map(function (dt) { return g.tiles.get(dt[1][0]).group ? itemText(dt[0]) + " (" + idsText(dt[1]) + ")" : itemText(dt[0]); }).join("; ");
        found.push(P("mixed-discoveries", "event " + n + ": tiles of " + parts.size + " discoveries in one gift: " + desc + "; give each discovery in its own event",
          { event: n, player: who1(shown), tiles: known.slice(0, 16).map(itemText) }));
      } else if (parts.size === 1) {
        var d = Array.from(parts.keys())[0], ts = parts.get(d), grp = g.groups.get(g.tiles.get(ts[0]).group || "");
        if (grp) {
          var missing = grp.tiles.filter(function (t) { return ts.indexOf(t) < 0; });
          if (missing.length) found.push(P("incomplete-group", "event " + n + ": " + idsText(ts) + " is part of " + itemText(d) + ", missing " + idsText(missing) +
            "; the museum takes a multiple discovery whole", { event: n, player: who1(shown), tiles: missing }));
        }
      }
      every.forEach(function (e) {
        if (given.has(e[1])) found.push(P("tile-given-twice", "event " + n + ": " + itemText(e[1]) + " was already given to the museum at event " + given.get(e[1]),
          { event: n, player: e[0], tiles: [itemText(e[1])] }));
      });
      if (all.some(function (t) { return !g.tiles.has(t); })) return null;
      return function () {
        var names = owners.map(function (o) { return o[0].name; }), discovery = Array.from(parts.keys())[0];
        owners.forEach(function (o) {
          var rp = o[1].reduce(function (a, t) { return a + g.tiles.get(t).rp; }, 0);
          var others = uniq(names).filter(function (q) { return q !== o[0].name; });
          standings.get(o[0].name).gifts.push({ event: n, discovery: discovery, tiles: o[1].slice(), rp: rp, pooled_with: others });
          o[1].forEach(function (t) { given.set(t, n); if (g.tiles.get(t).egg && eggGiven === null) eggGiven = [n, t]; });
        });
      };
    }
    function checkEggs(ev, found) {
      var n = ev.number, p = playerOf(ev, ev.player, found), who = p ? p.name : itemText(ev.player);
      var eggs = Array.from(g.tiles.values()).filter(function (t) { return t.egg; });
      if (eggs.length < rules.eggs_to_end && !g.loose.has("discoveries")) found.push(P("no-eggs", "event " + n + ": " + who + " cannot hold " + rules.eggs_to_end +
        " dinosaur eggs: the discoveries hold " + eggs.length + " (egg = true)", { event: n, player: who }));
      if (eggGiven !== null) found.push(P("eggs-after-gift", "event " + n + ": " + who + " cannot hold both dinosaur eggs: " + itemText(eggGiven[1]) +
        " was given to the museum at event " + eggGiven[0], { event: n, player: who, tiles: [itemText(eggGiven[1])] }));
      return function () {};
    }
    function checkObjective(ev, found) {
      var n = ev.number, p = playerOf(ev, ev.player, found), who = p ? p.name : itemText(ev.player), oid = ev.objective;
      if (!g.objectives.has(oid)) {
        if (!g.loose.has("objectives")) found.push(P("unknown-objective", "event " + n + ": " + itemText(oid) + " is not a secret objective card" + nearId(oid, g.objectives) +
          "; cards: " + idsText(Array.from(g.objectives.keys()), 12), { event: n, player: who, item: itemText(oid) }));
        else found.push(P("unknown-objective", "event " + n + ": " + itemText(oid) + " cannot be checked: [objectives] is unreadable", { event: n, player: who, item: itemText(oid) }));
      } else if (fulfilled.has(oid)) found.push(P("objective-twice", "event " + n + ": " + oid + " was already fulfilled at event " + fulfilled.get(oid), { event: n, player: who, item: oid }));
      return function () { fulfilled.set(oid, n); standings.get(p.name).objectives.push({ event: n, objective: oid, rp: g.objectives.get(oid).rp }); };
    }
    g.events.forEach(function (ev) {
      if (end !== null) probs.push(P("event-after-end", "event " + ev.number + " comes after the game ended at event " + end.event + " (" + endText(end) + ")", { event: ev.number }));
      if (ev.kind === null) return;
      var found = [], apply = ev.kind === "give" ? checkGive(ev, found) : ev.kind === "eggs" ? checkEggs(ev, found) : checkObjective(ev, found);
      probs.push.apply(probs, found);
      if (end !== null) return;
      if (found.length || apply === null) {
        if (ev.kind === "eggs") end = { event: ev.number, reason: "eggs", players: [itemText(ev.player)], win_rp: rules.win_rp };
        return;
      }
      apply();
      if (ev.kind === "eggs") end = { event: ev.number, reason: "eggs", players: [g.playerFor(ev.player).name], win_rp: rules.win_rp };
      else {
        var gained = ev.kind === "give" ? ev.shares.map(function (s) { return g.playerFor(s[0]).name; }) : [g.playerFor(ev.player).name];
        var reached = uniq(gained).map(function (nm) { return standings.get(nm); }).sort(function (a, b) { return a.seat - b.seat; })
          .filter(function (s) { return total(s) >= rules.win_rp; }).map(function (s) { return s.name; });
        if (reached.length) end = { event: ev.number, reason: "rp", players: reached, win_rp: rules.win_rp };
      }
    });
    if (end === null) {
      var n = g.events.length;
      probs.push(P("game-not-ended", (n ? "the game never ends: after event " + PK.fmtThousands(n) + ", the last," : "the game never ends: the file lists no event, and") +
        " no player has " + rules.win_rp + " RP and no one holds both dinosaur eggs" + (partial ? "; the standings so far are shown" : " (score an unfinished game with --partial)"),
        { severity: partial ? PK.WARNING : PK.ERROR, event: n || null }));
    }
    return { problems: probs, standings: Array.from(standings.values()), end: end };
  }
  function score(data, rules, opts) {
    opts = opts || {};
    var partial = !!opts.partial, P = PK.makeProblemFactory(rules.codes, [["event", null], ["tiles", []], ["item", null]]);
    var g = parse(data, rules, P), r = replay(g, rules, partial, P);
    var valid = !r.problems.some(function (p) { return p.severity === PK.ERROR; });
    var res = { game: "archaeologia", source: opts.source || "<game>", valid: valid, partial: partial, winners: [], players: [], end: null,
      win_rp: rules.win_rp, events: g.events.length, problems: r.problems };
    if (!valid) return res;
    var players = PK.rankPlayers(r.standings, total, function (s) { return s.seat; });
    if (r.end !== null) {
      var pool = r.end.reason === "rp" ? players.filter(function (s) { return r.end.players.indexOf(s.name) >= 0; }) : players;
      var best = Math.max.apply(null, pool.map(total));
      res.winners = players.filter(function (s) { return pool.indexOf(s) >= 0 && total(s) === best; }).map(function (s) { return s.name; });
      res.end = { event: r.end.event, reason: r.end.reason, players: r.end.players, text: endText(r.end) };
    }
    res.players = players.map(function (s) {
      var gr = s.gifts.reduce(function (a, x) { return a + x.rp; }, 0), orp = s.objectives.reduce(function (a, x) { return a + x.rp; }, 0);
      return { name: s.name, seat: s.seat, rank: s.rank, start_rp: s.start, gifts: s.gifts, gift_rp: gr, objectives: s.objectives, objective_rp: orp, total: s.start + gr + orp };
    });
    return res;
  }
  PK.games.archaeologia = { score: score };
})(globalThis.PK);
