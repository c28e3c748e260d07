"""The corpus of bad Archaeology end-of-game files (``tests/data/bad/archaeology/``, issue 7).

Every case in ``tests/data/bad/archaeology/expected.toml`` runs through the real
CLI (``printkit validate``, ``printkit score``, ``printkit score --json``) and
the Python API (``load_game`` → ``validate`` → ``score_game``).  Each must end
with the expected exit code (1 invalid input, 2 usage), never a traceback, and
either one clear line on stderr naming the file, or a problem with a documented
code naming the player and the item (treasure id, money, keys, key).  No output
may carry raw control characters.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit import PrintkitError
from printkit.cli import main
from printkit.games.archaeology.game import CODES, game_from_dict, load_game
from printkit.games.archaeology.scoring import render_json, render_text, score_game, validate

from scorer_checks import (
    POSIX_ONLY, api_cases, case_path, check_cli_case, check_every_file_has_a_case, check_invalid_odd_name,
    check_load_error, check_missing_odd_name, check_unreadable_file, load_cases,
)

BAD = Path(__file__).resolve().parent / "data" / "bad" / "archaeology"
CASES = load_cases(BAD)
GOOD = (Path(__file__).resolve().parent.parent / "examples" / "archaeology" / "finished-3-players.toml").read_text(
    encoding="utf-8")
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _case_id(case: dict) -> str:
    extra = " ".join(case["args"][2:]).replace("{file}", "").strip() if "args" in case else ""
    return case["file"] + (f" {extra}" if extra else "") + (" (usage)" if "args" in case else "")


def _many_players(n: int) -> str:
    return 'game = "archaeology"\n' + "".join(
        f'\n[[player]]\nname = "p{i}"\nmoney = {i % 40}\ntreasures = {{ coin = 1 }}\n' for i in range(1, n + 1))


def _matches(p: dict, case: dict) -> bool:
    return (
        p["code"] == case["problem"]
        and p["player"] == (case.get("player") or None)
        and ("item" not in case or p["item"] == case["item"])
        and case.get("text", "") in p["message"]
    )


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_bad_input_gives_a_clear_message_and_exit_code(case, tmp_path):
    assert ("error" in case) != ("problem" in case), "a case expects an error line or a problem"
    assert "problem" not in case or case["problem"] in CODES
    path = case_path(case, tmp_path, BAD, GOOD, {"3000-players": lambda: _many_players(3000)})
    check_cli_case(
        case, path, game="archaeology", codes=CODES, raw_control=RAW_CONTROL, matches=_matches,
        located=lambda p: p["player"] or p["item"] or p["code"] == "no-players", max_line=1000,
    )


@pytest.mark.parametrize("case", api_cases(CASES), ids=_case_id)
def test_bad_input_through_the_api(case):
    path = BAD / case["file"]
    if check_load_error(case, path, load_game):
        return
    game = load_game(path)
    problems = [p.to_dict() for p in validate(game)]
    assert any(_matches(p, case) for p in problems), problems
    result = score_game(game)
    assert result.valid is False and result.players == [] and result.winners == []
    render_text(result)
    json.loads(render_json(result))


def test_every_file_in_the_corpus_has_a_case():
    check_every_file_has_a_case(BAD, CASES)


def test_every_code_is_exercised_and_documented():
    used = {c["problem"] for c in CASES if "problem" in c}
    assert used == set(CODES)
    doc = (Path(__file__).resolve().parent.parent / "docs" / "scoring-archaeology.md").read_text(encoding="utf-8")
    assert {code for code in CODES if f"| `{code}` |" in doc} == set(CODES)


# -- what still works: odd but valid input ---------------------------------------------------------


def test_bom_and_crlf_score_like_plain_text(tmp_path):
    plain, odd = tmp_path / "plain.toml", tmp_path / "odd.toml"
    plain.write_text(GOOD, encoding="utf-8")
    odd.write_bytes(b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode("utf-8"))
    a, b = score_game(load_game(plain)), score_game(load_game(odd))
    assert a.valid and b.valid
    assert [(r.name, r.total) for r in a.players] == [(r.name, r.total) for r in b.players]


def test_emoji_and_right_to_left_names_score(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text(GOOD.replace('"Ana"', '"نوا 🦴"').replace('"Ben"', '"👩\u200d👩\u200d👧 Ben"'), encoding="utf-8")
    r = CliRunner().invoke(main, ["score", "archaeology", str(path)])
    assert r.exit_code == 0, r.output
    assert "#2  نوا 🦴: $46" in r.stdout and "👩\u200d👩\u200d👧 Ben: $43" in r.stdout


def test_thousands_of_players_score():
    """20,000 players rank correctly (how fast: benchmarks/bench_scoring.py)."""
    data = {"game": "archaeology",
            "player": [{"name": f"p{i}", "money": i % 97, "keys": 0} for i in range(20_000)]}
    result = score_game(game_from_dict(data))
    assert result.valid and result.winners == [f"p{i}" for i in range(20_000) if i % 97 == 96]
    ranks = [r.rank for r in result.players]
    assert ranks == sorted(ranks) and ranks[0] == 1 and result.players[-1].total == 0


def test_odd_file_names_stay_one_line(tmp_path):
    check_missing_odd_name(tmp_path, "archaeology", RAW_CONTROL)
    runner = CliRunner()
    odd = tmp_path / "a\x07b\u202e.toml"
    odd.write_text(GOOD, encoding="utf-8")
    r = runner.invoke(main, ["score", "archaeology", str(odd)])
    assert r.exit_code == 0 and not RAW_CONTROL.search(r.stdout), r.output
    assert r.stdout.startswith("Archaeology — ") and "a\\x07b\\u202e.toml" in r.stdout.splitlines()[0]
    check_invalid_odd_name(odd, str(tmp_path / "a\\x07b\\u202e.toml"),
                           GOOD.replace("money = 14", "money = -14"), "archaeology", RAW_CONTROL)


@POSIX_ONLY
def test_unreadable_file(tmp_path):
    check_unreadable_file(tmp_path, "archaeology", GOOD)


@pytest.mark.parametrize("data", [
    [], "archaeology", 7, None, 1.5, {"player": {"name": "Ana", "money": 1}},
])
def test_api_accepts_any_parsed_value(data):
    try:
        game = game_from_dict(data, source="api")
    except PrintkitError as exc:
        assert str(exc).startswith("api: a game file is a table of keys")
        return
    assert score_game(game).valid  # a single [player] table (not an array) is read as one player
