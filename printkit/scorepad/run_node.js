/* Runs the score pad's JavaScript scorers outside the browser (tests, `node` v18+).
 * argv: the script files to load (core.js first, then each game's scorer.js).
 * stdin: a JSON list of {game, data, rules, partial, source}; stdout: a JSON list of
 * reports (or {"error": message} for a case the scorer threw on). */
"use strict";
const fs = require("fs");
for (const f of process.argv.slice(2)) require(require("path").resolve(f));
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const out = cases.map((c) => {
  try {
    return PK.games[c.game].score(PK.decode(c.data), c.rules, { partial: !!c.partial, source: c.source });
  } catch (e) {
    return { error: String(e && e.stack || e) };
  }
});
process.stdout.write(JSON.stringify(out));
