"""ArchéoTREK sheet validation: every rule of ``shared/formats/archeotrek-game.md``.

:func:`validate` checks a parsed :class:`~printkit.games.archeotrek.game.Game`
and returns every :class:`Problem` of every player in one run (one bad sheet
never hides another's errors).  Each problem carries a stable ``code`` (see
:data:`CODES` and ``docs/scoring-archeotrek.md``), a severity, the player, the
circles / tokens involved and a message naming the rule.

The hot path works on per-layout tables (:func:`tables_for`): circle bit
indices, neighbour bitmasks and, for every circle, value → the Choices lines
whose operation can produce it.  The operations check is an exact bipartite
matching test (Hall's condition over the 16 subsets of the four Choices lines),
not a greedy assignment.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING, Any

from printkit.games.archeotrek.data import CHOICE_LINES, Layout, TokenSet

if TYPE_CHECKING:  # pragma: no cover
    from printkit.games.archeotrek.game import Game

ERROR = "error"
WARNING = "warning"

#: code → (severity, the rule it enforces).  Stable: tests, docs and JSON use them.
CODES: dict[str, tuple[str, str]] = {
    "game-name": (ERROR, "the file's `game` is \"archeotrek\" (absent: warning)"),
    "unknown-key": (ERROR, "only the keys of the filled-game format are allowed"),
    "missing-key": (ERROR, "a player has a `name`, `choices` and `circles`"),
    "wrong-type": (ERROR, "every entry has the type the format gives (values are whole numbers)"),
    "no-players": (ERROR, "a game has at least one [[player]]"),
    "duplicate-player": (ERROR, "player names are unique at the table"),
    "unknown-circle": (ERROR, "every circle label exists in the layout"),
    "value-out-of-range": (
        ERROR,
        "a value is one the dice can produce (yellow face, red face, |red - yellow|, red + yellow)",
    ),
    "special-circle": (
        ERROR,
        "a red circle holds a red face, a yellow circle a yellow face, a '+' circle a possible sum",
    ),
    "not-connected": (
        ERROR,
        "filled circles are connected (each result after the first is written next to a filled circle)",
    ),
    "ticks-over-boxes": (ERROR, "ticks on a Choices line never exceed its boxes"),
    "ticks-count": (ERROR, "total ticks equal the filled circles (one tick per result written)"),
    "no-assignment": (
        ERROR,
        "some assignment of operations to circles matches the ticks per line, "
        "every value comes from its operation and every special circle gets its own operation",
    ),
    "choices-unfinished": (
        ERROR,
        "a finished game has every Choices box ticked (warning with --partial)",
    ),
    "area-empty": (ERROR, "a Digging Area is non-empty"),
    "area-unfilled": (ERROR, "a Digging Area is made of filled circles"),
    "area-not-contiguous": (ERROR, "a Digging Area is contiguous"),
    "area-sum": (ERROR, "a Digging Area totals exactly 9 (rulebook: Dig)"),
    "area-overlap": (ERROR, "a circle belongs to at most one Digging Area"),
    "too-many-tokens": (
        ERROR,
        "an area keeps at most 1 + (number of 0s in it) Bone tokens (rulebook: Dig)",
    ),
    "too-few-tokens": (
        WARNING,
        "an area keeps 1 + (number of 0s in it) Bone tokens unless the token set is exhausted",
    ),
    "unknown-token": (ERROR, "every kept token exists in the token set (\"<colour>-<value>\")"),
    "duplicate-token": (ERROR, "no Bone token is kept twice across the whole table"),
}

LINE_BITS: dict[str, int] = {line: 1 << i for i, line in enumerate(CHOICE_LINES)}
KIND_LINE = {"red": "red", "yellow": "yellow", "plus": "sum"}
_ALL_LINES = (1 << len(CHOICE_LINES)) - 1


@dataclass(frozen=True)
class Problem:
    """One broken rule.

    ``code``: stable identifier (a key of :data:`CODES`); ``severity``:
    "error" (the game is invalid) or "warning"; ``player``: the player's name,
    ``None`` for file-level problems; ``circles`` / ``tokens``: labels and
    ``"<colour>-<value>"`` ids involved; ``area``: 1-based Digging Area number
    within the player's sheet, if any.
    """

    code: str
    severity: str
    message: str
    player: str | None = None
    circles: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()
    area: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready mapping of every field."""
        return {
            "code": self.code,
            "severity": self.severity,
            "player": self.player,
            "area": self.area,
            "circles": list(self.circles),
            "tokens": list(self.tokens),
            "message": self.message,
            "rule": self.rule,
        }

    @property
    def rule(self) -> str:
        """The rule this problem breaks, in words (from :data:`CODES`)."""
        return CODES.get(self.code, ("", ""))[1]

    def __str__(self) -> str:
        who = f"{self.player}: " if self.player is not None else ""
        return f"{self.severity} [{self.code}] {who}{self.message} (rule: {self.rule})"


