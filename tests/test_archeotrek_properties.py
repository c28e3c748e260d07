"""Property tests: simulated games validate and score like an independent
recomputation; each single mutation of a valid game yields its problem code;
the matching agrees with brute force; the TOML writer round-trips."""

from __future__ import annotations

import copy
import itertools
import tomllib

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from printkit.games.archeotrek.game import bundled_rules, game_from_dict
from printkit.games.archeotrek.scoring import score_game
from printkit.games.archeotrek.simulate import simulate, simulate_toml
from printkit.scoring.tomlout import dumps_toml
from printkit.games.archeotrek.data import Circle, Layout
from printkit.games.archeotrek.validate import (
    CHOICE_LINES,
    LINE_BITS,
    _check_matching,
    _clean_sheets,
    _connected,
    _validate_all,
    tables_for,
    token_index_for,
    validate,
)

SETTINGS = settings(
    max_examples=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
games = st.builds(simulate, players=st.integers(1, 8), seed=st.integers(0, 10**6))
multi = st.builds(simulate, players=st.integers(2, 6), seed=st.integers(0, 10**6))


def recompute(data: dict) -> dict[str, int]:
    """Close the Dig Site, written again from the raw dict with bundled tokens."""
    tokens = bundled_rules().tokens
    held = {}
    for p in data["player"]:
        kept = [t for a in p.get("area", []) for t in a["bones"]]
        held[p["name"]] = kept
    score = {}
    for name, kept in held.items():
        dug = {c for p in data["player"] if p["name"] == name for a in p.get("area", []) for c in a["circles"]}
        circles = next(p["circles"] for p in data["player"] if p["name"] == name)
        score[name] = sum(int(t.rsplit("-", 1)[1]) for t in kept) - sum(
            v for c, v in circles.items() if c not in dug
        )
    for colour, value in tokens.skeletons.items():
        n = {name: sum(t.startswith(colour + "-") for t in kept) for name, kept in held.items()}
        pts = {name: sum(int(t.rsplit("-", 1)[1]) for t in kept if t.startswith(colour + "-"))
               for name, kept in held.items()}
        most = max(n.values())
        if most == 0:
            continue
        tied = [name for name in n if n[name] == most]
        fewest = min(pts[name] for name in tied)
        takers = [name for name in tied if pts[name] == fewest]
        if len(takers) == 1:
            score[takers[0]] += value
    return score


@SETTINGS
@given(games)
def test_simulated_games_validate_and_score_like_a_recomputation(data):
    game = game_from_dict(data)
    assert validate(game) == []
    result = score_game(game)
    assert result.valid
    expected = recompute(data)
    assert {p.name: p.score for p in result.players} == expected
    top = max(expected.values())
    assert set(result.winners) == {n for n, v in expected.items() if v == top}


def test_games_without_a_problem_take_the_quick_pass():
    """Simulated games of 1–5 players are told clean by the quick pass,
    which hands the scorer the same sheets as the full check.  (With more,
    the bag can run dry: an area keeping fewer Bones than it earned is then
    legal, and left to the full check.)"""
    for players in range(1, 6):
        for seed in range(15):
            game = game_from_dict(simulate(players=players, seed=seed))
            t, tindex = tables_for(game.layout), token_index_for(game.tokens)
            quick, full = [], []
            assert validate(game, sheets=quick) == [] == _validate_all(game, t, tindex, False, full)
            assert _clean_sheets(game, t, tindex) == quick == full


@SETTINGS
@given(multi, st.data())
def test_ticks_moved_between_lines_on_a_sheet_clean_but_for_it(data, draw):
    """As many ticks as results, but one moved from a line to another: that
    line is over its boxes, so the quick pass must leave the sheet to the
    full check, which says so."""
    lines = [line for line in CHOICE_LINES if data["player"][0]["choices"].get(line)]
    src = draw.draw(st.sampled_from(lines))
    dst = draw.draw(st.sampled_from([line for line in CHOICE_LINES if line != src]))
    data = copy.deepcopy(data)
    choices = data["player"][0]["choices"]
    choices[src] -= 1
    choices[dst] = choices.get(dst, 0) + 1
    game = game_from_dict(data)
    problems = validate(game)
    assert "ticks-over-boxes" in {p.code for p in problems}
    assert problems == _validate_all(game, tables_for(game.layout), token_index_for(game.tokens), False, None)


def test_bounded_memories_give_the_same_verdicts(monkeypatch):
    """The quick pass's memories (an area's values → its Bone tokens, per
    rule set; per-mask counts → Hall's condition, per layout) are cleared
    when full, and a game is judged the same with them cleared at every
    step as with room to spare: a fresh copy of every game, under three
    rule sets taken in turn (one lets areas keep a Bone fewer or more)."""
    import dataclasses

    import printkit.games.archeotrek.validate as v

    plays = [game_from_dict(simulate(players=p, seed=s)) for p in (2, 4) for s in range(12)]
    variants = [{}, {"tokens_base": 2}, {"tokens_per_zero": 0}]

    def verdicts() -> list:
        out = []
        for game in plays:
            for change in variants:
                g = dataclasses.replace(game, **change)
                sheets: list = []
                out.append((validate(g, sheets=sheets), sheets))
        return out

    roomy = verdicts()
    assert [p for p, _ in roomy[::3]] == [[]] * len(plays)  # the bundled rules: no problem
    assert all(p for p, _ in roomy[1::3])  # one Bone short per area
    monkeypatch.setattr(v, "_NEED_MEMO_MAX", 2)
    monkeypatch.setattr(v, "_NEED_RULE_SETS", 1)
    monkeypatch.setattr(v, "_HALL_MEMO_MAX", 1)
    v._NEEDS.clear()
    tables_for(plays[0].layout).full_hall.clear()
    assert verdicts() == roomy
    assert len(v._NEEDS) <= 1 and all(len(m) <= 2 for m in v._NEEDS.values())
    assert len(tables_for(plays[0].layout).full_hall) <= 1


@SETTINGS
@given(games, st.data())
def test_no_assignment_on_a_sheet_clean_but_for_it(data, draw):
    """Every box ticked, every area sound: Empty-Handed circles rewritten
    with 10 (only red + yellow gives it) until more results need the sum
    line than its 5 boxes — the one problem is ``no-assignment``."""
    pl = draw.draw(st.sampled_from(data["player"]))
    kinds = {c.id: c.kind for c in bundled_rules().layout.circles}
    dug = {c for a in pl.get("area", []) for c in a["circles"]}
    for c in pl["circles"]:
        if c not in dug and kinds[c] == "normal":
            pl["circles"][c] = 10
    sum_only = [c for c, v in pl["circles"].items() if kinds[c] == "plus" or (kinds[c] == "normal" and v >= 7)]
    assume(len(sum_only) > 5)
    problems = validate(game_from_dict(data))
    assert [(p.code, p.player) for p in problems] == [("no-assignment", pl["name"])]


def _layout(n: int, links) -> Layout:
    return Layout(circles=tuple(Circle(f"C{i}") for i in range(n)),
                  links=frozenset(frozenset(link) for link in links), choices={},
                  dice={"red": (1,), "yellow": (0,)})


LAYOUTS = [
    bundled_rules().layout,  # 26 circles: two chunks
    _layout(9, [(f"C{i}", f"C{i + 1}") for i in range(8)] + [("C0", "C4")]),  # one chunk
    _layout(40, [(f"C{i}", f"C{i + 1}") for i in range(39)] + [(f"C{i}", f"C{i + 7}") for i in range(0, 33, 3)]),
]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(range(len(LAYOUTS))), st.data())
def test_connectivity_agrees_with_a_walk(which, data):
    """:func:`_connected` (chunk groups, else a walk through the chunk
    tables) says linked exactly when a plain walk from one filled circle,
    neighbour to neighbour, reaches every filled circle."""
    layout = LAYOUTS[which]
    t = tables_for(layout)
    n = len(t.labels)
    filled = data.draw(st.integers(0, (1 << n) - 1) | st.integers(0, (1 << n) - 1).map(lambda m: m & (m >> 1)))
    links = {}
    for a, b in map(tuple, layout.links):
        links.setdefault(t.idx[a], set()).add(t.idx[b])
        links.setdefault(t.idx[b], set()).add(t.idx[a])
    cells = [i for i in range(n) if filled >> i & 1]
    seen, todo = set(cells[:1]), cells[:1]
    while todo:
        i = todo.pop()
        for j in links.get(i, ()):
            if filled >> j & 1 and j not in seen:
                seen.add(j)
                todo.append(j)
    assert _connected(filled, t) == (len(seen) == len(cells))


