"""Fuzzing the Archaeologia scorer: random TOML-ish structures (inline
``[discoveries]``/``[groups]``/``[objectives]`` included), mutated simulated
and handed games, corrupted file text and random bytes go through the whole
pipeline — parse → ``game_from_dict`` → ``validate`` → ``score_game`` → both
renderers.

Invariants: no exception but a one-line :class:`printkit.PrintkitError`
naming the source; every problem has a documented code with its severity, a
location (event, player, tiles or item; an event problem's message names
"event N"), prints as one line without raw control characters; the JSON
parses; a valid result adds up (total = start + gifts + objectives, ranks
and winners follow the totals, no tile counted twice); the replay (events
applied in one pass each up to the first with a problem) gives exactly the
result of the full check of every event.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit import PrintkitError
from printkit.games.archaeologia.data import bundled_rules
from printkit.games.archaeologia.game import CODES, Problem, game_from_dict, load_game
from printkit.games.archaeologia.scoring import (
    Replay,
    _apply_clean,
    _check_in_full,
    _not_ended,
    _State,
    render_json,
    render_text,
    replay,
    score_game,
    simulate_toml,
    validate,
)
from printkit.inputfiles import parse_toml

from scorer_checks import (
    BYTES, COMMON_INSERTS, FAST, GENERIC_MUTATIONS, check_corrupted_text, check_renderings, leaf_and_json_like,
    load_random_bytes, mutate_at, nasty_int, paths, random_bytes,
)

RULES = bundled_rules()
CASES = Path(__file__).resolve().parent / "data" / "archaeologia"
TEXTS = [simulate_toml(players, seed) for players, seed in [(2, 0), (3, 1), (4, 2), (2, 3)]]
TEXTS += [p.read_text(encoding="utf-8") for p in sorted(CASES.glob("*.toml"))]
GAMES = [parse_toml(t, "sim.toml") for t in TEXTS]
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
TILE_IDS = ["ermine", "pottery", "oil-lamp", "millstone", "egg-a", "egg-b", "bow", "menhir"]


def check_problem(p: Problem) -> None:
    assert isinstance(p, Problem) and p.code in CODES, p
    default = CODES[p.code][0]
    assert p.severity == default or (p.code, p.severity) in (("game-name", "warning"),
                                                             ("game-not-ended", "warning")), p
    assert p.message and p.rule
    assert p.event is None or (isinstance(p.event, int) and p.event >= 1), p
    if p.event is not None:
        assert f"event {p.event}" in p.message, p
    assert isinstance(p.tiles, tuple) and all(isinstance(t, str) and t for t in p.tiles), p
    assert p.player or p.item or p.event or p.tiles or p.code in ("no-players", "game-not-ended"), p
    for part in (p.message, p.player or "", p.item or "", *p.tiles):
        assert not RAW_CONTROL.search(part), p
    line = str(p)
    line.encode("utf-8")
    assert "\n" not in line and "\r" not in line and not RAW_CONTROL.search(line), line
    assert len(line) < 3000, line


def check_valid(game, result) -> None:
    named = [p.name for p in game.players if p.named]
    assert sorted(s.name for s in result.players) == sorted(named)
    tiles_seen = []
    for s in result.players:
        assert s.total == s.start + sum(g.rp for g in s.gifts) + sum(o.rp for o in s.objectives)
        for g in s.gifts:
            assert g.rp == sum(game.tiles[t].rp for t in g.tiles)
            tiles_seen += g.tiles
    assert len(tiles_seen) == len(set(tiles_seen))
    totals = [s.total for s in result.players]
    assert totals == sorted(totals, reverse=True)
    for s in result.players:
        assert s.rank == 1 + sum(1 for t in totals if t > s.total)
    if result.end is None:
        assert result.partial and result.winners == []
    else:
        assert result.winners and all(s.total == totals[0] for s in result.players if s.name in result.winners)
        if result.end.reason == "rp":
            assert totals[0] >= game.win_rp


def full_replay(game, partial: bool = False) -> Replay:
    """The replay with every event given the full check (none applied in one pass)."""
    st, probs = _State(game), list(game.problems)
    _check_in_full(st, game.events, probs)
    if st.end is None:
        probs.append(_not_ended(game, partial))
    return Replay(probs, list(st.standings.values()), st.end, st.totals)


def run_pipeline(data, source: str = "fuzz.toml", partial: bool = False):
    try:
        game = game_from_dict(data, source=source)
    except PrintkitError as exc:
        assert str(exc).startswith(source) and "\n" not in str(exc)
        return None
    problems = validate(game, partial=partial)
    for p in problems:
        check_problem(p)
    assert replay(game, partial) == full_replay(game, partial)
    result = score_game(game, partial=partial)
    assert result.problems == problems
    assert result.valid == (not any(p.severity == "error" for p in problems))
    out = check_renderings(result, problems, render_text, render_json, RAW_CONTROL)
    if result.valid:
        check_valid(game, result)
    else:
        assert result.players == [] and result.winners == [] and out["players"] == [] and out["end"] is None
    return result


NASTY_TEXT = st.sampled_from([
    "", " ", "\u200b", "Ana", "ana", "Ａｎａ", "Ben", "Chloé", "🦴", "\u202eanA", "\x1b[31m", "\x00", "\ud800",
    "x" * 300, "player 1", "Oil_Lamp", "oil lamp", "the-village", "the-curator", "egg", "give", "eggs",
    "objective", "by", "rp", "stratum", "-", "a--b", *TILE_IDS,
])
NASTY_INT = nasty_int(0, 1, -1, 3, 40, 99, 100)
leaf, json_like = leaf_and_json_like(NASTY_TEXT, NASTY_INT)
tile_like = st.sampled_from(TILE_IDS) | NASTY_TEXT
tiles_like = st.lists(tile_like, max_size=4) | leaf
name_like = st.sampled_from(["Ana", "Ben", "Chloé", "ANA"]) | NASTY_TEXT
event_like = st.fixed_dictionaries({}, optional={
    "give": st.dictionaries(name_like, tiles_like, max_size=3) | leaf,
    "eggs": name_like | leaf,
    "objective": st.sampled_from(["the-curator", "the-banker"]) | NASTY_TEXT | leaf,
    "by": name_like | leaf,
    "when": leaf,
}) | json_like
discovery_like = st.fixed_dictionaries({}, optional={
    "stratum": st.sampled_from(["earth", "grass", "dinosaur"]) | NASTY_TEXT | leaf,
    "rp": st.integers(0, 30) | NASTY_INT | leaf,
    "egg": st.booleans() | leaf,
    "name": leaf,
}) | leaf
game_like = st.fixed_dictionaries({}, optional={
    "game": st.just("archaeologia") | leaf,
    "discoveries": st.dictionaries(tile_like, discovery_like, max_size=6) | json_like,
    "groups": st.dictionaries(NASTY_TEXT, tiles_like, max_size=3) | json_like,
    "objectives": st.dictionaries(NASTY_TEXT, st.fixed_dictionaries({}, optional={
        "rp": st.integers(0, 20) | NASTY_INT | leaf, "coins": leaf}) | leaf, max_size=3) | json_like,
    "player": st.lists(st.fixed_dictionaries({}, optional={"name": name_like | leaf, "seat": leaf}), max_size=5)
    | json_like,
    "event": st.lists(event_like, max_size=6) | event_like | json_like,
})


@FAST
@given(json_like | game_like, st.booleans())
def test_random_structures(data, partial):
    run_pipeline(data, partial=partial)


MUTATIONS = (*GENERIC_MUTATIONS, "swap-events", "repeat-event", "rename-player")


@FAST
@given(st.sampled_from(range(len(GAMES))), st.data(), st.booleans())
def test_mutated_games(index, data, partial):
    game = json.loads(json.dumps(GAMES[index]))
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        how = data.draw(st.sampled_from(MUTATIONS), label="how")
        events = game.get("event") if isinstance(game.get("event"), list) else []
        spots = paths(game)
        if how in GENERIC_MUTATIONS and spots:
            container, key = data.draw(st.sampled_from(spots), label="where")
            mutate_at(data, how, container, key, leaf | json_like | tiles_like, NASTY_TEXT)
        elif how == "swap-events" and len(events) > 1:
            i, j = data.draw(st.integers(0, len(events) - 1)), data.draw(st.integers(0, len(events) - 1))
            events[i], events[j] = events[j], events[i]
        elif how == "repeat-event" and events:
            events.insert(data.draw(st.integers(0, len(events))), events[data.draw(st.integers(0, len(events) - 1))])
        elif how == "rename-player" and isinstance(game.get("player"), list) and game["player"]:
            p = game["player"][0]
            if isinstance(p, dict):
                p["name"] = data.draw(name_like)
    run_pipeline(game, partial=partial)


@FAST
@given(st.data())
def test_corrupted_text(data):
    inserts = st.sampled_from(COMMON_INSERTS + ["[[event]]\n", 'give = { Ana = ["ermine"] }\n', "eggs = ", "[groups]\n"])
    check_corrupted_text([("toml", t) for t in TEXTS], data, inserts, run_pipeline)


@BYTES
@given(random_bytes("archaeologia"))
def test_random_bytes(tmp_path_factory, raw):
    game = load_random_bytes(tmp_path_factory, raw, "g.toml", load_game)
    if game is not None:
        for p in validate(game):
            check_problem(p)


def test_simulated_texts_are_valid():
    for text in TEXTS[:4]:
        r = run_pipeline(parse_toml(text, "sim.toml"))
        assert r.valid and r.problems == []


def _variants(data: dict) -> list[dict]:
    """``data`` as written, with every name written in capitals (found once
    case is set aside), with its first split-able gift shared between one
    player's name written two ways, and with the bundled tables inline."""
    upper = json.loads(json.dumps(data))
    for ev in upper["event"]:
        if "give" in ev:
            ev["give"] = {k.upper(): v for k, v in ev["give"].items()}
        for key in ("eggs", "by"):
            if key in ev:
                ev[key] = ev[key].upper()
    twice = json.loads(json.dumps(data))
    for ev in twice["event"]:
        if "give" in ev and len(ev["give"]) == 1 and len(next(iter(ev["give"].values()))) > 1:
            (who, tiles), = ev["give"].items()
            ev["give"] = {who: tiles[:1], who.upper(): tiles[1:]}
            break
    inline = {"discoveries": {d.id: {"stratum": d.stratum, "rp": d.rp, "egg": d.egg} for d in RULES.discoveries.values()},
              "groups": {g.id: list(g.tiles) for g in RULES.groups.values()}, **data}
    return [data, upper, twice, inline]


