"""Play whole ArchéoTREK games at random and write them as filled-game files.

:func:`simulate` plays with the bundled rules (or given ones): each round one
roll of the red and yellow dice; every player in seat order picks a random
legal (Choices line, circle) pair — a line with boxes left, an empty circle
next to a filled one (anywhere for the first result), special circles only
with their own operation — and writes the result.  Then, if some contiguous
group of unused filled circles through the new circle totals 9, the player
digs one of them at random (3 times in 4), draws one Bone token per circle
from the shared 36-token bag (fewer when the bag runs dry), keeps 1 + (zeros
in it) and returns the rest — rulebook: 3. Reveal fossils.  A player whose roll has no legal placement re-rolls for themself.

:func:`simulate_toml` writes the resulting structure as TOML
(:func:`printkit.scoring.tomlout.dumps_toml`, deterministic).  Every simulated game validates without problems.
"""

from __future__ import annotations

import random
from typing import Any

from printkit.gamekit import UsageError, dumps_toml
from printkit.games.archeotrek.data import CHOICE_LINES, ArcheoTrekRules
from printkit.games.archeotrek.game import bundled_rules
from printkit.games.archeotrek.validate import tables_for

#: Seat names used by the simulator (non-ASCII on purpose).
NAMES = ("Ana", "Ben", "Chloé", "Dara", "Émile", "Farah", "Gus", "Hana")
DIG_PROBABILITY = 0.75


def _areas_through(i: int, avail: int, nbr: tuple[int, ...], vals: list[int], target: int) -> list[int]:
    """Every connected set (bitmask) of ``avail`` circles containing circle ``i``
    whose values total ``target`` (values >= 0, so partial sums prune)."""
    out: list[int] = []

    def rec(s: int, total: int, ext: int, forbidden: int) -> None:
        if total == target:
            out.append(s)
        while ext:
            low = ext & -ext
            w = low.bit_length() - 1
            ext ^= low
            nt = total + vals[w]
            if nt <= target:
                rec(s | low, nt, ext | (nbr[w] & avail & ~s & ~forbidden & ~low), forbidden)
            forbidden |= low

    start = 1 << i
    if vals[i] <= target:
        rec(start, vals[i], nbr[i] & avail & ~start, 0)
    return out


class _DeadEnd(Exception):
    pass


def _play(players: int, rng: random.Random, rules: ArcheoTrekRules) -> dict[str, Any]:
    layout = rules.layout
    t = tables_for(layout)
    n = len(t.labels)
    red_faces, yellow_faces = layout.dice["red"], layout.dice["yellow"]
    bag = rules.tokens.bone_ids()
    boxes = {line: layout.choices.get(line, 0) for line in CHOICE_LINES}
    state = [
        {"ticks": dict.fromkeys(CHOICE_LINES, 0), "order": [], "vals": [0] * n,
         "filled": 0, "used": 0, "areas": []}
        for _ in range(players)
    ]

    def value(line: str, r: int, y: int) -> int:
        return {"yellow": y, "red": r, "difference": abs(r - y), "sum": r + y}[line]

    for _round in range(layout.boxes):
        r, y = rng.choice(red_faces), rng.choice(yellow_faces)
        for st in state:
            filled = st["filled"]
            if filled:
                cand = 0
                for i in range(n):
                    if filled >> i & 1:
                        cand |= t.nbr[i]
                cand &= ~filled
            else:
                cand = (1 << n) - 1
            pr, py = r, y
            for _try in range(200):
                moves = []
                for line in CHOICE_LINES:
                    if st["ticks"][line] >= boxes[line]:
                        continue
                    for i in range(n):
                        if cand >> i & 1 and t.own_line[i] in (None, line):
                            moves.append((line, i))
                if moves:
                    break
                pr, py = rng.choice(red_faces), rng.choice(yellow_faces)
            if not moves:
                raise _DeadEnd
            line, i = rng.choice(moves)
            v = value(line, pr, py)
            st["ticks"][line] += 1
            st["vals"][i] = v
            st["filled"] |= 1 << i
            st["order"].append(i)
            avail = st["filled"] & ~st["used"]
            options = _areas_through(i, avail, t.nbr, st["vals"], rules.area_sum)
            if options and rng.random() < DIG_PROBABILITY:
                area = rng.choice(options)
                st["used"] |= area
                members = [j for j in range(n) if area >> j & 1]
                zeros = sum(1 for j in members if st["vals"][j] == 0)
                # rulebook: 3. Reveal fossils — draw one token per circle, keep 1 + one per 0, return the rest
                drawn = [bag.pop(rng.randrange(len(bag)))
                         for _ in range(min(rules.tokens_drawn_per_circle * len(members), len(bag)))]
                keep = rules.tokens_base + rules.tokens_per_zero * zeros
                kept, returned = drawn[:keep], drawn[keep:]
                bag.extend(returned)
                st["areas"].append({"circles": [t.labels[j] for j in members], "bones": kept})
    out_players = []
    for seat, st in enumerate(state):
        name = NAMES[seat] if seat < len(NAMES) else f"Player {seat + 1}"
        p: dict[str, Any] = {
            "name": name,
            "choices": {line: st["ticks"][line] for line in CHOICE_LINES},
            "circles": {t.labels[i]: st["vals"][i] for i in st["order"]},
        }
        if st["areas"]:
            p["area"] = st["areas"]
        out_players.append(p)
    return {"game": "archeotrek", "player": out_players}


def simulate(players: int = 4, seed: int = 0, rules: ArcheoTrekRules | None = None) -> dict[str, Any]:
    """Play one whole game and return it in the filled-game structure
    (``docs/formats/archeotrek-game.md``; bundled layout, so no ``[layout]``).

    ``players``: 1..``rules.players_max`` (bundled: 8), else
    :class:`printkit.UsageError`.  Same ``seed`` → same game.
    """
    rules = rules or bundled_rules()
    if not isinstance(players, int) or not rules.players_min <= players <= rules.players_max:
        raise UsageError(
            f"--players must be between {rules.players_min} and {rules.players_max}, not {players}"
        )
    for attempt in range(100):
        rng = random.Random(f"archeotrek-{seed}-{players}-{attempt}")
        try:
            return _play(players, rng, rules)
        except _DeadEnd:  # pragma: no cover - needs a sheet walled in by special circles
            continue
    raise RuntimeError("simulation kept reaching dead ends")  # pragma: no cover


def simulate_toml(players: int = 4, seed: int = 0, rules: ArcheoTrekRules | None = None) -> str:
    """:func:`simulate` written as a TOML filled-game file."""
    game = simulate(players, seed, rules)
    return dumps_toml(
        game, comment=f"ArchéoTREK game simulated by printkit: {players} players, seed {seed}",
    )
