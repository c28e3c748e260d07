"""Minigame: the smallest printkit game plug-in, living only under tests/.

A rules reference from its own template and palette (``templates/``,
``palette.toml`` beside this file), six number cards (1–6) with one back, and a scorer: each player lists the
cards they hold; the highest total wins.  It is registered exactly like a
fan's pip package (``tests/plugins/printkit_minigame-0.1.dist-info`` declares
the ``printkit.games`` entry point), so the tests prove a game needs no change
outside its own folder.
"""

from __future__ import annotations

from dataclasses import dataclass as _dataclass
from pathlib import Path

from printkit.gamekit import (
    BuildOptions,
    Checker,
    Component,
    Face,
    GameKit,
    Palette,
    Part,
    Pen,
    document,
    game_context,
    load_toml,
    mm,
    pieces,
    rules_path,
)


@_dataclass(frozen=True)
class Rules:
    """The minigame's rules data (``rules.toml`` beside this file)."""

    title: str
    tagline: str
    players_min: int
    players_max: int
    players_default: int
    minutes: tuple[int, int]
    cards: tuple[int, ...]


def load_rules(path: Path | None = None) -> Rules:
    """``rules.toml`` in this folder (``None``) or a ``--rules`` file, checked
    by :class:`printkit.gamekit.Checker` (one line per bad value)."""
    path = Path(path) if path else rules_path("minigame")
    data = load_toml(path)
    ck = Checker(path, data, "minigame")
    lo, hi = ck.whole("game.players.min", 1, 8), ck.whole("game.players.max", 1, 8)
    return Rules(title=ck.text("game.title", 60), tagline=ck.text("game.tagline", 120), players_min=lo,
                 players_max=hi, players_default=ck.whole("game.players.default", lo, hi),
                 minutes=(ck.whole("game.minutes.min", 1, 600), ck.whole("game.minutes.max", 1, 600)),
                 cards=ck.wholes("game.cards", 1, 99))


VALUES = load_rules().cards


def _front(value: int, theme) -> Face:
    """A card face: the value big in the middle, drawn with a Pen in the game's Palette."""
    pal = Palette(theme, "minigame")

    def draw(c, box):
        with Pen(c) as pen:
            pen.fill(pal("paper")).rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed)
            pen.fill(pal("ink")).text(str(value), box.width / 2, box.height / 2 - 14, theme.font("display"), 40)
    return Face(f"minigame/front-{value}", draw, str(value))


def _back(theme) -> Face:
    pal = Palette(theme, "minigame")

    def draw(c, box):
        with Pen(c) as pen:  # felt: the plug-in's own palette.toml
            pen.fill(pal("felt")).rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed)
    return Face("minigame/back", draw)


def parts(options: BuildOptions) -> list[Part]:
    """A rules reference from the plug-in's own template (templates/minigame-rules.html.j2)
    in its own palette (palette.toml), then the six cards."""
    theme = options.theme
    back = _back(theme)
    cards = tuple(Component(f"card-{v}", mm(63.5), mm(88.9), _front(v, theme), back) for v in VALUES)
    rules = load_rules(options.rules_file("minigame"))
    context = {**game_context("minigame", rules), "cards": len(rules.cards), "low": min(rules.cards),
               "high": max(rules.cards)}
    return [document("rules-reference", "Rules reference", "plain paper", "minigame-rules.html.j2", context, options),
            pieces("cards", "Number cards", "card 300 g/m²", cards)]


def catalogue(options: BuildOptions) -> list[Part]:
    """What :func:`parts` lists (``printkit games``), without drawing a card."""
    return [Part("rules-reference", "Rules reference", "plain paper", count=1),
            Part("cards", "Number cards", "card 300 g/m²", count=len(VALUES))]




# -- scoring on printkit.scoring: a game file lists each player's cards; the highest total wins --

from dataclasses import dataclass, field  # noqa: E402
from typing import ClassVar  # noqa: E402

from printkit.gamekit import ERROR, has_errors, rank_players, report_dict, text_report, to_json, winner_line  # noqa: E402
from printkit.gamekit import Problem as BaseProblem  # noqa: E402
from printkit.gamekit import fields as f  # noqa: E402


@dataclass(frozen=True)
class Problem(BaseProblem):
    CODES: ClassVar[dict[str, tuple[str, str]]] = {
        "game-name": (ERROR, 'the file\'s `game` is "minigame" (absent: warning)'),
        "unknown-key": (ERROR, "only the format's keys"),
        "missing-key": (ERROR, "every player has a `name`"),
        "wrong-type": (ERROR, "every entry has the format's type"),
        "no-players": (ERROR, "a game has at least one [[player]]"),
        "duplicate-player": (ERROR, "player names are unique"),
        "bad-card": (ERROR, "cards are numbers from 1 to 6"),
    }
    item: str | None = None


@dataclass
class Seat:
    name: str
    seat: int
    total: int
    rank: int = 0


@dataclass
class Result:
    source: str
    valid: bool
    problems: list
    players: list = field(default_factory=list)
    winners: list = field(default_factory=list)


def _load(path):
    data = f.require_table(f.read_game_file(path), str(path))
    probs: list = []
    f.check_top(data, "minigame", ("game", "player"), Problem, probs)
    table, players = f.Table(Problem, probs), []
    for seat, raw in f.player_tables(data.get("player"), Problem, probs):
        name, named = f.player_name(raw, seat, Problem, probs)
        f.check_keys(raw, ("name", "cards"), Problem, probs, player=name)
        table.seat(name, seat, named)
        cards = raw.get("cards", [])
        for c in cards if isinstance(cards, list) else [cards]:
            if c not in VALUES or not f.is_int(c):
                probs.append(Problem.make("bad-card", f"card {c!r} is not 1–6", player=name, item=str(c)))
        players.append(Seat(name, seat, sum(c for c in cards if c in VALUES) if isinstance(cards, list) else 0))
    return Result(str(path), not has_errors(probs), probs, players)


def _validate(game, partial=False):
    return game.problems


def _score(game, partial=False):
    if not game.valid:
        return game
    game.players = rank_players(game.players, lambda p: p.total, lambda p: p.seat)
    game.winners = [p.name for p in game.players if p.rank == 1]
    return game


def _text(result) -> str:
    blocks = [[f"#{p.rank}  {p.name}: {p.total}"] for p in result.players]
    best = str(result.players[0].total) if result.players else ""
    return text_report("Minigame", result, blocks, [winner_line(result.winners, best)])


def _json(result, max_problems=None) -> str:
    players = [{"name": p.name, "seat": p.seat, "rank": p.rank, "total": p.total} for p in result.players]
    return to_json(report_dict("minigame", result, players, max_problems=max_problems))


def scorer(rules_path=None):
    from printkit.gamekit import Scorer

    return Scorer(load=_load, validate=_validate, score=_score, render_text=_text, render_json=_json,
                  reports="each player's card total and rank")


# Title, tagline, players, the player range under --rules and the cover come from rules.toml.
GAME = GameKit(id="minigame", parts=parts, catalogue=catalogue, rules=load_rules, scorer=scorer)
