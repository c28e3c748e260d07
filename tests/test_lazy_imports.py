"""Commands that print nothing do not load the print stack (issue 26).

``printkit score``/``validate`` of a game file, ``simulate``, ``--help`` (and
``score --help``, which lists every scoring game) must not import reportlab,
pypdf, pikepdf, jinja2, weasyprint, fontTools or PIL: they are most of a 0.4 s
start-up (:mod:`printkit.lazy`).  Each command runs in a fresh interpreter,
exactly as the ``printkit`` script runs it, and the test reads ``sys.modules``
after it.  Nor does ``score`` parse the bundled rules file twice (the kit and
its scorer both ask for it) or load a game's simulator.  No clock is read:
what is measured is what got imported and what got read.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PRINT_STACK = ("reportlab", "pypdf", "pikepdf", "jinja2", "weasyprint", "fontTools", "PIL")

_PROBE = """
import json, sys
import printkit.inputfiles as inputfiles
parsed = []  # every file read (the counter wraps the one bounded text reader; rules come through the cache or tomllib)
_read = inputfiles.read_text
def _counting(path, *args, **kwargs):
    parsed.append(str(path))
    return _read(path, *args, **kwargs)
inputfiles.read_text = _counting
from printkit.cli import main
code = 0
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
print("\\n@@" + json.dumps({"code": code, "modules": sorted(sys.modules), "parsed": parsed}), file=sys.stderr)
"""


def _probe(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> dict:
    """Run ``printkit ARGS`` in a new interpreter (``env``: more environment
    variables): its report — ``code`` (exit code), ``modules`` (every module
    loaded), ``parsed`` (every text file read, in order), ``stdout``."""
    proc = subprocess.run([sys.executable, "-c", _PROBE, *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120, env={**os.environ, **(env or {})})
    tail = proc.stderr.rsplit("\n@@", 1)
    assert len(tail) == 2, proc.stderr
    return {**json.loads(tail[1]), "stdout": proc.stdout}


def _imported(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> tuple[int, set[str], str]:
    """Run ``printkit ARGS`` in a new interpreter: (exit code, top-level
    packages of every module loaded, stdout)."""
    report = _probe(*args, stdin=stdin, env=env)
    return report["code"], {m.split(".")[0] for m in report["modules"]}, report["stdout"]


GAME_FILES = {
    "archeotrek": "examples/archeotrek/finished-4-players.toml",
    "archaeology": "examples/archaeology/finished-3-players.toml",
    "archaeologia": "examples/archaeologia/finished-3-players.toml",
    "archeo": "examples/archeo/finished-3-players.toml",
}


@pytest.mark.parametrize("command", ["score", "validate"])
@pytest.mark.parametrize("game", sorted(GAME_FILES))
def test_scoring_a_game_file_loads_no_print_stack(game, command):
    report = _probe(command, game, GAME_FILES[game])
    code, out = report["code"], report["stdout"]
    loaded = {m.split(".")[0] for m in report["modules"]}
    assert code in (0, None), out
    assert out.strip(), "the command printed its result"
    assert not loaded & set(PRINT_STACK), f"printkit {command} {game} imported {sorted(loaded & set(PRINT_STACK))}"
    # nor the engine's sheet code, nor importlib.metadata (with email): the registry scans the entry points itself
    for module in ("printkit.model", "printkit.imposition", "printkit.deck", "importlib.metadata", "email"):
        assert module not in report["modules"], f"printkit {command} {game} imported {module}"


@pytest.mark.parametrize("game", sorted(GAME_FILES))
def test_score_reads_the_bundled_rules_once(game):
    """``score`` parses the game's bundled rules file once, though the game's
    contract and its scorer both load the rules (printkit.rules.read_rules)."""
    report = _probe("score", game, GAME_FILES[game])
    assert report["code"] in (0, None), report["stdout"]
    rules_file = str(ROOT / "rules" / f"{game}.toml")
    reads = [p for p in report["parsed"] if p == rules_file]
    assert len(reads) == 1, f"printkit score {game} parsed {rules_file} {len(reads)} times"


def test_score_does_not_load_the_simulator():
    """ArchéoTREK's simulator (it plays whole games) loads for ``simulate`` only."""
    simulator = "printkit.games.archeotrek.simulate"
    assert simulator not in _probe("score", "archeotrek", GAME_FILES["archeotrek"])["modules"]
    assert simulator in _probe("simulate", "archeotrek")["modules"]


@pytest.mark.parametrize("args", [["--help"], ["score", "--help"], ["validate", "--help"], ["simulate", "archeotrek"],
                                  ["simulate", "archaeologia"], ["games"]])
def test_help_simulate_and_games_load_no_print_stack(args):
    code, loaded, out = _imported(*args)
    assert code in (0, None) and out.strip()
    assert not loaded & set(PRINT_STACK), f"printkit {' '.join(args)} imported {sorted(loaded & set(PRINT_STACK))}"


def test_games_lists_every_part_without_building_one():
    """``games`` lists every bundled game's parts with their counts from the
    game's catalogue: no component is built, no theme or font is loaded."""
    report = _probe("games")
    assert report["code"] in (0, None), report["stdout"]
    heads = [line.split(":")[0] for line in report["stdout"].splitlines() if not line.startswith(" ")]
    assert {"archaeologia", "archaeology", "archeo", "archeotrek"} <= set(heads)
    rows = [line.split() for line in report["stdout"].splitlines() if line.startswith("  ")]
    assert ["tokens", "40", "×", "Bone"] == rows[-1][:4]  # ArchéoTREK: 4 colours × 9 Bones and 4 Skeletons
    for module in ("printkit.theme", "printkit.model", "importlib.metadata", "printkit.games.archeotrek.tokens",
                   "printkit.games.archaeologia.tiles"):
        assert module not in report["modules"], f"printkit games imported {module}"


@pytest.mark.slow
def test_the_print_stack_still_loads_to_build(tmp_path):
    """The probe sees imports at all: a build does load reportlab and pypdf
    (one that renders: a kit-cache hit only writes the stored files)."""
    code, loaded, _ = _imported("build", "archeotrek", "-q", "--out", str(tmp_path), env={"PRINTKIT_CACHE": "off"})
    assert code in (0, None)
    assert {"reportlab", "pypdf"} <= loaded
