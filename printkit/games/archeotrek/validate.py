"""ArchéoTREK sheet validation: every rule of ``docs/formats/archeotrek-game.md``.

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

import heapq
import sys
from dataclasses import dataclass, field
from itertools import product
from operator import itemgetter
from typing import Any, Callable

from printkit.games.archeotrek.data import CHOICE_LINES, Layout, TokenSet
# CODES and Problem live with the game file's model (game.py); validate needs Game.
from printkit.games.archeotrek.game import CODES, Game, Problem, problem
from printkit.gamekit import ERROR, WARNING, clip, show


#: Names other modules import from here (CODES and Problem are game.py's).
__all__ = ["CODES", "CHOICE_LINES", "ERROR", "WARNING", "LINE_BITS", "Problem", "problem", "Sheet", "Tables",
           "check", "components", "errors", "labels_in", "op_values", "tables_for", "token_index", "token_index_for", "validate"]

LINE_BITS: dict[str, int] = {line: 1 << i for i, line in enumerate(CHOICE_LINES)}
KIND_LINE = {"red": "red", "yellow": "yellow", "plus": "sum"}
_ALL_LINES = (1 << len(CHOICE_LINES)) - 1
_W = 16  # bits per field of the packed Hall vectors (a field holds up to 2**14 − 1: see Tables.huge)




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
    #: label → bit
    bit: dict[str, int] = field(default_factory=dict)
    #: label → (bit, value → packed Hall vector of its allowed-lines mask); valid values only
    fast: dict[str, tuple[int, dict[int, int]]] = field(default_factory=dict)
    #: (label, value) → the circle's bit plus, above the :attr:`labels` bits, the
    #: packed Hall vector of its allowed-lines mask; valid values only.  Summed
    #: over a sheet's circles it gives the filled mask and the Hall need in one
    #: pass at C speed.  Empty when the table would be too big (use :attr:`fast`).
    pairs: dict[tuple[str, int], int] = field(default_factory=dict)
    #: (label, value) → the circle's bit; above the :attr:`labels` bits, a 1 in
    #: the count field of its allowed-lines mask (:attr:`mask_fields`); from
    #: bit :attr:`value_shift`, the value.  Valid values only; empty with
    #: :attr:`pairs`.  Summed over a sheet's circles (one machine word for the
    #: bundled Dig Site) it gives the filled mask, how many circles allow each
    #: set of lines and the total written.
    quick: dict[tuple[str, int], int] = field(default_factory=dict)
    #: allowed-lines mask → (shift, width) of its count field in :attr:`quick`
    #: (counted from bit ``len(labels)``), for the masks some circle can have
    mask_fields: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: the lowest bit of the value field of :attr:`quick`
    value_shift: int = 0
    #: the count fields of :attr:`quick` (shifted down by ``len(labels)``) →
    #: whether a sheet of every box ticked can match its circles to the boxes
    #: (Hall's condition; memo of :func:`_full_hall`)
    full_hall: dict[int, bool] = field(default_factory=dict)
    #: allowed-lines mask → packed vector with a 1 in the field of every line set containing it
    p: tuple[int, ...] = ()
    #: Choices line → packed vector with a 1 in the field of every line set holding it
    q: dict[str, int] = field(default_factory=dict)
    #: the top bit of every field 1..15
    high: int = 0
    #: some line has too many boxes for the packed fields: use the plain check
    huge: bool = False
    #: an area's circle labels → (its bitmask when they are known, distinct and
    #: contiguous, else 0; a sheet's ``circles`` → the tuple of their values)
    #: (memo of :func:`_area_shape`; short areas only)
    shapes: dict[tuple[str, ...], tuple[int, Callable[[dict], tuple]]] = field(default_factory=dict)
    #: a sheet's ``choices`` items → (total ticks, over, unfinished, packed Hall
    #: capacity) (memo of :func:`_choices_summary`)
    choices: dict[tuple[tuple[str, int], ...], tuple[int, bool, bool, int]] = field(default_factory=dict)
    #: for a layout of two chunks (14–26 circles): per chunk, chunk bits → the
    #: labels of its circles (memo of :func:`labels_in`)
    chunk_labels: tuple[dict[int, tuple[str, ...]], ...] = ()
    #: for a layout of one or two chunks (up to 26 circles): per chunk, chunk
    #: bits → the groups of linked circles they make within the chunk
    #: (bitmasks; memo of :func:`_connected`)
    groups: tuple[dict[int, tuple[int, ...]], ...] = ()
    #: :func:`_connected` for this layout: a filled bitmask → whether it is
    #: one linked group (set by :func:`tables_for` once the tables exist)
    connected: Callable[[int], bool] | None = None
    #: (shift, table) per 13-bit chunk of the circles: table[chunk] = the union of
    #: the neighbours of the chunk's circles (empty for a layout of > 65 circles)
    spread: tuple[tuple[int, tuple[int, ...]], ...] = ()
    #: the bit of the circle nearest the middle of the dig site (fewest rings of
    #: neighbours reach every circle): :func:`_reach` starts there when it is
    #: filled, so its walk takes fewer steps (0 when there are no :attr:`spread` tables)
    centre: int = 0


#: Circles per :attr:`Tables.spread` chunk (8,192 entries per table).
_CHUNK = 13
#: Most (label, value) pairs of :attr:`Tables.pairs` (the bundled Dig Site has about 300).
_MAX_PAIRS = 20_000


def _spread_tables(nbr: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    if len(nbr) > 5 * _CHUNK:
        return ()
    out = []
    for shift in range(0, len(nbr), _CHUNK):
        width = min(_CHUNK, len(nbr) - shift)
        tab = [0]
        for j in range(width):  # the entries with bit j set: those below, plus circle j's neighbours
            near = nbr[shift + j]
            tab += [seen | near for seen in tab]
        out.append((shift, tuple(tab)))
    return tuple(out)


def _most_central(spread: tuple[tuple[int, tuple[int, ...]], ...], n: int) -> int:
    """The bit of the first circle (layout order) whose rings of neighbours,
    grown through the :attr:`Tables.spread` tables, stop growing soonest."""
    mask = (1 << _CHUNK) - 1
    best_bit, best_rings = 0, n + 1
    for i in range(n):
        seen, rings = 1 << i, 0
        while True:
            grow = seen
            for shift, tab in spread:
                grow |= tab[(seen >> shift) & mask]
            if grow == seen:
                break
            seen, rings = grow, rings + 1
        if rings < best_rings:
            best_bit, best_rings = 1 << i, rings
    return best_bit


def _reach(start: int, within: int, t: Tables) -> int:
    """:func:`_component` through the chunk tables: each step adds the
    neighbours of every circle reached so far with one look-up per chunk."""
    spread = t.spread
    if not spread:
        return _component(start, within, t.nbr)
    mask = (1 << _CHUNK) - 1
    seen = start
    if len(spread) == 2:  # up to 26 circles (the bundled Dig Site): the loop below, unrolled
        (_, low_tab), (shift, high_tab) = spread
        while True:
            grow = (seen | low_tab[seen & mask] | high_tab[seen >> shift]) & within
            if grow == seen:
                return seen
            seen = grow
    while True:
        grow = seen
        for shift, tab in spread:
            grow |= tab[(seen >> shift) & mask]
        grow &= within
        if grow == seen:
            return seen
        seen = grow


def _connected(filled: int, t: Tables) -> bool:
    """Whether the circles of ``filled`` form one linked group (or none).

    Up to two 13-circle chunks: each chunk's groups of linked circles are
    found once per chunk pattern (:attr:`Tables.groups`).  With one group in
    a chunk, the whole is linked when that group neighbours every group of
    the other chunk; with several in each, when joining the groups that
    neighbour those joined so far joins them all.  Larger layouts grow the
    group from one circle (:func:`_reach`).  (:attr:`Tables.connected` is
    this test for one layout.)"""
    return t.connected(filled)


def _connected_test(t: Tables) -> Callable[[int], bool]:
    """:func:`_connected` for the layout of ``t``, its tables bound in.

    With two chunks, a group is joined when it meets the neighbours of the
    groups joined so far (:attr:`Tables.spread` gives a group's neighbours:
    a group lies within one chunk); the circles are linked when every group
    is joined."""
    nbr, groups, spread = t.nbr, t.groups, t.spread

    def walk(filled: int) -> bool:
        return _reach(filled & t.centre or filled & -filled, filled, t) == filled

    if not groups:
        return walk
    mask = (1 << _CHUNK) - 1
    low_memo = groups[0]
    low_get = low_memo.get
    if len(groups) == 1:
        def one_chunk(filled: int) -> bool:
            lows = low_get(filled)
            if lows is None:
                lows = low_memo[filled] = tuple(components(filled, nbr))
            return len(lows) <= 1
        return one_chunk
    high_memo = groups[1]
    high_get = high_memo.get
    (_, low_near), (_, high_near) = spread

    def two_chunks(filled: int) -> bool:
        low = filled & mask
        lows = low_get(low)
        if lows is None:
            lows = low_memo[low] = tuple(components(low, nbr))
        high = filled >> _CHUNK
        highs = high_get(high)
        if highs is None:
            highs = high_memo[high] = tuple(components(high << _CHUNK, nbr))
        if len(lows) == 1:  # the low group must neighbour every high one
            near, others = low_near[low], highs
        elif len(highs) == 1:
            near, others = high_near[high], lows
        elif not lows or not highs:
            return len(lows) + len(highs) <= 1
        else:  # several groups on each side: join those the joined ones neighbour
            near, others = low_near[lows[0]], lows[1:] + highs
            while others:
                apart = ()
                for g in others:
                    if near & g:
                        near |= low_near[g] if g <= mask else high_near[g >> _CHUNK]
                    else:
                        apart += (g,)
                if len(apart) == len(others):
                    return False
                others = apart
            return True
        for g in others:
            if not near & g:
                return False
        return True
    return two_chunks


def _build_tables(layout: Layout) -> Tables:
    """The :class:`Tables` of ``layout`` (built once per layout object)."""
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
    boxes = {line: layout.choices.get(line, 0) for line in CHOICE_LINES}
    # Hall's condition as one big-int comparison: field S (W bits) holds, for
    # every set S of lines, the circles confined to S (need) or the ticks of S (cap).
    p = tuple(
        sum(1 << (_W * s) for s in range(1, _ALL_LINES + 1) if m and m & ~s == 0)
        for m in range(_ALL_LINES + 1)
    )
    q = {
        line: sum(1 << (_W * s) for s in range(1, _ALL_LINES + 1) if s & LINE_BITS[line])
        for line in CHOICE_LINES
    }
    high = sum(1 << (_W * s + _W - 1) for s in range(1, _ALL_LINES + 1))
    fast = {
        lab: (1 << i, {v: p[m] for v, m in value_mask[i].items() if m})
        for lab, i in idx.items()
    }
    n = len(labels)
    spread = _spread_tables(nbr)
    pairs = {}
    quick = {}
    # a count field per allowed-lines mask, wide enough for every circle that can have it
    can_have = [sum(1 for vm in value_mask if m in vm.values()) for m in range(_ALL_LINES + 1)]
    mask_fields, at = {}, 0
    for m in range(1, _ALL_LINES + 1):
        if can_have[m]:
            mask_fields[m] = (at, can_have[m].bit_length())
            at += can_have[m].bit_length()
    value_shift = n + at
    if n * len(any_mask) <= _MAX_PAIRS:
        pairs = {(lab, v): pv << n | b for lab, (b, values) in fast.items() for v, pv in values.items()}
        quick = {(lab, v): v << value_shift | 1 << (n + mask_fields[m][0]) | 1 << i
                 for lab, i in idx.items() for v, m in value_mask[i].items() if m}
    t = Tables(
        labels, idx, nbr, tuple(value_mask), any_mask, tuple(own), boxes, subsets, ops,
        bit={lab: 1 << i for lab, i in idx.items()}, fast=fast, pairs=pairs, quick=quick,
        mask_fields=mask_fields, value_shift=value_shift, p=p, q=q, high=high,
        spread=spread, centre=_most_central(spread, n) if spread else 0,
        chunk_labels=({}, {}) if _CHUNK < len(labels) <= 2 * _CHUNK else (),
        groups=tuple({} for _ in spread) if len(spread) <= 2 else (),
        huge=sum(boxes.values()) >= 1 << (_W - 2) or len(labels) >= 1 << (_W - 2),
    )
    t.connected = _connected_test(t)
    return t


def _by_identity(build: Callable[[Any], Any], size: int = 64) -> Callable[[Any], Any]:
    """``build`` remembered per argument, keyed by object identity: the
    argument is kept with its value, so its ``id`` is not reused while
    remembered.  Past ``size`` arguments the memory starts again."""
    memo: dict[int, tuple[Any, Any]] = {}

    def remembered(obj: Any) -> Any:
        hit = memo.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        if len(memo) > size:
            memo.clear()
        value = build(obj)
        memo[id(obj)] = (obj, value)
        return value

    remembered.__doc__ = f"Remembered {build.__name__}: {build.__doc__ or ''}"
    return remembered


#: The :class:`Tables` of a layout (remembered per layout object).
tables_for: Callable[[Layout], Tables] = _by_identity(_build_tables)


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


def labels_in(mask: int, t: Tables) -> tuple[str, ...]:
    """The labels of the circles in ``mask``, layout order (lowest bit first);
    for a two-chunk layout, one remembered look-up per 13-circle chunk."""
    if not t.chunk_labels:
        return _names(mask, t.labels)
    low_memo, high_memo = t.chunk_labels
    low, high = mask & ((1 << _CHUNK) - 1), mask >> _CHUNK
    first = low_memo.get(low)
    if first is None:
        first = low_memo[low] = _names(low, t.labels)
    second = high_memo.get(high)
    if second is None:
        second = high_memo[high] = _names(high << _CHUNK, t.labels)
    return first + second


#: Longest area whose shape :func:`_area_shape` remembers, and most remembered.
_SHAPE_MEMO_LEN = 64
_SHAPE_MEMO_MAX = 50_000


def _values_getter(acircles: tuple[str, ...]) -> Callable[[dict], tuple]:
    """A function: a sheet's ``circles`` → the tuple of the values written in
    ``acircles`` (KeyError for an empty one)."""
    if len(acircles) > 1:
        return itemgetter(*acircles)
    if acircles:  # itemgetter of one key gives the value itself, not a tuple
        label = acircles[0]
        return lambda circles: (circles[label],)
    return lambda circles: ()


def _area_shape(acircles: tuple[str, ...], t: Tables) -> tuple[int, Callable[[dict], tuple]]:
    """(The bitmask of an area's circles when they are all on the dig site,
    each named once and contiguous, else 0 (the detailed check words why);
    :func:`_values_getter` of its circles).  Remembered per label tuple in
    :attr:`Tables.shapes`."""
    bit = t.bit
    amask = 0
    for c in acircles:
        b = bit.get(c)
        if b is None or amask & b:
            amask = 0
            break
        amask |= b
    if amask & (amask - 1) and _component(amask & -amask, amask, t.nbr) != amask:
        amask = 0
    shape = (amask, _values_getter(acircles))
    if len(acircles) <= _SHAPE_MEMO_LEN:
        if len(t.shapes) >= _SHAPE_MEMO_MAX:
            t.shapes.clear()
        t.shapes[acircles] = shape
    return shape


#: Most value tuples :func:`_area_need` remembers per rule set (of areas of
#: up to :data:`_SHAPE_MEMO_LEN` circles), and most rule sets.
_NEED_MEMO_MAX = 4096
_NEED_RULE_SETS = 4
#: (area_sum, base, per_zero) → an area's values → the Bone tokens it keeps
#: (-1: its values do not total ``area_sum``); see :func:`_area_need`.
_NEEDS: dict[tuple[int, int, int], dict[tuple, int]] = {}


def _needs_for(area_sum: int, base: int, per_zero: int) -> dict[tuple, int]:
    """The memo of :func:`_area_need` for one rule set."""
    key = (area_sum, base, per_zero)
    needs = _NEEDS.get(key)
    if needs is None:
        if len(_NEEDS) >= _NEED_RULE_SETS:
            _NEEDS.clear()
        needs = _NEEDS[key] = {}
    return needs


def _area_need(values: tuple, needs: dict[tuple, int], area_sum: int, base: int, per_zero: int) -> int:
    """How many Bone tokens a Digging Area whose circles hold ``values`` keeps:
    ``base + per_zero × zeros`` (rulebook: 3. Reveal fossils), or -1 when the
    values do not total ``area_sum``.  Remembered in ``needs``."""
    need = base + per_zero * values.count(0) if sum(values) == area_sum else -1
    if len(values) <= _SHAPE_MEMO_LEN:
        if len(needs) >= _NEED_MEMO_MAX:
            needs.clear()
        needs[values] = need
    return need


def _choices_summary(ticks: dict[str, int], t: Tables) -> tuple[int, bool, bool, int]:
    """(total ticks, some line over its boxes, some line short of them, the
    packed Hall capacity of the ticks) of a sheet's ``choices``; remembered
    in :attr:`Tables.choices` keyed by the items."""
    n = [ticks.get(line, 0) for line in CHOICE_LINES]
    boxes = [t.boxes[line] for line in CHOICE_LINES]
    over = any(a > b for a, b in zip(n, boxes))
    unfinished = any(a < b for a, b in zip(n, boxes))
    cap = sum(a * t.q[line] for a, line in zip(n, CHOICE_LINES))
    out = (sum(n), over, unfinished, cap)
    if len(t.choices) >= 4096:
        t.choices.clear()
    t.choices[tuple(ticks.items())] = out
    return out


def _join(items, limit: int = 12) -> str:
    """Items joined by commas; past ``limit`` items, "… and N more"."""
    items = list(items)
    return _join_n(items, len(items), limit)


def _join_n(first, total: int, limit: int = 12) -> str:
    """:func:`_join` of a list of ``total`` items of which ``first`` holds
    (at least) the first ``limit``."""
    more = f", … and {total - limit} more" if total > limit else ""
    return ", ".join(_short(i) for i in list(first)[:limit]) + more


def _short(item: Any) -> str:
    s = str(item)
    return s if len(s) <= 40 else show(s)


class _Holders:
    """Which earlier Digging Areas of a sheet hold each circle, so an
    ``area-overlap`` names them without rescanning every earlier area (60,000
    areas on one circle stay linear).  Built lazily from the sheet's list of
    area masks on the first overlap, then brought up to date on each call:
    per circle, the area numbers (ascending) and the same set as a bitmask
    (its ``bit_count`` counts a union of circles)."""

    __slots__ = ("masks", "done", "lists", "sets")

    def __init__(self, masks: list[int]) -> None:
        self.masks = masks
        self.done = 0
        self.lists: dict[int, list[int]] = {}
        self.sets: dict[int, int] = {}

    def holding(self, overlap: int, limit: int = 12) -> tuple[list[int], int]:
        """(the first ``limit`` numbers, how many) of the areas so far that
        hold a circle of ``overlap``."""
        lists, sets = self.lists, self.sets
        for n in range(self.done, len(self.masks)):
            for i in _bits(self.masks[n]):
                lists.setdefault(i, []).append(n + 1)
                sets[i] = sets.get(i, 0) | 1 << (n + 1)
        self.done = len(self.masks)
        bits = [i for i in _bits(overlap) if i in lists]
        if len(bits) == 1:
            return lists[bits[0]][:limit], len(lists[bits[0]])
        first = list(dict.fromkeys(heapq.merge(*(lists[i][:limit] for i in bits))))[:limit]
        union = 0
        for i in bits:
            union |= sets[i]
        return first, union.bit_count()


def _desc(acircles: tuple[str, ...], limit: int = 12) -> str:
    """An area's circles as ``A1+A2+B2`` (long areas abbreviated)."""
    if len(acircles) > limit:
        return "+".join(map(_short, acircles[:limit])) + f"+… ({len(acircles)} circles)"
    return "+".join(map(_short, acircles))


