"""Archéo scoring — rulebook: End of Game.

Archéo is cooperative: the table counts its stars together.  Stars = the
stars of every board slot that holds its piece + the egg's stars when the
egg was found; out of every slot's stars + the egg's (10 in the rulebook: 8
on the fossil boards, 2 on the egg).  The rating is the band of "End of Game"
holding the stars (``[[ratings.bands]]`` of the rules: 0–3, 4–6, 7–9, 10),
with its words.

Report shape (the shared envelope of :mod:`printkit.scoring.report`): nobody
is ranked, so ``winners`` and ``players`` are always ``[]``; the table's
result comes before them (``stars``, ``stars_possible``, ``rating``,
``ended``, ``ended_because``) and the details after (``player_count``,
``shovel_cards``, ``broken``, ``boards_from``, ``boards``, ``egg``).  Every key
is present in every report; an invalid game has ``null`` values and empty
lists.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from printkit.games.archeo.data import GAME_ID, ArcheoRules, Band, bundled_rules
from printkit.games.archeo.game import ERROR, Game, Problem
from printkit.gamekit import dumps_toml, report_dict, text_report, to_json


@dataclass(frozen=True)
class BoardScore:
    """One fossil board at the end: ``slots`` piece → (stars, placed) in the
    board's order; ``stars`` won of ``stars_possible``."""

    board: str
    name: str
    slots: dict[str, tuple[int, bool]]
    stars: int
    stars_possible: int


@dataclass
class Result:
    """Outcome of :func:`score_game`.

    ``valid``: no error-level problem (the score fields are ``None``/empty
    otherwise); ``stars`` of ``stars_possible``; ``band``: the rating band of
    End of Game; ``winners``/``players``: always empty (a cooperative game
    ranks nobody; kept for the shared report envelope).
    """

    source: str
    valid: bool
    problems: list[Problem]
    boards: list[BoardScore] = field(default_factory=list)
    egg_found: bool | None = None
    egg_stars: int = 0
    stars: int | None = None
    stars_possible: int | None = None
    band: Band | None = None
    ended: str | None = None
    players: list = field(default_factory=list)
    player_count: int | None = None
    shovel_cards: int | None = None
    broken: int | None = None
    inline: bool = False
    winners: list[str] = field(default_factory=list)

    @property
    def ended_because(self) -> str | None:
        """Why the game ended, in the rulebook's words (End of Game)."""
        if self.ended == "stars":
            return f"all {self.stars_possible} stars collected"
        if self.ended == "shovels":
            return f"all {self.shovel_cards} shovel cards broken"
        return None


def validate(game: Game, partial: bool = False) -> list[Problem]:
    """Every problem found while reading ``game`` (``partial`` is accepted for
    the CLI's sake and changes nothing: the file records a finished game)."""
    return list(game.problems)


def score_game(game: Game, partial: bool = False) -> Result:
    """Count the table's stars and rate them (rulebook: End of Game).  Never
    raises for bad input: an invalid game gives ``Result.valid == False`` and
    no score."""
    problems = validate(game)
    if any(p.severity == ERROR for p in problems):
        return Result(game.source, False, problems)
    boards = []
    for b in game.boards.values():
        placed = set(game.placed.get(b.id, ()))
        slots = {piece: (stars, piece in placed) for piece, stars in b.slots.items()}
        boards.append(BoardScore(b.id, b.name, slots, sum(s for s, on in slots.values() if on), b.stars))
    egg = game.egg_stars if game.egg else 0
    stars = sum(b.stars for b in boards) + egg
    return Result(game.source, True, problems, boards, bool(game.egg), game.egg_stars, stars, game.stars_possible,
                  game.rules.band(stars), game.ended, [], game.players, game.shovel_cards, game.broken, game.inline)


