"""Archaeology scoring: the rulebook's examples, the museum set rule, validation
codes, the CLI (text, JSON, exit codes) and the bundled examples."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.cli import main
from printkit.games.archaeology.data import load_rules
from printkit.games.archaeology.game import CODES, game_from_dict
from printkit.games.archaeology.scoring import museum_value, score_game, sell

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "archaeology"


@pytest.fixture(scope="module")
def rules():
    return load_rules()


# -- the rulebook's examples -------------------------------------------------------


def test_talisman_values_fixed_by_rulebook(rules):
    t = rules.treasures["talisman"]
    assert (t.trade, t.full_set, t.sell) == (3, 5, (3, 7, 12, 18, 26))


def test_three_talismans_and_four_broken_tablets_sell_for_22(rules):
    tal = sell(rules.treasures["talisman"], 3)
    tab = sell(rules.treasures["broken-tablet"], 4)
    assert (tal.value, tab.value) == (12, 10)
    assert tal.value + tab.value == 22


def test_six_talismans_sell_for_29(rules):
    s = sell(rules.treasures["talisman"], 6)
    assert (s.full_sets, s.full_value, s.remainder, s.remainder_value, s.value) == (1, 26, 1, 3, 29)
    assert "1 full set × $26 + set of 1 $3 = $29" in s.explain()


def test_trade_example_balances(rules):
    tr = {tid: t.trade for tid, t in rules.treasures.items()}
    assert (tr["parchment-scrap"], tr["coin"]) == (1, 2)
    assert 2 * tr["parchment-scrap"] + tr["coin"] == tr["talisman"] + tr["pot-shard"] == 4


def test_deck_counts(rules):
    counts = {tid: t.count for tid, t in rules.treasures.items()}
    assert counts == {"parchment-scrap": 12, "coin": 12, "pot-shard": 10, "ring": 10, "talisman": 10,
                      "broken-tablet": 8, "statue": 5, "pharaohs-mask": 3, "broken-cup": 2, "broken-mask": 2}
    assert rules.treasure_count == 74
    assert (rules.thieves, rules.master_thieves, rules.keys) == (9, 1, 6)
    assert [(c.treasures, c.keys) for c in rules.chests.values()] == [(3, 1), (5, 2), (7, 3)]
    assert rules.money == {1: 16, 5: 8, 10: 16} and sum(rules.money.values()) == 40


def test_bundled_tables_pay_more_per_card_as_sets_grow(rules):
    # our assumed values keep "full sets first" the best sale and every set size 1-5
    for t in rules.treasures.values():
        assert 1 <= t.full_set <= 5 and t.full_set <= t.count, t.id
        per_card = [v / (i + 1) for i, v in enumerate(t.sell)]
        assert per_card == sorted(per_card), t.id
        assert t.sell[0] == t.trade, t.id


# -- the museum set rule --------------------------------------------------------------


def _splits(n: int, largest: int):
    """Every way to split ``n`` cards of one type into sets of 1 to
    ``largest`` cards (as set sizes, largest first)."""
    if n == 0:
        yield ()
        return
    for k in range(min(n, largest), 0, -1):
        for rest in _splits(n - k, k):
            yield (k,) + rest


def _by_the_rulebook(n: int, sell_table) -> int:
    """The museum's price taken literally, by brute force: of every split of
    the ``n`` cards into sets, the sale is the one made of full sets and at
    most ONE smaller set; a set of k cards pays ``sell_table[k - 1]``."""
    full = len(sell_table)
    legal = [s for s in _splits(n, full) if sum(1 for k in s if k < full) <= 1]
    assert len(legal) == 1, legal  # the rule leaves no choice
    return sum(sell_table[k - 1] for k in legal[0])


SELL_TABLES = st.lists(st.integers(1, 10**6), min_size=1, max_size=5, unique=True).map(sorted)


@settings(deadline=None)
@given(SELL_TABLES, st.integers(0, 40))
def test_museum_value_is_full_sets_then_one_smaller_set(sell_table, count):
    assert museum_value(count, sell_table) == _by_the_rulebook(count, sell_table)


@settings(deadline=None)
@given(SELL_TABLES, st.integers(0, 10**6))
def test_selling_one_more_card_never_lowers_the_price(sell_table, count):
    assert museum_value(count + 1, sell_table) > museum_value(count, sell_table)


@pytest.mark.parametrize("tid, count, dollars", [
    ("talisman", 6, 29),       # rulebook: a full set of 5 (26) plus a set of 1 (3)
    ("talisman", 3, 12),       # rulebook: 3 talismans sell for 12
    ("broken-tablet", 4, 10),  # rulebook: 4 broken tablets sell for 10
    ("talisman", 0, 0),
    ("talisman", 10, 52),      # two full sets, by hand: 26 + 26
    ("broken-cup", 3, 10),     # mended cup 8 + a half 2
])
def test_museum_value_hand_computed(rules, tid, count, dollars):
    t = rules.treasures[tid]
    assert museum_value(count, t.sell) == dollars
    assert sell(t, count).value == dollars


def test_bundled_tables_make_the_rule_the_best_sale(rules):
    """The bundled (partly assumed) tables keep "full sets first" the best
    sale: no other split of the cards into sets pays more (every split tried)."""
    for t in rules.treasures.values():
        for n in range(0, 2 * t.count + 1):
            best = max(sum(t.sell[k - 1] for k in s) for s in _splits(n, t.full_set))
            assert museum_value(n, t.sell) == best, (t.id, n)


def _game(players, treasures=None):
    data = {"game": "archaeology", "player": players}
    if treasures is not None:
        data["treasures"] = treasures
    return game_from_dict(data, source="t.toml")


def test_winner_by_money_and_shared_ties():
    r = score_game(_game([
        {"name": "Ana", "money": 14, "treasures": {"talisman": 6}},   # 14 + 29 = 43
        {"name": "Ben", "money": 21, "treasures": {"talisman": 3, "broken-tablet": 4}},  # 21 + 22 = 43
        {"name": "Cy", "money": 40, "keys": 3},
    ]))
    assert r.valid
    assert [(p.name, p.total, p.rank) for p in r.players] == [("Ana", 43, 1), ("Ben", 43, 1), ("Cy", 40, 3)]
    assert r.winners == ["Ana", "Ben"]


def test_keys_are_never_sold():
    r = score_game(_game([{"name": "Ana", "money": 5, "keys": 6}]))
    assert r.players[0].total == 5


def test_overrides_apply():
    r = score_game(_game([{"name": "Ana", "money": 0, "treasures": {"talisman": 6}}],
                         {"talisman": {"sell": [4, 9, 15, 22, 30]}}))
    assert r.players[0].total == 34


# -- validation codes ----------------------------------------------------------------


@pytest.mark.parametrize("players, treasures, code, player, item", [
    ([{"name": "Ana", "money": 1, "treasures": {"ruby": 1}}], None, "unknown-treasure", "Ana", "ruby"),
    ([{"name": "Ana", "money": 1, "treasures": {"coin": -1}}], None, "bad-count", "Ana", "coin"),
    ([{"name": "Ana", "money": 1, "treasures": {"coin": 1.5}}], None, "bad-count", "Ana", "coin"),
    ([{"name": "Ana", "money": -3}], None, "bad-count", "Ana", "money"),
    ([{"name": "Ana", "money": 1, "keys": "two"}], None, "bad-count", "Ana", "keys"),
    ([{"name": "Ana", "money": 1, "treasures": {"statue": 6}}], None, "too-many-cards", "Ana", "statue"),
    ([{"name": "Ana", "money": 1, "keys": 4}, {"name": "Ben", "money": 1, "keys": 3}], None,
     "too-many-keys", None, "keys"),
    ([{"name": "Ana", "money": 1}], {"coin": {"sell": [2, 5, 5]}}, "bad-sell-table", None, "coin"),
    ([{"name": "Ana", "money": 1}], {"coin": {"sell": [9, 5]}}, "bad-sell-table", None, "coin"),
    ([{"name": "Ana", "money": 1}], {"ruby": {"sell": [1]}}, "unknown-treasure", None, "ruby"),
    ([{"name": "Ana"}], None, "missing-key", "Ana", "money"),
    ([{"name": "Ana", "money": 1, "gold": 3}], None, "unknown-key", "Ana", "gold"),
    ([{"name": "Ana", "money": 1}, {"name": "ana", "money": 2}], None, "duplicate-player", "ana", "name"),
    ([], None, "no-players", None, None),
])
def test_problem_codes(players, treasures, code, player, item):
    g = _game(players, treasures)
    found = [p for p in g.problems if p.code == code]
    assert found, g.problems
    assert code in CODES
    assert (found[0].player, found[0].item) == (player, item)
    r = score_game(g)
    assert not r.valid and r.players == []


def test_too_many_cards_names_every_holder():
    g = _game([{"name": "Ana", "money": 0, "treasures": {"pharaohs-mask": 2}},
               {"name": "Ben", "money": 0, "treasures": {"pharaohs-mask": 2}}])
    (p,) = [p for p in g.problems if p.code == "too-many-cards"]
    assert "Ana 2" in p.message and "Ben 2" in p.message and "holds 3" in p.message


# -- the CLI ---------------------------------------------------------------------------


def test_cli_score_text_and_json():
    runner = CliRunner()
    res = runner.invoke(main, ["score", "archaeology", str(EXAMPLES / "finished-3-players.toml")])
    assert res.exit_code == 0, res.output
    assert "6 × Talisman = 1 full set × $26 + set of 1 $3 = $29" in res.output
    assert "1 × Parchment Scrap = set of 1 $1 = $1" in res.output
    assert "Winner: Chloé with $47" in res.output
    # card names from the rules data in the text, never the ids
    assert not {"parchment-scrap", "broken-cup", "talisman", "pot-shard"} & set(re.findall(r"[a-z][a-z-]+", res.output))
    res = runner.invoke(main, ["score", "archaeology", str(EXAMPLES / "finished-3-players.toml"), "--json"])
    sold = {s["treasure"] for p in json.loads(res.output)["players"] for s in p["sales"]}
    assert {"parchment-scrap", "broken-cup", "talisman"} <= sold  # ids kept in JSON
    res = runner.invoke(main, ["score", "archaeology", str(EXAMPLES / "shared-win.toml"), "--json"])
    data = json.loads(res.output)
    assert res.exit_code == 0 and data["winners"] == ["Ana", "Ben"]
    assert [p["total"] for p in data["players"]] == [35, 35]


@pytest.mark.parametrize("name, codes", [
    ("invalid-too-many-cards.toml", {"too-many-cards", "too-many-keys"}),
    ("invalid-bad-entries.toml", {"unknown-treasure", "bad-count", "bad-sell-table"}),
])
def test_cli_invalid_examples(name, codes):
    res = CliRunner().invoke(main, ["score", "archaeology", str(EXAMPLES / name), "--json"])
    assert res.exit_code == 1
    data = json.loads(res.output)
    assert {p["code"] for p in data["problems"]} == codes
    assert not data["valid"]


def test_cli_unreadable_files(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("player = [", encoding="utf-8")
    res = CliRunner().invoke(main, ["score", "archaeology", str(bad)])
    assert res.exit_code == 1 and "invalid TOML" in res.output and "Traceback" not in res.output
    res = CliRunner().invoke(main, ["score", "archaeology", str(tmp_path / "missing.toml")])
    assert res.exit_code == 1 and "cannot read" in res.output


def test_cli_simulate_round_trip(tmp_path):
    runner = CliRunner()
    out = tmp_path / "g.toml"
    res = runner.invoke(main, ["simulate", "archaeology", "--players", "3", "--seed", "5", "-o", str(out)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(main, ["score", "archaeology", str(out)])
    assert res.exit_code == 0, res.output
