"""The shared click parameter types (printkit/cli_types.py): what each option
accepts, the value the engine gets, and the one line a bad value gives."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from printkit import UsageError
from printkit.cli import main
from printkit.cli_types import BLEED, BOARD_PAPER, DUPLEX, LENGTH, OFFSET, PAPER, PLAYERS, PRINTER_MARGIN, SCALE

MM = 72 / 25.4  # pt per mm, written here independently of printkit.units


@pytest.mark.parametrize("kind,text,value", [
    (PAPER, "A4", "a4"), (PAPER, "letter", "letter"), (BOARD_PAPER, "Tabloid", "tabloid"),
    (DUPLEX, "short", "short"), (DUPLEX, "none", "none"),
    (LENGTH, "0.125in", 9.0), (LENGTH, "3mm", 3 * MM), (BLEED, "10mm", 10 * MM), (PRINTER_MARGIN, "0mm", 0.0),
    (OFFSET, "1.5,-0.5", (1.5 * MM, -0.5 * MM)), (OFFSET, "0,0", (0.0, 0.0)),
    (SCALE, "99.6%", (0.996, 0.996)), (SCALE, "50.2mm,100.4", (50 / 50.2, 1.004)),
    (PLAYERS, "3", 3), (PLAYERS, 5, 5),
])
def test_each_type_gives_the_engine_its_value(kind, text, value):
    got = kind.convert(text, None, None)
    if isinstance(value, tuple):
        assert got == pytest.approx(value)
    else:
        assert got == pytest.approx(value) if isinstance(value, float) else got == value


@pytest.mark.parametrize("args,said", [
    (["--paper", "a5"], "--paper: unknown paper 'a5'; choose one of: a4, letter, universal"),
    (["--board-paper", "a9"], "--board-paper: unknown paper 'a9'; choose one of: a3, a2, tabloid"),
    (["--duplex", "both"], "--duplex: 'both'; choose one of: long, short, none"),
    (["--bleed", "11mm"], "--bleed: 11mm is more than 10 mm"),
    (["--bleed", "3"], "--bleed: '3' is not a length"),
    (["--printer-margin", "16mm"], "--printer-margin: 16mm is outside 0–15 mm"),
    (["--back-offset", "21,0"], "--back-offset: '21,0' is more than 20 mm"),
    (["--back-offset", "nan,1"], "--back-offset: 'nan,1' is not X,Y in mm"),
    (["--scale", "90%"], "a correction beyond ±5 %"),
    (["--scale", "1,2,3"], "--scale: '1,2,3' is not X,Y"),
    (["--players", "x"], "--players: 'x' is not a whole number"),
    (["--players", "0"], "--players: 0 is not a player count"),
])
def test_a_bad_value_is_one_line_exit_2_before_anything_is_built(tmp_path, args, said):
    res = CliRunner().invoke(main, ["build", "archeotrek", "--out", str(tmp_path / "out"), *args])
    assert res.exit_code == 2, res.output
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], lines
    assert not (tmp_path / "out").exists()


def test_duplex_test_takes_the_same_types(tmp_path):
    res = CliRunner().invoke(main, ["duplex-test", "--paper", "LETTER", "--scale", "200%", "--out", str(tmp_path)])
    assert res.exit_code == 2 and "--scale: '200%'" in res.output


def test_paper_and_duplex_complete_in_the_shell():
    from click.shell_completion import ShellComplete

    comp = ShellComplete(main, {}, "printkit", "_PRINTKIT_COMPLETE")
    assert [c.value for c in comp.get_completions(["build", "archeo", "--paper"], "l")] == ["letter"]
    assert [c.value for c in comp.get_completions(["build", "archeo", "--duplex"], "")] == ["long", "short", "none"]
    assert [c.value for c in comp.get_completions(["build", "archeo", "--board-paper"], "a")] == ["a3", "a2"]


def test_errors_are_printkit_usage_errors():
    with pytest.raises(UsageError, match=r"^--scale: '0%'"):
        SCALE.convert("0%", None, None)  # no parameter: the option's own name
