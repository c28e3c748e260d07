"""Fuzzing the Archaeology scorer (issue 7): random structures, mutated
``simulate`` games, corrupted file text and random bytes go through the whole
pipeline — parse → ``game_from_dict`` → ``validate`` → ``score_game`` → both
renderers — and well-formed random games (house-rule ``sell`` tables included)
check the museum arithmetic against an independent count.

Invariants:

* no exception other than :class:`printkit.PrintkitError` escapes, and its
  message is one line naming the source;
* every :class:`Problem` has a documented code (``CODES`` = the table in
  ``docs/scoring-archaeology.md``), that code's severity (``game-name`` may be a
  warning), a message and a location — a player (a name, or "player N" when the
  name itself is bad) or an item (treasure id, money, keys, name, game, a key);
  only ``no-players`` has neither;
* everything printed is one valid UTF-8 line per problem with no raw control
  characters, and the JSON output parses;
* a valid game's money adds up: total = money banked + the sales; each sale is
  full sets × the last ``sell`` value + one smaller set; ranks and winners follow
  the totals; one more card of a type never pays less.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit import PrintkitError
from printkit.games.archaeology.data import bundled_rules
from printkit.games.archaeology.game import CODES, Problem, game_from_dict, load_game
from printkit.games.archaeology.scoring import (
    museum_value, render_json, render_text, score_game, simulate_toml, validate,
)
from printkit.inputfiles import parse_json, parse_toml

from scorer_checks import (
    BYTES, COMMON_INSERTS, EXAMPLES, FAST, GENERIC_MUTATIONS, check_corrupted_text,
    check_duplicate_keys_refused, check_renderings, leaf_and_json_like, load_random_bytes, mutate_at, nasty_int,
    paths, random_bytes,
)

RULES = bundled_rules()
IDS = list(RULES.treasures)
TEXTS = [simulate_toml(players, seed) for players, seed in [(2, 0), (3, 1), (4, 2), (5, 3), (6, 4), (1, 5)]]
GAMES = [parse_toml(t, "sim.toml") for t in TEXTS]
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def check_problem(p: Problem) -> None:
    assert isinstance(p, Problem)
    assert p.code in CODES, p
    assert p.severity == CODES[p.code][0] or (p.code, p.severity) == ("game-name", "warning"), p
    assert p.message and p.rule
    assert p.player is None or (isinstance(p.player, str) and p.player.strip()), p
    assert p.item is None or (isinstance(p.item, str) and p.item), p
    assert p.player or p.item or p.code == "no-players", f"problem without a location: {p}"
    if p.code in ("too-many-cards", "unknown-treasure", "bad-sell-table", "bad-count", "too-many-keys",
                  "unknown-key", "missing-key", "game-name", "duplicate-player"):
        assert p.item, p
    line = str(p)
    line.encode("utf-8")
    assert "\n" not in line and "\r" not in line, line
    assert not RAW_CONTROL.search(line), line
    assert not RAW_CONTROL.search(p.item or ""), p
    assert len(line) < 2000 + len(p.player or ""), line  # values are quoted short


def check_money(game, result) -> None:
    """A valid result's dollars, recomputed independently."""
    by_name = {p.name: p for p in game.players}
    assert sorted(r.name for r in result.players) == sorted(by_name)
    for r in result.players:
        p = by_name[r.name]
        assert (r.money, r.keys, r.seat) == (p.money, p.keys, p.seat)
        assert {s.treasure: s.count for s in r.sales} == {t: n for t, n in p.treasures.items() if n}
        for s in r.sales:
            table = game.treasures[s.treasure].sell
            assert s.full_sets * len(table) + s.remainder == s.count and 0 <= s.remainder < len(table)
            assert s.full_value == table[-1]
            assert s.remainder_value == (table[s.remainder - 1] if s.remainder else 0)
            assert s.value == s.full_sets * table[-1] + s.remainder_value == museum_value(s.count, table)
            assert museum_value(s.count + 1, table) > s.value  # one more card never pays less
            assert str(s.value) in s.explain()
        assert r.sales_total == sum(s.value for s in r.sales)
        assert r.total == r.money + r.sales_total >= r.money
    totals = [r.total for r in result.players]
    assert totals == sorted(totals, reverse=True)
    for r in result.players:
        assert r.rank == 1 + sum(1 for t in totals if t > r.total)
    if result.players:
        assert result.winners == [r.name for r in result.players if r.total == totals[0]]
    for tid, t in game.treasures.items():
        assert sum(p.treasures.get(tid, 0) for p in game.players) <= t.count
    assert sum(p.keys for p in game.players) <= game.deck_keys