def _codes(data) -> set[str]:
    return {p.code for p in validate(game_from_dict(data)) if p.severity == "error"}


@SETTINGS
@given(games, st.data())
def test_value_out_of_range(data, draw):
    pl = draw.draw(st.sampled_from(data["player"]))
    label = draw.draw(st.sampled_from(sorted(pl["circles"])))
    pl["circles"][label] = draw.draw(st.sampled_from([-1, 12, 13, 99]))
    assert "value-out-of-range" in _codes(data)


@SETTINGS
@given(games, st.data())
def test_broken_link(data, draw):
    pl = draw.draw(st.sampled_from(data["player"]))
    label = draw.draw(st.sampled_from(sorted(pl["circles"])))
    rules = bundled_rules()
    layout = {
        "choices": dict(rules.layout.choices),
        "dice": {k: list(v) for k, v in rules.layout.dice.items()},
        "circles": [{"id": c.id, "kind": c.kind} for c in rules.layout.circles],
        "links": sorted(sorted(link) for link in rules.layout.links if label not in link),
    }
    data["layout"] = layout
    assert "not-connected" in _codes(data)
    # the same layout with the links kept is still valid
    data["layout"]["links"] = sorted(sorted(link) for link in rules.layout.links)
    assert _codes(data) == set()


@SETTINGS
@given(games, st.data(), st.sampled_from([-1, 1]))
def test_area_summing_to_8_or_10(data, draw, delta):
    with_areas = [p for p in data["player"] if p.get("area")]
    assume(with_areas)
    pl = draw.draw(st.sampled_from(with_areas))
    area = draw.draw(st.sampled_from(pl["area"]))
    t = tables_for(bundled_rules().layout)
    options = [c for c in area["circles"]
               if t.value_mask[t.idx[c]].get(pl["circles"][c] + delta)]
    assume(options)
    c = draw.draw(st.sampled_from(options))
    pl["circles"][c] += delta
    problems = validate(game_from_dict(data))
    hits = [p for p in problems if p.code == "area-sum"]
    assert hits and hits[0].player == pl["name"] and set(hits[0].circles) == set(area["circles"])
    assert f"totals {9 + delta}" in hits[0].message


