"""ArchéoTREK scoring — rulebook: Close the Dig Site.

Score = Bone token values + Skeleton values won − values of Empty-Handed
circles (filled circles in no Digging Area).  Each Skeleton goes to the player
with strictly the most Bone tokens of its colour; among players tied on that
count, to the one with strictly the fewest points in that colour; a tie that
persists (or nobody holding that colour) gives it to no one.  Ranks are
competition ranks (1, 1, 3); everyone on the top score shares the win.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from printkit.games.archeotrek.game import GAME_ID, Game
from printkit.gamekit import clip, rank_players, report_dict, text_report, to_json, winner_line
from printkit.games.archeotrek.validate import (
    ERROR,
    Problem,
    Sheet,
    check,
    labels_in,
)


@dataclass(slots=True)
class SkeletonAward:
    """Who takes the Skeleton of ``colour`` (worth ``value``); ``reason`` says why.

    ``winner``: a player name or ``None``; ``counts`` / ``points``: Bone
    tokens and Bone points of that colour per player (seat order).
    """

    colour: str
    value: int
    winner: str | None
    counts: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """Why the Skeleton went where it went, in words."""
        colour, counts, points = self.colour, self.counts, self.points
        best = max(counts.values(), default=0)
        if best == 0:
            return f"no one kept {_a(colour)} {colour} Bone"
        top = [p for p, n in counts.items() if n == best]
        if len(top) == 1:
            others = sorted((n for p, n in counts.items() if p != top[0]), reverse=True)
            vs = f" vs {others[0]}" if others else ""
            return f"most {colour} Bones ({best}{vs})"
        low = min(points[p] for p in top)
        if self.winner is not None:
            rest = [p for p in top if p != self.winner]
            nxt = min(points[p] for p in rest)
            return (
                f"tied on {best} {colour} {_bones(best)} with {_names(rest)}; "
                f"fewest {colour} points ({low} vs {nxt})"
            )
        return f"{_names(top)} tied on {best} {colour} {_bones(best)} and {low} {colour} points: no one"


def _a(word: str) -> str:
    """The indefinite article before ``word``: "an" before a vowel letter
    (an orange Bone), else "a" (a blue Bone)."""
    return "an" if word[:1].lower() in "aeiouàâéèêëîïôöùûü" and word[:1] else "a"


def _bones(n: int) -> str:
    """"Bone" or "Bones" for ``n`` tokens."""
    return "Bone" if n == 1 else "Bones"


def _points(n: int) -> str:
    """A score in words: "1 point", "-1 point", else "N points"."""
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _names(names: list[str], limit: int = 8) -> str:
    """Player names joined by commas; past ``limit``, "and N more" (a table
    of thousands of tied players still gives one short reason)."""
    more = f" and {len(names) - limit:,} more" if len(names) > limit else ""
    return ", ".join(clip(n) for n in names[:limit]) + more


@dataclass(slots=True)
class PlayerScore:
    """One player's score sheet (points are whole numbers).

    ``bones``: kept token ids in area order; ``empty_handed``: label → value of
    filled circles in no Digging Area (layout order); ``rank``: 1 = best.
    """

    name: str
    seat: int
    bones: list[str]
    bone_points: int
    skeletons: list[SkeletonAward]
    skeleton_points: int
    empty_handed: dict[str, int]
    empty_handed_points: int
    score: int
    rank: int = 0


@dataclass
class Result:
    """Outcome of :func:`score_game`.

    ``valid``: no error-level problem (``players``/``winners`` are empty
    otherwise); ``players`` in rank order (ties by seat); ``skeletons`` in
    token-set colour order.
    """

    source: str
    valid: bool
    partial: bool
    problems: list[Problem]
    players: list[PlayerScore] = field(default_factory=list)
    skeletons: list[SkeletonAward] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)


def award_skeleton(colour: str, value: int, counts: dict[str, int], points: dict[str, int]) -> SkeletonAward:
    """Award one Skeleton token (rulebook: Close the Dig Site).

    ``counts``/``points``: player → Bone tokens / Bone points of ``colour``.
    Strict majority of tokens wins; among those tied on the most, strictly
    fewest points wins; otherwise (or nobody holding the colour) no one.
    """
    # one pass: the leader so far holds the most tokens (``best``, at least 1)
    # and, among those, the fewest points (``low``); ``tied``: another has both
    winner = None
    best = low = 0
    tied = False
    for p, n in counts.items():
        if n > best:
            best, low, winner, tied = n, points[p], p, False
        elif n == best and n:
            pp = points[p]
            if pp < low:
                low, winner, tied = pp, p, False
            elif pp == low:
                tied = True
    return SkeletonAward(colour, value, None if tied else winner, counts, points)


def score_game(game: Game, *, partial: bool = False) -> Result:
    """Validate ``game`` and, when it has no errors, score it.

    rulebook: Close the Dig Site.  ``partial``: an unfinished game (unticked
    boxes are a warning).  Never raises for bad sheets: problems are on the
    result, and ``Result.valid`` is False when any is an error.
    """
    sheets: list[Sheet] = []
    problems, tables, tindex = check(game, partial=partial, sheets=sheets)
    for p in problems:
        if p.severity == ERROR:
            return Result(game.source, False, partial, problems)
    colours = game.tokens.bones
    names = [pl.name for pl in game.players]  # unique: a repeated name is an error
    # colour → player → Bone tokens / Bone points of that colour (seat order)
    zero = dict.fromkeys(names, 0)
    counts: dict[str, dict[str, int]] = {}
    pts: dict[str, dict[str, int]] = {}
    for c in colours:
        counts[c] = zero.copy()
        pts[c] = zero.copy()
    scores: list[PlayerScore] = []
    for pl, (filled, in_areas, bones, eh) in zip(game.players, sheets):
        name = pl.name
        bone_points = 0
        for tok in bones:
            colour, v = tindex[tok]
            bone_points += v
            counts[colour][name] += 1
            pts[colour][name] += v
        circles = pl.circles
        empty = {}  # the Empty-Handed circles (their points are eh), in layout order
        for lab in labels_in(filled & ~in_areas, tables):
            empty[lab] = circles[lab]
        scores.append(PlayerScore(
            name, pl.seat, bones, bone_points, [], 0, empty, eh, bone_points - eh,
        ))
    by_name = dict(zip(names, scores))
    skeletons = game.tokens.skeletons
    awards = []
    for c in colours:
        aw = award_skeleton(c, skeletons[c], counts[c], pts[c])
        awards.append(aw)
        if aw.winner is not None:
            s = by_name[aw.winner]
            s.skeletons.append(aw)
            s.skeleton_points += aw.value
            s.score += aw.value
    scores = rank_players(scores, _SCORE, _SEAT)
    return Result(game.source, True, partial, problems, scores, awards,
                  [s.name for s in scores if s.rank == 1])


_SCORE = attrgetter("score")
_SEAT = attrgetter("seat")


# -- rendering ------------------------------------------------------------------


def _award_dict(a: SkeletonAward) -> dict[str, Any]:
    return {
        "colour": a.colour, "value": a.value, "winner": a.winner, "reason": a.reason,
        "counts": a.counts, "points": a.points,
    }


def result_to_dict(result: Result, *, max_problems: int | None = None) -> dict[str, Any]:
    """JSON-ready data of a :class:`Result` (the same content as the text
    table; the envelope is :func:`printkit.scoring.report.report_dict`)."""
    players = [
        {
            "name": s.name,
            "seat": s.seat,
            "rank": s.rank,
            "score": s.score,
            "bones": {"tokens": s.bones, "points": s.bone_points},
            "skeletons": {
                "won": [{"colour": a.colour, "value": a.value, "reason": a.reason} for a in s.skeletons],
                "points": s.skeleton_points,
            },
            "empty_handed": {"circles": s.empty_handed, "points": s.empty_handed_points},
        }
        for s in result.players
    ]
    return report_dict(GAME_ID, result, players, head={"partial": result.partial},
                       tail={"skeletons": [_award_dict(a) for a in result.skeletons]}, max_problems=max_problems)


def render_json(result: Result, *, max_problems: int | None = None) -> str:
    """:func:`result_to_dict` as indented JSON (UTF-8 text, keys in fixed order).

    ``max_problems``: keep only the first problems (``printkit score --json``
    keeps :data:`printkit.messages.MAX_SHOWN`) and add ``problems_total`` and
    ``problems_omitted``; ``None`` (the default) keeps every problem."""
    return to_json(result_to_dict(result, max_problems=max_problems))


def render_text(result: Result) -> str:
    """A readable block per player (Bones, Skeletons and why, Empty-Handed,
    score, rank) and a winner line.  Invalid results render their problems."""
    blocks = []
    for s in result.players:
        lines = [f"#{s.rank}  {s.name}: {_points(s.score)}"]
        bones = ", ".join(s.bones) or "none"
        lines.append(f"    Bones         {s.bone_points:>+5}   {bones}")
        if s.skeletons:
            for i, a in enumerate(s.skeletons):
                label = "Skeletons" if i == 0 else ""
                lines.append(f"    {label:<13} {a.value:>+5}   {a.colour}: {a.reason}")
        else:
            lines.append(f"    {'Skeletons':<13} {0:>+5}   none")
        eh = ", ".join(f"{k}={v}" for k, v in s.empty_handed.items()) or "none"
        lines.append(f"    Empty-Handed  {-s.empty_handed_points:>+5}   {eh}")
        lines.append(f"    Score         {s.score:>5}")
        blocks.append(lines)
    nobody = [a for a in result.skeletons if a.winner is None]
    footer = [f"Skeleton {a.colour} (+{a.value}): {a.reason}" for a in nobody] + ([""] if nobody else [])
    best = _points(result.players[0].score) if result.players else ""
    return text_report("ArchéoTREK", result, blocks, footer + [winner_line(result.winners, best)])
