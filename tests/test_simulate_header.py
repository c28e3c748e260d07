"""Every game's ``printkit simulate`` file says, in a comment on its first
line, how to play it again — the seed and the players — as ArchéoTREK's
did (a score keeper handed only the file can repeat the game); the file
still scores."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.registry import game_ids


@pytest.mark.parametrize("game", game_ids())
def test_a_simulated_game_file_names_its_seed_and_players(game, tmp_path):
    r = CliRunner().invoke(main, ["simulate", game, "--seed", "7", "--players", "2"])
    assert r.exit_code == 0, r.output
    first = r.stdout.splitlines()[0]
    assert first.startswith("#") and re.search(r"\b2 players\b", first) and re.search(r"\bseed 7\b", first), first
    path = tmp_path / "game.toml"
    path.write_text(r.stdout, encoding="utf-8")
    scored = CliRunner().invoke(main, ["score", game, str(path)])
    assert scored.exit_code == 0, scored.output