def test_games_without_a_problem_take_the_one_pass():
    """Simulated games (names as written or in another case, a pooled gift
    naming one player twice, the tables inline): every event is applied in
    one pass, with the result of the full check."""
    for text in TEXTS[:4] + [simulate_toml(4, seed) for seed in range(40)]:
        for data in _variants(parse_toml(text, "sim.toml")):
            game = game_from_dict(data)
            assert _apply_clean(_State(game)) == len(game.events)
            r = replay(game)
            assert r == full_replay(game) and not r.problems


SINGLES = [d.id for d in RULES.discoveries.values() if d.group is None and not d.egg]
PAIR = next(g.tiles for g in RULES.groups.values() if len(g.tiles) == 2)
EGG = next(d.id for d in RULES.discoveries.values() if d.egg)
OBJECTIVE = next(iter(RULES.objectives))
#: (events before the one with a problem, that event, events after it, a code the report holds)
BROKEN_EVENTS = {
    "unknown player": ([], {"give": {"Zed": [SINGLES[1]]}}, [], "unknown-player"),
    "empty share": ([], {"give": {"Ana": list(PAIR), "Ben": []}}, [], "empty-share"),
    "unknown tile": ([], {"give": {"Ana": ["no-such-tile"]}}, [], "unknown-tile"),
    "tile given earlier": ([{"give": {"Ana": [SINGLES[0]]}}], {"give": {"Ben": [SINGLES[0]]}}, [],
                           "tile-given-twice"),
    "tile listed twice": ([], {"give": {"Ana": [PAIR[0], PAIR[0]]}}, [], "tile-given-twice"),
    "tile listed twice, two shares": ([], {"give": {"Ana": [PAIR[0]], "Ben": [PAIR[0]]}}, [], "tile-given-twice"),
    "two discoveries": ([], {"give": {"Ana": SINGLES[:2]}}, [], "mixed-discoveries"),
    "incomplete group": ([], {"give": {"Ana": [PAIR[0]]}}, [], "incomplete-group"),
    "unknown objective": ([], {"objective": "no-such-card", "by": "Ana"}, [], "unknown-objective"),
    "objective twice": ([{"objective": OBJECTIVE, "by": "Ana"}], {"objective": OBJECTIVE, "by": "Ben"}, [],
                        "objective-twice"),
    "unknown objective player": ([], {"objective": OBJECTIVE, "by": "Zed"}, [], "unknown-player"),
    "eggs after an egg was given": ([{"give": {"Ana": [EGG]}}], {"eggs": "Ben"}, [], "eggs-after-gift"),
    "eggs, unknown player": ([], {"eggs": "Zed"}, [], "unknown-player"),
    "event after the end": ([{"eggs": "Ana"}], {"give": {"Ben": [SINGLES[1]]}}, [], "event-after-end"),
}


