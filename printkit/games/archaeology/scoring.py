"""Archaeology end-of-game scoring: sell every collection to the museum.

Rule (rulebook: Selling Treasures to the Museum; ``docs/formats/archaeology-game.md``):
cards of one type sell in **full sets first** — each full set is worth the last
value of the type's ``sell`` table — and what remains sells as **one smaller
set** at its own value (6 talismans with ``sell = [3, 7, 12, 18, 26]`` are
26 + 3 = $29).  Keys are never sold.  Final money = money banked + sales; the
most money wins, a tie is shared.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from printkit.games.archaeology.data import GAME_ID, Treasure, bundled_rules
from printkit.games.archaeology.game import ERROR, Game, Problem
from printkit.gamekit import (
    dumps_toml,
    escape_display,
    rank_players,
    report_dict,
    text_report,
    to_json,
    winner_line,
)


def museum_value(count: int, sell: tuple[int, ...] | list[int]) -> int:
    """Dollars the museum pays for ``count`` cards of one type.

    ``sell``: value of 1, 2, … cards up to a full set.  Full sets first, the
    remainder as one smaller set.  Raises :class:`ValueError` for a negative
    count or an empty table.
    """
    if count < 0:
        raise ValueError(f"negative card count {count}")
    if not sell:
        raise ValueError("empty sell table")
    full, rest = divmod(count, len(sell))
    return full * sell[-1] + (sell[rest - 1] if rest else 0)


@dataclass(frozen=True)
class Sale:
    """One type sold: ``count`` cards as ``full_sets`` full sets (each
    ``full_value``) plus a set of ``remainder`` cards (``remainder_value``).
    ``treasure`` is the type's id (JSON), ``name`` its card name from the
    rules data (text output; the id when not given)."""

    treasure: str
    count: int
    full_sets: int
    full_value: int
    remainder: int
    remainder_value: int
    name: str = ""

    @property
    def value(self) -> int:
        """Dollars for the whole type."""
        return self.full_sets * self.full_value + self.remainder_value

    def explain(self) -> str:
        """E.g. ``"6 × Talisman = 1 full set × $26 + set of 1 $3 = $29"`` (the
        card name, control characters made visible)."""
        parts = []
        if self.full_sets:
            parts.append(f"{self.full_sets} full set{'s' if self.full_sets > 1 else ''} × ${self.full_value}")
        if self.remainder:
            parts.append(f"set of {self.remainder} ${self.remainder_value}")
        return f"{self.count} × {escape_display(self.name or self.treasure)} = {' + '.join(parts)} = ${self.value}"


def sell(treasure: Treasure, count: int) -> Sale:
    """The museum sale of ``count`` cards of ``treasure``."""
    full, rest = divmod(count, treasure.full_set)
    return Sale(treasure.id, count, full, treasure.sell[-1], rest, treasure.sell[rest - 1] if rest else 0,
                treasure.name)


@dataclass
class PlayerResult:
    """One player's final money: ``money`` banked + ``sales_total`` = ``total``."""

    name: str
    seat: int
    money: int
    keys: int
    sales: list[Sale]
    sales_total: int
    total: int
    rank: int = 0


@dataclass
class Result:
    """Outcome of :func:`score_game`: ``valid`` (no error), the ``players`` in
    rank order (ties by seat), the ``winners`` (several on a shared win)."""

    source: str
    valid: bool
    problems: list[Problem]
    players: list[PlayerResult] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)


def validate(game: Game, partial: bool = False) -> list[Problem]:
    """Every problem found while reading ``game`` (``partial`` is accepted for
    the CLI's sake and changes nothing: the file is an end-of-game record)."""
    return list(game.problems)


