"""Commands that print nothing do not load the print stack (issue 26).

``printkit score``/``validate`` of a game file, ``simulate``, ``--help`` (and
``score --help``, which lists every scoring game) must not import reportlab,
pypdf, pikepdf, jinja2 or weasyprint: they are most of a 0.4 s start-up
(:mod:`printkit.lazy`).  Each command runs in a fresh interpreter, exactly as
the ``printkit`` script runs it, and the test reads ``sys.modules`` after it.
No clock is read: what is measured is what got imported.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PRINT_STACK = ("reportlab", "pypdf", "pikepdf", "jinja2", "weasyprint")

_PROBE = """
import json, sys
from printkit.cli import main
code = 0
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
print("\\n@@" + json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def _imported(*args: str, stdin: str | None = None) -> tuple[int, set[str], str]:
    """Run ``printkit ARGS`` in a new interpreter: (exit code, top-level
    packages of every module loaded, stdout)."""
    proc = subprocess.run([sys.executable, "-c", _PROBE, *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)
    tail = proc.stderr.rsplit("\n@@", 1)
    assert len(tail) == 2, proc.stderr
    report = json.loads(tail[1])
    return report["code"], {m.split(".")[0] for m in report["modules"]}, proc.stdout


GAME_FILES = {
    "archeotrek": "examples/archeotrek/finished-4-players.toml",
    "archaeology": "examples/archaeology/finished-3-players.toml",
    "archaeologia": "examples/archaeologia/finished-3-players.toml",
    "archeo": "examples/archeo/finished-3-players.toml",
}


@pytest.mark.parametrize("command", ["score", "validate"])
@pytest.mark.parametrize("game", sorted(GAME_FILES))
def test_scoring_a_game_file_loads_no_print_stack(game, command):
    code, loaded, out = _imported(command, game, GAME_FILES[game])
    assert code in (0, None), out
    assert out.strip(), "the command printed its result"
    assert not loaded & set(PRINT_STACK), f"printkit {command} {game} imported {sorted(loaded & set(PRINT_STACK))}"


@pytest.mark.parametrize("args", [["--help"], ["score", "--help"], ["validate", "--help"], ["simulate", "archeotrek"],
                                  ["simulate", "archaeologia"]])
def test_help_and_simulate_load_no_print_stack(args):
    code, loaded, out = _imported(*args)
    assert code in (0, None) and out.strip()
    assert not loaded & set(PRINT_STACK), f"printkit {' '.join(args)} imported {sorted(loaded & set(PRINT_STACK))}"


@pytest.mark.slow
def test_the_print_stack_still_loads_to_build(tmp_path):
    """The probe sees imports at all: a build does load reportlab and pypdf."""
    code, loaded, _ = _imported("build", "archeotrek", "-q", "--out", str(tmp_path))
    assert code in (0, None)
    assert {"reportlab", "pypdf"} <= loaded
