"""The scoring core (printkit/scoring): one Problem type, one set of file and
field checks, one report shape — the same words in every game.

Each shared check is run through the CLI on every registered game that
scores, with the same broken input; the problems must carry the same code,
severity and message (the oracle is the other game: no game may drift).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from printkit.cli import main
from printkit.ranking import competition_ranks
from printkit.registry import all_games
from printkit.scoring.fields import type_name
from printkit.scoring.problems import Problem

SCORING = sorted(kit.id for kit in all_games() if kit.scorer is not None)
# the two bundled scoring games with a per-player money/count field the shared checks can reach
BUNDLED = [g for g in ("archaeology", "archeotrek") if g in SCORING]


def _score_json(tmp_path, game: str, text: str) -> dict:
    f = tmp_path / f"{game}.toml"
    f.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["score", game, str(f), "--json"])
    assert r.exit_code in (0, 1), r.output
    return json.loads(r.stdout)


def _shared(problems: list[dict], game: str) -> set[tuple]:
    """(code, severity, player, message) of the shared checks, with the game's
    own id and key list set aside."""
    shared = {"game-name", "unknown-key", "missing-key", "wrong-type", "no-players", "duplicate-player"}
    out = set()
    for p in problems:
        own = p["code"] in ("missing-key", "wrong-type") and "`name`" not in p["message"] \
            and "[[player]]" not in p["message"]          # a game's own fields (money, choices…)
        if p["code"] in shared and not own:
            msg = p["message"].replace(game, "<game>").split("; allowed:")[0]
            out.add((p["code"], p["severity"], p["player"], msg))
    return out


BROKEN = '''
players = 1
[[player]]
name = "Ana"
[[player]]
name = "ANA"
[[player]]
name = "Bo\\u0007b"
[[player]]
name = "   "
[[player]]
nom = "x"
'''


def test_shared_checks_say_the_same_in_every_game(tmp_path):
    seen = {g: _shared(_score_json(tmp_path, g, BROKEN)["problems"], g) for g in BUNDLED}
    first = seen[BUNDLED[0]]
    codes = {c for c, *_ in first}
    assert {"game-name", "unknown-key", "duplicate-player", "wrong-type", "missing-key"} <= codes
    assert ("game-name", "warning", None, 'no `game = "<game>"` line') in first
    assert any(c == "unknown-key" and "did you mean [[player]]" in m for c, _, _, m in first)
    for g in BUNDLED[1:]:
        assert seen[g] == first, g


def test_a_wrong_game_and_a_non_table_player(tmp_path):
    text = 'game = "chess"\nplayer = [1]\n'
    seen = {g: _shared(_score_json(tmp_path, g, text)["problems"], g) for g in BUNDLED}
    for g in BUNDLED:
        assert ("game-name", "error", None, "game is 'chess', expected '<game>'") in seen[g]
        assert ("wrong-type", "error", "player 1", "player 1 is a whole number, not a [[player]] table") in seen[g]


@pytest.mark.parametrize("value,words", [
    (-(2 ** 63), "a whole number"),          # TOML's smallest integer fits 64 bits
    (2 ** 63 - 1, "a whole number"),
    (2 ** 63, "a number beyond 64 bits"),
    (-(2 ** 63) - 1, "a number beyond 64 bits"),
    (True, "true/false"),
    (1.5, "a decimal number"),
])
def test_type_names_at_the_64_bit_edges(value, words):
    assert type_name(value) == words


def test_smallest_toml_integer_is_a_whole_number_in_messages(tmp_path):
    # archaeology's money: a whole number >= 0; −2⁶³ is a whole number (it used to read "beyond 64 bits")
    data = _score_json(tmp_path, "archaeology", 'game = "archaeology"\n[[player]]\nname = "Ana"\n'
                       'money = -9223372036854775808\n')
    [p] = [p for p in data["problems"] if p["code"] == "bad-count"]
    assert "(a whole number)" in p["message"] and "beyond" not in p["message"]


@pytest.mark.parametrize("game", BUNDLED)
def test_problems_are_the_core_type_and_print_as_one_escaped_line(game, tmp_path):
    from printkit.registry import get_game

    s = get_game(game).scorer(None)
    f = tmp_path / "g.toml"
    f.write_text(f'game = "{game}"\n"bad\\u001b[31mkey" = 1\n[[player]]\nname = "Ana"\n', encoding="utf-8")
    problems = s.validate(s.load(f))
    assert problems and all(isinstance(p, Problem) for p in problems)
    for p in problems:
        line = str(p)
        assert "\n" not in line and "\x1b" not in line and line.startswith(f"{p.severity} [{p.code}]")
        d = p.to_dict()
        assert list(d)[:3] == ["code", "severity", "player"] and list(d)[-2:] == ["message", "rule"]
        assert d["rule"]  # every code has its rule in words


@pytest.mark.parametrize("game", BUNDLED)
def test_report_envelope_is_shared(game, tmp_path):
    r = CliRunner().invoke(main, ["simulate", game, "--seed", "3", "-o", str(tmp_path / "g.toml")])
    assert r.exit_code == 0, r.output
    data = json.loads(CliRunner().invoke(main, ["score", game, str(tmp_path / "g.toml"), "--json"]).stdout)
    keys = list(data)
    assert keys[:3] == ["game", "source", "valid"] and keys[-3:] == ["problems", "problems_total", "problems_omitted"]
    assert keys.index("winners") < keys.index("players")
    assert data["game"] == game and data["valid"] is True
    ranks = [p["rank"] for p in data["players"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert data["winners"] == [p["name"] for p in data["players"] if p["rank"] == 1]
    text = CliRunner().invoke(main, ["score", game, str(tmp_path / "g.toml")]).stdout
    last = text.rstrip().splitlines()[-1]
    assert last.startswith("Winner: " if len(data["winners"]) == 1 else "Shared win: ")


def test_help_lists_every_scoring_game():
    for cmd in ("score", "validate", "simulate"):
        out = CliRunner().invoke(main, [cmd, "--help"]).stdout
        games = out.split("Games:")[1].split("Examples:")[0]
        for g in SCORING:
            assert f"\n  {g} " in games, (cmd, g)
        assert "Choices" not in out.split("Games:")[0], cmd   # the generic part names no game's words


@given(st.lists(st.tuples(st.integers(-5, 5), st.integers(1, 9)), max_size=8, unique_by=lambda p: p[1]))
def test_competition_ranks_by_score_then_seat(players):
    """``competition_ranks``: indices best score first, ties by seat; a
    player's rank is 1 + how many players scored more (oracle written here)."""
    scores, seats = [p[0] for p in players], [p[1] for p in players]
    order, ranks = competition_ranks(scores, seats)
    assert order == sorted(range(len(players)), key=lambda i: (-scores[i], seats[i]))
    assert ranks == [1 + sum(other > s for other in scores) for s in scores]