def _token_hint(tok: str, tokens: TokenSet) -> str:
    """What a Bone token id of ``tokens`` may be, for a ``tok`` that is none:
    the values of its colour when the colour is one ("blue Bones are 1 to
    9"), else the id's form and the colours."""
    colour = tok.rpartition("-")[0]
    values = tokens.bones.get(colour)
    if not values:
        return f"\"<colour>-<value>\", colours {_join(tokens.bones)}"
    lo, hi = min(values), max(values)
    said = f"{lo} to {hi}" if sorted(values) == list(range(lo, hi + 1)) else _join(values)
    return f"{colour} Bones are {said}"


def token_index(tokens: TokenSet) -> dict[str, tuple[str, int]]:
    """Token id ``"<colour>-<value>"`` → (colour, value), for every Bone token
    (ids interned, as the game files' are: look-ups compare them by identity)."""
    return {sys.intern(f"{c}-{v}"): (c, v) for c, values in tokens.bones.items() for v in values}


#: :func:`token_index` remembered per token set object.
token_index_for: Callable[[TokenSet], dict[str, tuple[str, int]]] = _by_identity(token_index)


#: Most per-mask counts :func:`_full_hall` remembers per layout.
_HALL_MEMO_MAX = 4096


def _full_hall(counts: int, t: Tables) -> bool:
    """Whether circles counted per allowed-lines mask in ``counts`` (the
    count fields of :attr:`Tables.quick`) can each take a box of a sheet of
    every box ticked (Hall's condition, as :func:`_check_matching`);
    remembered in :attr:`Tables.full_hall`."""
    by_mask = [0] * (_ALL_LINES + 1)
    for m, (shift, width) in t.mask_fields.items():
        by_mask[m] = counts >> shift & ((1 << width) - 1)
    ok = _hall_fails(by_mask, [t.boxes[line] for line in CHOICE_LINES], t) is None
    if len(t.full_hall) >= _HALL_MEMO_MAX:
        t.full_hall.clear()
    t.full_hall[counts] = ok
    return ok


