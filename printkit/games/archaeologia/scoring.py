"""Archaeologia scoring: replay the events, in the order they happened.

Rules (rulebook: II. Object of the Game, VII. Give a discovery to the museum,
VIII. Secret Objective; ``docs/formats/archaeologia-game.md``, "Rules the
scorer enforces"):

* a gift is exactly one discovery — a single tile, or all the tiles of one
  group (double, collection, dinosaur family); each player listed receives
  the RP of the tiles he owned (pooling); a tile is given once;
* a fulfilled secret objective gives its RP, once per card;
* the game ends at the first event after which a player has ``win_rp`` (40)
  RP or more — that player wins; several in the same event: the most RP
  wins, equal RP share the win (*assumed*, the rulebook does not say) — or at
  an ``eggs`` event (a player holds both dinosaur eggs): the most RP wins, the
  egg holder included or not; equal RP share the win.  An ``eggs`` event
  after either egg was given is an error; so is any event after the end, and
  a game that never ends (a warning with ``partial``: the standings so far).

:func:`replay` checks every event (every problem of the file in one run) and
applies the valid ones; :func:`score_game` turns that into a :class:`Result`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from printkit.games.archaeologia.data import GAME_ID, ArchaeologiaRules, bundled_rules
from printkit.games.archaeologia.game import (
    Event,
    Game,
    Player,
    Problem,
    Seating,
    discoveries_index,
    ids_text,
    near_id,
    problem,
)
from printkit.gamekit import (
    ERROR,
    WARNING,
    clip,
    dumps_toml,
    escape_display,
    item_text,
    rank_players,
    report_dict,
    text_report,
    to_json,
    winner_line,
)


# The result's records are NamedTuples (read-only, compared by value): a game builds one per
# gift, and a frozen dataclass's __init__ (object.__setattr__ per field) cost about a quarter of
# scoring a game (issue 26).
class Gift(NamedTuple):
    """One player's part of a gift: ``tiles`` he owned of the ``discovery``
    (a tile id, or a group id), the ``rp`` they gave him, the other players
    of a pooled gift (``pooled_with``)."""

    event: int
    discovery: str
    tiles: tuple[str, ...]
    rp: int
    pooled_with: tuple[str, ...] = ()


class Fulfilled(NamedTuple):
    """A secret objective fulfilled at ``event``, worth ``rp``."""

    event: int
    objective: str
    rp: int


class End(NamedTuple):
    """The event that ended the game: ``reason`` ``"rp"`` (``players``
    reached ``win_rp``) or ``"eggs"`` (``players`` is the egg holder)."""

    event: int
    reason: str
    players: tuple[str, ...]
    win_rp: int

    @property
    def text(self) -> str:
        """Why the game ended, in words."""
        names = " and ".join(clip(p) for p in self.players)
        if self.reason == "eggs":
            return f"{names} holds both dinosaur eggs; the most RP wins"
        if len(self.players) == 1:
            return f"{names} reached {self.win_rp} RP first"
        return f"{names} reached {self.win_rp} RP in the same event; the most RP wins"


@dataclass
class Standing:
    """One player's RP: ``start`` (the rules' start RP), each gift, each
    objective, ``total``; ``rank`` from 1."""

    name: str
    seat: int
    start: int
    gifts: list[Gift] = field(default_factory=list)
    objectives: list[Fulfilled] = field(default_factory=list)
    rank: int = 0

    @property
    def gift_rp(self) -> int:
        """RP from gifts to the museum."""
        return sum(g.rp for g in self.gifts)

    @property
    def objective_rp(self) -> int:
        """RP from secret objectives."""
        return sum(o.rp for o in self.objectives)

    @property
    def total(self) -> int:
        """Start + gifts + objectives."""
        return self.start + self.gift_rp + self.objective_rp


@dataclass
class Replay:
    """What :func:`replay` found: ``problems`` (reading and rules),
    ``standings`` (seat order) after the last applied event, ``end`` (or
    ``None``: the game never ended)."""

    problems: list[Problem]
    standings: list[Standing]
    end: End | None
    totals: dict[str, int] = field(default_factory=dict)  # player → total RP (as Standing.total)


@dataclass
class Result:
    """Outcome of :func:`score_game`: ``valid`` (no error), ``players`` in
    rank order (ties by seat), ``winners`` (several on a shared win; none when
    a ``partial`` game has not ended), ``end``."""

    source: str
    valid: bool
    partial: bool
    problems: list[Problem]
    players: list[Standing] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    end: End | None = None
    events: int = 0
    win_rp: int = 0
    game: Game | None = field(default=None, repr=False, compare=False)

    @cached_property
    def names(self) -> dict[str, str]:
        """Display names of the game's tile, discovery and objective ids
        (worked out when a report asks, not for every game scored)."""
        return _names(self.game) if self.game is not None else {}


def _who(names: list[str]) -> str | None:
    """The problem's player: the one player involved, else ``None``."""
    return names[0] if len(set(names)) == 1 else None


