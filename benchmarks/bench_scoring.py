"""Benchmark: validate and score simulated ArchéoTREK games; print games/second.

Not a timed test.  Usage::

    python benchmarks/bench_scoring.py [--games 2000] [--players 4] [--repeat 5]

Games are simulated first (not timed).  Two figures are printed, best of
``--repeat`` runs on one core:

* ``validate + score``: ``score_game(game)`` on parsed games (it validates
  every rule, then scores) — the figure the target (>= 10,000 four-player
  games/s) is about;
* ``parse + validate + score``: the same from the game-file dict
  (``game_from_dict``), i.e. including building the typed ``Game``.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.games.archeotrek.game import game_from_dict  # noqa: E402
from printkit.games.archeotrek.scoring import score_game  # noqa: E402
from printkit.games.archeotrek.simulate import simulate  # noqa: E402


def best_rate(fn, items, repeat: int) -> float:
    best = 0.0
    for _ in range(repeat):
        t0 = time.perf_counter()
        for item in items:
            fn(item)
        dt = time.perf_counter() - t0
        best = max(best, len(items) / dt)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    dicts = [simulate(args.players, seed) for seed in range(args.games)]
    sim = time.perf_counter() - t0
    games = [game_from_dict(d, source=f"seed {i}") for i, d in enumerate(dicts)]
    invalid = sum(not score_game(g).valid for g in games)
    if invalid:
        print(f"warning: {invalid} simulated games did not validate", file=sys.stderr)

    scored = best_rate(score_game, games, args.repeat)
    parsed = best_rate(lambda d: score_game(game_from_dict(d)), dicts, args.repeat)
    print(f"python {platform.python_version()} on {platform.machine()}; "
          f"{args.games} simulated {args.players}-player games ({args.games / sim:,.0f} simulated/s)")
    print(f"validate + score:          {scored:>10,.0f} games/s")
    print(f"parse + validate + score:  {parsed:>10,.0f} games/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
