/* A small TOML reader and writer for the score pad (MIT-style, written for printkit).
 *
 * PK.toml.parse(text) → a Map (the value model of core.js: tables are Maps, big whole
 * numbers {$t:"int"}, decimals {$t:"float"}, dates {$t:"dt"}); throws Error("line N: …")
 * for text that is not TOML.  It reads what the filled-game formats use — comments,
 * bare/quoted/dotted keys, [table], [[array.of.tables]], inline tables, (multi-line)
 * arrays, basic/literal/multi-line strings, whole numbers (_ 0x 0o 0b), decimals,
 * inf/nan, booleans, dates — and refuses duplicate keys as TOML does.
 * PK.toml.dump(obj, comment) writes plain JS data in the layout of
 * printkit/scoring/tomlout.py (small tables inline, [[player]] / [[player.area]]).
 */
(function (PK) {
  "use strict";
  function TomlError(line, msg) { var e = new Error("line " + line + ": " + msg); e.tomlLine = line; return e; }

  function parse(text) {
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    var i = 0, line = 1, n = text.length;
    var root = new Map(), current = root;
    var defined = new Set(), inlineTables = new WeakSet(), arrayTables = new WeakSet();
    function err(msg) { return TomlError(line, msg); }
    function peek() { return text[i]; }
    function skipWs() { while (i < n && (text[i] === " " || text[i] === "\t")) i++; }
    function skipComment() {
      if (text[i] === "#") {
        while (i < n && text[i] !== "\n") {
          var c = text.charCodeAt(i);
          if ((c < 0x20 && c !== 9) || c === 0x7f) throw err("control character in a comment");
          i++;
        }
      }
    }
    function skipWsNl() {  // inside arrays: whitespace, newlines, comments
      for (;;) {
        skipWs(); skipComment();
        if (text[i] === "\n") { i++; line++; continue; }
        if (text[i] === "\r" && text[i + 1] === "\n") { i += 2; line++; continue; }
        break;
      }
    }
    function endOfLine() {
      skipWs(); skipComment();
      if (i >= n) return;
      if (text[i] === "\n") { i++; line++; return; }
      if (text[i] === "\r" && text[i + 1] === "\n") { i += 2; line++; return; }
      throw err("expected the end of the line, found " + JSON.stringify(text[i]));
    }
    function bareKey() {
      var s = i;
      while (i < n && /[A-Za-z0-9_-]/.test(text[i])) i++;
      if (s === i) throw err("expected a key, found " + (i < n ? JSON.stringify(text[i]) : "the end of the file"));
      return text.slice(s, i);
    }
    function key() {
      var parts = [];
      for (;;) {
        skipWs();
        var c = peek();
        if (c === '"') parts.push(basicString());
        else if (c === "'") parts.push(literalString());
        else parts.push(bareKey());
        skipWs();
        if (peek() === ".") { i++; continue; }
        return parts;
      }
    }
    function hex(len) {
      var h = text.substr(i, len);
      if (!/^[0-9A-Fa-f]+$/.test(h) || h.length !== len) throw err("bad \\u escape");
      i += len;
      var cp = parseInt(h, 16);
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw err("escape \\u" + h + " is not a Unicode scalar value");
      return String.fromCodePoint(cp);
    }
    function escape() {
      var c = text[i++];
      switch (c) {
        case "b": return "\b"; case "t": return "\t"; case "n": return "\n"; case "f": return "\f";
        case "r": return "\r"; case '"': return '"'; case "\\": return "\\";
        case "u": return hex(4); case "U": return hex(8);
        default: throw err("bad escape \\" + c);
      }
    }
    function ctrl(c, multi) {
      var k = c.charCodeAt(0);
      return (k < 0x20 && k !== 9 && !(multi && (k === 10 || k === 13))) || k === 0x7f;
    }
    function basicString() {
      if (text.startsWith('"""', i)) {
        i += 3;
        if (text[i] === "\n") { i++; line++; } else if (text.startsWith("\r\n", i)) { i += 2; line++; }
        var out = "";
        for (;;) {
          if (i >= n) throw err("unterminated string");
          if (text.startsWith('"""', i)) {
            var q = 3; while (text[i + q] === '"' && q < 5) q++;
            out += '"'.repeat(q - 3); i += q; return out;
          }
          var c = text[i];
          if (c === "\\") {
            i++;
            if (/[ \t\r\n]/.test(text[i])) {
              var j = i; while (text[j] === " " || text[j] === "\t") j++;
              if (text[j] === "\n" || text.startsWith("\r\n", j)) {
                i = j;
                while (i < n && /[ \t\r\n]/.test(text[i])) { if (text[i] === "\n") line++; i++; }
                continue;
              }
            }
            out += escape(); continue;
          }
          if (ctrl(c, true)) throw err("control character in a string");
          if (c === "\n") line++;
          out += c; i++;
        }
      }
      i++;
      var s = "";
      for (;;) {
        if (i >= n || text[i] === "\n") throw err("unterminated string");
        var ch = text[i];
        if (ch === '"') { i++; return s; }
        if (ch === "\\") { i++; s += escape(); continue; }
        if (ctrl(ch, false)) throw err("control character in a string");
        s += ch; i++;
      }
    }
    function literalString() {
      if (text.startsWith("'''", i)) {
        i += 3;
        if (text[i] === "\n") { i++; line++; } else if (text.startsWith("\r\n", i)) { i += 2; line++; }
        var s0 = i;
        for (;;) {
          if (i >= n) throw err("unterminated string");
          if (text.startsWith("'''", i)) {
            var q = 3; while (text[i + q] === "'" && q < 5) q++;
            var v = text.slice(s0, i) + "'".repeat(q - 3); i += q; return v;
          }
          if (ctrl(text[i], true)) throw err("control character in a string");
          if (text[i] === "\n") line++;
          i++;
        }
      }
      i++;
      var s = i;
      while (i < n && text[i] !== "'") {
        if (text[i] === "\n" || ctrl(text[i], false)) throw err("unterminated or invalid literal string");
        i++;
      }
      if (i >= n) throw err("unterminated string");
      i++;
      return text.slice(s, i - 1);
    }
    function intValue(s, radix) {  // beyond 64 bits: kept, so the scorer can say "a number beyond 64 bits"
      var b = radix === 10 ? BigInt(s) : BigInt((radix === 16 ? "0x" : radix === 8 ? "0o" : "0b") + s);
      if (s.length > 4300) throw err("a whole number of " + s.length + " digits");
      if (b >= -9007199254740991n && b <= 9007199254740991n) return Number(b);
      return { $t: "int", s: b.toString() };
    }
    function number() {
      var s = i;
      while (i < n && /[0-9A-Za-z_+\-.:]/.test(text[i])) i++;
      // a date-time with a space between date and time
      if (/^\d{4}-\d{2}-\d{2}$/.test(text.slice(s, i)) && text[i] === " " && /^\d{2}:/.test(text.substr(i + 1, 3))) {
        i++; while (i < n && /[0-9A-Za-z_+\-.:]/.test(text[i])) i++;
      }
      var tok = text.slice(s, i);
      if (/^\d{4}-\d{2}-\d{2}/.test(tok) || /^\d{2}:\d{2}/.test(tok)) {
        var name = /^\d{4}-\d{2}-\d{2}$/.test(tok) ? "date" : /^\d{2}:/.test(tok) ? "time" : "datetime";
        return { $t: "dt", r: tok, name: name };
      }
      if (/^[+-]?(inf|nan)$/.test(tok)) {
        var fv = tok.replace("+", "").indexOf("nan") >= 0 ? NaN : tok[0] === "-" ? -Infinity : Infinity;
        return { $t: "float", v: fv, r: PK.pyFloatRepr(fv) };
      }
      var m;
      if ((m = /^0x([0-9A-Fa-f](_?[0-9A-Fa-f])*)$/.exec(tok))) return intValue(m[1].replace(/_/g, ""), 16);
      if ((m = /^0o([0-7](_?[0-7])*)$/.exec(tok))) return intValue(m[1].replace(/_/g, ""), 8);
      if ((m = /^0b([01](_?[01])*)$/.exec(tok))) return intValue(m[1].replace(/_/g, ""), 2);
      if (/^[+-]?(0|[1-9](_?\d)*)$/.test(tok)) return intValue(tok.replace(/_/g, "").replace("+", ""), 10);
      if (/^[+-]?(0|[1-9](_?\d)*)(\.\d(_?\d)*)?([eE][+-]?\d(_?\d)*)?$/.test(tok) && /[.eE]/.test(tok)) {
        var f = Number(tok.replace(/_/g, ""));
        return { $t: "float", v: f, r: PK.pyFloatRepr(f) };
      }
      throw err("invalid value " + JSON.stringify(tok || text[i] || "end of file"));
    }
    function value() {
      var c = peek();
      if (c === '"') return basicString();
      if (c === "'") return literalString();
      if (c === "[") return array();
      if (c === "{") return inlineTable();
      if (text.startsWith("true", i) && !/[A-Za-z0-9_]/.test(text[i + 4] || "")) { i += 4; return true; }
      if (text.startsWith("false", i) && !/[A-Za-z0-9_]/.test(text[i + 5] || "")) { i += 5; return false; }
      if (i >= n || c === "\n" || c === "\r") throw err("a key needs a value");
      return number();
    }
    function array() {
      i++;
      var out = [];
      for (;;) {
        skipWsNl();
        if (peek() === "]") { i++; return out; }
        out.push(value());
        skipWsNl();
        if (peek() === ",") { i++; continue; }
        if (peek() === "]") { i++; return out; }
        throw err("expected , or ] in an array");
      }
    }
    function inlineTable() {
      i++;
      var t = new Map();
      inlineTables.add(t);
      skipWs();
      if (peek() === "}") { i++; return t; }
      for (;;) {
        var k = key();
        if (peek() !== "=") throw err("expected = after a key");
        i++; skipWs();
        assign(t, k, value(), true);
        skipWs();
        if (peek() === ",") { i++; skipWs(); continue; }
        if (peek() === "}") { i++; return t; }
        throw err("expected , or } in an inline table");
      }
    }
    function assign(table, parts, v, inline) {
      var t = table;
      for (var k = 0; k < parts.length - 1; k++) {
        var cur = t.get(parts[k]);
        if (cur === undefined) { cur = new Map(); t.set(parts[k], cur); if (inline) inlineTables.add(cur); }
        else if (!(cur instanceof Map) || (inlineTables.has(cur) && !inline)) throw err("key " + parts.slice(0, k + 1).join(".") + " is already defined");
        t = cur;
      }
      var last = parts[parts.length - 1];
      if (t.has(last)) throw err("key " + JSON.stringify(parts.join(".")) + " is defined twice");
      t.set(last, v);
    }
    function header() {
      var isArray = text.startsWith("[[", i);
      i += isArray ? 2 : 1;
      var parts = key();
      if (isArray ? !text.startsWith("]]", i) : peek() !== "]") throw err("expected " + (isArray ? "]]" : "]") + " after a table name");
      i += isArray ? 2 : 1;
      var t = root;
      for (var k = 0; k < parts.length - 1; k++) {
        var cur = t.get(parts[k]);
        if (cur === undefined) { cur = new Map(); t.set(parts[k], cur); }
        if (Array.isArray(cur)) {
          if (!arrayTables.has(cur)) throw err("cannot extend the array " + parts.slice(0, k + 1).join("."));
          cur = cur[cur.length - 1];
        }
        if (!(cur instanceof Map) || inlineTables.has(cur)) throw err("key " + parts.slice(0, k + 1).join(".") + " is not a table");
        t = cur;
      }
      var last = parts[parts.length - 1], path = parts.join("\u0000");
      if (isArray) {
        var arr = t.get(last);
        if (arr === undefined) { arr = []; arrayTables.add(arr); t.set(last, arr); }
        else if (!Array.isArray(arr) || !arrayTables.has(arr)) throw err("key " + parts.join(".") + " is not an array of tables");
        var nt = new Map(); arr.push(nt); current = nt;
      } else {
        var ex = t.get(last);
        if (ex === undefined) { ex = new Map(); t.set(last, ex); }
        else if (!(ex instanceof Map) || inlineTables.has(ex) || defined.has(ex)) throw err("table [" + parts.join(".") + "] is defined twice");
        defined.add(ex); current = ex;
      }
      void path;
    }
    while (i < n) {
      skipWs(); skipComment();
      if (i >= n) break;
      var c = peek();
      if (c === "\n") { i++; line++; continue; }
      if (c === "\r" && text[i + 1] === "\n") { i += 2; line++; continue; }
      if (c === "[") { header(); endOfLine(); continue; }
      var k = key();
      if (peek() !== "=") throw err("expected = after a key");
      i++; skipWs();
      assign(current, k, value(), false);
      endOfLine();
    }
    return root;
  }

  // -- writing (printkit/scoring/tomlout.py) ------------------------------------
  var BARE = /^[A-Za-z0-9_-]+$/;
  function str(s) { return JSON.stringify(s).replace(/\x7f/g, "\\u007f"); }
  function k(s) { return BARE.test(s) ? s : str(s); }
  function val(v) {
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "number") return String(v);
    if (typeof v === "string") return str(v);
    if (Array.isArray(v)) return "[" + v.map(val).join(", ") + "]";
    if (v && typeof v === "object") {
      var ks = Object.keys(v);
      if (!ks.length) return "{}";
      return "{ " + ks.map(function (x) { return k(x) + " = " + val(v[x]); }).join(", ") + " }";
    }
    throw new Error("cannot write " + typeof v + " as TOML");
  }
  function isTableArray(v) { return Array.isArray(v) && v.length && v.every(function (x) { return x && typeof x === "object" && !Array.isArray(x); }); }
  function dump(data, comment) {
    var lines = [];
    if (comment) comment.split("\n").forEach(function (c) { lines.push(c ? "# " + c : "#"); });
    function body(d, prefix, top, inline) {
      var later = [];
      Object.keys(d).forEach(function (key) {
        var v = d[key];
        if ((top && v && typeof v === "object" && !Array.isArray(v)) || (!inline && isTableArray(v))) later.push([key, v]);
        else lines.push(k(key) + " = " + val(v));
      });
      later.forEach(function (kv) {
        var name = prefix + k(kv[0]);
        if (!Array.isArray(kv[1])) { lines.push("", "[" + name + "]"); body(kv[1], name + ".", false, true); }
        else kv[1].forEach(function (item) { lines.push("", "[[" + name + "]]"); body(item, name + ".", false, false); });
      });
    }
    body(data, "", true, false);
    return lines.join("\n") + "\n";
  }
  PK.toml = { parse: parse, dump: dump };
})(globalThis.PK);
