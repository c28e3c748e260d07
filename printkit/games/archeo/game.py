"""Reading and validating an Archéo game file.

Format: ``docs/formats/archeo-game.md`` (the scorer's choices:
``docs/scoring-archeo.md``) — Archéo is cooperative, so the file holds no
``[[player]]`` tables but the table's end state::

    game = "archeo"
    players = 3            # 1 (solo) to 5: fixes the shovel cards in play
    ended = "shovels"      # "stars" (all collected) or "shovels" (all broken)
    egg = true             # the egg with 2 stars was found
    broken = 10            # shovel cards on their broken side at the end
    [boards.<id>]          # optional: replaces the bundled fossil boards
    slots = { head = 1, frill = 0 }
    [placed]               # pieces placed on each board at the end
    triceratops = ["head"]

:func:`load_game` reads TOML (or JSON when the name ends in ``.json``) and
returns a :class:`Game` whose ``problems`` list every broken rule, each with a
stable code (:data:`CODES`) and the board, piece or key it concerns.  Only an
unreadable file or a file that is not a table raises
:class:`printkit.PrintkitError`.

Inline boards are a stranger's data: ids are plain (letters, digits, ``-``,
``_``; 1–20 characters), a board has 1–:data:`MAX_SLOTS` slots, a file
1–:data:`MAX_BOARDS` boards, a slot's stars a whole number from 0 to
:data:`printkit.games.archeo.data.STARS_MAX`, and the boards' stars plus the
egg's never pass the top of the rating bands (``stars.total`` of the rules,
10 in the rulebook), so every score has a rating.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from printkit.games.archeo.data import GAME_ID, STARS_MAX, ArcheoRules, bundled_rules
from printkit.gamekit import (
    ERROR,
    Problem as BaseProblem,
    check_top,
    is_int,
    item_text,
    read_game_file,
    require_table,
    shared_codes,
    show,
    type_name,
)

#: code → (severity, the rule it enforces).  Stable: tests, docs and JSON use them.
CODES: dict[str, tuple[str, str]] = {
    **shared_codes(GAME_ID, format="Archéo game", players=False,  # cooperative: no [[player]] tables
                   missing="a game file has `players`, `ended`, `egg`, `broken` and a [placed] table"),
    "bad-players": (ERROR, "`players` is 1 (solo) to 5 (rulebook: Setup, Solo Mode)"),
    "bad-broken": (ERROR, "`broken` lies between 0 and the shovel cards for the player count "
                          "(rulebook: Setup step 5: 2 → 11, 3 → 10, 4 → 9, 5 → 8; Solo Mode: 8)"),
    "bad-ended": (ERROR, '`ended` is "stars" (all stars collected) or "shovels" (all shovel cards broken)'),
    "no-egg": (ERROR, "`egg = true` needs an egg with stars in the rules (rulebook: Components)"),
    "bad-id": (ERROR, "inline board and piece ids are plain: letters, digits, - and _, 1 to 20 characters"),
    "bad-boards": (ERROR, "inline [boards] hold 1 to 10 boards, each with 1 to 8 slots"),
    "bad-stars": (ERROR, f"a slot's stars are a whole number from 0 to {STARS_MAX}"),
    "too-many-stars": (ERROR, "the boards' stars plus the egg's stay within the rating bands of End of Game "
                              "(at most 10 stars in the rulebook)"),
    "unknown-board": (ERROR, "every board in [placed] is a fossil board of the game (or of the file's [boards])"),
    "unknown-piece": (ERROR, "every piece placed is a slot of its board"),
    "piece-twice": (ERROR, "a piece is placed at most once"),
    "stars-not-all": (ERROR, '`ended = "stars"` needs all stars: every star slot filled and the egg found '
                             "(rulebook: End of Game)"),
    "shovels-not-all-broken": (ERROR, '`ended = "shovels"` needs every shovel card broken (rulebook: End of Game)'),
    "ended-twice": (ERROR, "the game ends as soon as one condition occurs, so it cannot end with every star collected "
                           "and every shovel card broken (rulebook: End of Game)"),
}

TOP_KEYS = ("game", "players", "ended", "egg", "broken", "boards", "placed")
REQUIRED = ("players", "ended", "egg", "broken", "placed")
ENDINGS = ("stars", "shovels")
BOARD_KEYS = ("slots",)
#: Limits of inline boards (a stranger's data; the bundled game has 5 boards of 3–4 slots).
MAX_BOARDS = 10
MAX_SLOTS = 8
ID_MAX = 20
_ID = re.compile(r"[^\W_][\w-]{0,%d}" % (ID_MAX - 1))


@dataclass(frozen=True)
class Problem(BaseProblem):
    """One broken rule (:class:`printkit.scoring.problems.Problem`); ``player``
    is always ``None`` (the table plays together).  ``board`` / ``piece``:
    the fossil board and the piece involved; ``item``: the key involved
    (``players``, ``broken``, ``ended``, ``egg``, ``placed``, ``boards``,
    ``slots``, ``game`` or an unknown key)."""

    CODES: ClassVar[dict[str, tuple[str, str]]] = CODES

    board: str | None = None
    piece: str | None = None
    item: str | None = None


problem = Problem.make


@dataclass(frozen=True)
class BoardDef:
    """A fossil board in force: ``slots`` piece → stars, in order; ``name``
    as printed (the rules' name for a bundled board, the id for an inline one)."""

    id: str
    name: str
    slots: dict[str, int]

    @property
    def stars(self) -> int:
        return sum(self.slots.values())


@dataclass
class Game:
    """A parsed Archéo game file.

    ``boards``: the boards in force (bundled, or the file's inline ones);
    ``inline``: whether they came from the file; ``placed``: board id → the
    valid pieces placed (file order, each once); ``players``/``broken``/
    ``egg``/``ended``: the file's values, ``None`` when missing or wrong;
    ``shovel_cards``: cards in play for ``players`` (``None`` when unknown);
    ``egg_stars``: the egg's stars under the rules (0 when the rules have no egg).
    """

    source: str
    rules: ArcheoRules
    boards: dict[str, BoardDef]
    inline: bool
    placed: dict[str, list[str]]
    players: int | None
    broken: int | None
    egg: bool | None
    ended: str | None
    shovel_cards: int | None
    egg_stars: int
    problems: list[Problem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        """True when no problem is an error."""
        return not any(p.severity == ERROR for p in self.problems)

    @property
    def stars_possible(self) -> int:
        """Every star of the game: the boards' slots plus the egg's."""
        return sum(b.stars for b in self.boards.values()) + self.egg_stars


def load_game(path: str | Path, rules: ArcheoRules | None = None) -> Game:
    """Read an Archéo game file (TOML, or JSON when it ends in ``.json``).

    Raises :class:`printkit.PrintkitError` for an unreadable file, non-UTF-8
    bytes or invalid TOML/JSON (with line and column); every other trouble is a
    :class:`Problem` on the returned game.
    """
    return game_from_dict(read_game_file(path), source=str(path), rules=rules)


def game_from_dict(data: Any, *, source: str = "<game>", rules: ArcheoRules | None = None) -> Game:
    """Build and validate a :class:`Game` from parsed TOML/JSON data.

    ``rules``: the bundled rules by default (a ``--rules`` file's otherwise).
    Raises :class:`printkit.PrintkitError` only when ``data`` is not a table.
    """
    data = require_table(data, source)
    rules = rules or bundled_rules()
    probs: list[Problem] = []
    check_top(data, GAME_ID, TOP_KEYS, Problem, probs)
    for key in REQUIRED:
        if key not in data:
            what = "write [placed] with no entries when no piece was placed" if key == "placed" else \
                f"write `{key} = …` as the format shows"
            probs.append(problem("missing-key", f"no `{key}`: {what}", item=key))
    egg_stars = rules.egg_stars if rules.eggs else 0
    refused: set[str] | None = set()
    if "boards" in data:
        boards, refused = _inline_boards(data["boards"], rules, egg_stars, probs)
        inline = True
    else:
        boards = {b.id: BoardDef(b.id, b.name, dict(b.slots)) for b in rules.boards.values()}
        inline = False
    players = _players(data.get("players"), rules, probs)
    cards = rules.shovels_per_players.get(players) if players is not None else None
    broken = _broken(data.get("broken"), cards, players, probs)
    egg = _egg(data.get("egg"), rules, probs)
    ended = _ended(data.get("ended"), probs)
    placed = _placed(data["placed"], boards, inline, refused, probs) if "placed" in data else {}
    game = Game(source, rules, boards, inline, placed, players, broken, egg, ended, cards, egg_stars, probs)
    _ending(game, probs)
    return game


def _whole(v: Any, key: str, probs: list[Problem]) -> int | None:
    if v is None:
        return None
    if not is_int(v):
        probs.append(problem("wrong-type", f"`{key}` is {show(v)} ({type_name(v)}); write a whole number", item=key))
        return None
    return v


def _players(v: Any, rules: ArcheoRules, probs: list[Problem]) -> int | None:
    n = _whole(v, "players", probs)
    if n is None:
        return None
    lo, hi = rules.players_min, rules.players_max
    if not lo <= n <= hi:
        probs.append(problem("bad-players", f"players = {show(n)}: Archéo is played by {lo} to {hi}"
                             + (" (1 = solo)" if lo == 1 else ""), item="players"))
        return None
    return n


def _broken(v: Any, cards: int | None, players: int | None, probs: list[Problem]) -> int | None:
    n = _whole(v, "broken", probs)
    if n is None:
        return None
    if n < 0:
        probs.append(problem("bad-broken", f"broken = {show(n)}: write how many shovel cards are on their broken "
                             "side, 0 or more", item="broken"))
        return None
    if cards is not None and n > cards:
        probs.append(problem("bad-broken", f"broken = {show(n)}, but {_with(players)} play with {cards} shovel "
                             "cards", item="broken"))
        return None
    return n


def _with(players: int | None) -> str:
    return "a solo player" if players == 1 else f"{players} players"


def _egg(v: Any, rules: ArcheoRules, probs: list[Problem]) -> bool | None:
    if v is None:
        return None
    if not isinstance(v, bool):
        probs.append(problem("wrong-type", f"`egg` is {show(v)} ({type_name(v)}); write true or false", item="egg"))
        return None
    if v and not (rules.eggs and rules.egg_stars):
        probs.append(problem("no-egg", "egg = true, but these rules hide no egg with stars", item="egg"))
        return None
    return v


def _ended(v: Any, probs: list[Problem]) -> str | None:
    if v is None:
        return None
    if not isinstance(v, str):
        probs.append(problem("wrong-type", f'`ended` is {show(v)} ({type_name(v)}); write "stars" or "shovels"',
                             item="ended"))
        return None
    if v not in ENDINGS:
        probs.append(problem("bad-ended", f'ended = {show(v)}: write "stars" (all stars collected) or "shovels" '
                             "(all shovel cards broken)", item="ended"))
        return None
    return v


def _plain_id(v: Any) -> bool:
    return isinstance(v, str) and _ID.fullmatch(v) is not None


def _inline_boards(raw: Any, rules: ArcheoRules, egg_stars: int,
                   probs: list[Problem]) -> tuple[dict[str, BoardDef], set[str] | None]:
    """The file's ``[boards.<id>] slots = {piece = stars}``: (the good boards,
    the ids of the boards refused — already reported, so [placed] does not
    call them unknown; ``None`` when ``boards`` itself is refused)."""
    if not isinstance(raw, dict):
        probs.append(problem("wrong-type", f"`boards` is {type_name(raw)}; write [boards.<id>] tables with "
                             "slots = { piece = stars, … }", item="boards"))
        return {}, None
    if not 1 <= len(raw) <= MAX_BOARDS:
        probs.append(problem("bad-boards", f"[boards] holds {len(raw):,} boards; write 1 to {MAX_BOARDS} "
                             "(or leave [boards] out for the game's own)", item="boards"))
        if not raw:
            return {}, None
    boards: dict[str, BoardDef] = {}
    refused = set(list(raw)[MAX_BOARDS:])
    for bid, entry in list(raw.items())[:MAX_BOARDS]:
        refused.add(bid)
        if not _plain_id(bid):
            probs.append(problem("bad-id", f"board id {show(bid)} is not a plain id: letters, digits, - and _, "
                                 f"1 to {ID_MAX} characters", board=item_text(bid), item="boards"))
            continue
        if not isinstance(entry, dict):
            probs.append(problem("wrong-type", f"[boards.{bid}] is {type_name(entry)}; write a table with "
                                 "slots = { piece = stars, … }", board=bid, item="boards"))
            continue
        for key in entry:
            if key not in BOARD_KEYS:
                probs.append(problem("unknown-key", f"unknown key {show(key)} in [boards.{bid}]; allowed: slots",
                                     board=bid, item=item_text(key)))
        slots_raw = entry.get("slots")
        if slots_raw is None:
            probs.append(problem("missing-key", f"[boards.{bid}] has no `slots`; write slots = {{ piece = stars, … }}",
                                 board=bid, item="slots"))
            continue
        if not isinstance(slots_raw, dict):
            probs.append(problem("wrong-type", f"[boards.{bid}] slots is {type_name(slots_raw)}; write "
                                 "slots = { piece = stars, … }", board=bid, item="slots"))
            continue
        if not 1 <= len(slots_raw) <= MAX_SLOTS:
            probs.append(problem("bad-boards", f"[boards.{bid}] has {len(slots_raw):,} slots; write 1 to "
                                 f"{MAX_SLOTS}", board=bid, item="slots"))
            continue
        slots: dict[str, int] = {}
        for piece, stars in slots_raw.items():
            if not _plain_id(piece):
                probs.append(problem("bad-id", f"[boards.{bid}] piece {show(piece)} is not a plain id: letters, "
                                     f"digits, - and _, 1 to {ID_MAX} characters", board=bid,
                                     piece=item_text(piece), item="slots"))
            elif not is_int(stars) or not 0 <= stars <= STARS_MAX:
                probs.append(problem("bad-stars", f"[boards.{bid}] {piece} = {show(stars)} ({type_name(stars)}); "
                                     f"write a whole number of stars from 0 to {STARS_MAX}", board=bid, piece=piece,
                                     item="slots"))
            else:
                slots[piece] = stars
        if len(slots) == len(slots_raw):
            boards[bid] = BoardDef(bid, bid, slots)
            refused.discard(bid)
    top = rules.bands[-1].hi
    on_boards = sum(b.stars for b in boards.values())
    if on_boards + egg_stars > top:
        probs.append(problem("too-many-stars", f"the inline boards hold {on_boards} stars; with the egg's "
                             f"{egg_stars} that is {on_boards + egg_stars}, past the {top} the rating bands of "
                             "End of Game cover", item="boards"))
    return boards, refused


def _near(name: str, ids: list[str]) -> str:
    """A "did you mean" hint when case, spaces or ``_`` for ``-`` are all that differ."""
    if len(name) <= 40:
        folded = name.strip().casefold().replace(" ", "-")
        for i in ids:
            if i.casefold() == folded or i.casefold().replace("_", "-") == folded.replace("_", "-"):
                return f" (did you mean {i}?)"
    return ""


def _placed(raw: Any, boards: dict[str, BoardDef], inline: bool, refused: set[str] | None,
            probs: list[Problem]) -> dict[str, list[str]]:
    """Board → the valid pieces placed on it (each once, file order); boards
    in ``refused`` (``None``: all) were reported already and are skipped."""
    if not isinstance(raw, dict):
        probs.append(problem("wrong-type", f"`placed` is {type_name(raw)}; write a [placed] table "
                             '(board = ["piece", …])', item="placed"))
        return {}
    where = "the file's [boards]" if inline else "the game"
    out: dict[str, list[str]] = {}
    for bid, pieces in raw.items():
        if refused is None or bid in refused:
            continue
        if bid not in boards:
            hint = _near(bid, list(boards)) if isinstance(bid, str) else ""
            probs.append(problem("unknown-board", f"[placed] {show(bid)} is not a fossil board of {where}{hint}; "
                                 f"boards: {', '.join(boards) or 'none'}", board=item_text(bid), item="placed"))
            continue
        if not isinstance(pieces, list):
            probs.append(problem("wrong-type", f"[placed] {bid} is {type_name(pieces)}; write a list of its pieces "
                                 '(["head", …])', board=bid, item="placed"))
            continue
        board = boards[bid]
        mine: list[str] = []
        for i, piece in enumerate(pieces, 1):
            if not isinstance(piece, str):
                probs.append(problem("wrong-type", f"[placed] {bid} entry {i} is {type_name(piece)}; write the "
                                     "piece's name as text", board=bid, piece=item_text(piece), item="placed"))
            elif piece not in board.slots:
                probs.append(problem("unknown-piece", f"[placed] {bid}: {show(piece)} is not a piece of the "
                                     f"{bid} board{_near(piece, list(board.slots))}; pieces: "
                                     f"{', '.join(board.slots)}", board=bid, piece=item_text(piece), item="placed"))
            elif piece in mine:
                probs.append(problem("piece-twice", f"[placed] {bid}: {piece} is placed twice; a board has one "
                                     f"{piece} slot", board=bid, piece=piece, item="placed"))
            else:
                mine.append(piece)
        out[bid] = mine
    return out


def _ending(game: Game, probs: list[Problem]) -> None:
    """Why the game ended must hold at the end (rulebook: End of Game)."""
    if game.ended == "stars":
        for board in game.boards.values():
            for piece, stars in board.slots.items():
                if stars and piece not in game.placed.get(board.id, ()):
                    probs.append(problem("stars-not-all", f'ended = "stars", but {board.id} {piece} '
                                         f"({stars} star{'s' if stars > 1 else ''}) has no piece",
                                         board=board.id, piece=piece, item="ended"))
        if game.egg is False and game.egg_stars:
            probs.append(problem("stars-not-all", f'ended = "stars", but the egg with {game.egg_stars} stars '
                                 "was not found (egg = false)", item="egg"))
        if game.broken is not None and game.shovel_cards is not None and game.broken == game.shovel_cards:
            probs.append(problem("ended-twice", f'ended = "stars", but all {game.shovel_cards} shovel cards are '
                                 "broken: the game ended when the last one broke, before the last star",
                                 item="broken"))
    elif game.ended == "shovels" and game.broken is not None and game.shovel_cards is not None:
        if game.broken != game.shovel_cards:
            probs.append(problem("shovels-not-all-broken", f'ended = "shovels", but only {game.broken} of the '
                                 f"{game.shovel_cards} shovel cards of {_with(game.players)} are broken",
                                 item="broken"))
        elif _all_stars(game):
            probs.append(problem("ended-twice", 'ended = "shovels", but every star is collected: the game ended '
                                 "at the last star, before the last shovel card broke", item="ended"))


def _all_stars(game: Game) -> bool:
    """Every star slot holds its piece and the egg (if it has stars) was found."""
    for board in game.boards.values():
        for piece, stars in board.slots.items():
            if stars and piece not in game.placed.get(board.id, ()):
                return False
    return not (game.egg_stars and game.egg is not True)
