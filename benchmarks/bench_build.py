"""Benchmark: ``printkit build all`` cold, and each game's share.

Not a timed test.  Usage::

    python benchmarks/bench_build.py [--runs 5]

Whole processes, each writing into a fresh empty ``--out`` folder (no earlier
outputs; OS file caches warm after one warm-up run): ``printkit --version``
(interpreter start and the CLI's imports), ``printkit build <game>`` for every
game registered in the ``printkit.games`` entry points, and ``printkit build all``.
Printed: median wall time, median CPU time (user + system, workers
included), peak RSS (the whole process tree), each game's share of the sum of
the single-game builds, ``build all --jobs 1`` for comparison, and the
targets (``build all`` ≤ 3 s on 2 cores, peak RSS ≤ 250 MB).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent))

from proc import Series, machine, run  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)

    from printkit.registry import game_ids

    GAMES = game_ids()

    pk = [sys.executable, "-m", "printkit"]
    jobs = {"startup (--version)": pk + ["--version"]}
    jobs.update({f"build {g}": pk + ["build", g] for g in GAMES})
    jobs["build all --jobs 1"] = pk + ["build", "all", "--jobs", "1"]
    jobs["build all"] = pk + ["build", "all"]

    work = Path(tempfile.mkdtemp(prefix="bench-build-"))
    series = {name: Series(name) for name in jobs}
    count = 0
    try:
        def once(name: str):
            nonlocal count
            count += 1
            out = work / f"out-{count}"  # cold: a fresh, empty output folder
            cmd = jobs[name] + (["--out", str(out)] if "build" in name else [])
            result = run(cmd, cwd=work)
            shutil.rmtree(out, ignore_errors=True)
            return result

        for name in jobs:
            once(name)  # warm-up
        for _ in range(args.runs):
            for name in jobs:
                series[name].runs.append(once(name))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"build benchmark: {machine()}; games: {', '.join(GAMES)}; {args.runs} runs after a warm-up, medians")
    print(f"{'':<24} {'wall s':>8} {'(min)':>7} {'CPU s':>7} {'RSS tree MB':>12} {'PSS tree MB':>12} "
          f"{'largest MB':>11}")
    for name, s in series.items():
        print(f"{name:<24} {s.wall:>8.3f} {s.wall_min:>7.3f} {s.cpu:>7.3f} {s.rss:>12.1f} {s.pss:>12.1f} {s.top:>11.1f}")
    start = series["startup (--version)"].wall
    games = {g: series[f"build {g}"].wall - start for g in GAMES}
    total = sum(games.values()) or 1.0
    print("\neach game's share (single-game build less startup):")
    for g, t in games.items():
        print(f"  {g:<14} {t:6.3f} s  {100 * t / total:5.1f} %")
    wall = series["build all"].wall
    shared = total - (wall - start)
    print(f"  shared in build all (weasyprint import, fonts, theme; paid once): {shared:.3f} s")
    serial = series["build all --jobs 1"].wall
    print(f"  build all in one process: {serial:.3f} s; with one worker per CPU: {wall:.3f} s "
          f"({serial / wall:.2f} × faster)")
    rss, pss, top = series["build all"].rss, series["build all"].pss, series["build all"].top
    print(f"\ntarget: [{'met' if wall <= 3.0 else 'MISSED'}] build all ≤ 3 s on 2 cores: {wall:.2f} s")
    print(f"target: [{'met' if pss <= 250 else 'MISSED'}] build all peak memory ≤ 250 MB: {pss:.0f} MB PSS "
          f"of the process tree ({rss:.0f} MB if shared pages are counted once per process; "
          f"largest process {top:.0f} MB RSS)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