class _State:
    """The museum during the replay: who gave what, the RP so far, the end."""

    __slots__ = ("game", "seats", "given", "fulfilled", "egg_given", "standings", "totals", "end")

    def __init__(self, game: Game):
        self.game = game
        self.seats = Seating(game.players)
        self.given: set[str] = set()             # tiles given (each in one Gift of the standings)
        self.fulfilled: dict[str, int] = {}      # objective → event
        self.egg_given: tuple[int, str] | None = None  # (event, tile) of the first egg given
        self.standings = {name: Standing(name, p.seat, game.start_rp) for name, p in self.seats.exact.items()}
        self.totals = dict.fromkeys(self.standings, game.start_rp)  # player → RP so far (as Standing.total)
        self.end: End | None = None


def replay(game: Game, partial: bool = False) -> Replay:
    """Check and apply every event in order.  Returns every problem of the
    file (reading problems first); an event with a problem is not applied.

    Events are checked and applied in one pass each (:func:`_apply_clean`)
    up to the first that has a problem — nearly every game scored has none;
    from that event on, each event gets the full check, which finds and
    words every problem (:func:`_check_in_full`)."""
    st = _State(game)
    probs = list(game.problems)
    applied = _apply_clean(st)
    if applied < len(game.events):
        _check_in_full(st, game.events[applied:], probs)
    if st.end is None:
        probs.append(_not_ended(game, partial))
    return Replay(probs, list(st.standings.values()), st.end, st.totals)


def _apply_clean(st: _State) -> int:
    """Apply the game's events in order, each checked and applied in one
    pass, up to the first that has a problem: an unknown player, tile or
    objective, a tile or objective given twice, a gift that is not one whole
    discovery, an ``eggs`` event the rules refuse, an event after the end.
    Returns how many events came before it (all of them: no event has a
    problem); that event is not applied.  A malformed event (``kind``
    ``None``, already a reading problem) is passed over."""
    game = st.game
    index = game.discoveries or discoveries_index(game.tiles, game.groups)
    tiles_of = index.tiles
    exact, find = st.seats.exact, st.seats.find
    given, fulfilled, standings, totals = st.given, st.fulfilled, st.standings, st.totals
    win, objectives = game.win_rp, game.objectives
    for i, ev in enumerate(game.events):
        kind, n = ev.kind, ev.number
        if kind == "give":
            owners = []                 # (player, tiles, rp)
            given_now: tuple[str, ...] = ()
            discovery = egg = None
            size = 0
            for written, tiles in ev.shares:
                p = exact.get(written) or find(written)
                if p is None or not tiles:
                    return i
                rp = 0
                for t in tiles:
                    tile = tiles_of.get(t)
                    if tile is None or t in given:
                        return i
                    t_rp, key, is_egg, size = tile
                    if key != discovery:
                        if discovery is not None:
                            return i    # tiles of two discoveries
                        discovery = key
                    rp += t_rp
                    if is_egg and egg is None:
                        egg = t
                given_now += tiles
                owners.append((p.name, tiles, rp))
            if len(given_now) != size or size > 1 and len(set(given_now)) != size:
                return i                # not the whole discovery, or a tile listed twice
            given.update(given_now)
            if egg is not None and st.egg_given is None:
                st.egg_given = (n, egg)
            if len(owners) == 1:
                name, tiles, rp = owners[0]
                standings[name].gifts.append(Gift(n, discovery, tiles, rp))
                totals[name] += rp
                if totals[name] >= win:
                    st.end = End(n, "rp", (name,), win)
                    return i + 1        # a later event comes after the end: the full check words it
                continue
            pooled = list(dict.fromkeys(name for name, _, _ in owners))    # a pooled gift
            for name, tiles, rp in owners:
                standings[name].gifts.append(Gift(n, discovery, tiles, rp, tuple(q for q in pooled if q != name)))
                totals[name] += rp
            reached = [exact[name] for name in pooled if totals[name] >= win]
            if reached:
                st.end = End(n, "rp", tuple(p.name for p in sorted(reached, key=_seat)), win)
                return i + 1
        elif kind == "objective":
            p = exact.get(ev.player) or find(ev.player)
            oid = ev.objective
            if p is None or oid in fulfilled or oid not in objectives:
                return i
            fulfilled[oid] = n
            rp = objectives[oid].rp
            standings[p.name].objectives.append(Fulfilled(n, oid, rp))
            totals[p.name] += rp
            if totals[p.name] >= win:
                st.end = End(n, "rp", (p.name,), win)
                return i + 1
        elif kind == "eggs":
            p = exact.get(ev.player) or find(ev.player)
            if p is None or st.egg_given is not None or index.eggs < game.eggs_to_end:
                return i
            st.end = End(n, "eggs", (p.name,), win)
            return i + 1
    return len(game.events)