def _hall_fails(by_mask: list[int], tick_by_bit: list[int], t: Tables) -> tuple[int, int] | None:
    """Hall's condition: for every set S of lines, circles whose allowed lines
    all lie in S (``by_mask``: circles per allowed-lines mask) number at most
    the ticks of S (``tick_by_bit``: ticks per line, :data:`LINE_BITS` order).
    Returns (S, its ticks) of the first set that breaks it, else ``None``."""
    for s in range(1, _ALL_LINES + 1):
        cap = 0
        need = 0
        for i, n in enumerate(tick_by_bit):
            if s >> i & 1:
                cap += n
        for m in t.subsets[s]:
            need += by_mask[m]
        if need > cap:
            return s, cap
    return None


def _check_matching(
    pname: str, masks: list[tuple[str, int]], ticks: dict[str, int], t: Tables
) -> Problem | None:
    """Hall's condition: for every set S of lines, circles whose allowed lines
    all lie in S number at most the ticks of S.  With total ticks = circles this
    is exactly the existence of a perfect matching circles ↔ ticked boxes."""
    counts = [0] * (_ALL_LINES + 1)
    for _, m in masks:
        counts[m] += 1
    fails = _hall_fails(counts, [ticks.get(line, 0) for line in CHOICE_LINES], t)
    if fails is None:
        return None
    s, cap = fails
    lines = [line for line in CHOICE_LINES if LINE_BITS[line] & s]
    circles = tuple(lab for lab, m in masks if m & ~s == 0)
    return problem(
        "no-assignment",
        f"no assignment of operations fits the ticks: {len(circles)} results "
        f"({_join(circles)}) can only come from the {' / '.join(lines)} line"
        f"{'s' if len(lines) > 1 else ''}, ticked {cap} time{'s' if cap != 1 else ''}",
        player=pname, circles=circles,
    )