@pytest.mark.parametrize("case", BROKEN_EVENTS)
def test_the_one_pass_stops_at_the_first_event_with_a_problem(case):
    """Events are applied in one pass up to the first with a problem, which
    then gets the full check (the report words it) like every later event."""
    before, bad, after, code = BROKEN_EVENTS[case]
    data = {"game": "archaeologia", "player": [{"name": "Ana"}, {"name": "Ben"}],
            "event": [{"give": {"Ana": [SINGLES[2]]}}, *before, bad, {"give": {"Ben": [SINGLES[3]]}}, *after]}
    game = game_from_dict(data)
    assert _apply_clean(_State(game)) == 1 + len(before)
    r = replay(game)
    assert code in [p.code for p in r.problems]
    assert r == full_replay(game)


@pytest.mark.parametrize("table", ["tile-named-like-a-group", "group-without-id"])
def test_tables_whose_discoveries_are_not_told_by_tiles_get_the_full_check(table):
    """A single tile whose id is also a group's, or a group with the empty
    id (a ``bad-id`` problem, still replayed): a gift's discovery is not told
    by its tiles alone, so every gift gets the full check — its result
    whatever the gift."""
    data = parse_toml(TEXTS[0], "sim.toml")
    gid, group = next(iter(RULES.groups.items()))
    tiles = {d.id: {"stratum": d.stratum, "rp": d.rp, "egg": d.egg} for d in RULES.discoveries.values()}
    groups = {g.id: list(g.tiles) for g in RULES.groups.values()}
    if table == "tile-named-like-a-group":
        tiles[gid] = {"stratum": "earth", "rp": 2}
        gift = [gid, *group.tiles[:-1]]
    else:
        groups[""] = groups.pop(gid)
        gift = [next(d.id for d in RULES.discoveries.values() if d.group is None and not d.egg)]
    data = {"discoveries": tiles, "groups": groups, **data}
    data["event"].insert(0, {"give": {"Ana": gift}})
    game = game_from_dict(data)
    assert _apply_clean(_State(game)) == 0
    assert replay(game) == full_replay(game)


NASTY = ["\x1b[31m", "\u202eanA", "\ud800", "x" * 5000, "\x00", " "]


def test_nasty_text_in_every_slot_stays_quoted_and_short():
    for bad in NASTY:
        data = {
            "game": "archaeologia",
            "discoveries": {"ermine": {"stratum": "earth", "rp": 1}, bad: {"stratum": bad, "rp": 1, bad: 1}},
            "groups": {bad: ["ermine", bad], "g": [bad, "ermine"]},
            "objectives": {bad: {"rp": 1}},
            "player": [{"name": "Ana"}, {"name": "Ben"}],
            "event": [{"give": {"Ana": [bad + "!"]}}, {"give": {"Ana": [bad]}}, {"give": {bad: ["ermine"]}}, {"objective": bad, "by": bad},
                      {"eggs": bad}, {bad: 1, "eggs": "Ana"}],
        }
        result = run_pipeline(data)
        assert result is not None and not result.valid
        for p in result.problems:
            assert len(p.message) < 700, p.message
