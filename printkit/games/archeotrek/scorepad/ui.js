/* ArchéoTREK's score pad UI: the Dig Site drawn from the rules' layout (the same circles,
 * positions, links and Special Circles as the printed sheet), values written by tapping a
 * circle, Choices boxes ticked, Digging Areas drawn by selecting circles, Bone tokens
 * picked from the token set (tokens kept anywhere at the table greyed out), and the final
 * scores with Skeleton awards and Empty-Handed circles.  Plays the engine's UI contract
 * (printkit/scorepad/pad.js). */
(function (PK) {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var LINES = ["yellow", "red", "difference", "sum"];
  var KIND_LINE = { red: "red", yellow: "yellow", plus: "sum" };
  var KIND_TEXT = { red: "red die only", yellow: "yellow die only", plus: "red + yellow only" };
  var mode = "write", picking = null, selection = [], openArea = null, lastPlayer = -1;

  function letter(i) { var s = ""; i += 1; while (i > 0) { var m = (i - 1) % 26; s = String.fromCharCode(65 + m) + s; i = Math.floor((i - 1) / 26); } return s; }
  function svg(tag, attrs, kids) {
    var el = document.createElementNS(SVGNS, tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k.slice(0, 2) === "on") el.addEventListener(k.slice(2), attrs[k]); else if (attrs[k] !== null && attrs[k] !== undefined) el.setAttribute(k, attrs[k]);
    });
    (kids || []).forEach(function (c) { if (c) el.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return el;
  }
  function newPlayer(rules, n) {
    var choices = {}; LINES.forEach(function (l) { choices[l] = 0; });
    return { name: "Player " + n, circles: {}, choices: choices, areas: [] };
  }
  function toGame(state) {
    return { player: state.players.map(function (p) {
      var out = { name: p.name, choices: Object.assign({}, p.choices), circles: Object.assign({}, p.circles) };
      if (p.areas.length) out.area = p.areas.map(function (a) { return { circles: a.circles.slice(), bones: a.bones.slice() }; });
      return out;
    }) };
  }
  function fromGame(map) {
    if (map.has("layout") || map.has("tokens")) throw new Error("it plays its own [layout] or [tokens]; the pad plays the rules it was made with");
    var raw = map.get("player");
    if (PK.isTable(raw)) raw = [raw];
    return { players: raw.map(function (p) {
      var choices = {}; LINES.forEach(function (l) { choices[l] = 0; });
      (p.get("choices") || new Map()).forEach(function (v, k) { choices[k] = v; });
      var circles = {}; (p.get("circles") || new Map()).forEach(function (v, k) {
        if (typeof v !== "number") throw new Error("circle " + k + " holds a number the pad cannot keep");
        circles[k] = v;
      });
      var areas = p.get("area") || [];
      if (PK.isTable(areas)) areas = [areas];
      return { name: p.get("name"), choices: choices, circles: circles,
        areas: areas.map(function (a) { return { circles: (a.get("circles") || []).slice(), bones: (a.get("bones") || []).slice() }; }) };
    }) };
  }
  function possible(rules) {
    var t = PK.games.archeotrek.tables(rules);
    var vals = Array.from(t.anyMask.keys()).sort(function (a, b) { return a - b; });
    return { t: t, vals: vals };
  }
  function areaOf(p) {
    var m = {};
    p.areas.forEach(function (a, i) { a.circles.forEach(function (c) { if (!(c in m)) m[c] = i; }); });
    return m;
  }
  function badCircles(report, name) {
    var bad = {};
    report.problems.forEach(function (pr) { if (pr.player === name && pr.severity === PK.ERROR) (pr.circles || []).forEach(function (c) { bad[c] = pr.code; }); });
    return bad;
  }

  function digSite(ctx) {
    var rules = ctx.rules, p = ctx.player, L = rules.layout, h = ctx.h;
    // circles drawn a little larger than on paper (finger-sized), hit areas larger still
    var xs = L.circles.map(function (c, i) { return c.x === null ? (i % 6) * 26 : c.x; });
    var ys = L.circles.map(function (c, i) { return c.y === null ? Math.floor(i / 6) * 22.5 : c.y; });
    // hit areas reach half-way to the nearest neighbour (finger-sized); circles a little larger than on paper
    var near = Infinity;
    for (var a = 0; a < xs.length; a++) for (var b = a + 1; b < xs.length; b++) near = Math.min(near, Math.hypot(xs[a] - xs[b], ys[a] - ys[b]));
    var r = rules.circle_diameter / 2 * 1.15, hit = Math.max(r, isFinite(near) ? near / 2 : r), pad = hit;
    var minX = Math.min.apply(null, xs) - pad, minY = Math.min.apply(null, ys) - pad;
    var w = Math.max.apply(null, xs) - minX + pad, hgt = Math.max.apply(null, ys) - minY + pad;
    var pos = {}; L.circles.forEach(function (c, i) { pos[c.id] = [xs[i], ys[i]]; });
    var inArea = areaOf(p), bad = badCircles(ctx.report, p.name), sel = new Set(selection);
    var root = svg("svg", { viewBox: [minX, minY, w, hgt].join(" "), class: "digsite", role: "group", "aria-label": "Dig Site" });
    L.links.forEach(function (lk) {
      var a = pos[lk[0]], b = pos[lk[1]];
      root.appendChild(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "link" }));
    });
    L.circles.forEach(function (c) {
      var xy = pos[c.id], v = p.circles[c.id], filled = v !== undefined;
      var ai = inArea[c.id];
      var cls = "circle kind-" + c.kind + (filled ? " filled" : "") + (ai !== undefined ? " in-area area-" + (ai % 6) : "") +
        (sel.has(c.id) ? " selected" : "") + (bad[c.id] ? " bad" : "") + (picking === c.id ? " picking" : "");
      var label = "Circle " + c.id + (KIND_TEXT[c.kind] ? " (" + KIND_TEXT[c.kind] + ")" : "") + (filled ? ": " + v : ": empty") +
        (ai !== undefined ? ", area " + letter(ai) : "");
      var g = svg("g", { class: cls, "data-circle": c.id, tabindex: "0", role: "button", "aria-label": label,
        onclick: function () { tap(ctx, c.id); }, onkeydown: function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tap(ctx, c.id); } } }, [
        svg("circle", { cx: xy[0], cy: xy[1], r: hit, class: "hit" }),
        svg("circle", { cx: xy[0], cy: xy[1], r: r, class: "disc" }),
        c.kind !== "normal" ? svg("circle", { cx: xy[0], cy: xy[1], r: r - 1.3, class: "inner" }) : null,
        svg("text", { x: xy[0], y: xy[1] - r * 0.5, class: "clabel" }, [c.id]),
        c.kind === "plus" ? svg("text", { x: xy[0] + r * 0.62, y: xy[1] - r * 0.36, class: "plus" }, ["+"]) : null,
        filled ? svg("text", { x: xy[0], y: xy[1] + r * 0.42, class: "cval" }, [String(v)]) : null,
        ai !== undefined ? svg("text", { x: xy[0] - r * 0.62, y: xy[1] - r * 0.36, class: "aletter" }, [letter(ai)]) : null,
      ]);
      root.appendChild(g);
    });
    return h("div", { class: "site-wrap" }, root);
  }
  function tap(ctx, id) {
    var p = ctx.player;
    if (mode === "write") { picking = picking === id ? null : id; redraw(ctx); return; }
    if (!(id in p.circles)) { hint = "Write a value in " + id + " before digging it."; redraw(ctx); return; }
    var i = selection.indexOf(id);
    if (i >= 0) selection.splice(i, 1); else selection.push(id);
    hint = "";
    redraw(ctx);
  }
  var hint = "", redrawFn = null;
  function redraw(ctx) { if (redrawFn) redrawFn(); }

  function picker(ctx) {
    if (picking === null || mode !== "write") return null;
    var h = ctx.h, rules = ctx.rules, id = picking, c = rules.layout.circles.filter(function (x) { return x.id === id; })[0];
    var pv = possible(rules), cur = ctx.player.circles[id];
    var own = KIND_LINE[c.kind], ok = own ? new Set(pv.t.ops[own]) : null;
    var buttons = pv.vals.map(function (v) {
      return h("button", { type: "button", class: "val" + (cur === v ? " on" : "") + (ok && !ok.has(v) ? " off-kind" : ""), "data-value": v,
        "aria-label": "Write " + v + " in " + id,
        onclick: function () { picking = null; ctx.change(function (s) { s.players[s.active].circles[id] = v; }); } }, String(v));
    });
    return h("div", { class: "picker", id: "picker", role: "dialog", "aria-label": "Value for circle " + id },
      h("div", { class: "picker-head" }, h("b", null, "Circle " + id), c.kind !== "normal" ? h("span", { class: "kindnote kind-" + c.kind }, " · " + KIND_TEXT[c.kind]) : null,
        h("button", { type: "button", class: "close", "aria-label": "Close", onclick: function () { picking = null; redraw(ctx); } }, "×")),
      h("div", { class: "vals" }, buttons),
      cur !== undefined ? h("button", { type: "button", class: "tool danger small", id: "clear-circle", onclick: function () {
        picking = null;
        ctx.change(function (s) { delete s.players[s.active].circles[id]; });
      } }, "Erase " + id) : null);
  }
  function choices(ctx) {
    var h = ctx.h, rules = ctx.rules, p = ctx.player;
    var box = h("div", { class: "choices", id: "choices" }, h("h3", null, "Choices"));
    LINES.forEach(function (line) {
      var n = p.choices[line] || 0, boxes = rules.layout.choices[line] || 0, row = h("div", { class: "cline line-" + line });
      row.appendChild(h("span", { class: "cname" }, rules.choice_labels[line] || line));
      for (var k = 0; k < boxes; k++) (function (k) {
        row.appendChild(h("button", { type: "button", class: "tick" + (k < n ? " on" : ""), "data-line": line, "data-box": k + 1,
          "aria-pressed": k < n ? "true" : "false", "aria-label": (rules.choice_labels[line] || line) + " box " + (k + 1),
          onclick: function () { ctx.change(function (s) { var pl = s.players[s.active]; pl.choices[line] = (pl.choices[line] === k + 1) ? k : k + 1; }); } },
          k < n ? "✓" : ""));
      })(k);
      row.appendChild(h("span", { class: "ccount" }, n + "/" + boxes));
      box.appendChild(row);
    });
    var total = LINES.reduce(function (a, l) { return a + (p.choices[l] || 0); }, 0);
    box.appendChild(h("p", { class: "hint" }, total + " ticks · " + Object.keys(p.circles).length + " circles written (one tick per result)"));
    return box;
  }
  function holders(state) {
    var m = {};
    state.players.forEach(function (pl, pi) { pl.areas.forEach(function (a, ai) { a.bones.forEach(function (t) { if (!(t in m)) m[t] = [pi, ai]; }); }); });
    return m;
  }
  function shape(sym, colour) {
    var a = { class: "tshape", fill: "currentColor" };
    if (sym === "triangle") return svg("polygon", Object.assign({ points: "5,0.8 9.4,9 0.6,9" }, a));
    if (sym === "square") return svg("rect", Object.assign({ x: 1.2, y: 1.2, width: 7.6, height: 7.6 }, a));
    if (sym === "diamond") return svg("polygon", Object.assign({ points: "5,0.4 9.6,5 5,9.6 0.4,5" }, a));
    return svg("circle", Object.assign({ cx: 5, cy: 5, r: 4.3 }, a));
  }
  function chip(ctx, tok, extra) {
    var h = ctx.h, parts = tok.split("-"), colour = parts.slice(0, -1).join("-"), sym = (ctx.rules.symbols || {})[colour];
    return h("span", Object.assign({ class: "chip c-" + colour }, extra || {}), svg("svg", { viewBox: "0 0 10 10", class: "sym" }, [shape(sym, colour)]), parts[parts.length - 1]);
  }
  function areas(ctx) {
    var h = ctx.h, rules = ctx.rules, p = ctx.player, st = ctx.state;
    var box = h("div", { class: "areas", id: "areas" }, h("h3", null, "Digging Areas"));
    if (mode === "dig") {
      var sum = selection.reduce(function (a, c) { return a + (p.circles[c] || 0); }, 0);
      box.appendChild(h("div", { class: "digbar" },
        h("span", { id: "selection" }, selection.length ? selection.join("+") + " = " + sum + (sum === rules.area_sum ? " ✓" : " (an area totals " + rules.area_sum + ")") :
          "Tap filled circles to select an area"),
        h("button", { type: "button", class: "tool primary", id: "dig", disabled: !selection.length, onclick: function () {
          var cs = selection.slice(); selection = [];
          openArea = p.areas.length;
          ctx.change(function (s) { s.players[s.active].areas.push({ circles: cs, bones: [] }); });
        } }, "Dig this area"),
        selection.length ? h("button", { type: "button", class: "tool small", onclick: function () { selection = []; redraw(ctx); } }, "Clear") : null));
    }
    if (hint) box.appendChild(h("p", { class: "error" }, hint));
    if (!p.areas.length) box.appendChild(h("p", { class: "hint" }, "No area dug yet. " + (mode === "dig" ? "" : "Switch to “Dig areas” to draw one.")));
    var held = holders(st), ti = PK.games.archeotrek.tokenIndex(rules);
    p.areas.forEach(function (a, ai) {
      var sum = a.circles.reduce(function (s, c) { return s + (p.circles[c] || 0); }, 0);
      var zeros = a.circles.filter(function (c) { return p.circles[c] === 0; }).length;
      var keeps = rules.tokens_base + rules.tokens_per_zero * zeros;
      var card = h("div", { class: "area area-" + (ai % 6), "data-area": ai + 1 },
        h("div", { class: "ahead" }, h("span", { class: "aname" }, letter(ai)),
          h("span", { class: "adesc" }, a.circles.join("+") + " = " + sum + " · keeps " + keeps + " Bone" + (keeps > 1 ? "s" : "")),
          h("button", { type: "button", class: "tool small", "data-bones": ai + 1, onclick: function () { openArea = openArea === ai ? null : ai; redraw(ctx); } },
            openArea === ai ? "Done" : "Bones"),
          h("button", { type: "button", class: "tool danger small", "aria-label": "Delete area " + letter(ai), onclick: function () {
            openArea = null; ctx.change(function (s) { s.players[s.active].areas.splice(ai, 1); });
          } }, "✕")),
        h("div", { class: "kept" }, a.bones.length ? a.bones.map(function (t) { return chip(ctx, t); }) : h("span", { class: "hint" }, "no Bone token kept")));
      if (openArea === ai) {
        var grid = h("div", { class: "tokens", id: "tokens" });
        rules.tokens.bones.forEach(function (cv) {
          var row = h("div", { class: "trow" });
          cv[1].forEach(function (v) {
            var tok = cv[0] + "-" + v, where = held[tok], mine = a.bones.indexOf(tok) >= 0;
            var taken = where && !(where[0] === ctx.index && where[1] === ai);
            var who = taken ? (st.players[where[0]].name || "player " + (where[0] + 1)) + ", area " + letter(where[1]) : "";
            row.appendChild(h("button", { type: "button", class: "tok c-" + cv[0] + (mine ? " on" : "") + (taken ? " taken" : ""), "data-token": tok,
              disabled: taken, title: taken ? "kept by " + who : tok, "aria-pressed": mine ? "true" : "false",
              "aria-label": tok + (taken ? " (kept by " + who + ")" : ""),
              onclick: function () { ctx.change(function (s) { var b = s.players[s.active].areas[ai].bones, i = b.indexOf(tok); if (i >= 0) b.splice(i, 1); else b.push(tok); }); } },
              chip(ctx, tok)));
          });
          grid.appendChild(row);
        });
        card.appendChild(grid);
      }
      box.appendChild(card);
    });
    void ti;
    return box;
  }
  function render(el, ctx) {
    if (lastPlayer !== ctx.index) { selection = []; picking = null; openArea = null; hint = ""; lastPlayer = ctx.index; }
    var h = ctx.h;
    function build() {
      el.replaceChildren.apply(el, [
        h("div", { class: "modes", role: "radiogroup" },
          h("button", { type: "button", class: "mode" + (mode === "write" ? " on" : ""), id: "mode-write", "aria-pressed": mode === "write" ? "true" : "false",
            onclick: function () { mode = "write"; selection = []; build(); } }, "✎ Write values"),
          h("button", { type: "button", class: "mode" + (mode === "dig" ? " on" : ""), id: "mode-dig", "aria-pressed": mode === "dig" ? "true" : "false",
            onclick: function () { mode = "dig"; picking = null; build(); } }, "◎ Dig areas")),
        digSite(ctx), picker(ctx), choices(ctx), areas(ctx)].filter(Boolean));
    }
    redrawFn = build;
    build();
  }
  function results(el, report, ctx) {
    var h = ctx.h;
    report.players.forEach(function (s) {
      var eh = Object.keys(s.empty_handed.circles).map(function (k) { return k + "=" + s.empty_handed.circles[k]; }).join(", ") || "none";
      el.appendChild(h("div", { class: "pscore" + (s.rank === 1 ? " first" : ""), "data-seat": s.seat },
        h("div", { class: "prow" }, h("span", { class: "rank" }, "#" + s.rank), h("span", { class: "pname" }, s.name),
          h("span", { class: "big", "data-score": s.score }, String(s.score))),
        h("table", { class: "breakdown" },
          h("tr", null, h("th", null, "Bones"), h("td", { class: "num" }, "+" + s.bones.points), h("td", null, s.bones.tokens.length ? s.bones.tokens.map(function (t) { return chip(ctx, t); }) : "none")),
          h("tr", null, h("th", null, "Skeletons"), h("td", { class: "num" }, "+" + s.skeletons.points),
            h("td", null, s.skeletons.won.length ? s.skeletons.won.map(function (a) { return h("div", null, h("b", null, a.colour + " +" + a.value), ": " + a.reason); }) : "none")),
          h("tr", null, h("th", null, "Empty-Handed"), h("td", { class: "num" }, "−" + s.empty_handed.points), h("td", null, eh)))));
    });
    var nobody = report.skeletons.filter(function (a) { return a.winner === null; });
    if (nobody.length) el.appendChild(h("ul", { class: "nobody" }, nobody.map(function (a) {
      return h("li", null, "Skeleton " + a.colour + " (+" + a.value + "): " + a.reason);
    })));
  }
  PK.ui = PK.ui || {};
  PK.ui.archeotrek = { newPlayer: newPlayer, render: render, toGame: toGame, fromGame: fromGame, results: results };
})(globalThis.PK);