def run_pipeline(data, source: str = "fuzz.toml"):
    """game_from_dict → validate → score_game → renderers; the invariants."""
    try:
        game = game_from_dict(data, source=source)
    except PrintkitError as exc:
        assert str(exc).startswith(source) and "\n" not in str(exc)
        return None
    problems = validate(game)
    for p in problems:
        check_problem(p)
    result = score_game(game)
    assert result.problems == problems
    assert result.valid == (not any(p.severity == "error" for p in problems)) == game.valid
    out = check_renderings(result, problems, render_text, render_json, RAW_CONTROL)
    if result.valid:
        check_money(game, result)
        assert [p["total"] for p in out["players"]] == [r.total for r in result.players]
    else:
        assert result.players == [] and result.winners == [] and out["players"] == []
    return result


# -- strategies -----------------------------------------------------------------------------

NASTY_TEXT = st.sampled_from([
    "", " ", "\u200b", "Ana", "ana", " Ana ", "Ａｎａ", "An\u200ba", "Chloé", "Chloe\u0301", "🦴", "نوا",
    "\u202eanA", "\x1b[31m", "\x00", "\ud800", "x" * 300, "player 1", "coin", "Coin", "pot_shard",
    "pharaoh's mask", "talisman", "ruby", "money", "keys", "treasures", "name", "sell", "trade",
    "game", "archaeology", "player", "players",
])
NASTY_INT = nasty_int(0, 1, -1, 3, 6, 7, 12, 13)
leaf, json_like = leaf_and_json_like(NASTY_TEXT, NASTY_INT)
tid_like = st.sampled_from(IDS) | NASTY_TEXT
count_like = st.integers(0, 13) | NASTY_INT | leaf
player_like = st.fixed_dictionaries({}, optional={
    "name": NASTY_TEXT | json_like,
    "money": st.integers(0, 60) | NASTY_INT | leaf,
    "treasures": st.dictionaries(tid_like, count_like, max_size=5) | json_like,
    "keys": st.integers(0, 7) | NASTY_INT | leaf,
    "score": leaf,
})
sell_like = (
    st.lists(st.integers(-2, 40), max_size=7)
    | st.lists(NASTY_INT | st.integers(1, 30), min_size=1, max_size=5)
    | st.lists(st.integers(1, 5), min_size=1, max_size=5, unique=True).map(sorted)
    | st.builds(list, st.just(range(1, 100_000)))
    | leaf
)
override_like = st.fixed_dictionaries({}, optional={
    "trade": st.integers(-1, 6) | NASTY_INT | leaf, "sell": sell_like, "count": leaf,
})
game_like = st.fixed_dictionaries({}, optional={
    "game": st.just("archaeology") | leaf,
    "treasures": st.dictionaries(tid_like, override_like | leaf, max_size=3) | json_like,
    "player": st.lists(player_like, max_size=5) | player_like | json_like,
    "players": leaf,
})


# -- random structures ----------------------------------------------------------------------


@FAST
@given(json_like | game_like)
def test_random_structures(data):
    run_pipeline(data)


# -- mutated simulated games -------------------------------------------------------------------


MUTATIONS = (*GENERIC_MUTATIONS, "swap-names", "move-card", "house-rule", "bump")


@FAST
@given(st.sampled_from(range(len(GAMES))), st.data())
def test_mutated_simulated_games(index, data):
    game = json.loads(json.dumps(GAMES[index]))  # a deep copy
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        spots = paths(game)
        how = data.draw(st.sampled_from(MUTATIONS), label="how")
        players = [p for p in game.get("player", []) if isinstance(p, dict)] \
            if isinstance(game.get("player"), list) else []
        if how in GENERIC_MUTATIONS and spots:
            container, key = data.draw(st.sampled_from(spots), label="where")
            mutate_at(data, how, container, key, leaf | json_like, NASTY_TEXT)
        elif how == "swap-names" and len(players) > 1:
            players[0]["name"] = data.draw(st.sampled_from([players[1].get("name"), "ANA", "Ａｎａ", "An\u200ba"]))
        elif how == "move-card" and players:
            p = data.draw(st.sampled_from(players), label="who")
            if isinstance(p.get("treasures"), dict):
                tid = data.draw(st.sampled_from(IDS), label="treasure")
                n = p["treasures"].get(tid, 0)
                p["treasures"][tid] = (n if isinstance(n, int) else 0) + data.draw(st.integers(-2, 4))
        elif how == "house-rule":
            table = game.setdefault("treasures", {})
            if isinstance(table, dict):
                table[data.draw(tid_like, label="id")] = data.draw(override_like, label="override")
        elif how == "bump" and players:
            p = data.draw(st.sampled_from(players), label="who")
            key = data.draw(st.sampled_from(["money", "keys"]))
            p[key] = data.draw(st.integers(-1, 7) | NASTY_INT, label="to")
    run_pipeline(game)