def score_game(game: Game, partial: bool = False) -> Result:
    """Sell every collection and rank the players by money.  Never raises for
    bad input: an invalid game gives ``Result.valid == False`` and no scores."""
    problems = validate(game)
    if any(p.severity == ERROR for p in problems):
        return Result(game.source, False, problems)
    order = {tid: i for i, tid in enumerate(game.treasures)}
    players = []
    for p in game.players:
        sales = [sell(game.treasures[tid], n) for tid, n in
                 sorted(p.treasures.items(), key=lambda kv: order[kv[0]]) if n]
        total_sales = sum(s.value for s in sales)
        players.append(PlayerResult(p.name, p.seat, p.money, p.keys, sales, total_sales, p.money + total_sales))
    players = rank_players(players, lambda r: r.total, lambda r: r.seat)
    return Result(game.source, True, problems, players, [r.name for r in players if r.rank == 1])


def result_to_dict(result: Result, *, max_problems: int | None = None) -> dict[str, Any]:
    """JSON-ready data of a :class:`Result` (the envelope is
    :func:`printkit.scoring.report.report_dict`)."""
    players = [
        {
            "name": r.name, "seat": r.seat, "rank": r.rank, "money": r.money, "keys": r.keys,
            "sales": [
                {"treasure": s.treasure, "count": s.count, "full_sets": s.full_sets,
                 "full_set_value": s.full_value, "remainder": s.remainder,
                 "remainder_value": s.remainder_value, "value": s.value}
                for s in r.sales
            ],
            "sales_total": r.sales_total, "total": r.total,
        }
        for r in result.players
    ]
    return report_dict(GAME_ID, result, players, max_problems=max_problems)


def render_json(result: Result, *, max_problems: int | None = None) -> str:
    """:func:`result_to_dict` as indented JSON.  ``max_problems``: keep only
    the first problems and add ``problems_total`` / ``problems_omitted``
    (``printkit score --json``); ``None`` keeps every problem."""
    return to_json(result_to_dict(result, max_problems=max_problems))


def render_text(result: Result) -> str:
    """A block per player (money, each sale explained by card name, total,
    rank) and the winner line; an invalid result renders its problems."""
    blocks = []
    for r in result.players:
        lines = [f"#{r.rank}  {r.name}: ${r.total}", f"    Money banked  ${r.money:>4}"]
        for s in r.sales:
            lines.append(f"    Museum        ${s.value:>4}   {s.explain()}")
        if not r.sales:
            lines.append(f"    Museum        ${0:>4}   nothing to sell")
        if r.keys:
            lines.append(f"    Keys             {r.keys}   (never sold)")
        lines.append(f"    Total         ${r.total:>4}")
        blocks.append(lines)
    best = f"${result.players[0].total}" if result.players else ""
    return text_report("Archaeology", result, blocks, [winner_line(result.winners, best)])


def simulate_toml(players: int, seed: int, rules=None) -> str:
    """A random, valid end-of-game file for ``players`` players (TOML text):
    the treasure deck and keys dealt out at random, money from 0 to 40.
    ``rules``: an :class:`~printkit.games.archaeology.data.ArchaeologyRules`
    (default: bundled)."""
    rules = rules or bundled_rules()
    rng = random.Random(seed)
    deck = [tid for tid, t in rules.treasures.items() for _ in range(t.count)]
    rng.shuffle(deck)
    deck = deck[: rng.randint(len(deck) // 3, len(deck) // 2)]
    keys = rng.randint(0, rules.keys)
    names = ["Ana", "Ben", "Chloé", "Dev", "Eli", "Fay", "Gus", "Hana"]
    table = []
    for i in range(players):
        mine = deck[i::players]
        held = {tid: mine.count(tid) for tid in rules.treasures if mine.count(tid)}
        k = keys // players + (1 if i < keys % players else 0)
        table.append({"name": f"{names[i % len(names)]}{'' if i < len(names) else i}",
                      "money": rng.randint(0, 40), "treasures": held, "keys": k})
    return dumps_toml({"game": GAME_ID, "player": table},
                      comment=f"A simulated Archaeology game: {players} players, seed {seed}.")
