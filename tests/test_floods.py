"""Issue 10: untrusted files cannot flood the output, hang the scorer or leave
half-written outputs.

Through the command line (``click.testing.CliRunner`` on ``printkit.cli.main``,
or ``python3 -m printkit`` where a real file descriptor matters):

* a 1,000,000-character player name (game file or filled PDF field): every
  line short, the whole output small;
* 60,000 one-circle Digging Areas: validated in linear time, at most 200
  problem lines printed (then "… and N more problem(s)"), the summary counting
  them all;
* 500 problems: 200 printed and "… and 300 more problem(s)", in ``validate``,
  ``score`` and ``score --json``;
* a 5,000-digit value in a filled PDF field: a normal problem;
* a FIFO or ``/dev/zero`` named ``x.pdf``: one line, exit 1, no hang;
* a write failing with ENOSPC / EIO / EROFS: one line, exit 1, earlier
  outputs byte-identical, no ``.staging-*`` folder or ``.part`` file left.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main
from test_fillable import pypdf_fill  # fill as a viewer would

ROOT = Path(__file__).resolve().parent.parent
GOOD_TOML = ROOT / "examples" / "archeotrek" / "finished-4-players.toml"
MILLION = 1_000_000


def run(*args: str):
    """Run the CLI; it must end by ``sys.exit`` (never an uncaught exception)."""
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"traceback for {args}: {result.exception!r}\n{result.output[-2000:]}")
    assert "Traceback" not in result.output
    return result


def run_process(*args: str, timeout: float = 60, **kw) -> subprocess.CompletedProcess:
    """``python3 -m printkit ARGS`` in a child limited to 3 GB of address space
    and ``timeout`` seconds (killed then): a regression that blocks on a FIFO
    or reads ``/dev/zero`` fails the test instead of hanging it or eating the
    machine's memory."""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "printkit", *args], env=env, timeout=timeout,
                          preexec_fn=limit, text=True, **{"capture_output": True, **kw})


def assert_bounded(text: str, *, line: int = 1000, total: int = 20_000) -> None:
    lines = text.splitlines()
    assert max(map(len, lines), default=0) < line, max(lines, key=len)[:300]
    assert len(text) < total, len(text)


# -- huge names ------------------------------------------------------------------------


def _archeotrek_big_name(tmp_path: Path) -> Path:
    name = "N" * MILLION
    path = tmp_path / "big-name.toml"
    path.write_text(
        'game = "archeotrek"\n[[player]]\n'
        f'name = "{name}"\n'
        "choices = { yellow = 5, red = 5, difference = 5, sum = 5 }\n"
        "circles = { A1 = 3, B1 = 9, A2 = 50, ZZ = 1 }\n"
        '[[player.area]]\ncircles = ["A1", "B1"]\nbones = ["x-1"]\n'
        f'[[player]]\nname = "{name}"\n'
        "choices = { yellow = 5, red = 5, difference = 5, sum = 5 }\n"
        "circles = { A1 = 3 }\n",
        encoding="utf-8",
    )
    return path


