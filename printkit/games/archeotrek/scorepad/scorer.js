/* ArchéoTREK scorer in JavaScript: the same rules, problem codes and wording as
 * printkit/games/archeotrek/{game,validate,scoring}.py (docs/formats/archeotrek-game.md,
 * rulebook: Dig; Close the Dig Site).  tests/test_scorepad_parity.py runs every game file
 * the Python scorer is tested on through this file under Node and compares the results.
 *
 * PK.games.archeotrek.score(data, rules, opts) → the JSON report of `printkit score --json`
 *   data:  the game file (a Map, see core.js); rules: {layout:{circles:[{id,kind}], links,
 *   choices, dice}, tokens:{bones:[[colour,[values]]…], skeletons:{colour:value}}, area_sum,
 *   tokens_base, tokens_per_zero, codes}; opts: {partial, source}.
 */
(function (PK) {
  "use strict";
  var LINES = ["yellow", "red", "difference", "sum"];
  var LINE_BITS = { yellow: 1, red: 2, difference: 4, sum: 8 };
  var ALL = 15;
  var KIND_LINE = { red: "red", yellow: "yellow", plus: "sum" };
  var TOP_KEYS = ["game", "layout", "tokens", "player"];
  var PLAYER_KEYS = ["name", "choices", "circles", "area"];
  var AREA_KEYS = ["circles", "bones"];
  var show = PK.show, typeName = PK.typeName, textFlaw = PK.textFlaw, cps = PK.cps;

  function big(v) { return typeof v === "number" ? BigInt(v) : BigInt(v.s); }
  function num(v) { return typeof v === "number" ? String(v) : v.s; }
  function short(item) { var s = String(item); return cps(s).length <= 40 ? s : show(s); }
  function joinN(first, total, limit) {
    limit = limit || 12;
    var more = total > limit ? ", … and " + (total - limit) + " more" : "";
    return first.slice(0, limit).map(short).join(", ") + more;
  }
  function join(items, limit) { return joinN(items, items.length, limit); }
  function nearLine(line) {  // game.py's _near_line: " (did you mean difference?)" within two edits, case ignored
    if (typeof line !== "string" || !/^[\x00-\x7f]*$/.test(line) || line.length > 40) return "";
    var typed = line.toLowerCase(), best = null, fewest = 3;
    LINES.forEach(function (cand) {
      var row = [], i, j, prev, keep;
      for (j = 0; j <= cand.length; j++) row.push(j);
      for (i = 1; i <= typed.length; i++) {
        prev = row[0]; row[0] = i;
        for (j = 1; j <= cand.length; j++) {
          keep = row[j];
          row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (typed[i - 1] !== cand[j - 1] ? 1 : 0));
          prev = keep;
        }
      }
      if (row[cand.length] < fewest) { best = cand; fewest = row[cand.length]; }
    });
    return best !== null && best !== line ? " (did you mean " + best + "?)" : "";
  }
  function tokenHint(tok, bones, colours) {  // validate.py's _token_hint: "blue Bones are 1 to 9"
    var colour = tok.lastIndexOf("-") >= 0 ? tok.slice(0, tok.lastIndexOf("-")) : "", values = null;
    bones.forEach(function (cv) { if (cv[0] === colour) values = cv[1]; });
    if (!values || !values.length) return '"<colour>-<value>", colours ' + join(colours);
    var sorted = values.slice().sort(function (a, b) { return a - b; }), lo = sorted[0], hi = sorted[sorted.length - 1];
    var run = sorted.every(function (v, i) { return v === lo + i; });
    return colour + " Bones are " + (run ? lo + " to " + hi : join(values));
  }
  function desc(ac, limit) {
    limit = limit || 12;
    if (ac.length > limit) return ac.slice(0, limit).map(short).join("+") + "+… (" + ac.length + " circles)";
    return ac.map(short).join("+");
  }
  function gameNames(items) {
    var more = items.length > 8 ? " and " + (items.length - 8) + " more" : "";
    return items.slice(0, 8).map(function (i) {
      return typeof i !== "string" || textFlaw(i) || cps(i).length > 40 ? show(i) : i;
    }).join(", ") + more;
  }

  /* Per-layout tables (validate.py _build_tables), circle index = layout order. */
  function tables(rules) {
    var L = rules.layout, labels = L.circles.map(function (c) { return c.id; });
    var idx = new Map(labels.map(function (l, i) { return [l, i]; }));
    var nbr = labels.map(function () { return []; });
    L.links.forEach(function (p) {
      var a = idx.get(p[0]), b = idx.get(p[1]);
      if (a !== undefined && b !== undefined) { nbr[a].push(b); nbr[b].push(a); }
    });
    var red = L.dice.red, yellow = L.dice.yellow, ops = { yellow: new Set(yellow), red: new Set(red), difference: new Set(), sum: new Set() };
    red.forEach(function (r) { yellow.forEach(function (y) { ops.difference.add(Math.abs(r - y)); ops.sum.add(r + y); }); });
    var anyMask = new Map();
    LINES.forEach(function (line) { ops[line].forEach(function (v) { anyMask.set(v, (anyMask.get(v) || 0) | LINE_BITS[line]); }); });
    var own = L.circles.map(function (c) { return KIND_LINE[c.kind] || null; });
    var valueMask = own.map(function (line) {
      if (!line) return anyMask;
      var bit = LINE_BITS[line], m = new Map();
      anyMask.forEach(function (mm, v) { m.set(v, mm & bit ? bit : 0); });
      return m;
    });
    var boxes = {}; LINES.forEach(function (l) { boxes[l] = BigInt(L.choices[l] || 0); });
    var anyVals = Array.from(anyMask.keys());
    return { labels: labels, idx: idx, nbr: nbr, ops: ops, anyMask: anyMask, own: own, valueMask: valueMask,
      boxes: boxes, minV: Math.min.apply(null, anyVals), maxV: Math.max.apply(null, anyVals) };
  }
  function component(start, within, nbr) {  // within: Set of indices → Set reachable from start
    var seen = new Set([start]), stack = [start];
    while (stack.length) {
      var i = stack.pop();
      nbr[i].forEach(function (j) { if (within.has(j) && !seen.has(j)) { seen.add(j); stack.push(j); } });
    }
    return seen;
  }
  function sorted(set) { return Array.from(set).sort(function (a, b) { return a - b; }); }
  function names(set, labels) { return sorted(set).map(function (i) { return labels[i]; }); }

  function parse(data, rules, P) {
    var probs = [];
    if (!PK.isTable(data)) throw new Error("a game file is a table of keys, not " + typeName(data));
    PK.checkTop(data, "archeotrek", TOP_KEYS, P, probs);
    var players = [], table = new PK.SeatTable(P, probs);
    PK.playerTables(data.get("player"), P, probs).forEach(function (sr) {
      var pl = player(sr[1], sr[0], probs, P);
      table.seat(pl.name, sr[0], pl.named);
      players.push(pl);
    });
    return { players: players, problems: probs };
  }
  function player(raw, seat, probs, P) {
    var pn = PK.playerName(raw, seat, P, probs), pname = pn[0];
    PK.checkKeys(raw, PLAYER_KEYS, P, probs, { player: pname, hints: { areas: " (areas are [[player.area]])", Area: " (areas are [[player.area]])" } });
    var choices = new Map(), rc = raw.get("choices"), nProbs = probs.length;
    if (rc === undefined) probs.push(P("missing-key", "no `choices` (ticks per Choices line)", { player: pname }));
    else if (!PK.isTable(rc)) probs.push(P("wrong-type", "`choices` is " + typeName(rc) + ", not a table", { player: pname }));
    else rc.forEach(function (n, line) {
      if (LINES.indexOf(line) < 0) {
        probs.push(P("unknown-key", "unknown Choices line " + show(line) + nearLine(line) + "; lines: " + LINES.join(", "), { player: pname }));
      } else if (!PK.isInt64(n) || big(n) < 0n) {
        probs.push(P("wrong-type", "Choices line " + line + " has " + show(n) + " ticks" +
          (PK.isInt64(n) ? "" : " (" + typeName(n) + ")") + "; write a whole number >= 0", { player: pname }));
      } else choices.set(line, big(n));
    });
    var choicesRead = probs.length === nProbs;  // else a Choices line is unread (already a problem): its totals are not checked
    var circles = new Map(), rcirc = raw.get("circles");
    if (rcirc === undefined) probs.push(P("missing-key", "no `circles` (label = value written)", { player: pname }));
    else if (!PK.isTable(rcirc)) probs.push(P("wrong-type", "`circles` is " + typeName(rcirc) + ", not a table of label = value", { player: pname }));
    else rcirc.forEach(function (v, lab) {
      lab = String(lab);
      var flaw = textFlaw(lab);
      if (flaw) probs.push(P("wrong-type", "circle label " + show(lab) + " holds " + flaw + "; write a label like A1", { player: pname }));
      else if (PK.isInt64(v) && typeof v !== "boolean") circles.set(lab, v);
      else {
        circles.set(lab, null);
        probs.push(P("wrong-type", "circle " + gameNames([lab]) + " holds " + show(v) + " (" + typeName(v) + "); write a whole number",
          { player: pname, circles: [lab] }));
      }
    });
    var areas = [], ra = raw.has("area") ? raw.get("area") : [];
    if (PK.isTable(ra)) ra = [ra];
    if (!Array.isArray(ra)) {
      probs.push(P("wrong-type", "`area` is " + typeName(ra) + "; write [[player.area]] tables", { player: pname }));
      ra = [];
    }
    ra.forEach(function (a, i) {
      var no = i + 1;
      if (!PK.isTable(a)) {
        probs.push(P("wrong-type", "area " + no + " is " + typeName(a) + ", not a [[player.area]] table", { player: pname, area: no }));
        areas.push({ circles: [], bones: [] });
        return;
      }
      a.forEach(function (_, key) {
        if (AREA_KEYS.indexOf(key) < 0) probs.push(P("unknown-key", "unknown key " + show(key) + " in area " + no + "; allowed: " +
          AREA_KEYS.join(", "), { player: pname, area: no }));
      });
      areas.push({ circles: strList(a.has("circles") ? a.get("circles") : [], "circles", pname, no, probs, P),
                   bones: strList(a.has("bones") ? a.get("bones") : [], "bones", pname, no, probs, P) });
    });
    return { name: pname, named: pn[1], seat: seat, choices: choices, choicesRead: choicesRead, circles: circles, areas: areas };
  }
  function strList(v, key, pname, no, probs, P) {
    if (Array.isArray(v) && PK.allPlain(v)) return v.slice();
    if (!Array.isArray(v)) {
      probs.push(P("wrong-type", "area " + no + " `" + key + "` is " + typeName(v) + ", not a list of text", { player: pname, area: no }));
      return [];
    }
    var bad = v.filter(function (x) { return typeof x !== "string"; });
    if (bad.length) {
      var more = bad.length > 5 ? " and " + (bad.length - 5) + " more" : "";
      probs.push(P("wrong-type", "area " + no + " `" + key + "` holds " + bad.slice(0, 5).map(show).join(", ") + more +
        "; write quoted text " + (key === "circles" ? 'like "A1"' : 'like "blue-4"'), { player: pname, area: no }));
    }
    var good = v.filter(function (x) { return typeof x === "string"; });
    for (var i = 0; i < good.length; i++) {
      var flaw = textFlaw(good[i]);
      if (flaw) {
        probs.push(P("wrong-type", "area " + no + " `" + key + "` entry " + show(good[i]) + " holds " + flaw + "; write plain text",
          { player: pname, area: no }));
        return good.filter(function (x) { return !textFlaw(x); });
      }
    }
    return good;
  }

  function tokenIndex(rules) {
    var ti = new Map();
    rules.tokens.bones.forEach(function (cv) { cv[1].forEach(function (v) { ti.set(cv[0] + "-" + v, [cv[0], v]); }); });
    return ti;
  }

  function checkMatching(pname, masks, ticks, P) {
    var counts = new Array(ALL + 1).fill(0);
    masks.forEach(function (lm) { counts[lm[1]] += 1; });
    var tb = LINES.map(function (l) { return ticks.get(l) || 0n; });
    for (var s = 1; s <= ALL; s++) {
      var cap = 0n, need = 0;
      for (var i = 0; i < 4; i++) if (s >> i & 1) cap += tb[i];
      for (var m = 1; m <= ALL; m++) if ((m & ~s) === 0) need += counts[m];
      if (BigInt(need) > cap) {
        var lines = LINES.filter(function (l) { return LINE_BITS[l] & s; });
        var circ = masks.filter(function (lm) { return (lm[1] & ~s) === 0; }).map(function (lm) { return lm[0]; });
        return P("no-assignment", "no assignment of operations fits the ticks: " + circ.length + " results (" + join(circ) +
          ") can only come from the " + lines.join(" / ") + " line" + (lines.length > 1 ? "s" : "") + ", ticked " + cap +
          " time" + (cap !== 1n ? "s" : ""), { player: pname, circles: circ });
      }
    }
    return null;
  }

  function validate(game, rules, partial, P) {
    var t = tables(rules), ti = tokenIndex(rules), out = game.problems.slice(), holders = new Map(), shortP = [];
    var areaSum = BigInt(rules.area_sum), base = rules.tokens_base, perZero = rules.tokens_per_zero;
    var colours = rules.tokens.bones.map(function (cv) { return cv[0]; });
    game.players.forEach(function (pl) {
      var pname = pl.name, circles = pl.circles, filled = new Set(), masks = [];
      circles.forEach(function (v, lab) {
        var i = t.idx.get(lab);
        if (i === undefined) {
          var hint = "", s = lab.replace(/^\s+|\s+$/g, "");
          [s.toUpperCase(), s].some(function (cand) {
            if (t.idx.has(cand) && cand !== lab) { hint = " (did you mean " + cand + "?)"; return true; }
            return false;
          });
          out.push(P("unknown-circle", "circle " + show(lab) + " is not on the dig site" + hint, { player: pname, circles: [lab] }));
          masks.push([lab, ALL]);
          return;
        }
        filled.add(i);
        var own = t.own[i];
        if (v === null) { masks.push([lab, own ? LINE_BITS[own] : ALL]); return; }
        var m = typeof v === "number" ? t.valueMask[i].get(v) : undefined;
        if (m === undefined) {
          out.push(P("value-out-of-range", "circle " + short(lab) + " holds " + num(v) + ", which no operation of the dice can give " +
            "(possible: " + t.minV + ".." + t.maxV + ")", { player: pname, circles: [lab] }));
          m = own ? LINE_BITS[own] : ALL;
        } else if (m === 0) {
          var kind = { red: "red die", yellow: "yellow die", sum: "red + yellow" }[own];
          var opts = Array.from(t.ops[own]).sort(function (a, b) { return a - b; });
          out.push(P("special-circle", "special circle " + short(lab) + " takes the " + kind + " only; " + num(v) + " is not one of " +
            join(opts), { player: pname, circles: [lab] }));
          m = LINE_BITS[own];
        }
        masks.push([lab, m]);
      });
      // connectivity
      if (filled.size) {
        var first = sorted(filled)[0];
        if (component(first, filled, t.nbr).size !== filled.size) {
          var rest = new Set(filled), comps = [];
          while (rest.size) {
            var c = component(sorted(rest)[0], rest, t.nbr);
            comps.push(c);
            c.forEach(function (i) { rest.delete(i); });
          }
          var main = comps[0];
          comps.forEach(function (c) { if (c.size > main.size) main = c; });
          var others = new Set(Array.from(filled).filter(function (i) { return !main.has(i); }));
          out.push(P("not-connected", "circle(s) " + join(names(others, t.labels)) + " not linked to the other filled circles (" +
            join(names(main, t.labels).slice(0, 3)) + ", ...)", { player: pname, circles: names(others, t.labels) }));
        }
      }
      // choices
      var ticks = pl.choices, total = 0n, unfinished = false, undone = [];
      LINES.forEach(function (line) {
        var n = ticks.get(line) || 0n, boxes = t.boxes[line];
        total += n;
        if (n > boxes) out.push(P("ticks-over-boxes", "Choices line " + line + " has " + n + " ticks but only " + boxes + " boxes", { player: pname }));
        else if (n < boxes) { undone.push(line + " " + n + "/" + boxes); unfinished = true; }
      });
      var nc = circles.size;
      var read = pl.choicesRead;
      if (read && total !== BigInt(nc)) {
        out.push(P("ticks-count", total + " Choices tick" + (total === 1n ? "" : "s") + " but " + nc + " filled circle" +
          (nc === 1 ? "" : "s") + " (one tick per result)", { player: pname }));
      } else if (read && nc) {
        var bad = checkMatching(pname, masks, ticks, P);
        if (bad) out.push(bad);
      }
      if (unfinished && read) out.push(P("choices-unfinished", "unticked Choices boxes " +
        (partial ? "in an unfinished game" : "in a finished game") + ": " + join(undone),
        { severity: partial ? PK.WARNING : PK.ERROR, player: pname }));
      // digging areas and their tokens
      var used = new Set(), areaSets = [];
      pl.areas.forEach(function (area, k) {
        var no = k + 1, ac = area.circles, d = desc(ac) || "(none)", amask = new Set(), ok = true;
        if (!ac.length) { out.push(P("area-empty", "area " + no + " lists no circles", { player: pname, area: no })); ok = false; }
        var unknown = ac.filter(function (c) { return !t.idx.has(c); });
        if (unknown.length) {
          out.push(P("unknown-circle", "area " + no + " (" + d + ") names circle(s) " + join(unknown) + " not on the dig site",
            { player: pname, circles: unknown, area: no }));
          ok = false;
        }
        var dups = [];
        ac.forEach(function (c) {
          var i = t.idx.get(c);
          if (i === undefined) return;
          if (amask.has(i)) dups.push(c);
          amask.add(i);
        });
        if (dups.length) out.push(P("area-overlap", "area " + no + " (" + d + ") lists " + join(dups) + " twice",
          { player: pname, circles: dups, area: no }));
        var unf = new Set(Array.from(amask).filter(function (i) { return !filled.has(i); }));
        if (unf.size) {
          out.push(P("area-unfilled", "area " + no + " (" + d + ") includes empty circle(s) " + join(names(unf, t.labels)),
            { player: pname, circles: names(unf, t.labels), area: no }));
          ok = false;
        }
        if (amask.size && component(sorted(amask)[0], amask, t.nbr).size !== amask.size) {
          out.push(P("area-not-contiguous", "area " + no + " (" + d + ") is not one contiguous group of circles",
            { player: pname, circles: ac.slice(), area: no }));
        }
        var overlap = new Set(Array.from(amask).filter(function (i) { return used.has(i); }));
        if (overlap.size) {
          var held = [];
          areaSets.forEach(function (s, j) { if (Array.from(overlap).some(function (i) { return s.has(i); })) held.push(j + 1); });
          var nm = names(overlap, t.labels);
          out.push(P("area-overlap", "area " + no + " (" + d + ") shares " + join(nm) + " with area " + joinN(held.slice(0, 12), held.length),
            { player: pname, circles: nm, area: no }));
        }
        var zeros = 0;
        if (ok) {
          var vals = Array.from(new Set(ac)).map(function (c) { return circles.has(c) ? circles.get(c) : null; });
          if (vals.some(function (v) { return v === null; })) ok = false;
          else {
            var sum = 0n;
            vals.forEach(function (v) { sum += big(v); if (typeof v === "number" && v === 0) zeros += 1; });
            if (sum !== areaSum) out.push(P("area-sum", "area " + no + " (" + d + ") totals " + sum + ", not " + areaSum,
              { player: pname, circles: ac.slice(), area: no }));
          }
        }
        areaSets.push(amask);
        amask.forEach(function (i) { used.add(i); });
        var bones = area.bones;
        if (ok) {
          var allowed = base + perZero * zeros, nb = bones.length;
          if (nb !== allowed) {
            if (nb > allowed) out.push(P("too-many-tokens", "area " + no + " (" + desc(ac) + ") has " + zeros + " zero(s), so keeps at most " +
              allowed + " Bone token(s), not " + nb, { player: pname, circles: ac.slice(), tokens: bones.slice(), area: no }));
            else shortP.push(P("too-few-tokens", "area " + no + " (" + desc(ac) + ") keeps " + nb + " Bone token(s) but earns " + allowed +
              " and the token set is not exhausted", { player: pname, circles: ac.slice(), tokens: bones.slice(), area: no }));
          }
        }
        bones.forEach(function (tok) {
          if (ti.has(tok) && !holders.has(tok)) { holders.set(tok, [pname, no]); return; }
          var dd = desc(ac) || "(none)";
          if (!ti.has(tok)) {
            out.push(P("unknown-token", "area " + no + " (" + dd + ") keeps " + show(tok) + ", not a token of the set (" +
              tokenHint(tok, rules.tokens.bones, colours) + ")", { player: pname, tokens: [tok], area: no }));
            return;
          }
          var prev = holders.get(tok), where = prev[0] === pname ? "earlier in this sheet" : "by " + PK.clip(prev[0]);
          out.push(P("duplicate-token", "area " + no + " (" + dd + ") keeps " + short(tok) + ", already kept " + where + " (area " + prev[1] + ")",
            { player: pname, tokens: [tok], area: no }));
        });
      });
    });
    if (shortP.length && holders.size < ti.size) out.push.apply(out, shortP);
    return out;
  }

  function namesList(ns, limit) {
    limit = limit || 8;
    var more = ns.length > limit ? " and " + PK.fmtThousands(ns.length - limit) + " more" : "";
    return ns.slice(0, limit).map(function (n) { return PK.clip(n); }).join(", ") + more;
  }
  function reason(a) {
    var colour = a.colour, counts = a.counts, points = a.points, ps = Object.keys(counts);
    var best = Math.max.apply(null, [0].concat(ps.map(function (p) { return counts[p]; })));
    if (best === 0) return "no one kept " + (/^[aeiouàâéèêëîïôöùûü]/i.test(colour) ? "an " : "a ") + colour + " Bone";
    var top = ps.filter(function (p) { return counts[p] === best; });
    if (top.length === 1) {
      var others = ps.filter(function (p) { return p !== top[0]; }).map(function (p) { return counts[p]; }).sort(function (x, y) { return y - x; });
      return "most " + colour + " Bones (" + best + (others.length ? " vs " + others[0] : "") + ")";
    }
    var low = Math.min.apply(null, top.map(function (p) { return points[p]; }));
    if (a.winner !== null) {
      var rest = top.filter(function (p) { return p !== a.winner; });
      var nxt = Math.min.apply(null, rest.map(function (p) { return points[p]; }));
      return "tied on " + best + " " + colour + (best === 1 ? " Bone" : " Bones") + " with " + namesList(rest) + "; fewest " + colour + " points (" + low + " vs " + nxt + ")";
    }
    return namesList(top) + " tied on " + best + " " + colour + (best === 1 ? " Bone" : " Bones") + " and " + low + " " + colour + " points: no one";
  }
  function award(colour, value, order, counts, points) {
    var best = 0, top = [];
    order.forEach(function (p) {
      var n = counts[p];
      if (n > best) { best = n; top = [p]; } else if (n === best && n) top.push(p);
    });
    var winner = null;
    if (top.length === 1) winner = top[0];
    else if (top.length) {
      var low = Math.min.apply(null, top.map(function (p) { return points[p]; }));
      var fewest = top.filter(function (p) { return points[p] === low; });
      if (fewest.length === 1) winner = fewest[0];
    }
    var a = { colour: colour, value: value, winner: winner, counts: counts, points: points };
    a.reason = reason(a);
    return a;
  }

  /* The whole report: what `printkit score archeotrek FILE --json` prints. */
  function score(data, rules, opts) {
    opts = opts || {};
    var partial = !!opts.partial, P = PK.makeProblemFactory(rules.codes, [["area", null], ["circles", []], ["tokens", []]]);
    var game = parse(data, rules, P);
    var problems = validate(game, rules, partial, P);
    var valid = !problems.some(function (p) { return p.severity === PK.ERROR; });
    var res = { game: "archeotrek", source: opts.source || "<game>", valid: valid, partial: partial, winners: [], players: [], skeletons: [], problems: problems };
    if (!valid) return res;
    var t = tables(rules), ti = tokenIndex(rules), colours = rules.tokens.bones.map(function (cv) { return cv[0]; });
    var counts = {}, pts = {}, order = [];
    colours.forEach(function (c) { counts[c] = {}; pts[c] = {}; });
    var scores = game.players.map(function (pl) {
      var name = pl.name, bones = [], bp = 0, inArea = new Set();
      order.push(name);
      colours.forEach(function (c) { counts[c][name] = 0; pts[c][name] = 0; });
      pl.areas.forEach(function (area) {
        area.circles.forEach(function (c) { inArea.add(c); });
        area.bones.forEach(function (tok) {
          var cv = ti.get(tok);
          bones.push(tok); bp += cv[1]; counts[cv[0]][name] += 1; pts[cv[0]][name] += cv[1];
        });
      });
      var empty = Array.from(pl.circles.keys()).filter(function (l) { return !inArea.has(l); })
        .sort(function (a, b) { return t.idx.get(a) - t.idx.get(b); });
      var eh = {}, ehp = 0;
      empty.forEach(function (l) { eh[l] = pl.circles.get(l); ehp += pl.circles.get(l); });
      return { name: name, seat: pl.seat, bones: bones, bone_points: bp, won: [], skeleton_points: 0, empty: eh, eh_order: empty, ehp: ehp, score: bp - ehp };
    });
    var byName = {}; scores.forEach(function (s) { byName[s.name] = s; });
    colours.forEach(function (c) {
      var a = award(c, rules.tokens.skeletons[c], order, counts[c], pts[c]);
      res.skeletons.push(a);
      if (a.winner !== null) { var s = byName[a.winner]; s.won.push(a); s.skeleton_points += a.value; s.score += a.value; }
    });
    scores = PK.rankPlayers(scores, function (s) { return s.score; }, function (s) { return s.seat; });
    res.players = scores.map(function (s) {
      return { name: s.name, seat: s.seat, rank: s.rank, score: s.score,
        bones: { tokens: s.bones, points: s.bone_points },
        skeletons: { won: s.won.map(function (a) { return { colour: a.colour, value: a.value, reason: a.reason }; }), points: s.skeleton_points },
        empty_handed: { circles: s.empty, points: s.ehp } };
    });
    res.winners = scores.filter(function (s) { return s.rank === 1; }).map(function (s) { return s.name; });
    res.skeletons = res.skeletons.map(function (a) {
      return { colour: a.colour, value: a.value, winner: a.winner, reason: a.reason, counts: a.counts, points: a.points };
    });
    return res;
  }
  PK.games.archeotrek = { score: score, tables: tables, tokenIndex: tokenIndex, LINES: LINES };
})(globalThis.PK);
