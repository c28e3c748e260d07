"""Benchmark: validate + score simulated games of every scoring game, in process.

Not a timed test.  Usage::

    python benchmarks/bench_scoring.py [--games 1000] [--rounds 30] [--game ID ...]

For each registered game with a scorer, ``--games`` games are simulated with
the game's default player count and read through the scorer's own loader
(``Scorer.load``: not timed).  Then ``Scorer.score(game)`` — which validates
every rule, then scores — runs over all of them, ``--rounds`` times, and the
figure is games per second of CPU time (``time.process_time``) of the best
round: the machine is shared, and the best round is the one least disturbed.
The median round is printed beside it.  Targets (issue 26): ArchéoTREK
>= 20,000 games/s, every game >= 10,000 games/s.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.registry import get_game, scoring_game_ids  # noqa: E402

TARGETS = {"archeotrek": 20_000}
DEFAULT_TARGET = 10_000


def rates(scorer, games: list, rounds: int) -> tuple[float, float]:
    """(best, median) games/s of CPU time over ``rounds`` passes."""
    times = []
    for _ in range(rounds):
        t0 = time.process_time()
        for g in games:
            scorer.score(g)
        times.append(time.process_time() - t0)
    return len(games) / min(times), len(games) / statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--game", action="append", default=None)
    args = ap.parse_args(argv)
    print(f"python {platform.python_version()} on {platform.machine()}; {args.games} simulated games per game "
          f"(default players), {args.rounds} rounds; games/s of CPU time")
    print(f"{'game':<14} {'players':>7} {'best':>10} {'median':>10} {'target':>8}  met")
    for gid in args.game or scoring_game_ids():
        s = get_game(gid).scorer(None)
        if s.simulate is None:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            games = []
            for seed in range(args.games):
                path = Path(tmp) / f"{seed}.toml"
                path.write_text(s.simulate(s.default_players, seed), encoding="utf-8")
                games.append(s.load(path))
        invalid = sum(not s.score(g).valid for g in games)
        if invalid:
            print(f"warning: {gid}: {invalid} simulated games did not validate", file=sys.stderr)
        best, median = rates(s, games, args.rounds)
        target = TARGETS.get(gid, DEFAULT_TARGET)
        print(f"{gid:<14} {s.default_players:>7} {best:>10,.0f} {median:>10,.0f} {target:>8,}  "
              f"{'yes' if best >= target else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