def _archaeology_big_name(tmp_path: Path) -> Path:
    name = "N" * MILLION
    path = tmp_path / "big-name-archaeology.toml"
    path.write_text(
        'game = "archaeology"\n'
        f'[[player]]\nname = "{name}"\nmoney = -1\ntreasures = {{ nothing = 1 }}\n'
        f'[[player]]\nname = "{name}"\nmoney = 3\n',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("game, make", [("archeotrek", _archeotrek_big_name),
                                        ("archaeology", _archaeology_big_name)])
@pytest.mark.parametrize("command", [["validate"], ["score"], ["score", "--json"]])
def test_million_character_name_gives_short_lines(tmp_path, game, make, command):
    path = make(tmp_path)
    r = run(*command, game, str(path))
    assert r.exit_code == 1
    assert_bounded(r.output)
    assert "1,000,000 characters long; write at most 200" in r.output  # a wrong-type problem, said once per player


# -- 60,000 one-circle areas ---------------------------------------------------------------


def _areas_game(tmp_path: Path, n: int) -> Path:
    game = {
        "game": "archeotrek",
        "player": [{
            "name": "Ana",
            "choices": {"yellow": 5, "red": 5, "difference": 5, "sum": 5},
            "circles": {"A1": 3, "B1": 9},
            "area": [{"circles": ["A1"]} for _ in range(n)],
        }],
    }
    path = tmp_path / f"areas-{n}.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    return path


def test_sixty_thousand_one_circle_areas_capped(tmp_path):
    """Every problem counted, 200 printed (how fast: benchmarks/bench_scoring.py)."""
    path = _areas_game(tmp_path, 60_000)
    r = run("validate", "archeotrek", str(path))
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert len(lines) <= 202
    # every area after the first overlaps (60,000 - 1), each totals 3 (60,000), and the
    # sheet's ticks do not match its circles (1): all counted, only 200 printed
    assert lines[-1].endswith("invalid (120000 error(s), 60000 warning(s))")
    assert lines[-2] == "… and 179,800 more problem(s)"
    assert_bounded(r.output, total=100_000)


def test_area_overlap_wording_unchanged_past_twelve_areas(tmp_path):
    from printkit.games.archeotrek.game import load_game
    from printkit.games.archeotrek.validate import validate

    problems = validate(load_game(_areas_game(tmp_path, 15)))
    overlap = [p for p in problems if p.code == "area-overlap"]
    assert overlap[0].message == "area 2 (A1) shares A1 with area 1"
    assert overlap[-1].message == (
        "area 15 (A1) shares A1 with area 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, … and 2 more"
    )


def test_area_overlap_across_several_circles_counts_each_area_once(tmp_path):
    from printkit.games.archeotrek.game import game_from_dict
    from printkit.games.archeotrek.validate import validate

    circles = {"B2": 2, "B3": 2, "C1": 1, "C2": 4}
    areas = [{"circles": ["B2", "B3"]}, {"circles": ["C1", "C2"]}, {"circles": ["B3", "C2"]},
             {"circles": ["B2", "B3", "C1", "C2"]}]
    game = game_from_dict({"game": "archeotrek", "player": [{
        "name": "Ana", "choices": {"yellow": 1, "red": 1, "difference": 1, "sum": 1},
        "circles": circles, "area": areas}]})
    messages = [p.message for p in validate(game) if p.code == "area-overlap"]
    assert messages[-1] == "area 4 (B2+B3+C1+C2) shares B2, B3, C1, C2 with area 1, 2, 3"


# -- 500 problems ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["archeotrek", "archaeology"])
def test_five_hundred_problems_capped_at_two_hundred(tmp_path, game):
    path = tmp_path / "many.toml"
    path.write_text(f'game = "{game}"\nplayer = [{", ".join(str(i) for i in range(500))}]\n', encoding="utf-8")

    r = run("validate", game, str(path))
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert len(lines) == 202
    assert all("[wrong-type]" in line for line in lines[:200])
    assert lines[200] == "… and 300 more problem(s)"
    assert lines[201].endswith("invalid (500 error(s), 0 warning(s))")

    r = run("score", game, str(path))
    assert r.exit_code == 1
    lines = r.stderr.splitlines()
    assert len(lines) == 201 and lines[-1] == "… and 300 more problem(s)"

    r = run("score", "--json", game, str(path))
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert len(data["problems"]) == 200
    assert (data["problems_total"], data["problems_omitted"]) == (500, 300)


def test_json_api_keeps_every_problem(tmp_path):
    from printkit.games.archeotrek.game import game_from_dict
    from printkit.games.archeotrek.scoring import render_json, score_game

    result = score_game(game_from_dict({"game": "archeotrek", "player": list(range(500))}))
    data = json.loads(render_json(result))
    assert len(data["problems"]) == 500 and "problems_total" not in data


def test_few_problems_no_more_line(tmp_path):
    r = run("validate", "archeotrek", str(ROOT / "examples" / "archeotrek" / "invalid-area-sum.toml"))
    assert r.exit_code == 1 and "more problem(s)" not in r.output


# -- filled PDF fields ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def blank_sheet() -> bytes:
    from printkit.build import BuildOptions
    from printkit.games.archeotrek.kit import parts
    from printkit.paper import get_paper
    from printkit.render.sheets import render_set
    from printkit.theme import load_theme

    theme = load_theme("classic")
    opts = BuildOptions(paper=get_paper("a4"), theme=theme, players=1, fillable=True)
    part = next(p for p in parts(opts) if p.name == "dig-site-sheets")
    data, _ = render_set(part.components, paper=opts.paper, theme=theme, bleed=0.0, fillable=True)
    return data


@pytest.mark.bad_pdfs
@pytest.mark.parametrize("command", [["validate"], ["score"], ["score", "--json"]])
def test_five_thousand_digit_field_value(tmp_path, blank_sheet, command):
    path = tmp_path / "digits.pdf"
    path.write_bytes(pypdf_fill(blank_sheet, {
        "p1.name": "Ana", "p1.circle.A1": "9" * 5000, "p1.circle.B1": "-" + "7" * 4400,
        "p1.area.A1": "A", "p1.bones.A": "blue-" + "4" * 5000,
    }))
    r = run(*command, "archeotrek", str(path))
    assert r.exit_code == 1
    if "--json" in command:  # data fields keep the values as read; the messages are short
        problems = json.loads(r.stdout)["problems"]
        assert max(len(p["message"]) for p in problems) < 500
        assert {p["code"] for p in problems} >= {"wrong-type", "unknown-token"}
        return
    assert_bounded(r.output)
    assert "[wrong-type] Ana: circle A1 holds '9999999999" in r.output
    assert "… (5,000 characters) (text); write a whole number" in r.output
    assert "[unknown-token] Ana: area 1 (A1) keeps 'blue-444444" in r.output


@pytest.mark.bad_pdfs
def test_million_character_field_values(tmp_path, blank_sheet):
    path = tmp_path / "big.pdf"
    path.write_bytes(pypdf_fill(blank_sheet, {
        "p1.name": "N" * MILLION, "p1.circle.A1": "3", "p1.area.A1": "Q" * 100_000,
        "p1.bones.Q": "x" * 100_000,
    }))
    for command in (["validate"], ["score"], ["score", "--json"]):
        r = run(*command, "archeotrek", str(path))
        assert r.exit_code == 1
        assert_bounded(r.output, total=20_000 if "--json" not in command else 250_000)
        assert "1,000,000 characters long" in r.output
    r = run("export-game", "archeotrek", str(path))  # exported as written: a file, not a message
    assert r.exit_code == 0


# -- FIFOs and devices ------------------------------------------------------------------------


@pytest.fixture
def hostile_pdfs(tmp_path):
    fifo = tmp_path / "fifo.pdf"
    os.mkfifo(fifo)
    zero = tmp_path / "x.pdf"
    zero.symlink_to("/dev/zero")
    return {"a pipe (FIFO)": fifo, "a character device": zero}


@pytest.mark.parametrize("command", [["score", "archeotrek"], ["validate", "archeotrek"],
                                     ["export-game", "archeotrek"]])
def test_fifo_and_dev_zero_as_filled_sheet(hostile_pdfs, command):
    for what, path in hostile_pdfs.items():
        r = run_process(*command, str(path))
        assert r.returncode == 1
        assert r.stderr == f"printkit: {path}: is {what}, not a regular file\n"


def test_fifo_and_dev_zero_in_check(hostile_pdfs):
    for what, path in hostile_pdfs.items():
        r = run_process("check", str(path))
        assert r.returncode == 1
        assert r.stdout == f"{path}: [open] is {what}, not a regular file\n"


# -- failed writes ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built_kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    r = CliRunner().invoke(main, ["build", "archaeology", "--out", str(out)])
    assert r.exit_code == 0, r.output
    return out


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _leftovers(folder: Path) -> list[str]:
    return [str(p) for p in folder.rglob("*") if p.name.startswith(".staging-") or p.name.endswith(".part")]


def _failing(monkeypatch, name: str, module, err: int, on_call: int):
    """Make ``module.name`` raise ``OSError(err)`` from its ``on_call``-th call on."""
    original = getattr(module, name)
    calls = {"n": 0}

    def fail(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] >= on_call:
            raise OSError(err, os.strerror(err))
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, fail)
    return calls


