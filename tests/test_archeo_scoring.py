"""Archéo scoring: the handed cases, every rating band boundary, the shovel
table per player count, the end conditions, the board and piece checks,
inline boards as strangers' data, --rules through the CLI, stable JSON, a
fuzzed loader and the simulator.

The oracle is the test's own: the rulebook's words and numbers are written
out here (End of Game bands, Setup step 5's shovel table, Solo Mode's 8
cards) and the stars are counted from ``rules/archeo.toml`` read with
``tomllib`` — not through ``printkit.games.archeo``.
"""

from __future__ import annotations

import json
import random
import shutil
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit import PrintkitError
from printkit.cli import main
from printkit.scoring.tomlout import dumps_toml

ROOT = Path(__file__).resolve().parent.parent
CASES = Path(__file__).resolve().parent / "data" / "archeo"
EXAMPLES = ROOT / "examples" / "archeo"
RULES = ROOT / "rules" / "archeo.toml"

# -- the oracle: the rulebook, written out ---------------------------------------------

#: End of Game: 0-3, 4-6, 7-9 stars with their words; 10: the all-stars ending's words.
BANDS = [
    (0, 3, "You are on the right track, but you must find more treasures!"),
    (4, 6, "You are on the good path to become real paleontologists!"),
    (7, 9, "Very impressive! You are clear experts in excavation and have found almost everything!"),
    (10, 10, "You have collected all 10 stars"),
]
#: Setup step 5 (2 → 11, 3 → 10, 4 → 9, 5 → 8) and Solo Mode (8 shovel cards).
SHOVELS = {1: 8, 2: 11, 3: 10, 4: 9, 5: 8}
EGG_STARS = 2
TOTAL = 10


def oracle_band(stars: int) -> tuple[int, int, str]:
    return next(b for b in BANDS if b[0] <= stars <= b[1])


@pytest.fixture(scope="module")
def boards() -> dict[str, dict[str, int]]:
    """The bundled fossil boards, board → piece → stars, read directly from the TOML."""
    data = tomllib.loads(RULES.read_text(encoding="utf-8"))
    return {bid: dict(data["boards"][bid]["slots"]) for bid in data["boards"]["order"]}


def oracle_stars(boards: dict[str, dict[str, int]], placed: dict[str, list[str]], egg: bool) -> int:
    return sum(boards[b][p] for b, pieces in placed.items() for p in set(pieces)) + (EGG_STARS if egg else 0)


def star_slots(boards) -> list[tuple[str, str]]:
    return [(b, p) for b, slots in boards.items() for p, s in slots.items() if s]


# -- helpers ----------------------------------------------------------------------------


def game_text(players=3, ended="shovels", egg=False, broken=None, placed=None, boards=None, **extra) -> str:
    data = {"game": "archeo", "players": players, "ended": ended, "egg": egg,
            "broken": SHOVELS.get(players, 0) if broken is None else broken}
    data.update(extra)
    if boards is not None:
        data["boards"] = {bid: {"slots": slots} for bid, slots in boards.items()}
    data["placed"] = placed if placed is not None else {}
    return dumps_toml(data)


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def score_json(tmp_path, text: str, *extra: str) -> tuple[int, dict]:
    f = tmp_path / "game.toml"
    f.write_text(text, encoding="utf-8")
    r = run("score", "archeo", f, "--json", *extra)
    assert r.exit_code in (0, 1), r.output
    assert "Traceback" not in r.output
    return r.exit_code, json.loads(r.stdout)


def codes(data: dict) -> list[str]:
    return [p["code"] for p in data["problems"]]


def game_with_stars(boards, n: int) -> tuple[str, dict]:
    """A valid game whose table holds exactly ``n`` stars (bundled boards)."""
    slots = star_slots(boards)
    egg = n >= EGG_STARS and (n > len(slots) or n % 2 == 0)
    pieces = slots[: n - (EGG_STARS if egg else 0)]
    placed: dict[str, list[str]] = {}
    for b, p in pieces:
        placed.setdefault(b, []).append(p)
    # a piece without stars changes nothing
    zero = next((b, p) for b, sl in boards.items() for p, s in sl.items() if not s)
    placed.setdefault(zero[0], []).append(zero[1])
    ended = "stars" if n == TOTAL else "shovels"
    text = game_text(players=3, ended=ended, egg=egg, broken=4 if ended == "stars" else 10, placed=placed)
    return text, placed | {"_egg": egg}


