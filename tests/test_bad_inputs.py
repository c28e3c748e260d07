"""The corpus of bad ArchéoTREK game files (``tests/data/bad/``, issue 7).

Every case in ``tests/data/bad/expected.toml`` runs through the real CLI
(``printkit validate``, ``printkit score``, ``printkit score --json``) and the
Python API.  Each must end with the expected exit code (1 invalid input,
2 usage), never a traceback, and either one clear line on stderr naming the
file, or a problem with a documented code naming the player and the
circles/tokens involved.  No output may carry raw control characters.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit import PrintkitError
from printkit.games.archeotrek.game import load_game
from printkit.games.archeotrek.validate import CODES, validate

from scorer_checks import (
    POSIX_ONLY, api_cases, case_path, check_cli_case, check_every_file_has_a_case, check_invalid_odd_name,
    check_load_error, check_missing_odd_name, check_unreadable_file, load_cases,
)

BAD = Path(__file__).resolve().parent / "data" / "bad"
CASES = load_cases(BAD)
H01 = (BAD.parent / "archeotrek" / "h01-two-players.toml").read_text(encoding="utf-8")
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


def _case_id(case: dict) -> str:
    return case["file"] + ("" if "args" not in case else " " + " ".join(case["args"][2:]).replace("{file}", "").strip())


def _matches(p: dict, case: dict) -> bool:
    want_player = case.get("player") or None
    return (
        p["code"] == case["problem"]
        and p["player"] == want_player
        and set(case.get("circles", ())) <= set(p["circles"])
        and set(case.get("tokens", ())) <= set(p["tokens"])
        and case.get("text", "") in p["message"]
    )


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_bad_input_gives_a_clear_message_and_exit_code(case, tmp_path):
    assert ("error" in case) != ("problem" in case), "a case expects an error line or a problem"
    path = case_path(case, tmp_path, BAD, H01)
    check_cli_case(case, path, game="archeotrek", codes=CODES, raw_control=RAW_CONTROL, matches=_matches)


@pytest.mark.parametrize("case", api_cases(CASES), ids=_case_id)
def test_bad_input_through_the_api(case):
    path = BAD / case["file"]
    if check_load_error(case, path, load_game):
        return
    problems = [p.to_dict() for p in validate(load_game(path))]
    assert any(_matches(p, case) for p in problems), problems


def test_every_file_in_the_corpus_has_a_case():
    check_every_file_has_a_case(BAD, CASES)


# -- cases that need the file system: odd names, permissions, symlinks ---------------------------


def test_odd_file_names_stay_one_line(tmp_path):
    check_missing_odd_name(tmp_path, "archeotrek", RAW_CONTROL)
    check_invalid_odd_name(tmp_path / "a\x07b.toml", str(tmp_path / "a\\x07b.toml"),
                           H01.replace("S2 = 5", "S2 = 6"), "archeotrek", RAW_CONTROL)


@POSIX_ONLY
def test_unreadable_file(tmp_path):
    check_unreadable_file(tmp_path, "archeotrek", H01)


def test_layout_symlink_leading_out_of_the_folder(tmp_path):
    outside = tmp_path / "outside.toml"
    outside.write_text("circles = [{ id = 'A1' }]\nlinks = []\n", encoding="utf-8")
    game_dir = tmp_path / "game"
    game_dir.mkdir()
    (game_dir / "site.toml").symlink_to(outside)
    game = game_dir / "g.toml"
    game.write_text('layout = "site.toml"\n' + H01.split("[layout]")[0], encoding="utf-8")
    with pytest.raises(PrintkitError, match="points outside the game file's folder"):
        load_game(game)


def test_layout_inside_a_subfolder_still_works(tmp_path):
    (tmp_path / "sites").mkdir()
    layout = H01.split("[layout]\n", 1)[1].split("[tokens]", 1)[0]
    (tmp_path / "sites" / "small.toml").write_text(layout, encoding="utf-8")
    game = tmp_path / "g.toml"
    game.write_text(H01.replace("[layout]\n" + layout, 'layout = "sites/../sites/small.toml"\n\n'),
                    encoding="utf-8")
    assert validate(load_game(game)) == []
