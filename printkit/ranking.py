"""Ranking players, shared by every game's scorer."""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

T = TypeVar("T")


def rank_players(players: list[T], score: Callable[[T], float], seat: Callable[[T], int]) -> list[T]:
    """Give each player a competition rank (1, 1, 3: ties share a rank) by
    ``score``, highest first, in one sort; set ``player.rank`` and return the
    players in rank order, ties by ``seat``.  The players ranked 1 share the win.
    """
    ordered = sorted(players, key=lambda p: (-score(p), seat(p)))
    rank, last = 0, None
    for i, p in enumerate(ordered, 1):
        points = score(p)
        if i == 1 or points != last:
            rank, last = i, points
        p.rank = rank
    return ordered


def competition_ranks(scores: Sequence[float], seats: Sequence[int]) -> tuple[list[int], list[int]]:
    """Competition ranks (1, 1, 3: ties share a rank) of players given as
    parallel sequences, highest score first: ``(order, ranks)`` — the
    players' indices in rank order (ties by seat) and each index's rank."""
    order = sorted(range(len(scores)), key=seats.__getitem__)
    order.sort(key=scores.__getitem__, reverse=True)  # stable: equal scores stay in seat order
    ranks = [0] * len(order)
    rank, last = 0, None
    for i, j in enumerate(order, 1):
        points = scores[j]
        if i == 1 or points != last:
            rank, last = i, points
        ranks[j] = rank
    return order, ranks