def _seat(p: Player) -> int:
    return p.seat


def _not_ended(game: Game, partial: bool) -> Problem:
    """``game-not-ended``: an error, a warning when ``partial``."""
    n = len(game.events)
    return problem(
        "game-not-ended",
        (f"the game never ends: after event {n:,}, the last," if n else "the game never ends: the file lists no "
         "event, and") + f" no player has {game.win_rp} RP and no one holds both dinosaur eggs" + (
            "; the standings so far are shown" if partial else " (score an unfinished game with --partial)"),
        severity=WARNING if partial else ERROR, event=n or None)


def _check_in_full(st: _State, events: list[Event], probs: list[Problem]) -> None:
    """Check each of ``events`` in full, appending every problem (worded)
    to ``probs``, and apply those that have none."""
    game = st.game
    for ev in events:
        end = st.end
        if end is not None:
            probs.append(problem("event-after-end", f"event {ev.number} comes after the game ended at event "
                                 f"{end.event} ({end.text})", event=ev.number))
        if ev.kind is None:
            continue
        found: list[Problem] = []
        if ev.kind == "give":
            apply = _check_give(ev, st, found)
        elif ev.kind == "eggs":
            apply = _check_eggs(ev, st, found)
        else:
            apply = _check_objective(ev, st, found)
        probs += found
        if end is not None:
            continue
        if found or apply is None:
            if ev.kind == "eggs":   # the players stopped here: one cause, one problem (no game-not-ended too)
                st.end = End(ev.number, "eggs", (item_text(ev.player),), game.win_rp)
            continue
        gained = apply()  # the players who gained RP
        if ev.kind == "eggs":
            st.end = End(ev.number, "eggs", (st.seats.find(ev.player).name,), game.win_rp)
        else:
            totals, win = st.totals, game.win_rp
            if gained and max(map(totals.__getitem__, gained)) >= win:
                reached = tuple(s.name for s in sorted((st.standings[n] for n in dict.fromkeys(gained)
                                                        if totals[n] >= win), key=lambda s: s.seat))
                st.end = End(ev.number, "rp", reached, game.win_rp)


def _player(ev: Event, written: str, st: _State, found: list[Problem]) -> Player | None:
    p = st.seats.find(written)
    if p is None:
        names = ids_text([q.name for q in st.game.players if q.named])
        found.append(problem("unknown-player", f"event {ev.number}: {item_text(written)} is not a [[player]]"
                             f"{'; players: ' + names if names else ''}", event=ev.number, player=item_text(written)))
    return p


def _gift(st: _State, n: int, owners: list, discovery: str):
    """``apply()`` of a checked gift: each owner's RP, the tiles given."""
    game = st.game

    def apply() -> list[str]:
        names = [p.name for p, _ in owners] if len(owners) > 1 else [owners[0][0].name]
        tiles_of, given, standings, totals = game.tiles, st.given, st.standings, st.totals
        for p, tiles in owners:
            rp = 0
            for t in tiles:
                tile = tiles_of[t]
                rp += tile.rp
                given.add(t)
                if tile.egg and st.egg_given is None:
                    st.egg_given = (n, t)
            others = tuple(q for q in dict.fromkeys(names) if q != p.name) if len(names) > 1 else ()
            standings[p.name].gifts.append(Gift(n, discovery, tiles, rp, others))
            totals[p.name] += rp
        return names
    return apply


