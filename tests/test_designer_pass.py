"""A designer's pass: what a board-game designer re-theming a game or making
a deck met, each fixed and checked here by what the user gets (CLI output,
PDF text and geometry, rendered pixels).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args, cwd=None, pythonpath=(), env=None):
    full = dict(os.environ, **(env or {}))
    paths = [str(ROOT), *map(str, pythonpath), full.get("PYTHONPATH", "")]
    full["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True,
                          env=full, cwd=cwd, timeout=300)


# --- printkit games: through the registry, a broken plug-in is its own line ------------------

def _broken_plugin(folder: Path) -> Path:
    (folder / "badgame").mkdir(parents=True)
    (folder / "badgame" / "__init__.py").write_text('raise RuntimeError("boom")\n')
    info = folder / "badgame-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: badgame\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[printkit.games]\nbadgame = badgame:GAME\n")
    return folder


def test_games_lists_every_registered_game_even_beside_a_broken_plugin(tmp_path):
    res = _run("games", pythonpath=[_broken_plugin(tmp_path)])
    assert res.returncode == 1
    listed = [line.split(":")[0] for line in res.stdout.splitlines() if not line.startswith(" ")]
    assert listed == ["archaeologia", "archaeology", "archeo", "archeotrek"]
    err = res.stderr.strip().splitlines()
    assert len(err) == 1 and "badgame" in err[0] and "boom" in err[0] and "Traceback" not in res.stderr


def test_games_asks_the_registry_for_its_games(monkeypatch, capsys):
    from click.testing import CliRunner

    from printkit import registry
    from printkit.cli import main

    monkeypatch.setattr(registry, "game_ids", lambda: ["archeo"])
    out = CliRunner().invoke(main, ["games"]).output
    assert out.splitlines()[0].startswith("archeo: ") and "archeotrek" not in out


# --- --rules FILE: name the folder to give instead ------------------------------------------

@pytest.mark.parametrize("command", [["build", "archeo"], ["score", "archeo", "game.toml"],
                                     ["validate", "archeo", "game.toml"], ["scorepad", "archeo"]])
def test_rules_given_a_file_names_the_folder_that_holds_it(tmp_path, command):
    house = tmp_path / "house"
    house.mkdir()
    (house / "archeo.toml").write_bytes((ROOT / "rules" / "archeo.toml").read_bytes())
    where = {"build": ["--out", "out"], "scorepad": ["-o", "pad.html"]}.get(command[0], [])
    res = _run(*command, "--rules", "house/archeo.toml", *where, cwd=tmp_path)
    err = res.stderr.strip().splitlines()
    assert res.returncode == 2 and len(err) == 1, res.stderr
    assert "is a file" in err[0] and "folder that holds the rules files" in err[0] and err[0].endswith("--rules house")
    assert not (tmp_path / "out").exists() and not (tmp_path / "pad.html").exists()
