"""Ranking players, shared by every game's scorer."""

from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")


def rank_players(players: list[T], score: Callable[[T], float], seat: Callable[[T], int]) -> list[T]:
    """Give each player a competition rank (1, 1, 3: ties share a rank) by
    ``score``, highest first, in one sort; set ``player.rank`` and return the
    players in rank order, ties by ``seat``.  The players ranked 1 share the win.
    """
    ordered = sorted(players, key=lambda p: (-score(p), seat(p)))
    for i, p in enumerate(ordered):
        p.rank = ordered[i - 1].rank if i and score(ordered[i - 1]) == score(p) else i + 1
    return ordered
