"""The CPU a cold `build all` spends outside the work itself (issue 26):
measured as things that happen — declarations parsed, modules imported,
times the building process wakes — in fresh interpreters, never by a clock.
The bytes stay the same (``tests/test_golden_kits.py``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(script: str, tmp_path: Path) -> dict:
    env = {"PRINTKIT_CACHE": "off"}  # every document laid out: the cold build
    r = subprocess.run([sys.executable, "-c", script, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                       timeout=300, env={**__import__("os").environ, **env})
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


_ARRAYS = r"""
import json, re, sys
from printkit.render.documents import _weasyprint
_weasyprint()
from weasyprint.text.ffi import ffi
parsed = []
real = ffi._parser.parse_type
def parse_type(cdecl):
    parsed.append(cdecl)
    return real(cdecl)
ffi._parser.parse_type = parse_type
from printkit.cli import main
try:
    main(["build", "archeotrek", "--out", sys.argv[1], "-q"], standalone_mode=False)
except SystemExit as exc:
    assert not exc.code, exc.code
arrays = [c for c in parsed if re.search(r"\[\s*\d+\s*\]", c)]
# the array a font subset asks for, against cffi's own parse of the same declaration
import cffi
pristine = cffi.FFI()
pristine.cdef("typedef uint32_t hb_codepoint_t;")
mine, theirs = ffi.typeof("hb_codepoint_t[37]"), pristine.typeof("hb_codepoint_t[37]")
a = ffi.new("hb_codepoint_t[5]", [5, 4, 3, 2, 1])
print(json.dumps({"arrays": arrays, "parsed": len(parsed),
                  "same": [mine.kind, mine.cname, mine.length, mine.item.cname, ffi.sizeof(mine)]
                          == [theirs.kind, theirs.cname, theirs.length, theirs.item.cname, pristine.sizeof(theirs)],
                  "values": list(a), "other": ffi.typeof("int *").cname}))
"""


def test_a_document_parses_no_array_declaration(tmp_path):
    """weasyprint asks cffi for ``hb_codepoint_t[n]`` with a new ``n`` for
    each font it subsets; each used to be parsed by pycparser (3.5 ms).  A
    build of a game with a rules reference now parses none, and the array
    type is the one cffi's parser makes."""
    seen = _run(_ARRAYS, tmp_path)
    assert seen["arrays"] == [], f"array declarations parsed: {seen['arrays'][:5]}"
    assert seen["same"], "the array type differs from cffi's parse"
    assert seen["values"] == [5, 4, 3, 2, 1] and seen["other"] == "int *"
    assert (tmp_path / "archeotrek" / "rules-reference.pdf").is_file()


_FONTTOOLS = r"""
import json, sys
from printkit.render.documents import _weasyprint
HTML, _ = _weasyprint()
loaded = sorted(m for m in sys.modules if m.startswith(("fontTools.varLib", "fontTools.subset.")))
import weasyprint.pdf.fonts as fonts
ok = len(HTML(string="<p style='font-family: serif'>Trowel</p>").write_pdf()) > 0
stand_in = fonts.instantiateVariableFont
import fontTools.varLib.instancer as real
errors = []
for f in (stand_in, real.instantiateVariableFont):
    try:
        f(None, {})
    except Exception as exc:
        errors.append(type(exc).__name__)
print(json.dumps({"loaded": loaded, "ok": ok, "real": real.__name__ == "fontTools.varLib.instancer"
                  and hasattr(real, "OverlapMode"), "errors": errors,
                  "subset": fonts.subset.Subsetter.__module__}))
"""


def test_weasyprint_starts_without_the_font_subsetter_and_instancer(tmp_path):
    """fontTools' subsetter and variable-font instancer (about 0.1 s of
    every build's start) load only when weasyprint calls them; the call
    reaches the real function (same error for the same bad arguments)."""
    seen = _run(_FONTTOOLS, tmp_path)
    assert seen["loaded"] == [], f"imported with weasyprint: {seen['loaded']}"
    assert seen["ok"] and seen["real"]
    assert len(seen["errors"]) == 2 and seen["errors"][0] == seen["errors"][1], seen["errors"]
    assert seen["subset"] == "fontTools.subset"