def _circles_slow(pname: str, circles: dict, t: Tables, out: list[Problem]) -> tuple[int, list[tuple[str, int]]]:
    """Per-circle checks with problems; returns the filled bitmask and, per
    circle, its allowed-lines mask for the matching (a circle with a bad value
    or label may take any line — special circles still only their own)."""
    idx = t.idx
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
                "unknown-circle", f"circle {show(lab)} is not on the dig site{hint}",
                player=pname, circles=(lab,),
            ))
            masks.append((lab, _ALL_LINES))
            continue
        filled |= 1 << i
        own = t.own_line[i]
        if v is None:
            masks.append((lab, LINE_BITS[own] if own else _ALL_LINES))
            continue
        m = t.value_mask[i].get(v)
        if m is None:
            out.append(problem(
                "value-out-of-range",
                f"circle {_short(lab)} holds {v}, which no operation of the dice can give "
                f"(possible: {min(t.any_mask)}..{max(t.any_mask)})",
                player=pname, circles=(lab,),
            ))
            m = LINE_BITS[own] if own else _ALL_LINES
        elif m == 0:
            kind = {"red": "red die", "yellow": "yellow die", "sum": "red + yellow"}[own]
            out.append(problem(
                "special-circle",
                f"special circle {_short(lab)} takes the {kind} only; {v} is not one of "
                f"{_join(sorted(t.ops[own]))}",
                player=pname, circles=(lab,),
            ))
            m = LINE_BITS[own]
        masks.append((lab, m))
    return filled, masks