def problem(code: str, message: str, *, severity: str | None = None, **kw: Any) -> Problem:
    """A :class:`Problem` with the code's default severity (overridable)."""
    return Problem(code, severity or CODES[code][0], message, **kw)


def op_values(dice: dict[str, tuple[int, ...]]) -> dict[str, frozenset[int]]:
    """Choices line → every value its operation can give with these dice faces."""
    red, yellow = dice["red"], dice["yellow"]
    return {
        "yellow": frozenset(yellow),
        "red": frozenset(red),
        "difference": frozenset(abs(r - y) for r, y in product(red, yellow)),
        "sum": frozenset(r + y for r, y in product(red, yellow)),
    }


@dataclass
class Tables:
    """Precomputed per-layout lookups (circle index = bit position)."""

    labels: tuple[str, ...]
    idx: dict[str, int]
    nbr: tuple[int, ...]
    #: per circle: value → allowed-lines mask (0: value possible somewhere, not here)
    value_mask: tuple[dict[int, int], ...]
    #: value → mask over all operations (normal circle)
    any_mask: dict[int, int]
    own_line: tuple[str | None, ...]
    boxes: dict[str, int]
    subsets: tuple[tuple[int, ...], ...]
    ops: dict[str, frozenset[int]] = field(default_factory=dict)


def _build_tables(layout: Layout) -> Tables:
    labels = tuple(c.id for c in layout.circles)
    idx = {lab: i for i, lab in enumerate(labels)}
    nb = layout.neighbours
    nbr = tuple(sum(1 << idx[n] for n in nb.get(lab, ()) if n in idx) for lab in labels)
    ops = op_values(layout.dice)
    any_mask: dict[int, int] = {}
    for line, values in ops.items():
        for v in values:
            any_mask[v] = any_mask.get(v, 0) | LINE_BITS[line]
    value_mask = []
    own = []
    for c in layout.circles:
        line = KIND_LINE.get(c.kind)
        own.append(line)
        if line is None:
            value_mask.append(any_mask)
        else:
            bit = LINE_BITS[line]
            value_mask.append({v: (bit if m & bit else 0) for v, m in any_mask.items()})
    subsets = tuple(
        tuple(m for m in range(1, _ALL_LINES + 1) if m & ~s == 0) for s in range(_ALL_LINES + 1)
    )
    return Tables(
        labels, idx, nbr, tuple(value_mask), any_mask, tuple(own),
        {line: layout.choices.get(line, 0) for line in CHOICE_LINES}, subsets, ops,
    )


_TABLES: dict[int, tuple[Layout, Tables]] = {}


def tables_for(layout: Layout) -> Tables:
    """Cached :class:`Tables` of ``layout`` (cache keyed by object identity)."""
    hit = _TABLES.get(id(layout))
    if hit is not None and hit[0] is layout:
        return hit[1]
    if len(_TABLES) > 64:
        _TABLES.clear()
    t = _build_tables(layout)
    _TABLES[id(layout)] = (layout, t)
    return t


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _component(start_bit: int, within: int, nbr: tuple[int, ...]) -> int:
    """Bitmask of the circles of ``within`` reachable from ``start_bit``."""
    seen = start_bit
    frontier = start_bit
    while frontier:
        grow = 0
        while frontier:
            low = frontier & -frontier
            grow |= nbr[low.bit_length() - 1]
            frontier ^= low
        frontier = grow & within & ~seen
        seen |= frontier
    return seen


def components(mask: int, nbr: tuple[int, ...]) -> list[int]:
    """Connected components (bitmasks) of the circles in ``mask``, lowest bit first."""
    out = []
    while mask:
        comp = _component(mask & -mask, mask, nbr)
        out.append(comp)
        mask &= ~comp
    return out


