"""The game contract: games are plug-ins, the engine names none of them.

* a minimal game living only under ``tests/plugins/`` (registered through a
  ``printkit.games`` entry point, like a fan's pip package) builds a kit
  through the CLI;
* no module outside ``printkit/games/`` imports a game, or holds a game's id;
* options are checked per game before anything is written; options a game
  does not use get a note.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pdfplumber

from printkit.registry import game_ids

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = Path(__file__).resolve().parent / "plugins"
GAMES_DIR = ROOT / "printkit" / "games"


def _engine_modules():
    for path in sorted((ROOT / "printkit").rglob("*.py")):
        if GAMES_DIR not in path.parents:
            yield path


def _run(*args, plugins=False, cwd=None):
    env = dict(os.environ)
    paths = [str(ROOT)] + ([str(PLUGINS)] if plugins else []) + [env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=120)


def test_no_engine_module_imports_a_game():
    offenders = []
    for path in _engine_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if any(n.startswith("printkit.games.") for n in names):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_no_engine_module_names_a_game_in_its_code():
    """String constants (docstrings aside) never hold a registered game's id."""
    ids = set(game_ids())
    assert {"archeotrek", "archaeology"} <= ids
    offenders = []
    for path in _engine_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                      and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                if any(g in node.value.lower() for g in ids):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]!r}")
    assert offenders == []


def test_a_plugin_game_builds_through_the_cli(tmp_path):
    listed = _run("games", plugins=True)
    assert listed.returncode == 0, listed.stderr
    assert "minigame: Minigame (2–3 players)" in listed.stdout
    r = _run("build", "minigame", "--out", str(tmp_path), plugins=True)
    assert r.returncode == 0, r.stderr
    kit = tmp_path / "minigame" / "minigame-kit.pdf"
    with pdfplumber.open(kit) as pdf:
        text = " ".join(p.extract_text() or "" for p in pdf.pages)
    for v in "123456":
        assert v in text
    # without the plug-in on the path the game does not exist
    r = _run("build", "minigame", "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and "unknown game 'minigame'" in r.stderr


def test_players_outside_a_games_range_write_nothing(tmp_path):
    r = _run("build", "all", "--players", "6", "--out", str(tmp_path / "out"))
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "archaeology (2–4)" in lines[0] and "archeotrek" not in lines[0], lines
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_an_option_a_game_does_not_use_gets_a_note(tmp_path):
    r = _run("build", "archaeology", "--fillable", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "note: --fillable does not apply to archaeology" in r.stderr
    r = _run("build", "archeotrek", "--board-paper", "a3", "--players", "1", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "note: --board-paper does not apply to archeotrek" in r.stderr
    assert "--fillable" not in r.stdout + r.stderr


def test_a_plugin_game_scores_through_the_cli(tmp_path):
    game = tmp_path / "game.toml"
    game.write_text('[[player]]\nname = "Ana"\ncards = [6, 5]\n[[player]]\nname = "Ben"\ncards = [1, 2]\n')
    r = _run("score", "minigame", str(game), plugins=True)
    assert r.returncode == 0, r.stderr
    assert "Winner: Ana with 11" in r.stdout
    game.write_text('[[player]]\nname = "Ana"\ncards = [9]\n')
    r = _run("validate", "minigame", str(game), plugins=True)
    assert r.returncode == 1 and "card 9 is not 1–6" in r.stdout


def test_score_validate_and_simulate_take_house_rules(tmp_path):
    """A house rule (Digging Areas total 10, not 9) prints sheets, simulates
    games and scores them under the same --rules folder."""
    house = tmp_path / "house"
    house.mkdir()
    text = (ROOT / "rules" / "archeotrek.toml").read_text(encoding="utf-8")
    assert "\narea_sum = 9" in text
    (house / "archeotrek.toml").write_text(text.replace("\narea_sum = 9", "\narea_sum = 10"), encoding="utf-8")
    sim = _run("simulate", "archeotrek", "--players", "3", "--seed", "4", "--rules", str(house),
               "-o", str(tmp_path / "g.toml"))
    assert sim.returncode == 0, sim.stderr
    house_ok = _run("validate", "archeotrek", str(tmp_path / "g.toml"), "--rules", str(house))
    assert house_ok.returncode == 0, house_ok.stdout
    bundled = _run("validate", "archeotrek", str(tmp_path / "g.toml"))
    assert bundled.returncode == 1 and "area-sum" in bundled.stdout
    scored = _run("score", "archeotrek", str(tmp_path / "g.toml"), "--rules", str(house))
    assert scored.returncode == 0 and "Winner" in scored.stdout
    bad = _run("score", "archeotrek", str(tmp_path / "g.toml"), "--rules", str(tmp_path / "nope"))
    assert bad.returncode == 2 and "--rules" in bad.stderr


def test_a_plugin_game_is_listed_in_the_scoring_help():
    r = _run("score", "--help", plugins=True)
    assert r.returncode == 0, r.stderr
    games = r.stdout.split("Games:")[1]
    assert "minigame" in games and "each player's card total and rank" in games
    r = _run("score", "--help")
    assert "minigame" not in r.stdout


def _felt_pixels(pdf_path: Path, page: int, rgb: tuple[int, int, int]) -> float:
    """Share of the page's pixels (72 dpi) that are exactly ``rgb``."""
    import numpy as np
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf_path))
    img = np.asarray(doc[page].render(scale=1).to_pil().convert("RGB"))
    doc.close()
    return float((img == np.array(rgb, dtype=img.dtype)).all(axis=2).mean())


def test_a_plugin_game_ships_its_own_template_and_palette(tmp_path):
    """The minigame's rules reference comes from its own templates/ folder and
    its palette.toml colours it (banner and card backs, #1d6b4f); a theme's
    [games.minigame] table still overrides the plug-in's palette."""
    r = _run("build", "minigame", "--out", str(tmp_path / "a"), plugins=True)
    assert r.returncode == 0, r.stderr
    rules = tmp_path / "a" / "minigame" / "rules-reference.pdf"
    with pdfplumber.open(rules) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Minigame: rules reference" in text and "Deal the 6 number cards (1 to 6) among 2 to 3 players" in text
    felt = (0x1D, 0x6B, 0x4F)
    assert _felt_pixels(rules, 0, felt) > 0.03  # the banner: 18 mm of the page width's height, minus the title
    assert _felt_pixels(tmp_path / "a" / "minigame" / "cards.pdf", 1, felt) > 0.3  # the backs page
    theme = tmp_path / "red"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nextends = "classic"\n[games.minigame]\nfelt = "#aa0000"\n',
                                      encoding="utf-8")
    r = _run("build", "minigame", "--theme", str(theme), "--out", str(tmp_path / "b"), plugins=True)
    assert r.returncode == 0, r.stderr
    rules = tmp_path / "b" / "minigame" / "rules-reference.pdf"
    assert _felt_pixels(rules, 0, felt) == 0 and _felt_pixels(rules, 0, (0xAA, 0, 0)) > 0.03