_SLEEPER = r"""
import json, os, sys, time
from printkit import build, interrupt
from printkit.registry import game_ids
from printkit.gamekit.contract import BuildOptions
from printkit.paper import get_paper
from printkit.theme import load_theme

def render_checked(kit, part, options):
    time.sleep(0.05)
    return b"%PDF-1.4 " + part.name.encode(), 1, []

def finish_game(kit, options, parts, rendered):
    time.sleep(0.05)
    return build.RenderedGame(kit.id, [(p.name, p.count, d, n) for p, (d, n, _) in zip(parts, rendered)], b"%PDF", [])

build._render_checked, build._finish_game = render_checked, finish_game
parent, looks, preloaded = os.getpid(), [0], {}
real_checkpoint, real_start = interrupt.checkpoint, build._start_pool
def checkpoint():
    if os.getpid() == parent:
        looks[0] += 1
    real_checkpoint()
def start_pool(jobs):
    preloaded.update({m: m in sys.modules for m in ("pypdf", "pikepdf", "printkit.preflight")})
    return real_start(jobs)
interrupt.checkpoint, build._start_pool = checkpoint, start_pool
kits = [build.load_game(g) for g in game_ids()]
options = BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"))
start = time.monotonic()
games = list(build._render_parallel(kits, options, 2, None))
elapsed = time.monotonic() - start
tasks = sum(len(g.parts) for g in games) + len(games)
print(json.dumps({"looks": looks[0], "tasks": tasks, "elapsed": elapsed, "poll": build._STOP_POLL,
                  "games": [g.game for g in games], "preloaded": preloaded}))
"""


def test_the_building_process_sleeps_until_a_worker_finishes(tmp_path):
    """While the workers render, the building process looks at their
    results when one ends (and at most every ``_STOP_POLL`` s, for a stop
    request) — it used to look every 5 ms, a few hundred times a build.
    Counted: its looks against the tasks that ended and the timeouts the
    run's length allows (not a time limit: a slow run allows more).  The
    print stack was imported before the workers forked."""
    seen = _run(_SLEEPER, tmp_path)
    from printkit.registry import game_ids

    assert seen["games"] == game_ids()
    allowed = 2 * seen["tasks"] + seen["elapsed"] / seen["poll"] + 2 * len(seen["games"]) + 5
    assert seen["looks"] <= allowed, seen
    assert all(seen["preloaded"].values()), seen["preloaded"]


@pytest.mark.slow
def test_the_kit_page_count_is_the_pages_of_the_kit(tmp_path):
    """The kit's page count comes from the assembly, not from parsing the
    written kit again: it is the PDF's number of pages."""
    from pypdf import PdfReader

    from printkit.build import build
    from printkit.gamekit.contract import BuildOptions
    from printkit.paper import get_paper
    from printkit.theme import load_theme
    from printkit.units import mm

    for duplex in ("long", "none"):
        result = build(["archeotrek"], BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"), bleed=mm(3),
                                                    duplex=duplex), tmp_path / duplex, jobs=1)
        kit = result.files["archeotrek"][-1]
        assert kit.path.name == "archeotrek-kit.pdf"
        assert kit.pages == len(PdfReader(kit.path).pages)


_COLLECTOR = r"""
import gc, json, os, sys, time
from printkit import build
from printkit.registry import game_ids
from printkit.gamekit.contract import BuildOptions
from printkit.paper import get_paper
from printkit.theme import load_theme

def render_checked(kit, part, options):
    return b"%PDF", 1, [json.dumps({"pid": os.getpid(), "threshold": gc.get_threshold()[0],
                                    "frozen": gc.get_freeze_count()})]

def finish_game(kit, options, parts, rendered):
    return build.RenderedGame(kit.id, [], b"%PDF", [n for _, _, notes in rendered for n in notes])

def write_game(game, out):
    return []

build._render_checked, build._finish_game = render_checked, finish_game
build.write_game = write_game
before = gc.get_threshold()
options = BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"))
seen = {}
for jobs in (1, 2):
    result = build.build(["all"], options, __import__("pathlib").Path(sys.argv[1]), jobs=jobs)
    seen[jobs] = [json.loads(n) for n in result.notes if n.startswith("{")]
print(json.dumps({"seen": seen, "parent": os.getpid(), "before": before, "after": gc.get_threshold()}))
"""


def test_the_collector_runs_less_often_while_a_build_renders(tmp_path):
    """Every part is rendered (in this process, or in a forked worker) with
    the collector's first threshold at ``GC_THRESHOLD`` — 680 collections
    and 11 % of a build's CPU at Python's 700 — and the setting is put back
    after; the workers start with the parent's objects frozen out of their
    collections."""
    from printkit.build import GC_THRESHOLD

    seen = _run(_COLLECTOR, tmp_path)
    serial, parallel = seen["seen"]["1"], seen["seen"]["2"]
    assert serial and parallel
    assert {s["threshold"] for s in serial + parallel} == {GC_THRESHOLD}
    assert {s["pid"] for s in serial} == {seen["parent"]}
    workers = [s for s in parallel if s["pid"] != seen["parent"]]
    assert workers and all(s["frozen"] > 1000 for s in workers), workers[:3]
    assert seen["after"] == seen["before"] and seen["before"][0] < GC_THRESHOLD
