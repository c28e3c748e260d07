/* printkit score pad: the engine's shared JavaScript (names no game).
 *
 * Values of a game file, as the in-page TOML reader and the test harness give them:
 *   whole number within ±(2^53-1) → a JS number; beyond → {$t:"int", s:"digits"};
 *   decimal number → {$t:"float", r:"<Python repr>", v:<number>};
 *   date/time → {$t:"dt", r:"<text>", name:"datetime"|"date"|"time"};
 *   text → string; true/false → boolean; list → Array; table → Map (keys in file order).
 * The shared checks below mirror printkit/scoring/fields.py and printkit/inputfiles.py
 * word for word, so problems read the same as `printkit validate`.
 */
(function (root) {
  "use strict";
  var INT64_MAX = 9223372036854775807n, INT64_MIN = -9223372036854775808n;
  var MAX_NAME = 200, CLIP = 80;
  var FLAW = /[\x00-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069\ud800-\udfff]/u;
  var ERROR = "error", WARNING = "warning";

  function isTable(v) { return v instanceof Map; }
  function isBig(v) { return v !== null && typeof v === "object" && v.$t === "int"; }
  function isInt(v) { return (typeof v === "number" && Number.isInteger(v)) || isBig(v); }
  function isInt64(v) {
    if (typeof v === "number") return Number.isInteger(v);
    if (isBig(v)) { var b = BigInt(v.s); return b >= INT64_MIN && b <= INT64_MAX; }
    return false;
  }
  function isCount(v) { return isInt64(v) && (typeof v === "number" ? v >= 0 : BigInt(v.s) >= 0n); }
  function typeName(v) {
    if (isInt(v) && !isInt64(v)) return "a number beyond 64 bits";
    if (typeof v === "boolean") return "true/false";
    if (isInt(v)) return "a whole number";
    if (v && v.$t === "float") return "a decimal number";
    if (typeof v === "string") return "text";
    if (Array.isArray(v)) return "a list";
    if (isTable(v)) return "a table";
    if (v === null || v === undefined) return "no value";
    if (v && v.$t === "dt") return v.name;
    return "a value";
  }
  function cps(s) { return Array.from(s); }  // code points (lone surrogates stay single)
  function textFlaw(s) {
    var m = FLAW.exec(s);
    if (!m) return null;
    var c = m[0].charCodeAt(0), kind;
    if (c >= 0xd800 && c <= 0xdfff) kind = "a lone surrogate";
    else if (c >= 0x202a) kind = "a bidirectional control character";
    else if (c >= 0x2028) kind = "a line or paragraph separator";
    else kind = "a control character";
    return kind + " (U+" + c.toString(16).toUpperCase().padStart(4, "0") + ")";
  }
  function allPlain(arr) {
    for (var i = 0; i < arr.length; i++) if (typeof arr[i] !== "string" || FLAW.test(arr[i])) return false;
    return true;
  }
  var NONPRINT = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
  function pyStrRepr(s) {
    var q = (s.indexOf("'") >= 0 && s.indexOf('"') < 0) ? '"' : "'";
    var out = q;
    cps(s).forEach(function (ch) {
      var c = ch.codePointAt(0);
      if (ch === q || ch === "\\") out += "\\" + ch;
      else if (ch === "\t") out += "\\t";
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch !== " " && (c < 0x20 || c === 0x7f || (c >= 0xd800 && c <= 0xdfff) || NONPRINT.test(ch))) {
        if (c < 0x100) out += "\\x" + c.toString(16).padStart(2, "0");
        else if (c < 0x10000) out += "\\u" + c.toString(16).padStart(4, "0");
        else out += "\\U" + c.toString(16).padStart(8, "0");
      } else out += ch;
    });
    return out + q;
  }
  function pyFloatRepr(x) {
    if (Number.isNaN(x)) return "nan";
    if (x === Infinity) return "inf";
    if (x === -Infinity) return "-inf";
    if (Object.is(x, -0)) return "-0.0";
    var a = Math.abs(x);
    if (a >= 1e16 || (a < 1e-4 && a !== 0)) {
      var e = x.toExponential();           // 1e+21, 1.5e-7
      var p = e.split("e"), exp = parseInt(p[1], 10);
      return p[0] + "e" + (exp < 0 ? "-" : "+") + String(Math.abs(exp)).padStart(2, "0");
    }
    var s = String(x);
    if (s.indexOf("e") >= 0) s = x.toFixed(20).replace(/0+$/, "");
    return /[.]/.test(s) ? s : s + ".0";
  }
  function fmtThousands(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
  function bigIntRepr(s) {
    var b = BigInt(s), neg = b < 0n, abs = neg ? -b : b;
    var bits = abs.toString(2).length;
    if (abs === 0n) bits = 0;
    if (bits > 64) {
      var digits = Math.floor(bits * Math.log10(2)) + 1;
      return (neg ? "-" : "") + "<a number of about " + fmtThousands(digits) + " digits>";
    }
    return b.toString();
  }
  function pySortKey(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  function reprInstance(s) {
    var c = cps(s);
    if (c.length > 40) { var i = 18, j = 19; return c.slice(0, i).join("") + "..." + c.slice(c.length - j).join(""); }
    return s;
  }
  function repr1(v, level) {
    if (v === null || v === undefined) return "null";
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "number") {
      var s = String(v);
      if (Math.abs(v) > 9007199254740991) s = BigInt(v).toString();
      return reprInstance(s);
    }
    if (isBig(v)) return bigIntRepr(v.s);
    if (v.$t === "float") return reprInstance(v.r);
    if (v.$t === "dt") return reprInstance(v.r);
    if (typeof v === "string") {
      var c = cps(v);
      if (c.length > 40) return pyStrRepr(c.slice(0, 30).join("")) + "… (" + fmtThousands(c.length) + " characters)";
      return pyStrRepr(v);
    }
    if (Array.isArray(v)) {
      if (!v.length) return "[]";
      if (level <= 0) return "[...]";
      var parts = v.slice(0, 5).map(function (x) { return repr1(x, level - 1); });
      if (v.length > 5) parts.push("...");
      return "[" + parts.join(", ") + "]";
    }
    if (isTable(v)) {
      if (!v.size) return "{}";
      if (level <= 0) return "{...}";
      var keys = Array.from(v.keys()).sort(pySortKey);
      var pieces = keys.slice(0, 5).map(function (k) { return repr1(k, level - 1) + ": " + repr1(v.get(k), level - 1); });
      if (keys.length > 5) pieces.push("...");
      return "{" + pieces.join(", ") + "}";
    }
    return String(v);
  }
  function show(v) { return repr1(v, 3); }
  function clip(text, limit) {
    limit = limit || CLIP;
    var c = cps(String(text));
    if (c.length <= limit) return String(text);
    return c.slice(0, Math.max(limit - 24, 8)).join("") + "… (" + fmtThousands(c.length) + " characters)";
  }
  function nameKey(name) {
    var s = name.normalize("NFKC");
    if (/[^\x00-\x7f]/.test(s)) s = s.replace(/\p{Cf}/gu, "");
    s = s.toLowerCase().replace(/ß/g, "ss").toUpperCase().toLowerCase();
    return s.split(/[\s\x1c-\x1f\x85]+/u).filter(Boolean).join(" ");
  }
  function escapeDisplay(s) {
    return s.replace(new RegExp(FLAW.source, "gu"), function (m) {
      var c = m.charCodeAt(0);
      return c < 0x100 ? "\\x" + c.toString(16).padStart(2, "0") : "\\u" + c.toString(16).padStart(4, "0");
    });
  }
  function itemText(key) {
    if (typeof key === "string" && key.trim() && cps(key).length <= 40 && !textFlaw(key)) return key;
    return show(key);
  }

  /* A problem: {code, severity, player, <location fields>, message, rule}. */
  function makeProblemFactory(CODES, extra) {
    function make(code, message, where) {
      where = where || {};
      if (!CODES[code]) throw new Error("unknown problem code " + code);
      var p = { code: code, severity: where.severity || CODES[code][0], player: where.player === undefined ? null : where.player };
      extra.forEach(function (f) { p[f[0]] = where[f[0]] === undefined ? f[1] : where[f[0]]; });
      p.message = message;
      p.rule = CODES[code][1];
      return p;
    }
    make.hasItem = extra.some(function (f) { return f[0] === "item"; });
    make.at = function (item) { return make.hasItem ? { item: item } : {}; };
    return make;
  }
  function problemLine(p) {
    var who = p.player !== null ? clip(p.player) + ": " : "";
    return escapeDisplay(p.severity + " [" + p.code + "] " + who + p.message + " (rule: " + p.rule + ")");
  }

  var PLAYER_TYPOS = ["players", "Player"];
  function checkTop(data, gameId, topKeys, P, probs) {
    data.forEach(function (_, key) {
      if (topKeys.indexOf(key) < 0) {
        var hint = PLAYER_TYPOS.indexOf(key) >= 0 ? " (did you mean [[player]]?)" : "";
        probs.push(P("unknown-key", "unknown top-level key " + show(key) + hint + "; allowed: " + topKeys.join(", "),
          P.at(itemText(key))));
      }
    });
    var g = data.has("game") ? data.get("game") : undefined;
    if (g === undefined) {
      probs.push(P("game-name", 'no `game = "' + gameId + '"` line', Object.assign({ severity: WARNING }, P.at("game"))));
    } else if (g !== gameId) {
      probs.push(P("game-name", "game is " + show(g) + ", expected '" + gameId + "'", P.at("game")));
    }
  }
  function playerTables(raw, P, probs, key) {
    key = key || "player";
    if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
      probs.push(P("no-players", "no [[player]] tables: nothing to score"));
      return [];
    }
    if (isTable(raw)) raw = [raw];
    if (!Array.isArray(raw)) {
      probs.push(P("wrong-type", "`" + key + "` is " + typeName(raw) + "; write [[player]] tables", P.at(key)));
      return [];
    }
    var out = [];
    raw.forEach(function (entry, i) {
      var seat = i + 1;
      if (isTable(entry)) out.push([seat, entry]);
      else probs.push(P("wrong-type", "player " + seat + " is " + typeName(entry) + ", not a [[player]] table",
        { player: "player " + seat }));
    });
    return out;
  }
  function playerName(raw, seat, P, probs) {
    var name = raw.has("name") ? raw.get("name") : undefined;
    var pname = "player " + seat;
    var at = P.at("name");
    var w = function (o) { return Object.assign({ player: pname }, o, at); };
    if (name === undefined) {
      probs.push(P("missing-key", "player " + seat + " has no `name`", w()));
    } else if (typeof name !== "string" || !nameKey(name)) {
      var what = typeof name !== "string" ? typeName(name) : !name ? "empty" : "blank";
      probs.push(P("wrong-type", "player " + seat + "'s `name` is " + what + "; write a non-empty text", w()));
    } else if (cps(name).length > MAX_NAME) {
      probs.push(P("wrong-type", "player " + seat + "'s `name` is " + fmtThousands(cps(name).length) +
        " characters long; write at most " + MAX_NAME, w()));
    } else if (textFlaw(name)) {
      probs.push(P("wrong-type", "player " + seat + "'s `name` " + show(name) + " holds " + textFlaw(name) +
        "; write plain text", w()));
    } else {
      return [pyStrip(name), true];
    }
    return [pname, false];
  }
  function pyStrip(s) { return s.replace(/^[\s\x1c-\x1f\x85]+|[\s\x1c-\x1f\x85]+$/gu, ""); }
  function checkKeys(raw, allowed, P, probs, opts) {
    opts = opts || {};
    var where = opts.where || "[[player]]";
    raw.forEach(function (_, key) {
      if (allowed.indexOf(key) < 0) {
        var hint = (opts.hints && typeof key === "string" && opts.hints[key]) || "";
        probs.push(P("unknown-key", "unknown key " + show(key) + " in " + where + "; allowed: " + allowed.join(", ") + hint,
          Object.assign({ player: opts.player === undefined ? null : opts.player }, P.at(itemText(key)))));
      }
    });
  }
  function SeatTable(P, probs) { this.P = P; this.probs = probs; this.seen = new Map(); }
  SeatTable.prototype.seat = function (name, seat, named) {
    if (named === false) return true;
    var key = nameKey(name), first = this.seen.get(key);
    if (!first) { this.seen.set(key, [seat, name]); return true; }
    this.probs.push(this.P("duplicate-player",
      "players " + first[0] + " and " + seat + " are both called " + show(name) +
      (name === first[1] ? "" : " (player " + first[0] + " wrote " + show(first[1]) +
        ": the same name once case, Unicode normalisation and invisible characters are set aside)") +
      "; names must differ", Object.assign({ player: name }, this.P.at("name"))));
    return false;
  };
  function rankPlayers(players, score, seat) {
    var ordered = players.slice().sort(function (a, b) {  // scores may be numbers or BigInts
      var x = score(a), y = score(b);
      return x > y ? -1 : x < y ? 1 : seat(a) - seat(b);
    });
    ordered.forEach(function (p, i) {
      p.rank = i && score(ordered[i - 1]) === score(p) ? ordered[i - 1].rank : i + 1;
    });
    return ordered;
  }
  // id → name of rules data given as [[id, {name, …}], …] lists (a score pad UI's names(rules))
  function namesOf() {
    var out = {};
    Array.prototype.forEach.call(arguments, function (pairs) { pairs.forEach(function (kv) { out[kv[0]] = kv[1].name; }); });
    return out;
  }
  function winnerLine(winners, best) {
    if (!winners.length) return "No players.";
    if (winners.length === 1) return "Winner: " + winners[0] + " with " + best;
    return "Shared win: " + winners.join(", ") + " with " + best;
  }
  /* The harness's JSON form of a game file: tables as {$t:"table", k:[[key, value]…]}. */
  function decode(v) {
    if (Array.isArray(v)) return v.map(decode);
    if (v !== null && typeof v === "object") {
      if (v.$t === "table") return new Map(v.k.map(function (kv) { return [kv[0], decode(kv[1])]; }));
      if (v.$t === "float") return { $t: "float", r: v.r, v: Number(v.r === "nan" ? NaN : v.r === "inf" ? Infinity : v.r === "-inf" ? -Infinity : v.r) };
      return v;
    }
    return v;
  }
  function fromPlain(v) {  // plain JSON (the pad's own state) → the value model
    if (Array.isArray(v)) return v.map(fromPlain);
    if (v !== null && typeof v === "object") return new Map(Object.keys(v).map(function (k) { return [k, fromPlain(v[k])]; }));
    return v;
  }

  root.PK = {
    ERROR: ERROR, WARNING: WARNING, isTable: isTable, isInt: isInt, isInt64: isInt64, isCount: isCount,
    typeName: typeName, textFlaw: textFlaw, allPlain: allPlain, show: show, clip: clip, nameKey: nameKey,
    escapeDisplay: escapeDisplay, itemText: itemText, makeProblemFactory: makeProblemFactory,
    problemLine: problemLine, checkTop: checkTop, playerTables: playerTables, playerName: playerName,
    checkKeys: checkKeys, SeatTable: SeatTable, rankPlayers: rankPlayers, winnerLine: winnerLine,
    decode: decode, fromPlain: fromPlain, pyFloatRepr: pyFloatRepr, pyStrRepr: pyStrRepr, cps: cps,
    fmtThousands: fmtThousands, namesOf: namesOf, games: {}
  };
})(typeof globalThis !== "undefined" ? globalThis : this);