@SETTINGS
@given(games, st.data())
def test_overlapping_area(data, draw):
    with_areas = [p for p in data["player"] if p.get("area")]
    assume(with_areas)
    pl = draw.draw(st.sampled_from(with_areas))
    area = draw.draw(st.sampled_from(pl["area"]))
    pl["area"].append({"circles": list(area["circles"]), "bones": []})
    assert "area-overlap" in _codes(data)


def _free_tokens(data) -> list[str]:
    kept = {t for p in data["player"] for a in p.get("area", []) for t in a["bones"]}
    return [t for t in bundled_rules().tokens.bone_ids() if t not in kept]


@SETTINGS
@given(games, st.data())
def test_overlapping_area_clean_but_for_it(data, draw):
    """A second copy of an area, keeping a Bone nobody holds: only the
    overlap is an error."""
    with_areas = [p for p in data["player"] if p.get("area")]
    assume(with_areas and _free_tokens(data))
    pl = draw.draw(st.sampled_from(with_areas))
    area = draw.draw(st.sampled_from(pl["area"]))
    pl["area"].append({"circles": list(area["circles"]), "bones": [draw.draw(st.sampled_from(_free_tokens(data)))]})
    assert _codes(data) == {"area-overlap"}


@SETTINGS
@given(games, st.data())
def test_area_not_contiguous_clean_but_for_it(data, draw):
    """Two unlinked Empty-Handed circles rewritten 4 and 5 (any line gives
    them) and made an area keeping a Bone nobody holds: only the shape is
    an error."""
    assume(_free_tokens(data))
    pl = draw.draw(st.sampled_from(data["player"]))
    layout = bundled_rules().layout
    kinds = {c.id: c.kind for c in layout.circles}
    dug = {c for a in pl.get("area", []) for c in a["circles"]}
    loose = sorted(c for c in pl["circles"] if c not in dug and kinds[c] == "normal")
    pairs = [(a, b) for a, b in itertools.combinations(loose, 2) if b not in layout.neighbours[a]]
    assume(pairs)
    a, b = draw.draw(st.sampled_from(pairs))
    pl["circles"][a], pl["circles"][b] = 4, 5
    pl.setdefault("area", []).append({"circles": [a, b], "bones": [draw.draw(st.sampled_from(_free_tokens(data)))]})
    assert _codes(data) == {"area-not-contiguous"}


@SETTINGS
@given(games, st.data())
def test_extra_token(data, draw):
    with_areas = [p for p in data["player"] if p.get("area")]
    assume(with_areas)
    pl = draw.draw(st.sampled_from(with_areas))
    area = draw.draw(st.sampled_from(pl["area"]))
    kept = {t for p in data["player"] for a in p.get("area", []) for t in a["bones"]}
    free = [t for t in bundled_rules().tokens.bone_ids() if t not in kept]
    assume(free)
    area["bones"].append(draw.draw(st.sampled_from(free)))
    # an area holding fewer than it earned (bag ran dry) may take one more legally
    zeros = sum(pl["circles"][c] == 0 for c in area["circles"])
    assume(len(area["bones"]) > 1 + zeros)
    assert "too-many-tokens" in _codes(data)


