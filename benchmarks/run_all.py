"""Run every benchmark in turn (deck, build, scoring); figures go to stdout.

Usage::

    python benchmarks/run_all.py [--runs 5]

Takes about five minutes on 2 cores (protograf at 870 cards dominates); see
BENCHMARKS.md for the latest figures.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    rc = 0
    for script, extra in (("bench_deck.py", ["--runs", str(args.runs)]),
                          ("bench_build.py", ["--runs", str(args.runs)]),
                          ("bench_scoring.py", [])):
        print(f"\n== {script} ==", flush=True)
        rc |= subprocess.run([sys.executable, str(HERE / script), *extra]).returncode
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