def result_to_dict(result: Result, *, max_problems: int | None = None) -> dict[str, Any]:
    """JSON-ready data of a :class:`Result` (module docstring: the shape)."""
    band = result.band
    head = {
        "stars": result.stars,
        "stars_possible": result.stars_possible,
        "rating": None if band is None else {"min": band.lo, "max": band.hi, "words": band.words},
        "ended": result.ended,
        "ended_because": result.ended_because,
    }
    tail = {
        "player_count": result.player_count,
        "shovel_cards": result.shovel_cards,
        "broken": result.broken,
        "boards_from": None if not result.valid else "file" if result.inline else "rules",
        "boards": [
            {"board": b.board, "name": b.name, "stars": b.stars, "stars_possible": b.stars_possible,
             "slots": [{"piece": p, "stars": s, "placed": on} for p, (s, on) in b.slots.items()]}
            for b in result.boards
        ],
        "egg": None if not result.valid else {"found": result.egg_found, "stars": result.egg_stars if
                                              result.egg_found else 0, "stars_possible": result.egg_stars},
    }
    return report_dict(GAME_ID, result, [], head=head, tail=tail, max_problems=max_problems)


def render_json(result: Result, *, max_problems: int | None = None) -> str:
    """:func:`result_to_dict` as indented JSON.  ``max_problems``: keep only
    the first problems and add ``problems_total`` / ``problems_omitted``
    (``printkit score --json``); ``None`` keeps every problem."""
    return to_json(result_to_dict(result, max_problems=max_problems))


def _stars(n: int) -> str:
    return f"{n} star{'' if n == 1 else 's'}"


def render_text(result: Result) -> str:
    """A line per board (stars won of its stars, the pieces placed and the
    star slots still empty), the egg, then the total, why the game ended and
    the rating with its words; an invalid result renders its problems."""
    width = max([len(b.name) for b in result.boards] + [3])
    lines = []
    for b in result.boards:
        placed = [f"{p} ({s})" if s else p for p, (s, on) in b.slots.items() if on]
        missing = [f"{p} ({s})" for p, (s, on) in b.slots.items() if s and not on]
        what = ", ".join(placed) if placed else "no piece"
        if missing:
            what += f"; missing {', '.join(missing)}"
        lines.append(f"    {b.name:<{width}}  {b.stars:>2} / {b.stars_possible:<2}  {what}")
    if result.egg_stars:
        lines.append(f"    {'Egg':<{width}}  {result.egg_stars if result.egg_found else 0:>2} / "
                     f"{result.egg_stars:<2}  {'found' if result.egg_found else 'not found'}")
    footer = []
    if result.valid:
        band = result.band
        footer = [
            f"Stars: {result.stars} of {result.stars_possible}",
            f"Ended: {result.ended_because} ("
            + (f"{result.broken} of {result.shovel_cards} shovel cards broken, " if result.ended == "stars" else "")
            + f"{'solo' if result.player_count == 1 else f'{result.player_count} players'})",
            f"Rating {band.label} {'star' if band.label == '1' else 'stars'}: {band.words}",
        ]
    return text_report("Archéo", result, [["Fossil boards", *lines]], footer)


def simulate_toml(players: int, seed: int, rules: ArcheoRules | None = None) -> str:
    """A random, valid ending for ``players`` (TOML text, the bundled boards
    or those of ``rules``): either every star found (``ended = "stars"``,
    some shovels broken, never all) or every shovel card broken
    (``ended = "shovels"``) with some pieces placed and at least one star
    missing."""
    rules = rules or bundled_rules()
    rng = random.Random(seed)
    cards = rules.shovels_per_players[players]
    has_egg = bool(rules.eggs and rules.egg_stars)
    all_pieces = [(b.id, p, s) for b in rules.boards.values() for p, s in b.slots.items()]
    ended = rng.choice(("stars", "shovels"))
    if ended == "stars":
        chosen = {(b, p) for b, p, s in all_pieces if s or rng.random() < 0.5}
        egg, broken = has_egg, rng.randint(0, cards - 1)
    else:
        chosen = {(b, p) for b, p, _ in all_pieces if rng.random() < 0.6}
        egg, broken = has_egg and rng.random() < 0.3, cards
        starred = [(b, p) for b, p, s in all_pieces if s]
        if (not has_egg or egg) and all((b, p) in chosen for b, p in starred):
            # all stars would have ended the game by stars: leave one out
            if starred:
                chosen.discard(rng.choice(starred))
            egg = False
    placed = {b.id: [p for p in b.slots if (b.id, p) in chosen] for b in rules.boards.values()}
    return dumps_toml({"game": GAME_ID, "players": players, "ended": ended, "egg": egg, "broken": broken,
                       "placed": placed},
                      comment=f"A simulated Archéo game: {players} player{'s' if players != 1 else ''}, seed {seed}.")
