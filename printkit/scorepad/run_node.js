/* Runs the score pad's JavaScript outside the browser (tests; `node` v18+).
 * argv: [--toml] then the script files to load (core.js first, toml.js, each game's scorer.js).
 * stdin: a JSON list.  Scoring: cases {game, data, rules, partial, source} → reports.
 * --toml: TOML texts → their values in the harness's tagged JSON ({"error": …} when refused).
 * Anything the code throws becomes {"error": message}. */
"use strict";
const fs = require("fs");
const path = require("path");
const args = process.argv.slice(2);
const tomlMode = args[0] === "--toml";
for (const f of args.slice(tomlMode ? 1 : 0)) require(path.resolve(f));
function encode(v) {
  if (v instanceof Map) return { $t: "table", k: Array.from(v.entries()).map(([k, x]) => [k, encode(x)]) };
  if (Array.isArray(v)) return v.map(encode);
  if (v && typeof v === "object" && v.$t === "float") return { $t: "float", r: v.r };
  if (v && typeof v === "object" && v.$t === "dt") return { $t: "dt" };
  return v;
}
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const out = cases.map((c) => {
  try {
    if (tomlMode) return encode(PK.toml.parse(c));
    return PK.games[c.game].score(PK.decode(c.data), c.rules, { partial: !!c.partial, source: c.source });
  } catch (e) {
    return { error: String((e && e.stack) || e) };
  }
});
// whole numbers beyond ±(2^53-1) ({$t:"int", s}) are written as exact JSON numbers
process.stdout.write(JSON.stringify(out, (k, v) => (v && typeof v === "object" && v.$t === "int" && !tomlMode ? "@@INT:" + v.s + "@@" : v))
  .replace(/"@@INT:(-?\d+)@@"/g, "$1"));