def _masks_of(circles: dict, t: Tables) -> list[tuple[str, int]]:
    """Allowed-lines mask per circle of a sheet whose circles are all valid."""
    return [(lab, t.value_mask[t.idx[lab]][v]) for lab, v in circles.items()]


def _area_slow(
    pname: str, a_no: int, acircles: tuple[str, ...], circles: dict, filled: int,
    used: int, owners: _Holders, t: Tables, area_sum: int, out: list[Problem],
) -> tuple[int, bool, int, int]:
    """Area checks with problems; returns (area mask, sum/zeros known, sum, zeros)."""
    idx, labels, nbr = t.idx, t.labels, t.nbr
    desc = _desc(acircles) or "(none)"
    amask = 0
    ok = True
    if not acircles:
        out.append(problem("area-empty", f"area {a_no} lists no circles", player=pname, area=a_no))
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
        first, n_others = owners.holding(overlap)
        out.append(problem(
            "area-overlap",
            f"area {a_no} ({desc}) shares {_join(names)} with area {_join_n(first, n_others)}",
            player=pname, circles=names, area=a_no,
        ))
    total = zeros = 0
    if ok:
        vals = [circles.get(c) for c in dict.fromkeys(acircles)]
        if None in vals:
            ok = False
        else:
            total = sum(vals)
            zeros = vals.count(0)
            if total != area_sum:
                out.append(problem(
                    "area-sum", f"area {a_no} ({desc}) totals {total}, not {area_sum}",
                    player=pname, circles=tuple(acircles), area=a_no,
                ))
    return amask, ok, total, zeros