def _names(mask: int, labels: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(labels[i] for i in _bits(mask))


def _join(items) -> str:
    return ", ".join(str(i) for i in items)


def token_index(tokens: TokenSet) -> dict[str, tuple[str, int]]:
    """Token id ``"<colour>-<value>"`` → (colour, value), for every Bone token."""
    return {f"{c}-{v}": (c, v) for c, values in tokens.bones.items() for v in values}


_TOKEN_INDEX: dict[int, tuple[TokenSet, dict[str, tuple[str, int]]]] = {}


def token_index_for(tokens: TokenSet) -> dict[str, tuple[str, int]]:
    """Cached :func:`token_index` (keyed by object identity)."""
    hit = _TOKEN_INDEX.get(id(tokens))
    if hit is not None and hit[0] is tokens:
        return hit[1]
    if len(_TOKEN_INDEX) > 64:
        _TOKEN_INDEX.clear()
    ti = token_index(tokens)
    _TOKEN_INDEX[id(tokens)] = (tokens, ti)
    return ti


def _check_matching(
    pname: str, masks: list[tuple[str, int]], ticks: dict[str, int], t: Tables
) -> Problem | None:
    """Hall's condition: for every set S of lines, circles whose allowed lines
    all lie in S number at most the ticks of S.  With total ticks = circles this
    is exactly the existence of a perfect matching circles ↔ ticked boxes."""
    counts = [0] * (_ALL_LINES + 1)
    for _, m in masks:
        counts[m] += 1
    tick_by_bit = [ticks.get(line, 0) for line in CHOICE_LINES]
    for s in range(1, _ALL_LINES + 1):
        cap = 0
        need = 0
        for i, n in enumerate(tick_by_bit):
            if s >> i & 1:
                cap += n
        for m in t.subsets[s]:
            need += counts[m]
        if need > cap:
            break
    else:
        return None
    lines = [line for line in CHOICE_LINES if LINE_BITS[line] & s]
    circles = tuple(lab for lab, m in masks if m & ~s == 0)
    return problem(
        "no-assignment",
        f"no assignment of operations fits the ticks: {len(circles)} results "
        f"({_join(circles)}) can only come from the {' / '.join(lines)} line"
        f"{'s' if len(lines) > 1 else ''}, ticked {cap} time{'s' if cap != 1 else ''}",
        player=pname, circles=circles,
    )


def validate(game: "Game", *, partial: bool = False) -> list[Problem]:
    """Every problem of every player of ``game`` (shared/formats/archeotrek-game.md).

    ``partial``: an unfinished game — unticked Choices boxes become a warning.
    Returns structural problems found while parsing first, then each player's
    in seat order, then table-wide token problems.  Never raises on bad sheets.
    """
    t = tables_for(game.layout)
    tindex = token_index_for(game.tokens)
    labels, idx, nbr = t.labels, t.idx, t.nbr
    area_sum = game.area_sum
    base, per_zero = game.tokens_base, game.tokens_per_zero
    out: list[Problem] = list(game.problems)
    holders: dict[str, tuple[str, int]] = {}
    kept_valid: set[str] = set()
    short: list[Problem] = []
    for pl in game.players:
        pname = pl.name
        circles = pl.circles
        filled = 0
        masks: list[tuple[str, int]] = []
        for lab, v in circles.items():
            i = idx.get(lab)
            if i is None:
                hint = ""
                for cand in (lab.strip().upper(), lab.strip()):
                    if cand in idx and cand != lab:
                        hint = f" (did you mean {cand}?)"
                        break
                out.append(problem(
                    "unknown-circle", f"circle {lab!r} is not on the dig site{hint}",
                    player=pname, circles=(lab,),
                ))
                masks.append((lab, _ALL_LINES))
                continue
            filled |= 1 << i
            if v is None:
                own = t.own_line[i]
                masks.append((lab, LINE_BITS[own] if own else _ALL_LINES))
                continue
            m = t.value_mask[i].get(v)
            if m is None:
                out.append(problem(
                    "value-out-of-range",
                    f"circle {lab} holds {v}, which no operation of the dice can give "
                    f"(possible: {min(t.any_mask)}..{max(t.any_mask)})",
                    player=pname, circles=(lab,),
                ))
                own = t.own_line[i]
                m = LINE_BITS[own] if own else _ALL_LINES
            elif m == 0:
                own = t.own_line[i]
                kind = {"red": "red die", "yellow": "yellow die", "sum": "red + yellow"}[own]
                out.append(problem(
                    "special-circle",
                    f"special circle {lab} takes the {kind} only; {v} is not one of "
                    f"{_join(sorted(t.ops[own]))}",
                    player=pname, circles=(lab,),
                ))
                m = LINE_BITS[own]
            masks.append((lab, m))
        # connectivity
        if filled:
            comp = _component(filled & -filled, filled, nbr)
            if comp != filled:
                comps = components(filled, nbr)
                main = max(comps, key=lambda c: c.bit_count())
                rest = filled & ~main
                out.append(problem(
                    "not-connected",
                    f"circle(s) {_join(_names(rest, labels))} not linked to the other "
                    f"filled circles ({_join(_names(main, labels)[:3])}, ...)",
                    player=pname, circles=_names(rest, labels),
                ))
        # choices
        ticks = pl.choices
        total = 0
        unfinished = []
        for line in CHOICE_LINES:
            n = ticks.get(line, 0)
            total += n
            boxes = t.boxes[line]
            if n > boxes:
                out.append(problem(
                    "ticks-over-boxes",
                    f"Choices line {line} has {n} ticks but only {boxes} boxes",
                    player=pname,
                ))
            elif n < boxes:
                unfinished.append(f"{line} {n}/{boxes}")
        n_circles = len(circles)
        if total != n_circles:
            out.append(problem(
                "ticks-count",
                f"{total} Choices ticks but {n_circles} filled circles (one tick per result)",
                player=pname,
            ))
        elif n_circles:
            bad = _check_matching(pname, masks, ticks, t)
            if bad is not None:
                out.append(bad)
        if unfinished:
            out.append(problem(
                "choices-unfinished",
                f"unticked Choices boxes in a finished game: {_join(unfinished)}",
                severity=WARNING if partial else ERROR, player=pname,
            ))
        # digging areas
        used = 0
        used_by: dict[int, int] = {}
        for a_no, area in enumerate(pl.areas, 1):
            acircles = area.circles
            desc = "+".join(acircles) or "(none)"
            amask = 0
            ok = True
            if not acircles:
                out.append(problem(
                    "area-empty", f"area {a_no} lists no circles", player=pname, area=a_no,
                ))
                ok = False
            unknown = [c for c in acircles if c not in idx]
            if unknown:
                out.append(problem(
                    "unknown-circle",
                    f"area {a_no} ({desc}) names circle(s) {_join(unknown)} not on the dig site",
                    player=pname, circles=tuple(unknown), area=a_no,
                ))
                ok = False
            dups = []
            for c in acircles:
                i = idx.get(c)
                if i is None:
                    continue
                if amask >> i & 1:
                    dups.append(c)
                amask |= 1 << i
            if dups:
                out.append(problem(
                    "area-overlap", f"area {a_no} ({desc}) lists {_join(dups)} twice",
                    player=pname, circles=tuple(dups), area=a_no,
                ))
            unf = amask & ~filled
            if unf:
                out.append(problem(
                    "area-unfilled",
                    f"area {a_no} ({desc}) includes empty circle(s) {_join(_names(unf, labels))}",
                    player=pname, circles=_names(unf, labels), area=a_no,
                ))
                ok = False
            if amask and _component(amask & -amask, amask, nbr) != amask:
                out.append(problem(
                    "area-not-contiguous",
                    f"area {a_no} ({desc}) is not one contiguous group of circles",
                    player=pname, circles=tuple(acircles), area=a_no,
                ))
            overlap = amask & used
            if overlap:
                names = _names(overlap, labels)
                others = sorted({used_by[i] for i in _bits(overlap)})
                out.append(problem(
                    "area-overlap",
                    f"area {a_no} ({desc}) shares {_join(names)} with area "
                    f"{_join(others)}",
                    player=pname, circles=names, area=a_no,
                ))
            for i in _bits(amask & ~used):
                used_by[i] = a_no
            used |= amask
            zeros = 0
            if ok:
                vals = [circles[c] for c in dict.fromkeys(acircles)]
                if None not in vals:
                    s = sum(vals)
                    zeros = vals.count(0)
                    if s != area_sum:
                        out.append(problem(
                            "area-sum",
                            f"area {a_no} ({desc}) totals {s}, not {area_sum}",
                            player=pname, circles=tuple(acircles), area=a_no,
                        ))
                else:
                    ok = False
            # tokens
            bones = area.bones
            allowed = base + per_zero * zeros
            if ok and len(bones) > allowed:
                out.append(problem(
                    "too-many-tokens",
                    f"area {a_no} ({desc}) has {zeros} zero(s), so keeps at most {allowed} "
                    f"Bone token(s), not {len(bones)}",
                    player=pname, circles=tuple(acircles), tokens=tuple(bones), area=a_no,
                ))
            elif ok and len(bones) < allowed:
                short.append(problem(
                    "too-few-tokens",
                    f"area {a_no} ({desc}) keeps {len(bones)} Bone token(s) but earns "
                    f"{allowed} and the token set is not exhausted",
                    player=pname, circles=tuple(acircles), tokens=tuple(bones), area=a_no,
                ))
            for tok in bones:
                if tok not in tindex:
                    out.append(problem(
                        "unknown-token",
                        f"area {a_no} ({desc}) keeps {tok!r}, not a token of the set "
                        f"(\"<colour>-<value>\", colours {_join(game.tokens.bones)})",
                        player=pname, tokens=(tok,), area=a_no,
                    ))
                    continue
                prev = holders.get(tok)
                if prev is not None:
                    where = "earlier in this sheet" if prev[0] == pname else f"by {prev[0]}"
                    out.append(problem(
                        "duplicate-token",
                        f"area {a_no} ({desc}) keeps {tok}, already kept {where} "
                        f"(area {prev[1]})",
                        player=pname, tokens=(tok,), area=a_no,
                    ))
                else:
                    holders[tok] = (pname, a_no)
                    kept_valid.add(tok)
    if short and len(kept_valid) < len(tindex):
        out.extend(short)
    return out


def errors(problems: list[Problem]) -> list[Problem]:
    """Only the problems of severity "error"."""
    return [p for p in problems if p.severity == ERROR]
