"""Benchmark: validate + score, this tree against an earlier commit, paired in one process.

Not a timed test.  Usage::

    python benchmarks/bench_scoring_paired.py --against REV [--games 500] [--rounds 20] [--game ID ...]

Commit ``REV``'s ``printkit`` package (with its ``rules/`` and ``templates/``)
is extracted with ``git archive`` into a temporary folder and renamed
``printkit_base`` (every ``printkit`` name in its sources rewritten), so both
versions load side by side in one interpreter.  For each game, ``--games``
games are simulated by this tree and read by each version's own loader (not
timed); every report (text and JSON) must be the same from both, or the
benchmark stops — and so must the reports (problems included, scored as
finished and, where the game has it, as ``partial``) of ``--broken``
mutated copies of those games (a leaf value changed, a key dropped, a list
entry repeated or dropped, a player's name repeated; not timed).  Then, ``--rounds`` times, the games are scored in slices of
10: the base scores a slice, then this tree does (the other way round every
other slice), each timed in CPU time (``time.process_time``; ``Scorer.score``:
validate every rule, then score).  Printed: games/s of each (median round) and
the median over all slices of the ratio base time / this tree's time — the two
sides of a slice run milliseconds apart, so a shared, busy machine slows both
alike.

``--wording``: compare the JSON reports only, with every ``message``, ``rule``
and ``reason`` text left out (the codes, severities, players, places, scores
and winners still must agree) — for a base from before a change of wording,
such as 65603df, where issue 26 was filed.

``--instructions`` counts instead of timing (needs ``valgrind``): each side
scores the games ``--reps`` times in a child process under callgrind, which
counts the instructions executed inside that loop only; printed: instructions
per game and their ratio.  The count does not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import copy
import functools
import os
import importlib
import io
import json
import platform
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.registry import get_game, scoring_game_ids  # noqa: E402
from printkit.scoring.tomlout import dumps_toml  # noqa: E402


def _leaves(data, path=()):
    """(path, value) of every value inside ``data`` (dicts and lists)."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        yield path + (k,), v
        yield from _leaves(v, path + (k,))


#: The keys of a JSON report that hold wording (left out by ``--wording``).
WORDING = frozenset({"message", "rule", "reason"})


def _without_wording(data):
    """``data`` (a parsed JSON report) with the :data:`WORDING` keys left out, at any depth."""
    if isinstance(data, dict):
        return {k: _without_wording(v) for k, v in data.items() if k not in WORDING}
    if isinstance(data, list):
        return [_without_wording(v) for v in data]
    return data


def reports(side, result, wording: bool) -> tuple:
    """What must agree between the two versions for one result: the text
    and JSON reports (and JSON cut to 3 problems), or with ``wording`` the
    JSON alone without its wording (:func:`_without_wording`)."""
    if wording:
        return (_without_wording(json.loads(side.render_json(result))),)
    return side.render_text(result), side.render_json(result), side.render_json(result, max_problems=3)


