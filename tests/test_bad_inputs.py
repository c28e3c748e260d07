"""The corpus of bad ArchéoTREK game files (``tests/data/bad/``, issue 7).

Every case in ``tests/data/bad/expected.toml`` runs through the real CLI
(``printkit validate``, ``printkit score``, ``printkit score --json``) and the
Python API.  Each must end with the expected exit code (1 invalid input,
2 usage), never a traceback, and either one clear line on stderr naming the
file, or a problem with a documented code naming the player and the
circles/tokens involved.  No output may carry raw control characters.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit import PrintkitError
from printkit.cli import main
from printkit.games.archeotrek.game import load_game
from printkit.games.archeotrek.validate import CODES, validate

BAD = Path(__file__).resolve().parent / "data" / "bad"
CASES = tomllib.loads((BAD / "expected.toml").read_text(encoding="utf-8"))["case"]
H01 = (BAD.parent / "archeotrek" / "h01-two-players.toml").read_text(encoding="utf-8")
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]")
LINE = re.compile(r"^(?P<src>.+?): (?P<sev>error|warning) \[(?P<code>[a-z-]+)\] ")


def _case_id(case: dict) -> str:
    return case["file"] + ("" if "args" not in case else " " + " ".join(case["args"][2:]).replace("{file}", "").strip())


def _path(case: dict, tmp_path: Path) -> Path:
    gen = case.get("generate")
    if gen is None:
        return BAD / case["file"]
    path = tmp_path / case["file"]
    if gen == "10mb":
        filler = "# " + "x" * 1000 + "\n"
        path.write_text(H01 + filler * 10_500, encoding="utf-8")
        assert path.stat().st_size > 10_000_000
    elif gen == "dev-zero":
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero here")
        path.symlink_to("/dev/zero")
    elif gen == "folder":
        path.mkdir()
    elif gen != "missing":
        raise AssertionError(f"unknown generate {gen!r}")
    return path


def _commands(case: dict, path: Path) -> list[list[str]]:
    if "args" in case:
        return [[a.replace("{file}", str(path)) for a in case["args"]]]
    return [
        ["validate", "archeotrek", str(path)],
        ["score", "archeotrek", str(path)],
        ["score", "archeotrek", str(path), "--json"],
    ]


def _matches(p: dict, case: dict) -> bool:
    want_player = case.get("player") or None
    return (
        p["code"] == case["problem"]
        and p["player"] == want_player
        and set(case.get("circles", ())) <= set(p["circles"])
        and set(case.get("tokens", ())) <= set(p["tokens"])
        and case.get("text", "") in p["message"]
    )


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_bad_input_gives_a_clear_message_and_exit_code(case, tmp_path):
    assert ("error" in case) != ("problem" in case), "a case expects an error line or a problem"
    path = _path(case, tmp_path)
    runner = CliRunner()
    for args in _commands(case, path):
        r = runner.invoke(main, args)
        shown = " ".join(args)
        assert r.exit_code == case.get("exit", 1), (shown, r.output)
        assert "Traceback" not in r.output, shown
        assert r.exception is None or isinstance(r.exception, SystemExit), (shown, r.exception)
        assert not RAW_CONTROL.search(r.output), (shown, r.output)
        if "error" in case:
            lines = r.stderr.splitlines()
            assert len(lines) == 1 and not r.stdout, (shown, r.output)
            assert lines[0].startswith("printkit: "), lines[0]
            assert case["error"] in lines[0], (shown, lines[0])
            if "exit" not in case:  # file-level errors name the file
                assert path.name in lines[0], lines[0]
            continue
        if "--json" in args:
            data = json.loads(r.stdout)
            assert data["valid"] is False and data["players"] == []
            problems = data["problems"]
            assert all(p["code"] in CODES and p["severity"] in ("error", "warning") for p in problems)
            assert any(_matches(p, case) for p in problems), (case, problems)
            continue
        out = r.stdout if args[0] == "validate" else r.stderr
        lines = out.splitlines()
        if args[0] == "validate":
            assert lines[-1].startswith(f"{path}: invalid ("), lines[-1]
            lines = lines[:-1]
        else:
            assert not r.stdout, "an invalid game prints no score table"
        assert lines, shown
        for line in lines:
            m = LINE.match(line)
            assert m and m["src"] == str(path) and m["code"] in CODES, line
        who = f"[{case['problem']}] {case['player']}: " if case.get("player") else f"[{case['problem']}] "
        hits = [line for line in lines if who in line and case.get("text", "") in line]
        assert hits, (who, lines)


@pytest.mark.parametrize(
    "case", [c for c in CASES if "generate" not in c and "args" not in c], ids=_case_id,
)
def test_bad_input_through_the_api(case):
    path = BAD / case["file"]
    if "error" in case:
        with pytest.raises(PrintkitError) as exc:
            load_game(path)
        assert case["error"] in str(exc.value) and str(exc.value).startswith(str(path))
        return
    problems = [p.to_dict() for p in validate(load_game(path))]
    assert any(_matches(p, case) for p in problems), problems


def test_every_file_in_the_corpus_has_a_case():
    files = {p.name for p in BAD.iterdir() if p.is_file() and p.name != "expected.toml"}
    listed = {c["file"] for c in CASES if "generate" not in c}
    assert files == listed
    assert len(CASES) >= 60


# -- cases that need the file system: odd names, permissions, symlinks ---------------------------


def test_odd_file_names_stay_one_line(tmp_path):
    runner = CliRunner()
    missing = tmp_path / "no\nsuch\x1b[2J.toml"
    r = runner.invoke(main, ["score", "archeotrek", str(missing)])
    assert r.exit_code == 1 and len(r.stderr.splitlines()) == 1
    assert "no\\x0asuch\\x1b[2J.toml" in r.stderr and not RAW_CONTROL.search(r.output)
    odd = tmp_path / "a\x07b.toml"
    odd.write_text(H01.replace("S2 = 5", "S2 = 6"), encoding="utf-8")
    r = runner.invoke(main, ["validate", "archeotrek", str(odd)])
    assert r.exit_code == 1 and not RAW_CONTROL.search(r.output)
    assert all(line.startswith(str(tmp_path / "a\\x07b.toml")) for line in r.stdout.splitlines())


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
def test_unreadable_file(tmp_path):
    path = tmp_path / "locked.toml"
    path.write_text(H01, encoding="utf-8")
    path.chmod(0)
    r = CliRunner().invoke(main, ["score", "archeotrek", str(path)])
    assert r.exit_code == 1 and "cannot read file (Permission denied)" in r.stderr


def test_layout_symlink_leading_out_of_the_folder(tmp_path):
    outside = tmp_path / "outside.toml"
    outside.write_text("circles = [{ id = 'A1' }]\nlinks = []\n", encoding="utf-8")
    game_dir = tmp_path / "game"
    game_dir.mkdir()
    (game_dir / "site.toml").symlink_to(outside)
    game = game_dir / "g.toml"
    game.write_text('layout = "site.toml"\n' + H01.split("[layout]")[0], encoding="utf-8")
    with pytest.raises(PrintkitError, match="points outside the game file's folder"):
        load_game(game)


def test_layout_inside_a_subfolder_still_works(tmp_path):
    (tmp_path / "sites").mkdir()
    layout = H01.split("[layout]\n", 1)[1].split("[tokens]", 1)[0]
    (tmp_path / "sites" / "small.toml").write_text(layout, encoding="utf-8")
    game = tmp_path / "g.toml"
    game.write_text(H01.replace("[layout]\n" + layout, 'layout = "sites/../sites/small.toml"\n\n'),
                    encoding="utf-8")
    assert validate(load_game(game)) == []