@pytest.mark.parametrize("err", [errno.ENOSPC, errno.EIO, errno.EROFS])
@pytest.mark.parametrize("on_call", [1, 3])
def test_build_write_failure_keeps_earlier_outputs(tmp_path, monkeypatch, built_kit, err, on_call):
    out = tmp_path / "out"
    shutil.copytree(built_kit, out)
    before = _snapshot(out)
    calls = _failing(monkeypatch, "fsync", os, err, on_call)
    r = run("build", "archaeology", "--paper", "letter", "--out", str(out))
    assert calls["n"] >= on_call
    assert r.exit_code == 1, r.output
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and r.stdout == ""
    assert lines[0].startswith(f"printkit: {out / 'archaeology'}/")
    assert lines[0].endswith(f".pdf: cannot write ({os.strerror(err)}); earlier outputs are intact")
    assert _snapshot(out) == before
    assert _leftovers(out) == []


def test_build_staging_folder_cannot_be_made(tmp_path, monkeypatch, built_kit):
    out = tmp_path / "out"
    shutil.copytree(built_kit, out)
    before = _snapshot(out)
    _failing(monkeypatch, "mkdtemp", tempfile, errno.ENOSPC, 1)
    r = run("build", "archaeology", "--out", str(out))
    assert r.exit_code == 1
    assert r.stderr == (f"printkit: {out / 'archaeology'}: cannot write (No space left on device); "
                        "earlier outputs are intact\n")
    assert _snapshot(out) == before and _leftovers(out) == []