def mutate(data: dict, rng: random.Random) -> dict:
    """A copy of a filled game with one to four random edits."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 4)):
        path, value = rng.choice(list(_leaves(data)))
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        key, kind = path[-1], rng.randrange(6)
        if kind == 0 and isinstance(value, bool):
            parent[key] = not value
        elif kind == 0 and isinstance(value, int):
            parent[key] = rng.choice([value + 1, value - 1, 0, -value, value * 7, 2**40])
        elif kind == 1:
            others = [v for _, v in _leaves(data) if type(v) is type(value) and not isinstance(v, (dict, list))]
            if others:
                parent[key] = rng.choice(others)
        elif kind == 2 and isinstance(parent, dict) and path[:-1]:
            del parent[key]
        elif kind == 3 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        elif kind == 4 and isinstance(parent, list) and len(parent) > 1:
            del parent[key]
        elif kind == 5 and isinstance(value, str):
            parent[key] = rng.choice([value.upper(), value + "x", "", value[:-1]])
    return data


def extract_base(rev: str, into: Path) -> None:
    """``rev``'s package as ``into/printkit_base`` (plus its rules and templates)."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "printkit", "rules", "templates", "pyproject.toml"],
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        # the "data" filter (Python >= 3.11.4) refuses links and paths out of ``into``; older
        # Pythons extract as before (the archive is this repository's own commit)
        tar.extractall(into, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    (into / "printkit").rename(into / "printkit_base")
    name = re.compile(r"\bprintkit\b(?=[ .:\"'\n])")
    for py in (into / "printkit_base").rglob("*.py"):
        py.write_text(name.sub("printkit_base", py.read_text(encoding="utf-8")), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", required=True, metavar="REV")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--game", action="append", default=None)
    ap.add_argument("--broken", type=int, default=500, help="mutated games whose reports are compared (not timed)")
    ap.add_argument("--wording", action="store_true",
                    help="compare JSON reports without their wording (a base from before a change of texts)")
    ap.add_argument("--instructions", action="store_true", help="count instructions (valgrind) instead of timing")
    ap.add_argument("--reps", type=int, default=3, help="passes over the games per count (--instructions)")
    ap.add_argument("--only", choices=("base", "new"), help=argparse.SUPPRESS)  # the counted child
    args = ap.parse_args(argv)
    if args.instructions and not args.only:
        return count_instructions(args)
    with tempfile.TemporaryDirectory() as tmp:
        base_dir = Path(tmp) / "base"
        base_dir.mkdir()
        extract_base(args.against, base_dir)
        sys.path.insert(0, str(base_dir))
        if not args.only:
            print(f"python {platform.python_version()}; {args.games} simulated games per game, {args.rounds} rounds "
                  f"alternating {args.against} and this tree; games/s of CPU time (median round)")
            print(f"{'game':<14} {args.against[:10]:>10} {'this tree':>10} {'ratio':>6}  (median of paired slices)")
        for gid in args.game or scoring_game_ids():
            new = get_game(gid).scorer(None)
            if new.simulate is None:
                continue
            old = importlib.import_module(f"printkit_base.games.{gid}.kit").scorer(None)
            old_games, new_games = [], []
            for seed in range(args.games):
                path = Path(tmp) / f"{gid}-{seed}.toml"
                path.write_text(new.simulate(new.default_players, seed), encoding="utf-8")
                old_games.append(old.load(path))
                new_games.append(new.load(path))
            if args.only:  # the counted loop: callgrind collects inside functools.reduce only
                scorer, games = (old, old_games) if args.only == "base" else (new, new_games)
                for g in games:
                    scorer.score(g)
                functools.reduce(lambda _, g: scorer.score(g), games * args.reps, None)
                continue
            for a, b in zip(old_games, new_games):
                ra, rb = old.score(a), new.score(b)
                if reports(old, ra, args.wording) != reports(new, rb, args.wording):
                    print(f"{gid}: {b.source}: the reports differ", file=sys.stderr)
                    return 1
            if not same_broken_reports(gid, old, new, Path(tmp), args.games, args.broken, args.wording):
                return 1
            t_old, t_new, ratios = [], [], []
            step = 10  # games per paired slice: the two sides of a pair run milliseconds apart
            for r in range(args.rounds):
                round_old = round_new = 0.0
                for i in range(0, len(new_games), step):
                    pair = [(old, old_games[i:i + step]), (new, new_games[i:i + step])]
                    if (r + i // step) % 2:
                        pair.reverse()  # each side goes first in every other pair
                    spent = {}
                    for scorer, games in pair:
                        t0 = time.process_time()
                        for g in games:
                            scorer.score(g)
                        spent[scorer is new] = time.process_time() - t0
                    round_old += spent[False]
                    round_new += spent[True]
                    if spent[True] > 0:
                        ratios.append(spent[False] / spent[True])
                t_old.append(round_old)
                t_new.append(round_new)
            med = statistics.median
            print(f"{gid:<14} {args.games / med(t_old):>10,.0f} {args.games / med(t_new):>10,.0f} "
                  f"{med(ratios):>5.2f}×  ({len(ratios)} pairs of {step} games)")
    return 0


def same_broken_reports(gid: str, old, new, tmp: Path, games: int, broken: int, wording: bool = False) -> bool:
    """Whether both versions give the same reports for ``broken`` mutated
    simulated games (:func:`reports`; finished and, where the game has it,
    partial).  A file either version refuses must be refused by both with
    the same message (with ``wording``: by both)."""
    rng = random.Random(26)
    counts = {"valid": 0, "invalid": 0, "refused": 0}
    for n in range(broken):
        seed = rng.randrange(max(games, 1))
        text = new.simulate(rng.randint(1, new.default_players + 2), seed)
        data = tomllib.loads(text) if isinstance(text, str) else text
        path = tmp / f"{gid}-broken-{n}.toml"
        path.write_text(dumps_toml(mutate(data, rng)), encoding="utf-8")
        loaded = []
        for side in (old, new):
            try:
                loaded.append(side.load(path))
            except Exception as exc:  # noqa: BLE001 - compared, not handled
                loaded.append(f"{type(exc).__name__}: {exc}")
        if any(isinstance(g, str) for g in loaded):
            counts["refused"] += 1
            if (loaded[0] != loaded[1]) if not wording else not all(isinstance(g, str) for g in loaded):
                print(f"{gid}: {path}: refused differently: {loaded}", file=sys.stderr)
                return False
            continue
        for partial in ((False, True) if new.partial is not None else (False,)):
            results = [side.score(g, partial=partial) if partial else side.score(g)
                       for side, g in zip((old, new), loaded)]
            if reports(old, results[0], wording) != reports(new, results[1], wording):
                print(f"{gid}: {path}: the reports of a broken game differ (partial={partial})", file=sys.stderr)
                return False
            counts["valid" if results[1].valid else "invalid"] += 1
    print(f"{gid}: same reports for {broken} broken games ({counts['invalid']} invalid, {counts['valid']} valid "
          f"scorings, {counts['refused']} files refused by both)", file=sys.stderr)
    return True


def count_instructions(args) -> int:
    """Instructions per game of each side, counted by callgrind in a child."""
    print(f"python {platform.python_version()}; {args.games} simulated games per game, {args.reps} passes; "
          f"instructions per game (callgrind, inside the scoring loop only)")
    print(f"{'game':<14} {args.against[:10]:>12} {'this tree':>12} {'ratio':>6}")
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    for gid in args.game or scoring_game_ids():
        if get_game(gid).scorer(None).simulate is None:
            continue
        counts = []
        for side in ("base", "new"):
            cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce",
                   "--callgrind-out-file=/dev/null", sys.executable, __file__, "--against", args.against,
                   "--game", gid, "--games", str(args.games), "--reps", str(args.reps), "--only", side]
            err = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stderr
            found = re.search(r"Collected : ([\d,]+)", err)
            if found is None:
                print(err[-2000:], file=sys.stderr)
                return 1
            counts.append(int(found.group(1).replace(",", "")) / (args.games * args.reps))
        print(f"{gid:<14} {counts[0]:>12,.0f} {counts[1]:>12,.0f} {counts[0] / counts[1]:>5.2f}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