def test_unmutated_simulated_games_score():
    for g in GAMES:
        result = run_pipeline(g, "sim.toml")
        assert result is not None and result.valid, result and result.problems


# -- well-formed random games: the museum arithmetic --------------------------------------------


@st.composite
def valid_games(draw):
    treasures = {}
    for tid in draw(st.lists(st.sampled_from(IDS), max_size=4, unique=True)):
        ov = {}
        if draw(st.booleans()):
            steps = draw(st.lists(st.integers(1, 10**6) | st.integers(1, 9), min_size=1, max_size=5))
            ov["sell"] = [sum(steps[: i + 1]) for i in range(len(steps))]
        if draw(st.booleans()):
            ov["trade"] = draw(st.integers(0, 2**63 - 1))
        treasures[tid] = ov
    left = {tid: t.count for tid, t in RULES.treasures.items()}
    keys_left = RULES.keys
    players = []
    names = draw(st.lists(st.sampled_from(["Ana", "Ben", "Chloé", "Dev", "نوا", "🦴", "東京", "Zoë", "p1", "p2"]),
                          min_size=1, max_size=8, unique=True))
    for name in names:
        held = {}
        for tid in draw(st.lists(st.sampled_from(IDS), max_size=5, unique=True)):
            n = draw(st.integers(0, left[tid]))
            left[tid] -= n
            held[tid] = n
        k = draw(st.integers(0, keys_left))
        keys_left -= k
        players.append({"name": name, "money": draw(st.integers(0, 200) | st.integers(0, 2**63 - 1)),
                        "treasures": held, "keys": k})
    return {"game": "archaeology", "treasures": treasures, "player": players}


@FAST
@given(valid_games())
def test_money_adds_up_in_well_formed_games(data):
    result = run_pipeline(data)
    assert result is not None and result.valid, result and result.problems


@given(st.lists(st.integers(1, 50), min_size=1, max_size=5), st.integers(0, 60))
@settings(max_examples=EXAMPLES, deadline=None)
def test_museum_value_rises_with_every_card(steps, count):
    table = [sum(steps[: i + 1]) for i in range(len(steps))]
    full, rest = divmod(count, len(table))
    assert museum_value(count, table) == full * table[-1] + (table[rest - 1] if rest else 0)
    assert museum_value(count + 1, table) > museum_value(count, table)


# -- corrupted file text ------------------------------------------------------------------------

INSERTS = st.sampled_from([
    *COMMON_INSERTS, "}",
    "[treasures.coin]\nsell = [3, 2]\n", "money = 10000000000000000000000\n", "keys = 7\n",
])


@pytest.fixture(scope="module")
def texts():
    return [("toml", t) for t in TEXTS[:4]] + [("json", json.dumps(g, indent=1, ensure_ascii=False))
                                             for g in GAMES[:4]]


@FAST
@given(st.data())
def test_corrupted_file_text(texts, data):
    check_corrupted_text(texts, data, INSERTS, run_pipeline)


@BYTES
@given(random_bytes("archaeology", b'[[player]]\nname = "A"\nmoney = 1\r\n', b"\xef\xbb\xbf{}"),
       st.sampled_from(["g.toml", "g.json", "g.JSON", "g"]))
def test_random_bytes_as_a_file(tmp_path_factory, raw, name):
    game = load_random_bytes(tmp_path_factory, raw, name, load_game)
    if game is None:
        return
    for p in validate(game):
        check_problem(p)
    render_text(score_game(game))


def test_json_duplicate_keys_are_refused_at_any_depth():
    check_duplicate_keys_refused(('{"game": "archaeology", "game": "x"}',
                                  '{"player": [{"name": "A", "money": 1, "treasures": {"coin": 1, "coin": 2}}]}',
                                  '{"treasures": {"coin": {"sell": [1], "sell": [2]}}}'))


@given(st.sampled_from(range(len(GAMES))))
@settings(max_examples=6, deadline=None)
def test_simulated_games_survive_a_json_round_trip(index):
    parsed = parse_json(json.dumps(GAMES[index], ensure_ascii=False), "t.json")
    a, b = run_pipeline(parsed, "t.json"), run_pipeline(GAMES[index], "t.json")
    assert a.valid and [(r.name, r.total) for r in a.players] == [(r.name, r.total) for r in b.players]