def _check_give(ev: Event, st: _State, found: list[Problem]):  # -> apply() or None
    """A gift's problems appended to ``found``; returns its ``apply()``, or
    ``None`` when it cannot be applied."""
    game, n = st.game, ev.number
    owners: list[tuple[Player | None, tuple[str, ...]]] = []
    for written, tiles in ev.shares:
        p = _player(ev, written, st, found)
        if not tiles:
            found.append(problem("empty-share", f"event {n}: {item_text(written)} is listed in a pooled gift with "
                                 "no tile; each player listed gives the tiles he owned",
                                 event=n, player=item_text(written)))
        owners.append((p, tiles))
    shown = [p.name if p else item_text(w) for (p, _), (w, _) in zip(owners, ev.shares)]
    everything = [(who, t) for who, (_, tiles) in zip(shown, owners) for t in tiles]
    all_tiles = [t for _, t in everything]
    if "discoveries" not in game.loose:
        unknown = [(who, t) for who, t in everything if t not in game.tiles]
        for who, t in unknown[:50]:
            found.append(problem("unknown-tile", f"event {n}: {item_text(t)} is not a discovery"
                                 f"{near_id(t, game.tiles)}", event=n, player=who, tiles=(item_text(t),)))
        if len(unknown) > 50:
            found.append(problem("unknown-tile", f"event {n}: {len(unknown) - 50:,} more tile ids are not "
                                 "discoveries", event=n, player=_who(shown), tiles=()))
    twice = [t for t, k in Counter(all_tiles).items() if k > 1] if len(set(all_tiles)) != len(all_tiles) else []
    if twice:
        found.append(problem("tile-given-twice", f"event {n}: {ids_text(twice)} given twice in one gift",
                             event=n, player=_who(shown), tiles=tuple(item_text(t) for t in twice[:8])))
    known = list(dict.fromkeys(t for t in all_tiles if t in game.tiles))
    parts: dict[str, list[str]] = {}
    for t in known:
        parts.setdefault(game.tiles[t].group or t, []).append(t)
    if len(parts) > 1:
        desc = "; ".join(f"{item_text(d)} ({ids_text(ts)})" if game.tiles[ts[0]].group else item_text(d)
                         for d, ts in list(parts.items())[:8])
        found.append(problem("mixed-discoveries", f"event {n}: tiles of {len(parts)} discoveries in one gift: "
                             f"{desc}; give each discovery in its own event", event=n, player=_who(shown),
                             tiles=tuple(item_text(t) for t in known[:16])))
    elif len(parts) == 1:
        (d, ts), = parts.items()
        group = game.groups.get(game.tiles[ts[0]].group or "")
        if group is not None:
            missing = [t for t in group.tiles if t not in ts]
            if missing:
                found.append(problem("incomplete-group", f"event {n}: {ids_text(ts)} is part of {item_text(d)}, "
                                     f"missing {ids_text(missing)}; the museum takes a multiple discovery whole",
                                     event=n, player=_who(shown), tiles=tuple(missing)))
    for who, t in everything:
        if t in st.given:
            found.append(problem("tile-given-twice", f"event {n}: {item_text(t)} was already given to the museum "
                                 f"at event {_given_at(st, t)}", event=n, player=who, tiles=(item_text(t),)))
    if not parts or any(t not in game.tiles for t in all_tiles):
        return None                     # no tile, or unknown tiles (a problem here, or an unreadable [discoveries]): not given
    return _gift(st, n, owners, next(iter(parts)))


def _given_at(st: _State, tile: str) -> int:
    """The event at which ``tile`` (in ``st.given``) was given."""
    return next(g.event for s in st.standings.values() for g in s.gifts if tile in g.tiles)


def _check_eggs(ev: Event, st: _State, found: list[Problem]):
    game, n = st.game, ev.number
    p = _player(ev, ev.player, st, found)
    who = p.name if p else item_text(ev.player)
    eggs = [t.id for t in game.tiles.values() if t.egg]
    if len(eggs) < game.eggs_to_end and "discoveries" not in game.loose:
        found.append(problem("no-eggs", f"event {n}: {who} cannot hold {game.eggs_to_end} dinosaur eggs: the "
                             f"discoveries hold {len(eggs)} (egg = true)", event=n, player=who))
    if st.egg_given is not None:
        at, egg = st.egg_given
        found.append(problem("eggs-after-gift", f"event {n}: {who} cannot hold both dinosaur eggs: "
                             f"{item_text(egg)} was given to the museum at event {at}", event=n, player=who,
                             tiles=(item_text(egg),)))
    return lambda: []