def test_duplex_test_and_export_write_failure(tmp_path, monkeypatch, blank_sheet):
    out = tmp_path / "out"
    r = run("duplex-test", "--out", str(out))
    assert r.exit_code == 0
    before = _snapshot(out)
    game = tmp_path / "game.toml"
    game.write_text("old\n")
    _failing(monkeypatch, "fsync", os, errno.ENOSPC, 1)
    r = run("duplex-test", "--paper", "letter", "--out", str(out))
    assert r.exit_code == 1
    assert r.stderr == (f"printkit: {out / 'duplex-test.pdf'}: cannot write (No space left on device); "
                        "earlier outputs are intact\n")
    assert _snapshot(out) == before and _leftovers(out) == []
    r = run("simulate", "archeotrek", "-o", str(game))
    assert r.exit_code == 1 and r.stderr.endswith("cannot write (No space left on device); earlier outputs are intact\n")
    assert game.read_text() == "old\n" and _leftovers(tmp_path) == []


def test_output_onto_a_pipe_is_refused(tmp_path):
    # a FIFO in tmp_path stands for /dev/full or /dev/stdout: renaming over it would replace it
    fifo = tmp_path / "out.toml"
    os.mkfifo(fifo)
    r = run("simulate", "archeotrek", "-o", str(fifo))
    assert r.exit_code == 2
    assert r.stderr.startswith(f"printkit: {fifo}: exists and is not a regular file")
    assert fifo.is_fifo() and _leftovers(tmp_path) == []


def test_full_standard_output_one_line():
    with open("/dev/full", "w") as full:
        proc = run_process("score", "archeotrek", str(GOOD_TOML), stdout=full, stderr=subprocess.PIPE,
                           capture_output=False)
    assert proc.returncode == 1
    assert proc.stderr == ("printkit: standard output: cannot write (No space left on device); "
                           "earlier outputs are intact\n")


def test_long_labels_and_colours_of_a_custom_layout_are_shortened(tmp_path):
    """Circle ids and token colours come from the game file's own [layout] /
    [tokens]; every message quoting them stays short."""
    big, red, colour = "L" * 1000, "R" * 1000, "c" * 1000
    game = {
        "game": "archeotrek",
        "layout": {"circles": [{"id": big}, {"id": red, "kind": "red"}], "links": [[big, red]]},
        "tokens": {"bones": {colour: [1, 2]}, "skeletons": {colour: 3}},
        "player": [
            {"name": "Ana", "choices": {"yellow": 1, "red": 1, "difference": 0, "sum": 0},
             "circles": {big: 50, red: 0}, "area": [{"circles": [big], "bones": [f"{colour}-1", "x-9"]}]},
            {"name": "Ben", "choices": {"yellow": 1, "red": 1, "difference": 0, "sum": 0},
             "circles": {big: 2.5, red: 3}, "area": [{"circles": [big, red], "bones": [f"{colour}-1"]}]},
        ],
    }
    path = tmp_path / "custom.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    r = run("validate", "archeotrek", str(path))
    assert r.exit_code == 1
    codes = {c for c in ("value-out-of-range", "special-circle", "wrong-type", "unknown-token", "duplicate-token")
             if f"[{c}]" in r.output}
    assert codes == {"value-out-of-range", "special-circle", "wrong-type", "unknown-token", "duplicate-token"}, r.output
    assert_bounded(r.output, line=400, total=5000)