def test_a_plugin_games_title_players_and_cover_come_from_its_rules_data(tmp_path):
    """The minigame gives GameKit only id, parts, rules and scorer: the title and
    players `printkit games` shows, the cover and the player range under
    --rules all come from its rules.toml (kept in its own folder)."""
    r = _run("build", "minigame", "--out", str(tmp_path / "a"), plugins=True)
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(tmp_path / "a" / "minigame" / "minigame-kit.pdf") as pdf:
        cover = pdf.pages[0].extract_text()
    assert "Minigame" in cover and "Six cards, highest total wins" in cover
    assert "For 2 to 3 players" in cover and "5–10 minutes" in cover
    r = _run("build", "minigame", "--players", "4", "--out", str(tmp_path / "b"), plugins=True)
    assert r.returncode == 2 and "minigame (2–3)" in r.stderr
    house = tmp_path / "house"
    house.mkdir()
    text = (PLUGINS / "minigame" / "rules.toml").read_text(encoding="utf-8")
    (house / "minigame.toml").write_text(text.replace("max = 3", "max = 4").replace("max = 10", "max = 15"),
                                         encoding="utf-8")
    r = _run("build", "minigame", "--players", "4", "--rules", str(house), "--out", str(tmp_path / "c"), plugins=True)
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(tmp_path / "c" / "minigame" / "minigame-kit.pdf") as pdf:
        cover = pdf.pages[0].extract_text()
    assert "For 2 to 4 players" in cover and "5–15 minutes" in cover
