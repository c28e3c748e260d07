"""Fuzzing the ArchéoTREK scorer (issue 7): random structures, mutated
simulated games and corrupted file text go through the whole pipeline —
``parse`` → ``game_from_dict`` → ``validate`` → ``score_game`` → both renderers.

Invariants:

* no exception other than :class:`printkit.PrintkitError` escapes;
* every :class:`Problem` has a documented code (README table = ``CODES``), that
  code's severity (``choices-unfinished`` and ``game-name`` may be warnings),
  a message, and a location: a player (a name, or "player N" when the name
  itself is bad) — or it is file-level by design (``game-name``, a top-level
  ``unknown-key``, ``no-players``, ``player`` not a list of tables);
* area problems carry their area number, circle/token problems their labels;
* everything printed is valid UTF-8 with no raw control characters, and the
  JSON output parses.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from printkit import PrintkitError
from printkit.games.archeotrek.game import game_from_dict, load_game
from printkit.games.archeotrek.scoring import render_json, render_text, score_game
from printkit.games.archeotrek.simulate import simulate
from printkit.scoring.tomlout import dumps_toml
from printkit.games.archeotrek.validate import CODES, Problem, _validate_all, tables_for, token_index_for, validate
from printkit.inputfiles import parse_json

from scorer_checks import (
    BYTES, COMMON_INSERTS, FAST, GENERIC_MUTATIONS, check_corrupted_text, check_duplicate_keys_refused,
    check_renderings, leaf_and_json_like, load_random_bytes, mutate_at, nasty_int, paths, random_bytes,
)

GAMES = [simulate(players, seed) for players, seed in [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4), (8, 5)]]
FILE_LEVEL = {"game-name", "unknown-key", "no-players", "wrong-type"}
AREA_CODES = {
    "area-empty", "area-unfilled", "area-not-contiguous", "area-sum", "area-overlap",
    "too-many-tokens", "too-few-tokens", "unknown-token", "duplicate-token",
}
CIRCLE_CODES = {"value-out-of-range", "special-circle", "not-connected", "no-assignment"}
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def check_problem(p: Problem, partial: bool) -> None:
    assert isinstance(p, Problem)
    assert p.code in CODES, p
    default = CODES[p.code][0]
    assert p.severity == default or (p.code, p.severity) in {
        ("choices-unfinished", "warning"), ("game-name", "warning"),
    }, p
    if p.code == "choices-unfinished":
        assert p.severity == ("warning" if partial else "error")
    assert p.message and p.rule
    if p.player is None:
        assert p.code in FILE_LEVEL, p
        if p.code == "unknown-key":
            assert p.message.startswith("unknown top-level key")
        if p.code == "wrong-type":
            assert p.message.startswith("`player` is")
    else:
        assert isinstance(p.player, str) and p.player.strip()
    if p.code in AREA_CODES:
        assert isinstance(p.area, int) and p.area >= 1, p
    if p.code in CIRCLE_CODES or p.code == "unknown-circle":
        assert p.circles, p
    if p.code in ("unknown-token", "duplicate-token"):
        assert p.tokens, p
    assert all(isinstance(c, str) for c in p.circles + p.tokens)
    line = str(p)
    line.encode("utf-8")
    assert not RAW_CONTROL.search(line), line


def run_pipeline(data, partial: bool = False):
    """game_from_dict → validate → score_game → renderers; the invariants."""
    try:
        game = game_from_dict(data, source="fuzz.toml")
    except PrintkitError as exc:
        assert str(exc).startswith("fuzz.toml")
        return None
    sheets, full_sheets = [], []
    problems = validate(game, partial=partial, sheets=sheets)
    # the quick pass for a game without problems gives what the full check gives
    assert problems == _validate_all(game, tables_for(game.layout), token_index_for(game.tokens),
                                     partial, full_sheets)
    assert sheets == full_sheets
    for p in problems:
        check_problem(p, partial)
    result = score_game(game, partial=partial)
    assert result.problems == problems
    assert result.valid == (not any(p.severity == "error" for p in problems))
    check_renderings(result, problems, render_text, render_json, RAW_CONTROL)
    if result.valid:
        assert sorted(s.name for s in result.players) == sorted(p.name for p in game.players)
    return result


# -- strategies -----------------------------------------------------------------------------

NASTY_TEXT = st.sampled_from([
    "", " ", "\u200b", "A1", "a1", "S1 ", "blue-4", "blue-", "-4", "blue--4", "Zoë", "Zoe\u0308",
    "Ｎｏａ", "🦴", "👩\u200d👩\u200d👧", "نوا", "\u202eaoN", "\x1b[31m", "\x00", "\ud800",
    "x" * 300, "player", "area", "circles", "bones", "choices", "name", "game", "archeotrek",
])
NASTY_INT = nasty_int(0, 1, -1, 9, 12)
leaf, json_like = leaf_and_json_like(NASTY_TEXT, NASTY_INT)
player_like = st.fixed_dictionaries({}, optional={
    "name": json_like | NASTY_TEXT,
    "choices": json_like | st.dictionaries(
        st.sampled_from(["yellow", "red", "difference", "sum", "Sum", "product"]),
        NASTY_INT | st.integers(-2, 8) | leaf, max_size=5),
    "circles": json_like | st.dictionaries(
        st.sampled_from(["A1", "A2", "B1", "B2", "B5", "C3", "D2", "a1", "Z9"]) | NASTY_TEXT,
        st.integers(-1, 13) | leaf, max_size=8),
    "area": json_like | st.lists(st.fixed_dictionaries({}, optional={
        "circles": json_like | st.lists(st.sampled_from(["A1", "A2", "B1", "B2", "Q"]) | NASTY_TEXT, max_size=4),
        "bones": json_like | st.lists(st.sampled_from(["blue-1", "green-9", "red-3"]) | NASTY_TEXT, max_size=3),
        "tokens": leaf,
    }), max_size=3),
    "score": leaf,
})
layout_like = st.fixed_dictionaries({}, optional={
    "circles": json_like | st.lists(st.fixed_dictionaries({"id": NASTY_TEXT | leaf}, optional={
        "kind": st.sampled_from(["normal", "red", "yellow", "plus", "blue"]) | leaf}), max_size=5),
    "links": json_like | st.lists(st.lists(NASTY_TEXT | st.sampled_from(["A1", "A2"]), max_size=3), max_size=4),
    "choices": json_like, "dice": json_like, "extra": leaf,
})
tokens_like = st.fixed_dictionaries({}, optional={
    "bones": json_like | st.dictionaries(NASTY_TEXT, st.lists(NASTY_INT | st.integers(0, 9), max_size=4), max_size=3),
    "skeletons": json_like | st.dictionaries(NASTY_TEXT, NASTY_INT | leaf, max_size=3),
})
game_like = st.fixed_dictionaries({}, optional={
    "game": st.just("archeotrek") | leaf,
    "player": st.lists(player_like, max_size=4) | player_like | json_like,
    "layout": layout_like | leaf,
    "tokens": tokens_like | leaf,
    "players": leaf,
})


# -- random structures ----------------------------------------------------------------------


@FAST
@given(json_like | game_like, st.booleans())
def test_random_structures(data, partial):
    run_pipeline(data, partial)


# -- mutated simulated games -------------------------------------------------------------------


MUTATIONS = (*GENERIC_MUTATIONS, "swap-players", "copy-token")


@FAST
@given(st.sampled_from(range(len(GAMES))), st.data(), st.booleans())
def test_mutated_simulated_games(index, data, partial):
    game = json.loads(json.dumps(GAMES[index]))  # a deep copy
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        spots = paths(game)
        if not spots:
            break
        container, key = data.draw(st.sampled_from(spots), label="where")
        how = data.draw(st.sampled_from(MUTATIONS), label="how")
        players = game.get("player") if isinstance(game.get("player"), list) else []
        if how in GENERIC_MUTATIONS:
            mutate_at(data, how, container, key, leaf | json_like, NASTY_TEXT)
        elif how == "swap-players" and len(players) > 1:
            a, b = players[0], players[1]
            if isinstance(a, dict) and isinstance(b, dict):
                a["name"], b["name"] = b.get("name"), a.get("name")
        elif how == "copy-token":
            areas = [ar for p in players if isinstance(p, dict) and isinstance(p.get("area"), list)
                     for ar in p["area"] if isinstance(ar, dict) and isinstance(ar.get("bones"), list)]
            if len(areas) > 1 and areas[0]["bones"]:
                areas[-1]["bones"].append(areas[0]["bones"][0])
    run_pipeline(game, partial)


def test_unmutated_simulated_games_score():
    for g in GAMES:
        result = run_pipeline(g)
        assert result is not None and result.valid


# -- corrupted file text ------------------------------------------------------------------------

INSERTS = st.sampled_from(COMMON_INSERTS)


@pytest.fixture(scope="module")
def texts():
    out = []
    for g in GAMES[:4]:
        out.append(("toml", dumps_toml(g)))
        out.append(("json", json.dumps(g, indent=1)))
    return out


@FAST
@given(st.data())
def test_corrupted_file_text(texts, data):
    check_corrupted_text(texts, data, INSERTS, run_pipeline)


@BYTES
@given(random_bytes("archeotrek"), st.sampled_from(["g.toml", "g.json"]))
def test_random_bytes_as_a_file(tmp_path_factory, raw, name):
    game = load_random_bytes(tmp_path_factory, raw, name, load_game)
    if game is None:
        return
    for p in validate(game):
        check_problem(p, False)


def test_json_duplicate_keys_are_refused_at_any_depth():
    check_duplicate_keys_refused(('{"game": "archeotrek", "game": "x"}',
                                  '{"player": [{"name": "A", "circles": {"A1": 1, "A1": 2}}]}'))


@given(st.sampled_from(range(len(GAMES))))
@settings(max_examples=6, deadline=None)
def test_simulated_games_survive_a_json_round_trip(index):
    assume(GAMES[index]["player"])
    parsed = parse_json(json.dumps(GAMES[index]), "t.json")
    assert run_pipeline(parsed).valid


# -- valid but unusual layouts and token sets -----------------------------------------------------

IDS = ["A1", "A2", "A3", "B1", "B2", "B3", "ß", "🦴", "نوا", "x-1"]


@st.composite
def odd_games(draw):
    ids = draw(st.lists(st.sampled_from(IDS), min_size=1, max_size=len(IDS), unique=True))
    links = draw(st.lists(st.lists(st.sampled_from(ids), min_size=2, max_size=2, unique=True), max_size=12)) \
        if len(ids) > 1 else []
    faces = st.lists(st.integers(0, 12), min_size=1, max_size=6)
    layout = {
        "circles": [{"id": i, "kind": draw(st.sampled_from(["normal", "normal", "red", "yellow", "plus"]))}
                    for i in ids],
        "links": links,
        "choices": {line: draw(st.integers(0, 4)) for line in ("yellow", "red", "difference", "sum")},
        "dice": {"red": draw(faces), "yellow": draw(faces)},
    }
    colours = draw(st.lists(st.sampled_from(["blue", "light-blue", "b", "blue-1", "ochre 2", "🦴"]),
                            min_size=1, max_size=4, unique=True))
    bones = {c: draw(st.lists(st.integers(0, 9), min_size=1, max_size=4, unique=True)) for c in colours}
    tokens = {"bones": bones, "skeletons": {c: draw(st.integers(0, 4)) for c in colours}}
    token_ids = [f"{c}-{v}" for c, vs in bones.items() for v in vs]
    players = []
    for n in range(draw(st.integers(1, 4))):
        circles = draw(st.dictionaries(st.sampled_from(ids), st.integers(0, 12), max_size=len(ids)))
        areas = draw(st.lists(st.fixed_dictionaries({
            "circles": st.lists(st.sampled_from(ids), min_size=1, max_size=3, unique=True),
            "bones": st.lists(st.sampled_from(token_ids), max_size=2),
        }), max_size=3))
        players.append({
            "name": draw(st.sampled_from(["Ana", "ana", "Zoë", "Zoe\u0308", "東京", "🦴", f"P{n}"])),
            "choices": {line: draw(st.integers(0, 4)) for line in ("yellow", "red", "difference", "sum")},
            "circles": circles, "area": areas,
        })
    return {"game": "archeotrek", "layout": layout, "tokens": tokens, "player": players}


@FAST
@given(odd_games(), st.booleans())
def test_unusual_but_well_formed_layouts(data, partial):
    result = run_pipeline(data, partial)
    assert result is not None, "a well-formed layout and token set is accepted"
    for s in result.players:
        assert s.score == s.bone_points + s.skeleton_points - s.empty_handed_points
    if result.players:
        top = max(s.score for s in result.players)
        assert {s.name for s in result.players if s.score == top} == set(result.winners)
        assert sorted(s.rank for s in result.players)[0] == 1