#: What :func:`validate` hands the scorer per player: (bitmask of the filled
#: circles, bitmask of the circles inside Digging Areas, the Bone token ids kept
#: in area order, the points of the Empty-Handed circles — filled, in no area).
Sheet = tuple[int, int, list[str], int]


def _clean_sheets(game: "Game", t: Tables, tindex: dict[str, tuple[str, int]]) -> list[Sheet] | None:
    """The sheets :func:`validate` hands the scorer when ``game`` breaks no
    rule at all and every Choices box is ticked, else ``None`` (then the full
    check finds and words the problems).

    One pass per sheet that only decides: the circles' labels, values and
    special circles, the Hall capacity of the ticks and the connectivity as
    in the full check; every Digging Area known, contiguous, disjoint from
    the earlier ones, filled, totalling ``area_sum`` and keeping exactly
    ``base + per_zero × zeros`` Bone tokens (rulebook: 3. Reveal fossils);
    then every token of the table known and kept once.  Anything else —
    a warning included — is ``None``.
    """
    quick_of = t.quick.__getitem__
    shapes = t.shapes
    n_bits, value_shift = len(t.labels), t.value_shift
    all_bits = (1 << n_bits) - 1
    count_bits = (1 << (value_shift - n_bits)) - 1
    full_ticks, full_hall = t.boxes, t.full_hall  # a finished sheet: every box ticked
    n_boxes = sum(full_ticks.values())
    area_sum, base, per_zero = game.area_sum, game.tokens_base, game.tokens_per_zero
    needs = _needs_for(area_sum, base, per_zero)
    connected = t.connected
    sheets: list[Sheet] = []
    every: list[str] = []  # every Bone token kept at the table
    for pl in game.players:
        circles = pl.circles
        # one tick per result, every box ticked, no line over its boxes
        if len(circles) != n_boxes or pl.choices != full_ticks:
            return None
        try:  # an unknown label, or a value not possible there: KeyError
            packed = sum(map(quick_of, circles.items()))
        except KeyError:
            return None
        filled = packed & all_bits
        counts = packed >> n_bits & count_bits
        hall = full_hall.get(counts)
        if hall is None:
            hall = _full_hall(counts, t)
        if not hall:  # Hall's condition (see _check_matching)
            return None
        if not connected(filled):
            return None
        used = 0
        kept: list[str] = []
        for area in pl.areas:
            try:
                amask, values_of = shapes[area.circles]
            except KeyError:
                amask, values_of = _area_shape(area.circles, t)
            if not amask or amask & used:
                return None
            try:
                values = values_of(circles)
            except KeyError:  # an empty circle
                return None
            bones = area.bones
            need = needs.get(values)
            if need is None:
                need = _area_need(values, needs, area_sum, base, per_zero)
            if len(bones) != need:  # -1 when the values do not total area_sum
                return None
            used |= amask
            kept += bones
        every += kept
        # every area totals area_sum: the rest of what was written is Empty-Handed
        sheets.append((filled, used, kept, (packed >> value_shift) - area_sum * len(pl.areas)))
    known = set(every)
    if len(known) != len(every) or not tindex.keys() >= known:
        return None
    return sheets


