"""Benchmark: the same-job deck (issue 6) with printkit, plain reportlab and protograf.

Not a timed test.  Usage::

    python benchmarks/bench_deck.py [--runs 5] [--sizes 87,870,8700] [--no-protograf]

Each contender makes the same cards (see ``deck_job.py``: 87, 870, 8,700 CSV
rows (8,700 by default for the memory target); poker, 3 × 3 on A4, cut marks, embedded Fredoka One / Source Sans Pro)
as a whole process, from interpreter start to PDF on disk:

* ``printkit``: ``python -m printkit deck cards.csv --layout layout.toml``
  (imposition, form XObjects, marks, scale bars, page boxes, preflight with
  pypdf and pikepdf, atomic write);
* ``floor``: ``floor_reportlab.py``, plain reportlab canvas drawing;
* ``protograf``: ``protograf_deck.py`` in ``benchmarks/.venv-protograf``
  (created and ``pip install protograf`` on first use; skipped with a
  message when that fails).  Sizes in ``--protograf-sizes`` only (default
  87 and 870: it takes about a minute at 5,000).

One warm-up run each, then ``--runs`` rounds, contenders interleaved within a
round so machine noise hits them alike.  Printed: median wall time, median CPU
time (user + system), peak RSS (max over runs), PDF size; then the ratios
computed from this run and the issue's targets.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from deck_job import font_files, make_job  # noqa: E402
from proc import Series, child_env, machine, run  # noqa: E402

PG_VENV = HERE / ".venv-protograf"


def protograf_python(install: bool) -> Path | None:
    """The protograf venv's python, creating the venv when ``install``; None
    (with a message) when protograf cannot be installed."""
    py = PG_VENV / "bin" / "python"
    if py.exists() and subprocess.run([py, "-c", "import protograf"], capture_output=True).returncode == 0:
        return py
    if not install:
        print("protograf: skipped (no benchmarks/.venv-protograf; run without --no-install)", file=sys.stderr)
        return None
    print("protograf: creating benchmarks/.venv-protograf and installing protograf …", file=sys.stderr)
    try:
        subprocess.run([sys.executable, "-m", "venv", PG_VENV], check=True, capture_output=True)
        subprocess.run([py, "-m", "pip", "install", "-q", "protograf"], check=True, capture_output=True, timeout=900)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        print(f"protograf: skipped, cannot install it ({exc}) {detail.decode(errors='replace')[-500:]}", file=sys.stderr)
        return None
    return py


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", default="87,870,8700")
    ap.add_argument("--protograf-sizes", default="87,870")
    ap.add_argument("--no-protograf", action="store_true")
    ap.add_argument("--no-install", action="store_true", help="do not create the protograf venv")
    ap.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    pg_sizes = {int(s) for s in args.protograf_sizes.split(",")} if not args.no_protograf else set()
    pg_py = protograf_python(not args.no_install) if pg_sizes else None

    work = Path(tempfile.mkdtemp(prefix="bench-deck-"))
    try:
        home = work / "home"  # protograf finds fonts via fontconfig: the theme's TTFs in ~/.fonts
        (home / ".fonts").mkdir(parents=True)
        for path in font_files().values():
            shutil.copy(path, home / ".fonts")
        pg_env = child_env({"HOME": str(home)})

        def commands(n: int, data: Path, layout: Path) -> dict[str, tuple[list, dict | None, Path]]:
            out = work / f"out-{n}"
            out.mkdir(exist_ok=True)
            cmds = {
                "floor": ([sys.executable, HERE / "floor_reportlab.py", data, out / "floor.pdf"], None, out / "floor.pdf"),
                "printkit": ([sys.executable, "-m", "printkit", "deck", data, "--layout", layout, "--out", out],
                             None, out / "bench.pdf"),
            }
            if pg_py and n in pg_sizes:
                cmds["protograf"] = ([pg_py, HERE / "protograf_deck.py", data, out / "protograf.pdf"], pg_env,
                                     out / "protograf.pdf")
            return cmds

        results: dict[int, dict[str, Series]] = {}
        sizes_pdf: dict[int, dict[str, int]] = {}
        for n in sizes:
            data, layout = make_job(work, n)
            cmds = commands(n, data, layout)
            series = {name: Series(name) for name in cmds}
            for name, (cmd, env, _) in cmds.items():  # warm-up (fills OS caches, protograf's font cache)
                run(list(map(str, cmd)), cwd=work, env=env)
            for _ in range(args.runs):
                for name, (cmd, env, _) in cmds.items():
                    series[name].runs.append(run(list(map(str, cmd)), cwd=work, env=env))
            results[n] = series
            sizes_pdf[n] = {name: target.stat().st_size for name, (_, _, target) in cmds.items()}
            print(f"  {n} cards done", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"deck benchmark: {machine()}; {args.runs} runs after a warm-up, medians")
    print(f"{'cards':>6} {'contender':<10} {'wall s':>8} {'(min)':>7} {'CPU s':>7} {'peak RSS MB':>12} {'PDF KB':>8}")
    for n, series in results.items():
        for name, s in series.items():
            print(f"{n:>6} {name:<10} {s.wall:>8.3f} {s.wall_min:>7.3f} {s.cpu:>7.3f} {s.rss:>12.1f} {sizes_pdf[n][name] / 1024:>8.0f}")

    print("\nratios (this run; wall, and CPU in brackets):")
    verdicts = []

    def check(label: str, ok: bool) -> None:
        verdicts.append((label, ok))

    for n, series in results.items():
        pk, fl = series["printkit"], series["floor"]
        line = f"{n:>6} cards: printkit / floor = {pk.wall / fl.wall:.2f} × ({pk.cpu / fl.cpu:.2f} ×)"
        if n in (87, 870):  # issue 26: ≤ 2.5 × the floor (wall; CPU shown too, steadier on a shared machine)
            check(f"printkit ≤ 2.5 × floor at {n}: {pk.wall / fl.wall:.2f} × wall, {pk.cpu / fl.cpu:.2f} × CPU",
                  pk.wall <= 2.5 * fl.wall)
        if "protograf" in series:
            pg = series["protograf"]
            line += f"; protograf / printkit = {pg.wall / pk.wall:.2f} × ({pg.cpu / pk.cpu:.2f} ×)"
            need = {87: 3.5, 870: 10.0}.get(n)
            if need:
                check(f"printkit ≥ {need:g} × faster than protograf at {n}: {pg.wall / pk.wall:.2f} ×", pg.wall >= need * pk.wall)
        print(line)
    if 870 in results:
        rss = results[870]["printkit"].rss
        check(f"printkit peak RSS ≤ 150 MB at 870: {rss:.0f} MB", rss <= 150)
    if 8700 in results:  # issue 26: sheet by sheet, ≤ 1.5 × the floor's peak memory
        pk_rss, fl_rss = results[8700]["printkit"].rss, results[8700]["floor"].rss
        check(f"printkit peak RSS ≤ 1.5 × floor at 8700: {pk_rss:.0f} MB vs {fl_rss:.0f} MB = {pk_rss / fl_rss:.2f} ×",
              pk_rss <= 1.5 * fl_rss)

    ns = sorted(results)
    if len(ns) > 1:
        print("\nper extra card (printkit, floor): time and memory between sizes")
        for a, b in zip(ns, ns[1:]):
            cells = []
            for name in ("printkit", "floor"):
                sa, sb = results[a][name], results[b][name]
                cells.append(f"{name} {1000 * (sb.wall - sa.wall) / (b - a):.3f} ms, "
                             f"{1024 * (sb.rss - sa.rss) / (b - a):.1f} KB RSS, "
                             f"{(sizes_pdf[b][name] - sizes_pdf[a][name]) / (b - a) / 1024:.2f} KB PDF")
            print(f"  {a:>5} → {b:<5} " + "; ".join(cells))
    big = ns[-1]
    pk = results[big]["printkit"]
    print(f"\nmemory at {big} cards: printkit peak RSS {pk.rss:.0f} MB for a {sizes_pdf[big]['printkit'] / 2**20:.1f} MB PDF "
          f"(floor {results[big]['floor'].rss:.0f} MB for {sizes_pdf[big]['floor'] / 2**20:.1f} MB)")

    print("\ntargets:")
    for label, ok in verdicts:
        print(f"  [{'met' if ok else 'MISSED'}] {label}")
    if args.json:
        args.json.write_text(json.dumps({
            "machine": machine(), "runs": args.runs,
            "results": {n: {name: {"wall": s.wall, "wall_min": s.wall_min, "cpu": s.cpu, "rss_mb": s.rss,
                                   "pdf_bytes": sizes_pdf[n][name]} for name, s in series.items()}
                        for n, series in results.items()},
        }, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