# -- the handed cases -------------------------------------------------------------------


def test_h01_five_stars_inline_boards():
    f = CASES / "h01-five-stars.toml"
    r = run("score", "archeo", f, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["valid"] is True and data["problems"] == []
    assert data["stars"] == 5 and data["stars_possible"] == 10
    assert data["rating"] == {"min": 4, "max": 6, "words": BANDS[1][2]}
    assert data["ended"] == "shovels" and data["shovel_cards"] == 11 and data["broken"] == 11
    assert data["boards_from"] == "file"
    per = {b["board"]: b["stars"] for b in data["boards"]}
    assert per == {"triceratops": 2, "ammonite": 1, "stegosaurus": 2}     # horns 2 + spiral 1 + tail 2
    assert data["egg"] == {"found": False, "stars": 0, "stars_possible": 2}
    text = run("score", "archeo", f)
    assert text.exit_code == 0
    assert "Stars: 5 of 10" in text.stdout and BANDS[1][2] in text.stdout and "Rating 4–6" in text.stdout
    assert run("validate", "archeo", f).exit_code == 0


def test_h02_unknown_board():
    f = CASES / "h02-unknown-board.toml"
    for args in (("score", "archeo", f), ("validate", "archeo", f), ("score", "archeo", f, "--json")):
        r = run(*args)
        assert r.exit_code == 1 and "Traceback" not in r.output
    data = json.loads(run("score", "archeo", f, "--json").stdout)
    [p] = data["problems"]
    assert (p["code"], p["board"], p["severity"]) == ("unknown-board", "velociraptor", "error")
    assert data["stars"] is None and data["rating"] is None
    r = run("score", "archeo", f)
    [line] = r.stderr.splitlines()
    assert line.startswith(f"{f}: error [unknown-board] ") and "velociraptor" in line and not r.stdout


# -- every rating band boundary, each its own test, through the CLI --------------------


@pytest.mark.parametrize("n", [0, 3, 4, 6, 7, 9, 10])
def test_rating_band_boundary(n, boards, tmp_path):
    text, placed = game_with_stars(boards, n)
    egg = placed.pop("_egg")
    assert oracle_stars(boards, placed, egg) == n          # the test builds what it means to
    code, data = score_json(tmp_path, text)
    assert code == 0, data["problems"]
    lo, hi, words = oracle_band(n)
    assert data["stars"] == n and data["stars_possible"] == TOTAL
    assert (data["rating"]["min"], data["rating"]["max"]) == (lo, hi)
    assert data["rating"]["words"].startswith(words)
    f = tmp_path / "game.toml"
    out = run("score", "archeo", f).stdout
    assert f"Stars: {n} of {TOTAL}" in out and words in out


def test_random_games_agree_with_the_oracle(boards, tmp_path):
    rng = random.Random(7)
    for _ in range(25):
        placed = {b: [p for p in slots if rng.random() < 0.5] for b, slots in boards.items() if rng.random() < 0.8}
        egg = rng.random() < 0.5
        want = oracle_stars(boards, placed, egg)
        if want == TOTAL:
            continue
        code, data = score_json(tmp_path, game_text(players=2, egg=egg, placed=placed))
        assert code == 0 and data["stars"] == want, (placed, egg)
        assert data["rating"]["words"].startswith(oracle_band(want)[2])
        per = {b["board"]: b["stars"] for b in data["boards"]}
        assert per == {b: sum(boards[b][p] for p in placed.get(b, ())) for b in boards}


# -- players and the shovel table -------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_shovel_table_all_broken_is_valid(players, tmp_path):
    code, data = score_json(tmp_path, game_text(players=players, broken=SHOVELS[players]))
    assert code == 0, data["problems"]
    assert data["player_count"] == players and data["shovel_cards"] == SHOVELS[players]
    assert data["ended_because"] == f"all {SHOVELS[players]} shovel cards broken"


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_broken_beyond_the_shovel_cards_is_an_error(players, tmp_path):
    code, data = score_json(tmp_path, game_text(players=players, broken=SHOVELS[players] + 1))
    assert code == 1 and codes(data) == ["bad-broken"]
    assert data["problems"][0]["item"] == "broken" and str(SHOVELS[players]) in data["problems"][0]["message"]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_shovels_ending_with_a_card_unbroken_is_an_error(players, tmp_path):
    code, data = score_json(tmp_path, game_text(players=players, broken=SHOVELS[players] - 1))
    assert code == 1 and codes(data) == ["shovels-not-all-broken"]


@pytest.mark.parametrize("players", [0, 6, -1])
def test_players_outside_1_to_5(players, tmp_path):
    code, data = score_json(tmp_path, game_text(players=players, broken=0))
    assert code == 1 and codes(data) == ["bad-players"]


def test_negative_broken_and_wrong_types(tmp_path):
    code, data = score_json(tmp_path, game_text(broken=-1))
    assert code == 1 and codes(data) == ["bad-broken"]
    text = 'game = "archeo"\nplayers = "three"\nended = 1\negg = "yes"\nbroken = 2.5\nplaced = []\n'
    code, data = score_json(tmp_path, text)
    assert code == 1
    assert sorted((p["code"], p["item"]) for p in data["problems"]) == [
        ("wrong-type", "broken"), ("wrong-type", "egg"), ("wrong-type", "ended"), ("wrong-type", "placed"),
        ("wrong-type", "players")]


def test_missing_keys_unknown_key_and_game_name(tmp_path):
    code, data = score_json(tmp_path, 'game = "archeotrek"\nplayer = 3\n')
    assert code == 1
    got = {(p["code"], p["item"]) for p in data["problems"]}
    assert {("game-name", "game"), ("unknown-key", "player"), ("missing-key", "players"), ("missing-key", "ended"),
            ("missing-key", "egg"), ("missing-key", "broken"), ("missing-key", "placed")} == got
    code, data = score_json(tmp_path, game_text().replace('game = "archeo"\n', ""))
    assert code == 0 and codes(data) == ["game-name"] and data["problems"][0]["severity"] == "warning"


def test_bad_ended(tmp_path):
    code, data = score_json(tmp_path, game_text(ended="time"))
    assert code == 1 and codes(data) == ["bad-ended"]


# -- the end conditions ------------------------------------------------------------------


def test_stars_ending_needs_every_star_slot(boards, tmp_path):
    slots = star_slots(boards)
    missing = slots[3]
    placed: dict[str, list[str]] = {}
    for b, p in slots:
        if (b, p) != missing:
            placed.setdefault(b, []).append(p)
    code, data = score_json(tmp_path, game_text(ended="stars", egg=True, broken=2, placed=placed))
    assert code == 1 and codes(data) == ["stars-not-all"]
    p = data["problems"][0]
    assert (p["board"], p["piece"]) == missing


def test_stars_ending_needs_the_egg(boards, tmp_path):
    placed: dict[str, list[str]] = {}
    for b, p in star_slots(boards):
        placed.setdefault(b, []).append(p)
    code, data = score_json(tmp_path, game_text(ended="stars", egg=False, broken=2, placed=placed))
    assert code == 1 and codes(data) == ["stars-not-all"] and data["problems"][0]["item"] == "egg"
    code, data = score_json(tmp_path, game_text(ended="stars", egg=True, broken=2, placed=placed))
    assert code == 0 and data["stars"] == TOTAL and data["ended_because"] == "all 10 stars collected"


# -- boards and pieces -------------------------------------------------------------------


def test_unknown_piece_and_piece_twice(tmp_path):
    placed = {"triceratops": ["head", "head", "claw"], "Ammonite": ["shell"]}
    code, data = score_json(tmp_path, game_text(placed=placed))
    assert code == 1
    got = sorted((p["code"], p["board"], p["piece"]) for p in data["problems"])
    assert got == [("piece-twice", "triceratops", "head"), ("unknown-board", "Ammonite", None),
                   ("unknown-piece", "triceratops", "claw")]
    assert any("did you mean ammonite?" in p["message"] for p in data["problems"])


def test_every_problem_line_names_board_and_piece(tmp_path):
    f = tmp_path / "g.toml"
    f.write_text(game_text(placed={"triceratops": ["head", "head", "claw"], "velociraptor": ["claw"]}))
    r = run("validate", "archeo", f)
    lines = r.stdout.splitlines()
    assert r.exit_code == 1 and lines[-1] == f"{f}: invalid (3 error(s), 0 warning(s))"
    assert any("piece-twice" in s and "triceratops" in s and "head" in s for s in lines)
    assert any("unknown-piece" in s and "triceratops" in s and "'claw'" in s for s in lines)
    assert any("unknown-board" in s and "'velociraptor'" in s for s in lines)


# -- inline boards: a stranger's data ------------------------------------------------------


def test_inline_boards_replace_the_bundled_ones(tmp_path):
    boards = {"mammoth": {"tusks": 3, "trunk": 0}, "trilobite": {"head": 2}}
    code, data = score_json(tmp_path, game_text(boards=boards, placed={"mammoth": ["tusks"]}, egg=True))
    assert code == 0 and data["stars"] == 5 and data["stars_possible"] == 3 + 2 + EGG_STARS
    code, data = score_json(tmp_path, game_text(boards=boards, placed={"triceratops": ["head"]}))
    assert code == 1 and codes(data) == ["unknown-board"] and "file's [boards]" in data["problems"][0]["message"]


def test_inline_boards_stars_ending_uses_their_stars(tmp_path):
    boards = {"mammoth": {"tusks": 3, "trunk": 0}}
    code, data = score_json(tmp_path, game_text(boards=boards, placed={"mammoth": ["tusks"]}, egg=True,
                                                ended="stars", broken=1))
    assert code == 0 and data["stars"] == data["stars_possible"] == 5
    assert data["rating"]["words"] == BANDS[1][2]       # rated by the stars collected (End of Game)


@pytest.mark.parametrize("boards,code,where", [
    ({"sabre tooth": {"fangs": 1}}, "bad-id", ("sabre tooth", None)),
    ({"x" * 21: {"a": 1}}, "bad-id", ("x" * 21, None)),
    ({"-x": {"a": 1}}, "bad-id", ("-x", None)),
    ({"m": {"a b": 1}}, "bad-id", ("m", "a b")),
    ({"m": {"a\u202eb": 1}}, "bad-id", ("m", "'a\\u202eb'")),
    ({"m": {"tusks": 6}}, "bad-stars", ("m", "tusks")),
    ({"m": {"tusks": -1}}, "bad-stars", ("m", "tusks")),
    ({"m": {"tusks": 1.0}}, "bad-stars", ("m", "tusks")),
    ({"m": {"tusks": True}}, "bad-stars", ("m", "tusks")),
    ({"m": {f"p{i}": 0 for i in range(9)}}, "bad-boards", ("m", None)),
    ({f"b{i}": {"a": 0} for i in range(11)}, "bad-boards", (None, None)),
    ({"m": {"a": 5}, "n": {"a": 4}}, "too-many-stars", (None, None)),
])
def test_bad_inline_boards_are_one_problem_naming_board_and_piece(boards, code, where, tmp_path):
    f = tmp_path / "g.toml"
    f.write_text(game_text(boards=boards, placed={b: [] for b in list(boards)[:1]}), encoding="utf-8")
    r = run("validate", "archeo", f)
    assert r.exit_code == 1 and "Traceback" not in r.output
    code_, data = score_json(tmp_path, f.read_text(encoding="utf-8"))
    assert codes(data) == [code], data["problems"]
    p = data["problems"][0]
    assert (p["board"], p["piece"]) == where
    [line, summary] = r.stdout.splitlines()
    assert f"[{code}]" in line and "\x1b" not in line and "\u202e" not in line


def test_empty_boards_table_and_boards_of_the_wrong_type(tmp_path):
    code, data = score_json(tmp_path, game_text(placed={"m": ["a"]}).replace("[placed]", "boards = {}\n[placed]"))
    assert code == 1 and codes(data) == ["bad-boards"]   # [placed] on refused boards is not reported twice
    text = game_text(placed={"m": ["a"]}).replace("[placed]", 'boards = 3\n[placed]')
    code, data = score_json(tmp_path, text)
    assert codes(data) == ["wrong-type"] and data["problems"][0]["item"] == "boards"
    text = game_text(placed={}).replace("[placed]", '[boards.m]\nslot = { a = 1 }\n[placed]')
    code, data = score_json(tmp_path, text)
    assert sorted(codes(data)) == ["missing-key", "unknown-key"]


# -- --rules: house rules through the CLI ------------------------------------------------


@pytest.fixture(scope="module")
def house(tmp_path_factory) -> Path:
    """House rules: the triceratops frill gives 0, the stegosaurus head 1;
    3 players play with 7 shovel cards; the top band's words differ."""
    folder = tmp_path_factory.mktemp("house")
    text = RULES.read_text(encoding="utf-8")
    text = text.replace("slots = { head = 1, frill = 1, body = 0, tail = 0 }",
                        "slots = { head = 1, frill = 0, body = 0, tail = 0 }")
    text = text.replace("slots = { head = 0, plates = 1, body = 0, tail = 1 }",
                        "slots = { head = 1, plates = 1, body = 0, tail = 1 }")
    text = text.replace("\n3 = 10\n", "\n3 = 7\n")
    text = text.replace('"Very impressive! You are clear experts in excavation and have found almost everything!"',
                        '"House words: nearly all of them!"')
    (folder / "archeo.toml").write_text(text, encoding="utf-8")
    return folder


def test_rules_folder_changes_stars_shovels_and_words(house, tmp_path):
    f = tmp_path / "g.toml"
    placed = {"triceratops": ["head", "frill"], "stegosaurus": ["head", "plates", "tail"],
              "tyrannosaurus": ["head", "legs"]}
    f.write_text(game_text(players=3, broken=7, egg=False, placed=placed), encoding="utf-8")
    bundled = json.loads(run("score", "archeo", f, "--json").stdout)
    assert codes(bundled) == ["shovels-not-all-broken"]       # 3 players: 10 cards in the rulebook
    r = run("score", "archeo", f, "--json", "--rules", house)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["stars"] == 1 + 0 + 1 + 1 + 1 + 1 + 1 == 6 and data["shovel_cards"] == 7
    f.write_text(game_text(players=3, broken=7, egg=True, placed=placed), encoding="utf-8")
    data = json.loads(run("score", "archeo", f, "--json", "--rules", house).stdout)
    assert data["stars"] == 8 and data["rating"]["words"] == "House words: nearly all of them!"
    assert run("validate", "archeo", f, "--rules", house).exit_code == 0
    assert run("validate", "archeo", f).exit_code == 1


def test_bad_rules_folder_is_one_line(tmp_path):
    folder = tmp_path / "bad"
    folder.mkdir()
    shutil.copy(RULES, folder / "archeo.toml")
    p = folder / "archeo.toml"
    p.write_text(p.read_text(encoding="utf-8").replace("slots = { spiral = 0, shell = 1 }",
                                                       "slots = { spiral = 0, shell = 99 }"), encoding="utf-8")
    game = tmp_path / "g.toml"
    game.write_text(game_text(), encoding="utf-8")
    for cmd in ("score", "validate"):
        r = run(cmd, "archeo", game, "--rules", folder)
        assert r.exit_code == 1 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.output
        assert "archeo.toml" in r.stderr and "boards.ammonite.slots.shell" in r.stderr
    r = run("score", "archeo", game, "--rules", tmp_path / "nowhere")
    assert r.exit_code == 2


# -- JSON shape, stable ---------------------------------------------------------------------

ENVELOPE = ["game", "source", "valid", "stars", "stars_possible", "rating", "ended", "ended_because", "winners",
            "players", "player_count", "shovel_cards", "broken", "boards_from", "boards", "egg", "problems",
            "problems_total", "problems_omitted"]


def test_json_fields_are_stable(tmp_path):
    code, data = score_json(tmp_path, game_text(players=2, placed={"ammonite": ["shell"]}))
    assert code == 0 and list(data) == ENVELOPE
    assert data["winners"] == [] and data["players"] == []          # cooperative: nobody ranked
    assert list(data["rating"]) == ["min", "max", "words"]
    assert [b["board"] for b in data["boards"]] == ["triceratops", "sarcosuchus", "ammonite", "tyrannosaurus",
                                                     "stegosaurus"]
    assert list(data["boards"][0]) == ["board", "name", "stars", "stars_possible", "slots"]
    assert list(data["boards"][0]["slots"][0]) == ["piece", "stars", "placed"]
    assert list(data["egg"]) == ["found", "stars", "stars_possible"]
    assert data["boards_from"] == "rules" and data["boards"][2]["stars"] == 1
    code, bad = score_json(tmp_path, game_text(players=9))
    assert code == 1 and list(bad) == ENVELOPE
    assert [bad[k] for k in ("stars", "rating", "ended", "boards", "egg", "boards_from")] == [None] * 3 + [[]] + [None] * 2
    assert list(bad["problems"][0]) == ["code", "severity", "player", "board", "piece", "item", "message", "rule"]


def test_usage_errors_exit_2(tmp_path):
    assert run("score", "archeo").exit_code == 2
    assert run("score", "archeo", CASES / "h01-five-stars.toml", "--jsn").exit_code == 2


# -- the examples, and the simulator -------------------------------------------------------------


@pytest.mark.parametrize("name,ok,stars", [
    ("finished-3-players.toml", True, 6), ("all-stars-solo.toml", True, 10), ("house-boards.toml", True, 4),
    ("invalid-ending.toml", False, None), ("invalid-house-boards.toml", False, None),
])
def test_examples(name, ok, stars):
    r = run("score", "archeo", EXAMPLES / name, "--json")
    assert r.exit_code == (0 if ok else 1)
    assert json.loads(r.stdout)["stars"] == stars
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    assert f"`{name}`" in readme


def test_examples_readme_lists_every_code():
    from printkit.games.archeo.game import CODES

    for doc in (EXAMPLES / "README.md", ROOT / "docs" / "scoring-archeo.md"):
        text = doc.read_text(encoding="utf-8")
        assert all(f"`{c}`" in text for c in CODES), doc


def test_simulated_games_are_valid(boards, tmp_path):
    ends = set()
    for players in range(1, 6):
        for seed in range(8):
            f = tmp_path / f"sim-{players}-{seed}.toml"
            r = run("simulate", "archeo", "--players", players, "--seed", seed, "-o", f)
            assert r.exit_code == 0, r.output
            game = tomllib.loads(f.read_text(encoding="utf-8"))
            r = run("score", "archeo", f, "--json")
            assert r.exit_code == 0, r.output
            data = json.loads(r.stdout)
            assert data["stars"] == oracle_stars(boards, game["placed"], game["egg"])
            ends.add(data["ended"])
            if data["ended"] == "shovels":
                assert data["stars"] < TOTAL
    assert ends == {"stars", "shovels"}
    assert run("simulate", "archeo", "--players", 6).exit_code == 2


# -- the loader never breaks: fuzzed structures ---------------------------------------------------

_leaf = (st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from([2**63, -(2**63) - 1, 10**30])
         | st.floats(allow_nan=True) | st.text(max_size=6)
         | st.sampled_from(["stars", "shovels", "head", "frill", "triceratops", "ammonite", "a\x1bb", "\u202e"]))
_tree = st.recursive(_leaf, lambda kids: st.lists(kids, max_size=4)
                     | st.dictionaries(st.text(max_size=5) | st.sampled_from(["slots", "head", "mammoth"]), kids,
                                       max_size=4), max_leaves=14)
_keys = st.sampled_from(["game", "players", "ended", "egg", "broken", "boards", "placed", "extra"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_keys, _tree, max_size=8), st.data())
def test_fuzzed_structures_never_raise(raw, data):
    from printkit.games.archeo import game as G
    from printkit.games.archeo import scoring as S

    if data.draw(st.booleans(), label="near-valid"):
        base = {"game": "archeo", "players": 3, "ended": "shovels", "egg": False, "broken": 10,
                "placed": {"triceratops": ["head"]}, "boards": {"mammoth": {"slots": {"tusks": 2}}}}
        raw = base | raw
    g = G.game_from_dict(raw, source="fuzz.toml")
    res = S.score_game(g)
    for p in res.problems:
        line = str(p)
        assert "\n" not in line and "\x1b" not in line and p.code in G.CODES
    out = json.loads(S.render_json(res))
    assert list(out) == ENVELOPE[:-2]
    S.render_text(res).encode("utf-8")
    if res.valid:
        assert 0 <= res.stars <= res.stars_possible <= 10


def test_a_file_that_is_not_a_table_is_one_line(tmp_path):
    f = tmp_path / "g.json"
    f.write_text("[1, 2]", encoding="utf-8")
    r = run("score", "archeo", f)
    assert r.exit_code == 1 and len(r.stderr.splitlines()) == 1 and "not a list" in r.stderr
    with pytest.raises(PrintkitError):
        from printkit.games.archeo.game import game_from_dict

        game_from_dict([1], source="x")


def test_a_flood_of_bad_pieces_is_capped_and_fast(tmp_path):
    import time

    f = tmp_path / "flood.toml"
    f.write_text(game_text(placed={"triceratops": ["head"] * 20_000, "ammonite": ["claw"] * 20_000}), encoding="utf-8")
    t = time.process_time()
    r = run("validate", "archeo", f)
    assert time.process_time() - t < 5
    lines = r.stdout.splitlines()
    assert r.exit_code == 1 and len(lines) == 202 and "39,799 more" in lines[-2]
    assert lines[-1] == f"{f}: invalid (39999 error(s), 0 warning(s))"


# -- the game ends at the first condition reached (issue 24) --------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_stars_ending_with_every_shovel_broken_is_refused(boards, players, tmp_path):
    """End of Game: 'as soon as one of these conditions occurs' — a turn turns one tile,
    so the last star and the last broken shovel cannot both happen: with every shovel card
    broken the game ended by shovels, and 'stars' is refused."""
    placed: dict[str, list[str]] = {}
    for b, p in star_slots(boards):
        placed.setdefault(b, []).append(p)
    code, data = score_json(tmp_path, game_text(players=players, ended="stars", egg=True,
                                                broken=SHOVELS[players], placed=placed))
    assert code == 1 and codes(data) == ["ended-twice"] and data["problems"][0]["item"] == "broken"
    code, data = score_json(tmp_path, game_text(players=players, ended="stars", egg=True,
                                                broken=SHOVELS[players] - 1, placed=placed))
    assert code == 0 and data["stars"] == TOTAL


@pytest.mark.parametrize("players", [1, 3, 5])
def test_shovels_ending_with_all_stars_is_refused(boards, players, tmp_path):
    placed: dict[str, list[str]] = {}
    for b, p in star_slots(boards):
        placed.setdefault(b, []).append(p)
    code, data = score_json(tmp_path, game_text(players=players, ended="shovels", egg=True, placed=placed))
    assert code == 1 and codes(data) == ["ended-twice"] and data["problems"][0]["item"] == "ended"
    # one star short (the egg not found, or one star slot empty): the shovels ended it
    code, data = score_json(tmp_path, game_text(players=players, ended="shovels", egg=False, placed=placed))
    assert code == 0 and data["stars"] == TOTAL - EGG_STARS
    b, p = star_slots(boards)[0]
    fewer = {k: [x for x in v if (k, x) != (b, p)] for k, v in placed.items()}
    code, data = score_json(tmp_path, game_text(players=players, ended="shovels", egg=True, placed=fewer))
    assert code == 0 and data["stars"] < TOTAL


def test_h03_h04_ended_twice_cases():
    for name, item in (("h03-stars-after-every-shovel-broke.toml", "broken"), ("h04-shovels-after-all-stars.toml", "ended")):
        r = run("score", "archeo", CASES / name, "--json")
        assert r.exit_code == 1, r.output
        data = json.loads(r.stdout)
        assert codes(data) == ["ended-twice"] and data["problems"][0]["item"] == item
