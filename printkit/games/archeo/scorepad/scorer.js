/* Archéo scorer in JavaScript: the same rules, problem codes and wording as
 * printkit/games/archeo/{game,scoring}.py (docs/formats/archeo-game.md; rulebook: End of
 * Game).  tests/test_scorepad_parity.py checks it against the Python scorer.
 * PK.games.archeo.score(data, rules, opts) → the JSON report of `printkit score --json`;
 * rules: {boards: [[id, {name, slots: [[piece, stars]…]}]…], egg_stars, eggs, players_min,
 * players_max, shovels: {players: cards}, bands: [{lo, hi, words}], stars_max, codes}. */
(function (PK) {
  "use strict";
  var TOP_KEYS = ["game", "players", "ended", "egg", "broken", "boards", "placed"];
  var REQUIRED = ["players", "ended", "egg", "broken", "placed"], ENDINGS = ["stars", "shovels"];
  var MAX_BOARDS = 10, MAX_SLOTS = 8, ID_MAX = 20;
  var ID = new RegExp("^[\\p{L}\\p{N}][\\p{L}\\p{N}_-]{0," + (ID_MAX - 1) + "}$", "u");
  var show = PK.show, typeName = PK.typeName;
  function casefold(s) { return s.toLowerCase().replace(/ß/g, "ss").toUpperCase().toLowerCase(); }
  function strip(s) { return s.replace(/^[\s\x1c-\x1f\x85]+|[\s\x1c-\x1f\x85]+$/gu, ""); }
  function plainId(v) { return typeof v === "string" && ID.test(v); }
  function isI(v) { return PK.isInt(v) && typeof v !== "boolean"; }
  function withP(players) { return players === 1 ? "a solo player" : players + " players"; }
  function near(name, ids) {
    if (PK.cps(name).length <= 40) {
      var folded = casefold(strip(name)).replace(/ /g, "-");
      for (var k = 0; k < ids.length; k++) {
        var i = ids[k];
        if (casefold(i) === folded || casefold(i).replace(/_/g, "-") === folded.replace(/_/g, "-")) return " (did you mean " + i + "?)";
      }
    }
    return "";
  }
  function sum(slots) { var s = 0; slots.forEach(function (v) { s += v; }); return s; }

  function parse(data, rules, P) {
    var probs = [];
    PK.checkTop(data, "archeo", TOP_KEYS, P, probs);
    REQUIRED.forEach(function (key) {
      if (!data.has(key)) {
        var what = key === "placed" ? "write [placed] with no entries when no piece was placed" : "write `" + key + " = …` as the format shows";
        probs.push(P("missing-key", "no `" + key + "`: " + what, { item: key }));
      }
    });
    var eggStars = rules.eggs ? rules.egg_stars : 0, refused = new Set(), boards = new Map(), inline = false;
    if (data.has("boards")) {
      var ib = inlineBoards(data.get("boards"), rules, eggStars, probs, P);
      boards = ib[0]; refused = ib[1]; inline = true;
    } else rules.boards.forEach(function (kv) { boards.set(kv[0], { id: kv[0], name: kv[1].name, slots: new Map(kv[1].slots) }); });
    function whole(v, key) {
      if (v === undefined || v === null) return null;
      if (!isI(v)) { probs.push(P("wrong-type", "`" + key + "` is " + show(v) + " (" + typeName(v) + "); write a whole number", { item: key })); return null; }
      return v;
    }
    var players = whole(data.get("players"), "players");
    if (players !== null) {
      var lo = rules.players_min, hi = rules.players_max, n = typeof players === "number" ? players : NaN;
      if (!(n >= lo && n <= hi)) {
        probs.push(P("bad-players", "players = " + show(players) + ": Archéo is played by " + lo + " to " + hi + (lo === 1 ? " (1 = solo)" : ""), { item: "players" }));
        players = null;
      }
    }
    var cards = players !== null && rules.shovels[String(players)] !== undefined ? rules.shovels[String(players)] : null;
    var broken = whole(data.get("broken"), "broken");
    if (broken !== null) {
      var neg = typeof broken === "number" ? broken < 0 : BigInt(broken.s) < 0n;
      var over = !neg && cards !== null && (typeof broken === "number" ? broken > cards : true);
      if (neg) { probs.push(P("bad-broken", "broken = " + show(broken) + ": write how many shovel cards are on their broken side, 0 or more", { item: "broken" })); broken = null; }
      else if (over) { probs.push(P("bad-broken", "broken = " + show(broken) + ", but " + withP(players) + " play with " + cards + " shovel cards", { item: "broken" })); broken = null; }
    }
    var egg = data.has("egg") ? data.get("egg") : null;
    if (egg !== null) {
      if (typeof egg !== "boolean") { probs.push(P("wrong-type", "`egg` is " + show(egg) + " (" + typeName(egg) + "); write true or false", { item: "egg" })); egg = null; }
      else if (egg && !(rules.eggs && rules.egg_stars)) { probs.push(P("no-egg", "egg = true, but these rules hide no egg with stars", { item: "egg" })); egg = null; }
    }
    var ended = data.has("ended") ? data.get("ended") : null;
    if (ended !== null) {
      if (typeof ended !== "string") { probs.push(P("wrong-type", "`ended` is " + show(ended) + " (" + typeName(ended) + '); write "stars" or "shovels"', { item: "ended" })); ended = null; }
      else if (ENDINGS.indexOf(ended) < 0) { probs.push(P("bad-ended", "ended = " + show(ended) + ': write "stars" (all stars collected) or "shovels" (all shovel cards broken)', { item: "ended" })); ended = null; }
    }
    var placed = data.has("placed") ? placedOf(data.get("placed"), boards, inline, refused, probs, P) : new Map();
    var g = { boards: boards, inline: inline, placed: placed, players: players, broken: broken, egg: egg, ended: ended, cards: cards, eggStars: eggStars, problems: probs };
    if (ended === "stars") {
      boards.forEach(function (b) {
        b.slots.forEach(function (stars, piece) {
          if (stars && (placed.get(b.id) || []).indexOf(piece) < 0)
            probs.push(P("stars-not-all", 'ended = "stars", but ' + b.id + " " + piece + " (" + stars + " star" + (stars > 1 ? "s" : "") + ") has no piece",
              { board: b.id, piece: piece, item: "ended" }));
        });
      });
      if (egg === false && eggStars) probs.push(P("stars-not-all", 'ended = "stars", but the egg with ' + eggStars + " stars was not found (egg = false)", { item: "egg" }));
      if (broken !== null && cards !== null && broken === cards)
        probs.push(P("ended-twice", 'ended = "stars", but all ' + cards + " shovel cards are broken: the game ended when the last one broke, before the last star", { item: "broken" }));
    } else if (ended === "shovels" && broken !== null && cards !== null) {
      if (broken !== cards) probs.push(P("shovels-not-all-broken", 'ended = "shovels", but only ' + broken + " of the " + cards + " shovel cards of " + withP(players) + " are broken", { item: "broken" }));
      else if (allStars(boards, placed, egg, eggStars))
        probs.push(P("ended-twice", 'ended = "shovels", but every star is collected: the game ended at the last star, before the last shovel card broke', { item: "ended" }));
    }
    return g;
  }
  // every star slot holds its piece and the egg (if it has stars) was found (rulebook: End of Game)
  function allStars(boards, placed, egg, eggStars) {
    var all = true;
    boards.forEach(function (b) {
      b.slots.forEach(function (stars, piece) { if (stars && (placed.get(b.id) || []).indexOf(piece) < 0) all = false; });
    });
    return all && !(eggStars && egg !== true);
  }
  function inlineBoards(raw, rules, eggStars, probs, P) {
    var boards = new Map();
    if (!PK.isTable(raw)) {
      probs.push(P("wrong-type", "`boards` is " + typeName(raw) + "; write [boards.<id>] tables with slots = { piece = stars, … }", { item: "boards" }));
      return [boards, null];
    }
    if (!(raw.size >= 1 && raw.size <= MAX_BOARDS)) {
      probs.push(P("bad-boards", "[boards] holds " + PK.fmtThousands(raw.size) + " boards; write 1 to " + MAX_BOARDS + " (or leave [boards] out for the game's own)", { item: "boards" }));
      if (!raw.size) return [boards, null];
    }
    var entries = Array.from(raw.entries()), refused = new Set(entries.slice(MAX_BOARDS).map(function (e) { return e[0]; }));
    entries.slice(0, MAX_BOARDS).forEach(function (e) {
      var bid = e[0], entry = e[1];
      refused.add(bid);
      if (!plainId(bid)) { probs.push(P("bad-id", "board id " + show(bid) + " is not a plain id: letters, digits, - and _, 1 to " + ID_MAX + " characters", { board: PK.itemText(bid), item: "boards" })); return; }
      if (!PK.isTable(entry)) { probs.push(P("wrong-type", "[boards." + bid + "] is " + typeName(entry) + "; write a table with slots = { piece = stars, … }", { board: bid, item: "boards" })); return; }
      entry.forEach(function (_, key) {
        if (key !== "slots") probs.push(P("unknown-key", "unknown key " + show(key) + " in [boards." + bid + "]; allowed: slots", { board: bid, item: PK.itemText(key) }));
      });
      var sr = entry.has("slots") ? entry.get("slots") : null;
      if (sr === null) { probs.push(P("missing-key", "[boards." + bid + "] has no `slots`; write slots = { piece = stars, … }", { board: bid, item: "slots" })); return; }
      if (!PK.isTable(sr)) { probs.push(P("wrong-type", "[boards." + bid + "] slots is " + typeName(sr) + "; write slots = { piece = stars, … }", { board: bid, item: "slots" })); return; }
      if (!(sr.size >= 1 && sr.size <= MAX_SLOTS)) { probs.push(P("bad-boards", "[boards." + bid + "] has " + PK.fmtThousands(sr.size) + " slots; write 1 to " + MAX_SLOTS, { board: bid, item: "slots" })); return; }
      var slots = new Map();
      sr.forEach(function (stars, piece) {
        if (!plainId(piece)) probs.push(P("bad-id", "[boards." + bid + "] piece " + show(piece) + " is not a plain id: letters, digits, - and _, 1 to " + ID_MAX + " characters",
          { board: bid, piece: PK.itemText(piece), item: "slots" }));
        else if (!isI(stars) || typeof stars !== "number" || stars < 0 || stars > rules.stars_max)
          probs.push(P("bad-stars", "[boards." + bid + "] " + piece + " = " + show(stars) + " (" + typeName(stars) + "); write a whole number of stars from 0 to " + rules.stars_max,
            { board: bid, piece: piece, item: "slots" }));
        else slots.set(piece, stars);
      });
      if (slots.size === sr.size) { boards.set(bid, { id: bid, name: bid, slots: slots }); refused.delete(bid); }
    });
    var top = rules.bands[rules.bands.length - 1].hi, on = 0;
    boards.forEach(function (b) { on += sum(b.slots); });
    if (on + eggStars > top) probs.push(P("too-many-stars", "the inline boards hold " + on + " stars; with the egg's " + eggStars + " that is " + (on + eggStars) +
      ", past the " + top + " the rating bands of End of Game cover", { item: "boards" }));
    return [boards, refused];
  }
  function placedOf(raw, boards, inline, refused, probs, P) {
    var out = new Map();
    if (!PK.isTable(raw)) {
      probs.push(P("wrong-type", "`placed` is " + typeName(raw) + '; write a [placed] table (board = ["piece", …])', { item: "placed" }));
      return out;
    }
    var where = inline ? "the file's [boards]" : "the game", ids = Array.from(boards.keys());
    raw.forEach(function (pieces, bid) {
      if (refused === null || refused.has(bid)) return;
      if (!boards.has(bid)) {
        probs.push(P("unknown-board", "[placed] " + show(bid) + " is not a fossil board of " + where + near(bid, ids) + "; boards: " + (ids.join(", ") || "none"),
          { board: PK.itemText(bid), item: "placed" }));
        return;
      }
      if (!Array.isArray(pieces)) {
        probs.push(P("wrong-type", "[placed] " + bid + " is " + typeName(pieces) + '; write a list of its pieces (["head", …])', { board: bid, item: "placed" }));
        return;
      }
      var board = boards.get(bid), mine = [], names = Array.from(board.slots.keys());
      pieces.forEach(function (piece, i) {
        if (typeof piece !== "string") probs.push(P("wrong-type", "[placed] " + bid + " entry " + (i + 1) + " is " + typeName(piece) + "; write the piece's name as text",
          { board: bid, piece: PK.itemText(piece), item: "placed" }));
        else if (!board.slots.has(piece)) probs.push(P("unknown-piece", "[placed] " + bid + ": " + show(piece) + " is not a piece of the " + bid + " board" + near(piece, names) +
          "; pieces: " + names.join(", "), { board: bid, piece: PK.itemText(piece), item: "placed" }));
        else if (mine.indexOf(piece) >= 0) probs.push(P("piece-twice", "[placed] " + bid + ": " + piece + " is placed twice; a board has one " + piece + " slot",
          { board: bid, piece: piece, item: "placed" }));
        else mine.push(piece);
      });
      out.set(bid, mine);
    });
    return out;
  }
  function score(data, rules, opts) {
    opts = opts || {};
    var P = PK.makeProblemFactory(rules.codes, [["board", null], ["piece", null], ["item", null]]);
    var g = parse(data, rules, P);
    var valid = !g.problems.some(function (p) { return p.severity === PK.ERROR; });
    var res = { game: "archeo", source: opts.source || "<game>", valid: valid, stars: null, stars_possible: null, rating: null, ended: null, ended_because: null,
      winners: [], players: [], player_count: null, shovel_cards: null, broken: null, boards_from: null, boards: [], egg: null, problems: g.problems };
    if (!valid) return res;
    var boards = [], stars = 0, possible = g.eggStars;
    g.boards.forEach(function (b) {
      var placed = g.placed.get(b.id) || [], won = 0, slots = [];
      b.slots.forEach(function (s, piece) { var on = placed.indexOf(piece) >= 0; if (on) won += s; slots.push({ piece: piece, stars: s, placed: on }); });
      boards.push({ board: b.id, name: b.name, stars: won, stars_possible: sum(b.slots), slots: slots });
      stars += won; possible += sum(b.slots);
    });
    stars += g.egg ? g.eggStars : 0;
    var band = rules.bands.filter(function (b) { return b.lo <= stars && stars <= b.hi; })[0];
    res.stars = stars; res.stars_possible = possible;
    res.rating = { min: band.lo, max: band.hi, words: band.words };
    res.ended = g.ended;
    res.ended_because = g.ended === "stars" ? "all " + possible + " stars collected" : g.ended === "shovels" ? "all " + g.cards + " shovel cards broken" : null;
    res.player_count = g.players; res.shovel_cards = g.cards; res.broken = g.broken;
    res.boards_from = g.inline ? "file" : "rules"; res.boards = boards;
    res.egg = { found: !!g.egg, stars: g.egg ? g.eggStars : 0, stars_possible: g.eggStars };
    return res;
  }
  PK.games.archeo = { score: score };
})(globalThis.PK);