def validate(game: "Game", *, partial: bool = False, sheets: list[Sheet] | None = None) -> list[Problem]:
    """Every problem of every player of ``game`` (docs/formats/archeotrek-game.md).

    ``partial``: an unfinished game — unticked Choices boxes become a warning.
    Returns structural problems found while parsing first, then each player's
    in seat order, then table-wide token problems.  Never raises on bad sheets.

    A game that breaks no rule is told by one quick pass
    (:func:`_clean_sheets`); any other runs the full check, where each check
    runs a fast pass first and only a failing check re-runs in the detailed
    form that words the problems.  ``sheets``, when given, receives a
    :data:`Sheet` per player (seat order) for the scorer: the bitmasks (bit
    ``Tables.idx[label]``) of the filled circles and of the circles inside
    Digging Areas, the player's Bone token ids in area order and the points
    of the Empty-Handed circles (meaningful for a game with no error).
    """
    return check(game, partial=partial, sheets=sheets)[0]


def check(game: "Game", *, partial: bool = False, sheets: list[Sheet] | None = None,
          ) -> tuple[list[Problem], Tables, dict[str, tuple[str, int]]]:
    """:func:`validate`, also giving the game's :class:`Tables` and
    :func:`token_index` (the scorer reads both)."""
    t = tables_for(game.layout)
    tindex = token_index_for(game.tokens)
    if not game.problems and t.quick:
        clean = _clean_sheets(game, t, tindex)
        if clean is not None:
            if sheets is not None:
                sheets += clean
            return [], t, tindex
    return _validate_all(game, t, tindex, partial, sheets), t, tindex


