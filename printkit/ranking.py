"""Ranking players, shared by every game's scorer."""

from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")


def rank_players(players: list[T], score: Callable[[T], float], seat: Callable[[T], int]) -> list[T]:
    """Give each player a competition rank (1, 1, 3: ties share a rank) by
    ``score``, highest first; set ``player.rank`` and return the players in
    rank order, ties by ``seat`` (two stable sorts: by seat, then by score).
    The players ranked 1 share the win.
    """
    ordered = sorted(players, key=seat)
    ordered.sort(key=score, reverse=True)  # stable, also reversed: ties stay in seat order
    rank, last = 0, None
    for i, p in enumerate(ordered, 1):
        points = score(p)
        if i == 1 or points != last:
            rank, last = i, points
        p.rank = rank
    return ordered
