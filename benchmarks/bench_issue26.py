"""Benchmark (issue 26): the build against the pre-Archaeologia build, the
document cache, and the commands that print nothing.  Not a timed test.

Usage::

    python benchmarks/bench_issue26.py [--runs 5] [--old 5efd202] [--skip-startup]

Paired, in one run, round after round (so a busy machine slows every
contender of a round alike):

* ``old``: ``printkit build all`` of commit ``--old`` (5efd202: two games,
  before Archaeologia), extracted with ``git archive`` into a temporary folder
  and run from there (``PYTHONPATH``), same interpreter and libraries;
* ``cold``: ``printkit build all`` of this tree (four games) with no
  rendered document or kit cached (``PRINTKIT_CACHE_DIR`` a fresh folder,
  seeded with what the warm-up round remembered that is no document: the
  theme fonts' checks and character maps and the parsed rules — as a user
  has them after a first run; these lived in ``~/.cache`` whatever
  ``PRINTKIT_CACHE_DIR`` said before the round-3 hardening, so the older
  trees measured here have them too);
* ``warm``: the same build again, the cache filled by ``cold``: a repeat build.

Every build writes into a fresh empty ``--out``.  Printed: the median wall and
CPU time of each, and the medians of the per-round ratios cold/old and
warm/cold (targets: ≤ 1.0 and ≤ 0.5).  Then the start-up commands, each a
whole process: ``score`` and ``validate`` of a TOML game file, ``--help``,
``games`` (target ≤ 0.15 s wall).  A warm-up round is run first and dropped.
``--cold-against REV`` also builds commit REV's tree with no document cached each
round (before this tree's builds in odd rounds, after them in even ones) and prints the median of the per-round
ratios of this tree's cold build to it (is a first build any slower?).
``--startup-against REV`` runs each start-up command from commit REV's tree too
(``git archive``, ``PYTHONPATH``), just before this tree's, and prints the median
of the per-round CPU ratios.  Children run with bytecode caching on
(:func:`proc.child_env`), as an installed package has it.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: The cache folder that holds rendered kits (:mod:`printkit.kitcache`).  Every other
#: subfolder holds no rendered document or kit (fonts checked, their character maps, the
#: parsed bundled rules: ``fonts-ok-v<N>``, ``font-cmaps-v<N>``, ``rules``) and is kept from
#: the warm-up round for every cold build; the documents and the preflight's verdicts are
#: files at the top of the cache folder, never kept.  (Until session 39 the kept folders
#: were named, ``fonts-ok-v1`` and ``font-cmaps-v1``: from the font checks' version 2, on
#: 2026-12-04, the cold builds checked the theme fonts again each round.)
KITS = "kits"
sys.path.insert(0, str(HERE))

from proc import child_env, machine, run  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--old", default="5efd202")
    ap.add_argument("--skip-builds", action="store_true")
    ap.add_argument("--skip-startup", action="store_true", help="the builds only")
    ap.add_argument("--cold-against", metavar="REV", default=None,
                    help="also build all from commit REV's tree (git archive) with no document cached each round, "
                         "paired with this tree's cold build: is the first build any slower?")
    ap.add_argument("--startup-against", metavar="REV", default=None,
                    help="also run the start-up commands from commit REV's tree (git archive), paired round by round")
    args = ap.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="bench-issue26-"))
    try:
        print(machine())
        print("the machine is shared with other work: figures are medians of paired rounds")
        if not args.skip_builds:
            builds(work, args)
        if not args.skip_startup:
            startup(work, args)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def builds(work: Path, args) -> None:
    old = work / "old"
    old.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.old], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
    base = None
    if args.cold_against:  # this tree's cold build against REV's cold build, round by round
        base = work / "base"
        base.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.cold_against], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
    pk = [sys.executable, "-m", "printkit", "build", "all"]
    count = 0

    def build(kind: str, cache: Path):
        nonlocal count
        count += 1
        out = work / f"out-{count}"
        env = child_env({"PRINTKIT_CACHE_DIR": str(cache)})
        if kind == "old":
            env["PYTHONPATH"] = str(old)
        elif kind == "base":
            env["PYTHONPATH"] = str(base)
        r = run(pk + ["--out", str(out)], cwd=work, env=env)
        shutil.rmtree(out, ignore_errors=True)
        return r

    rows: dict[str, list] = {"old": [], "cold": [], "warm": []}
    ratio_new, ratio_warm, cpu_new, cpu_warm = [], [], [], []
    base_rows, base_wall, base_cpu = [], [], []
    remembered = work / "remembered"  # the caches that are no document, from the warm-up round

    def fresh_cache(name: str) -> Path:
        folder = work / name
        if remembered.is_dir():
            shutil.copytree(remembered, folder)
        return folder

    for i in range(args.runs + 1):
        cache = fresh_cache(f"cache-{i}")
        b = None
        if base is not None and i % 2:  # REV's cold build first in odd rounds, last in even ones
            b = build("base", fresh_cache(f"cache-base-{i}"))
        o = build("old", work / "cache-old")
        c = build("cold", cache)
        w = build("warm", cache)
        if i == 0:
            remembered.mkdir()
            kept = sorted(p.name for p in cache.iterdir() if p.is_dir() and not p.is_symlink() and p.name != KITS)
            for sub in kept:
                shutil.copytree(cache / sub, remembered / sub)
            print(f"kept for every cold build: {', '.join(kept) or 'nothing'}")
        shutil.rmtree(cache, ignore_errors=True)
        if base is not None and not i % 2:
            b = build("base", fresh_cache(f"cache-base-{i}"))
        shutil.rmtree(work / f"cache-base-{i}", ignore_errors=True)
        if i == 0:
            continue  # warm-up round
        if b is not None:
            base_rows.append(b)
            base_wall.append(c.wall / b.wall)
            base_cpu.append(c.cpu / b.cpu)
            print(f"round {i}: {args.cold_against} cold {b.wall:.2f} s ({b.cpu:.2f} CPU)", flush=True)
        for k, r in (("old", o), ("cold", c), ("warm", w)):
            rows[k].append(r)
        ratio_new.append(c.wall / o.wall)
        ratio_warm.append(w.wall / c.wall)
        cpu_new.append(c.cpu / o.cpu)
        cpu_warm.append(w.cpu / c.cpu)
        print(f"round {i}: old {o.wall:.2f} s ({o.cpu:.2f} CPU), cold {c.wall:.2f} s ({c.cpu:.2f}), "
              f"warm {w.wall:.2f} s ({w.cpu:.2f})", flush=True)
    print("\n| build all | wall s (median) | CPU s (median) | peak RSS tree MB |\n|---|---:|---:|---:|")
    names = {"old": f"{args.old} (2 games)", "cold": "this tree, 4 games, no document cached",
             "warm": "this tree, 4 games, repeat (cache filled)"}
    for k, rs in rows.items():
        print(f"| {names[k]} | {statistics.median(r.wall for r in rs):.2f} | {statistics.median(r.cpu for r in rs):.2f} "
              f"| {statistics.median(r.rss_mb for r in rs):.0f} |")
    print(f"\ncold / old: median of rounds {statistics.median(ratio_new):.2f} wall, "
          f"{statistics.median(cpu_new):.2f} CPU (target ≤ 1.0)")
    print(f"warm / cold: median of rounds {statistics.median(ratio_warm):.2f} wall, "
          f"{statistics.median(cpu_warm):.2f} CPU (target ≤ 0.5)")
    if base_rows:
        print(f"{args.cold_against}, 4 games, no document cached: {statistics.median(r.wall for r in base_rows):.2f} s wall, "
              f"{statistics.median(r.cpu for r in base_rows):.2f} s CPU (medians)")
        print(f"cold / {args.cold_against} cold: median of rounds {statistics.median(base_wall):.2f} wall, "
              f"{statistics.median(base_cpu):.2f} CPU (the first build no slower: ≤ 1.0 within noise)")


def startup(work: Path, args) -> None:
    game = work / "game.toml"
    game.write_bytes(subprocess.run([sys.executable, "-m", "printkit", "simulate", "archeotrek", "--seed", "1"],
                                    check=True, capture_output=True, cwd=ROOT).stdout)
    pk = [sys.executable, "-m", "printkit"]
    jobs = {
        "score archeotrek FILE.toml": pk + ["score", "archeotrek", str(game)],
        "validate archeotrek FILE.toml": pk + ["validate", "archeotrek", str(game)],
        "--help": pk + ["--help"],
        "games": pk + ["games"],
        "--version (interpreter + CLI)": pk + ["--version"],
        "python -c pass (interpreter and this machine's site hooks alone)": [sys.executable, "-c", "pass"],
    }
    base = None
    if args.startup_against:  # the same commands from that commit's tree, paired round by round
        base = work / "startup-base"
        base.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.startup_against],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
    times: dict[str, list] = {k: [] for k in jobs}
    before: dict[str, list] = {k: [] for k in jobs}
    for i in range(args.runs * 2 + 1):
        for name, cmd in jobs.items():
            if base is not None:
                b = run(cmd, cwd=work, env=child_env({"PYTHONPATH": str(base)}))
            r = run(cmd, cwd=work)
            if i:
                times[name].append(r)
                if base is not None:
                    before[name].append(b)
    med = statistics.median
    if base is None:
        print("\n| command | wall s (median) | wall min | CPU s (median) |\n|---|---:|---:|---:|")
        for name, rs in times.items():
            shown = name if name.startswith("python") else f"printkit {name}"
            print(f"| `{shown}` | {med(r.wall for r in rs):.3f} | {min(r.wall for r in rs):.3f} "
                  f"| {med(r.cpu for r in rs):.3f} |")
        return
    print(f"\n| command | {args.startup_against} CPU s | this tree CPU s | CPU ratio (median of rounds) "
          f"| this tree wall s (median, min) |\n|---|---:|---:|---:|---:|")
    for name, rs in times.items():
        bs = before[name]
        ratio = med(r.cpu / b.cpu for r, b in zip(rs, bs))
        shown = name if name.startswith("python") else f"printkit {name}"
        print(f"| `{shown}` | {med(b.cpu for b in bs):.3f} | {med(r.cpu for r in rs):.3f} | {ratio:.2f} "
              f"| {med(r.wall for r in rs):.3f}, {min(r.wall for r in rs):.3f} |")


if __name__ == "__main__":
    raise SystemExit(main())