def _check_objective(ev: Event, st: _State, found: list[Problem]):
    game, n = st.game, ev.number
    p = _player(ev, ev.player, st, found)
    who = p.name if p else item_text(ev.player)
    oid = ev.objective
    if oid not in game.objectives:
        if "objectives" not in game.loose:
            found.append(problem("unknown-objective", f"event {n}: {item_text(oid)} is not a secret objective "
                                 f"card{near_id(oid, game.objectives)}; cards: {ids_text(game.objectives, 12)}",
                                 event=n, player=who, item=item_text(oid)))
        else:
            found.append(problem("unknown-objective", f"event {n}: {item_text(oid)} cannot be checked: "
                                 "[objectives] is unreadable", event=n, player=who, item=item_text(oid)))
    elif oid in st.fulfilled:
        found.append(problem("objective-twice", f"event {n}: {oid} was already fulfilled at event "
                             f"{st.fulfilled[oid]}", event=n, player=who, item=oid))

    def apply() -> list[str]:
        st.fulfilled[oid] = n
        rp = game.objectives[oid].rp
        st.standings[p.name].objectives.append(Fulfilled(n, oid, rp))
        st.totals[p.name] += rp
        return [p.name]
    return apply


def validate(game: Game, partial: bool = False) -> list[Problem]:
    """Every problem of ``game``: reading, then the replay (``partial``: a
    game that never ended is a warning)."""
    return replay(game, partial).problems


def _names(game: Game) -> dict[str, str]:
    """Display names of every tile, discovery group and objective id."""
    names = {t.id: (game.groups[t.id].name if t.id in game.groups else t.name) for t in game.tiles.values()}
    names.update({g.id: g.name for g in game.groups.values()})
    names.update({o.id: o.name for o in game.objectives.values()})
    return names


def score_game(game: Game, partial: bool = False) -> Result:
    """Replay ``game`` and rank the players by RP.  Never raises for bad
    input: an invalid game gives ``Result.valid == False`` and no standings."""
    r = replay(game, partial)
    res = Result(game.source, not any(p.severity == ERROR for p in r.problems), partial, r.problems,
                 events=len(game.events), win_rp=game.win_rp, end=r.end, game=game)
    if not res.valid:
        return res
    totals = r.totals
    players = rank_players(r.standings, lambda s: totals[s.name], lambda s: s.seat)
    res.players = players
    if r.end is not None:
        pool = [s for s in players if s.name in r.end.players] if r.end.reason == "rp" else players
        best = max(totals[s.name] for s in pool)
        res.winners = [s.name for s in pool if totals[s.name] == best]  # pool keeps the rank order
    return res


# -- rendering ------------------------------------------------------------------------------


def _end_dict(end: End | None) -> dict[str, Any] | None:
    if end is None:
        return None
    return {"event": end.event, "reason": end.reason, "players": list(end.players), "text": end.text}


def result_to_dict(result: Result, *, max_problems: int | None = None) -> dict[str, Any]:
    """JSON-ready data of a :class:`Result`: per player ``start_rp``, each
    gift (event, discovery, tiles, rp, pooled_with), ``gift_rp``, each
    objective (event, objective, rp), ``objective_rp``, ``total``; ``end``
    (event, reason ``"rp"``/``"eggs"``, players, text — ``null`` when an
    unfinished game is scored with ``partial``)."""
    players = [
        {
            "name": s.name, "seat": s.seat, "rank": s.rank, "start_rp": s.start,
            "gifts": [{"event": g.event, "discovery": g.discovery, "tiles": list(g.tiles), "rp": g.rp,
                       "pooled_with": list(g.pooled_with)} for g in s.gifts],
            "gift_rp": s.gift_rp,
            "objectives": [{"event": o.event, "objective": o.objective, "rp": o.rp} for o in s.objectives],
            "objective_rp": s.objective_rp,
            "total": s.total,
        }
        for s in result.players
    ]
    return report_dict(GAME_ID, result, players, head={"partial": result.partial},
                       tail={"end": _end_dict(result.end) if result.valid else None,
                             "win_rp": result.win_rp, "events": result.events},
                       max_problems=max_problems)


def render_json(result: Result, *, max_problems: int | None = None) -> str:
    """:func:`result_to_dict` as indented JSON.  ``max_problems``: keep only
    the first problems and add ``problems_total`` / ``problems_omitted``."""
    return to_json(result_to_dict(result, max_problems=max_problems))