def _validate_all(game: "Game", t: Tables, tindex: dict[str, tuple[str, int]], partial: bool,
                  sheets: list[Sheet] | None) -> list[Problem]:
    """:func:`validate`'s full check: every problem, worded."""
    labels, nbr, fast, shapes, choice_memo = t.labels, t.nbr, t.fast, t.shapes, t.choices
    high = t.high
    pair_of = t.pairs.__getitem__ if t.pairs else None
    n_bits = len(labels)
    all_bits = (1 << n_bits) - 1
    area_sum = game.area_sum
    base, per_zero = game.tokens_base, game.tokens_per_zero
    out: list[Problem] = list(game.problems)
    holders: dict[str, tuple[str, int]] = {}
    short: list[Problem] = []
    for pl in game.players:
        pname = pl.name
        circles = pl.circles
        # -- circles: fast pass (labels, values, special circles) --------------
        filled = 0
        need = 0
        clean = True
        if pair_of is not None:
            try:
                packed = sum(map(pair_of, circles.items()))
            except KeyError:  # an unknown label, or a value not possible there
                clean = False
            else:
                filled, need = packed & all_bits, packed >> n_bits
        else:
            for lab, v in circles.items():
                e = fast.get(lab)
                if e is None:
                    clean = False
                    break
                pv = e[1].get(v)
                if pv is None:
                    clean = False
                    break
                filled |= e[0]
                need += pv
        masks = None
        if not clean:
            filled, masks = _circles_slow(pname, circles, t, out)
            need = 0
            for _, m in masks:
                need += t.p[m]
        # -- connectivity -------------------------------------------------------
        if not _connected(filled, t):
            comps = components(filled, nbr)
            main = max(comps, key=lambda c: c.bit_count())
            rest = filled & ~main
            out.append(problem(
                "not-connected",
                f"circle(s) {_join(_names(rest, labels))} not linked to the other "
                f"filled circles ({_join(_names(main, labels)[:3])}, ...)",
                player=pname, circles=_names(rest, labels),
            ))
        # -- choices --------------------------------------------------------------
        ticks = pl.choices
        summary = choice_memo.get(tuple(ticks.items()))
        if summary is None:
            summary = _choices_summary(ticks, t)
        total, over, unfinished, cap = summary
        if over or unfinished:
            undone = []
            for line in CHOICE_LINES:
                n, boxes = ticks.get(line, 0), t.boxes[line]
                if n > boxes:
                    out.append(problem(
                        "ticks-over-boxes",
                        f"Choices line {line} has {n} ticks but only {boxes} boxes",
                        player=pname,
                    ))
                elif n < boxes:
                    undone.append(f"{line} {n}/{boxes}")
        n_circles = len(circles)
        read = pl.choices_read  # else a Choices line is unread (already a problem): its totals would echo it
        if read and total != n_circles:
            out.append(problem(
                "ticks-count",
                f"{total} Choices tick{'' if total == 1 else 's'} but {n_circles} filled "
                f"circle{'' if n_circles == 1 else 's'} (one tick per result)",
                player=pname,
            ))
        elif read and n_circles:
            if over or t.huge:
                matched = False
            else:
                matched = ((cap | high) - need) & high == high
            if not matched:
                bad = _check_matching(pname, masks or _masks_of(circles, t), ticks, t)
                if bad is not None:
                    out.append(bad)
        if unfinished and read:
            out.append(problem(
                "choices-unfinished",
                f"unticked Choices boxes {'in an unfinished game' if partial else 'in a finished game'}: "
                f"{_join(undone)}",
                severity=WARNING if partial else ERROR, player=pname,
            ))
        # -- digging areas and their tokens -----------------------------------------
        used = 0
        kept: list[str] = []  # the sheet's Bone tokens, area order
        area_masks: list[int] = []
        owners: _Holders | None = None  # built on the first area with a problem
        for a_no, area in enumerate(pl.areas, 1):
            acircles = area.circles
            amask, values_of = shapes.get(acircles) or _area_shape(acircles, t)
            ok = False
            if amask and not amask & used:
                try:
                    values = values_of(circles)
                    ok = sum(values) == area_sum
                except (KeyError, TypeError):  # an empty circle, or one whose value is not a number
                    pass
            if ok:
                zeros = values.count(0)
            else:
                if owners is None:
                    owners = _Holders(area_masks)
                amask, ok, s, zeros = _area_slow(
                    pname, a_no, acircles, circles, filled, used, owners, t, area_sum, out,
                )
            area_masks.append(amask)
            used |= amask
            bones = area.bones
            kept += bones
            # an area keeps base + per_zero × its zeros tokens (rulebook: 3. Reveal fossils)
            if ok and len(bones) != base + per_zero * zeros:
                allowed = base + per_zero * zeros
                nb = len(bones)
                desc = _desc(acircles)
                if nb > allowed:
                    out.append(problem(
                        "too-many-tokens",
                        f"area {a_no} ({desc}) has {zeros} zero(s), so keeps at most "
                        f"{allowed} Bone token(s), not {nb}",
                        player=pname, circles=tuple(acircles), tokens=tuple(bones), area=a_no,
                    ))
                else:
                    short.append(problem(
                        "too-few-tokens",
                        f"area {a_no} ({desc}) keeps {nb} Bone token(s) but earns "
                        f"{allowed} and the token set is not exhausted",
                        player=pname, circles=tuple(acircles), tokens=tuple(bones), area=a_no,
                    ))
            for tok in bones:
                if tok in tindex and tok not in holders:
                    holders[tok] = (pname, a_no)
                    continue
                desc = _desc(acircles) or "(none)"
                if tok not in tindex:
                    out.append(problem(
                        "unknown-token",
                        f"area {a_no} ({desc}) keeps {show(tok)}, not a token of the set "
                        f"({_token_hint(tok, game.tokens)})",
                        player=pname, tokens=(tok,), area=a_no,
                    ))
                    continue
                prev = holders[tok]
                where = "earlier in this sheet" if prev[0] == pname else f"by {clip(prev[0])}"
                out.append(problem(
                    "duplicate-token",
                    f"area {a_no} ({desc}) keeps {_short(tok)}, already kept {where} (area {prev[1]})",
                    player=pname, tokens=(tok,), area=a_no,
                ))
        if sheets is not None:
            empty_handed = 0
            for lab in labels_in(filled & ~used, t):
                v = circles.get(lab)
                if type(v) is int:
                    empty_handed += v
            sheets.append((filled, used, kept, empty_handed))
    if short and len(holders) < len(tindex):
        out.extend(short)
    return out


def errors(problems: list[Problem]) -> list[Problem]:
    """Only the problems of severity "error"."""
    return [p for p in problems if p.severity == ERROR]