@SETTINGS
@given(multi, st.data())
def test_token_duplicated_across_players(data, draw):
    holders = [p for p in data["player"] if any(a["bones"] for a in p.get("area", []))]
    assume(len(holders) >= 2)
    a, b = draw.draw(st.permutations(holders))[:2]
    tok = draw.draw(st.sampled_from([t for ar in a["area"] for t in ar["bones"]]))
    target = next(ar for ar in b["area"] if ar["bones"])
    target["bones"][0] = tok
    problems = [p for p in validate(game_from_dict(data)) if p.code == "duplicate-token"]
    assert problems and problems[0].tokens == (tok,)
    assert {p.player for p in problems} <= {a["name"], b["name"]}


@SETTINGS
@given(games, st.data())
def test_red_circle_holding_a_sum(data, draw):
    red = [c.id for c in bundled_rules().layout.circles if c.kind == "red"]
    options = [(p, c) for p in data["player"] for c in red if c in p["circles"]]
    assume(options)
    pl, c = draw.draw(st.sampled_from(options))
    pl["circles"][c] = draw.draw(st.integers(7, 11))  # a sum, never a red face
    problems = validate(game_from_dict(data))
    hits = [p for p in problems if p.code == "special-circle"]
    assert hits and hits[0].circles == (c,) and hits[0].player == pl["name"]


# -- the matching against brute force --------------------------------------------------

def _ticks_and_verdict(circle_masks, draw):
    n = len(circle_masks)
    split = draw.draw(st.lists(st.integers(0, n), min_size=3, max_size=3).map(sorted))
    counts = [split[0], split[1] - split[0], split[2] - split[1], n - split[2]]
    ticks = dict(zip(CHOICE_LINES, counts))
    slots = [line for line in CHOICE_LINES for _ in range(ticks[line])]
    possible = any(
        all(LINE_BITS[line] & m for line, m in zip(order, circle_masks))
        for order in set(itertools.permutations(slots))
    )
    return ticks, possible


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 15), min_size=1, max_size=7), st.data())
def test_hall_check_agrees_with_brute_force(circle_masks, draw):
    ticks, possible = _ticks_and_verdict(circle_masks, draw)
    t = tables_for(bundled_rules().layout)
    labelled = [(f"X{i}", m) for i, m in enumerate(circle_masks)]
    verdict = _check_matching("X", labelled, ticks, t)
    assert (verdict is None) == possible
    packed_need = sum(t.p[m] for m in circle_masks)
    packed_cap = sum(ticks[line] * t.q[line] for line in CHOICE_LINES)
    assert (((packed_cap | t.high) - packed_need) & t.high == t.high) == possible


AVAILABLE = sorted(set(tables_for(bundled_rules().layout).any_mask.values()))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(AVAILABLE), min_size=1, max_size=5), st.data())
def test_sheet_matching_agrees_with_brute_force(circle_masks, draw):
    """A tiny sheet whose values allow exactly the given line sets: the
    validator reports no-assignment exactly when no assignment exists."""
    ticks, possible = _ticks_and_verdict(circle_masks, draw)
    t = tables_for(bundled_rules().layout)
    by_mask = {}
    for v, m in sorted(t.any_mask.items()):
        by_mask.setdefault(m, v)
    labels = ["A1", "A2", "A3", "A4", "B4", "B3", "B2"][: len(circle_masks)]  # linked normal circles
    sheet = {"player": [{"name": "X", "choices": ticks,
                         "circles": {lab: by_mask[m] for lab, m in zip(labels, circle_masks)}}]}
    found = {p.code for p in validate(game_from_dict(sheet), partial=True) if p.severity == "error"}
    assert found == (set() if possible else {"no-assignment"})


# -- TOML writer --------------------------------------------------------------------------


@SETTINGS
@given(games)
def test_toml_writer_round_trips(data):
    assert tomllib.loads(dumps_toml(data)) == data


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(
    st.text(min_size=1, max_size=8),
    st.one_of(st.integers(-10**6, 10**6), st.text(max_size=12), st.booleans(),
              st.lists(st.integers(0, 9), max_size=4),
              st.dictionaries(st.text(min_size=1, max_size=5), st.integers(), max_size=3)),
    max_size=5,
))
def test_toml_writer_escapes_any_text(data):
    assume(data)
    assert tomllib.loads(dumps_toml({"player": [copy.deepcopy(data)]})) == {"player": [data]}


def test_simulate_is_deterministic_per_seed():
    assert simulate_toml(4, 5) == simulate_toml(4, 5)
    assert simulate_toml(4, 5) != simulate_toml(4, 6)