def render_text(result: Result) -> str:
    """A block per player (each gift with its event, discovery, tiles and RP;
    each objective; total), the end of the game and the winner line; an
    invalid result renders its problems."""
    nm = result.names

    def name(i: str) -> str:
        return escape_display(nm.get(i) or i)

    blocks = []
    for s in result.players:
        lines = [f"#{s.rank}  {s.name}: {s.total} RP"]
        if s.start:
            lines.append(f"    Start       {s.start:>4} RP")
        lines.append(f"    Gifts       {s.gift_rp:>4} RP")
        for g in s.gifts:
            what = name(g.discovery)
            if len(g.tiles) > 1 or g.discovery not in g.tiles:
                what += " — " + " + ".join(name(t) for t in g.tiles)  # a tile's name may hold a comma
            pooled = f"  (pooled with {', '.join(clip(p) for p in g.pooled_with)})" if g.pooled_with else ""
            lines.append(f"      event {g.event:<4} {g.rp:>+4}  {what}{pooled}")
        lines.append(f"    Objectives  {s.objective_rp:>4} RP")
        for o in s.objectives:
            lines.append(f"      event {o.event:<4} {o.rp:>+4}  {name(o.objective)}")
        lines.append(f"    Total       {s.total:>4} RP")
        blocks.append(lines)
    if result.end is not None:
        footer = [f"The game ended at event {result.end.event}: {result.end.text}.",
                  winner_line(result.winners, f"{result.players[0].total} RP" if result.players else "")]
    else:
        lead = result.players[0] if result.players else None
        footer = [f"The game has not ended (standings after {result.events} event(s); it ends at "
                  f"{result.win_rp} RP or when a player holds both dinosaur eggs).",
                  f"No winner yet; leading: {', '.join(s.name for s in result.players if s.rank == 1)} with "
                  f"{lead.total} RP" if lead else "No players."]
    return text_report("Archaeologia", result, blocks, footer)


# -- simulation -----------------------------------------------------------------------------

#: Names of simulated players.
NAMES = ("Ana", "Ben", "Chloé", "Dev", "Eli", "Fay", "Gus", "Hana")


def simulate_game(players: int, seed: int, rules: ArchaeologiaRules | None = None) -> dict[str, Any]:
    """A random, valid game for ``players`` players as file data (the
    bundled tables, or ``rules``'): gifts of whole discoveries in random
    order — some pooled between players — and fulfilled objectives, until a
    player reaches ``rules.win_rp`` RP; now and then (or when nothing is
    left to give) a player holds both dinosaur eggs instead.  Eggs are never
    given, so the eggs stay available to end the game."""
    rules = rules or bundled_rules()
    rng = random.Random(seed)
    names = [NAMES[i] if i < len(NAMES) else f"Player {i + 1}" for i in range(players)]
    units: list[tuple[str, ...]] = [g.tiles for g in rules.groups.values()]
    units += [(d.id,) for d in rules.discoveries.values() if d.group is None and not d.egg]
    rng.shuffle(units)
    objectives = list(rules.objectives)
    rng.shuffle(objectives)
    rp = {n: rules.start_rp for n in names}
    events: list[dict[str, Any]] = []
    while True:
        if not units and not objectives or rng.random() < 0.02:
            events.append({"eggs": rng.choice(names)})
            break
        if objectives and (not units or rng.random() < 0.12):
            oid, who = objectives.pop(), rng.choice(names)
            events.append({"objective": oid, "by": who})
            rp[who] += rules.objectives[oid].rp
        else:
            tiles = list(units.pop())
            rng.shuffle(tiles)
            if len(tiles) > 1 and players > 1 and rng.random() < 0.35:
                k = rng.randint(2, min(len(tiles), players))
                who = rng.sample(names, k)
                cuts = sorted(rng.sample(range(1, len(tiles)), k - 1))
                shares = [tiles[a:b] for a, b in zip([0, *cuts], [*cuts, len(tiles)])]
            else:
                who, shares = [rng.choice(names)], [tiles]
            events.append({"give": dict(zip(who, shares))})
            for w, share in zip(who, shares):
                rp[w] += sum(rules.discoveries[t].rp for t in share)
        if max(rp.values()) >= rules.win_rp:
            break
    return {"game": GAME_ID, "player": [{"name": n} for n in names], "event": events}


def simulate_toml(players: int, seed: int, rules: ArchaeologiaRules | None = None) -> str:
    """:func:`simulate_game` as TOML text (the format's layout)."""
    return dumps_toml(simulate_game(players, seed, rules),
                      comment=f"A simulated Archaeologia game: {players} players, seed {seed}.")
