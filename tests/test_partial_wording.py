"""``--partial`` says the game is unfinished: the warning for its unticked
Choices boxes must not then call it "a finished game" (without ``--partial``
the same boxes are an error of a finished game, and say so)."""

from __future__ import annotations

from click.testing import CliRunner

from printkit.cli import main

ONE_ROUND = '''game = "archeotrek"

[[player]]
name = "Ana"
choices = { yellow = 1, red = 0, difference = 0, sum = 0 }
circles = { A1 = 3 }
'''


def test_partial_warning_does_not_call_the_game_finished(tmp_path):
    game = tmp_path / "round-1.toml"
    game.write_text(ONE_ROUND, encoding="utf-8")
    partial = CliRunner().invoke(main, ["validate", "archeotrek", str(game), "--partial"])
    assert partial.exit_code == 0, partial.output
    warn = [ln for ln in partial.output.splitlines() if "[choices-unfinished]" in ln]
    assert len(warn) == 1 and "warning" in warn[0], partial.output
    message = warn[0].split("(rule: ", 1)[0]
    assert "in a finished game" not in message and "in an unfinished game" in message, warn[0]
    whole = CliRunner().invoke(main, ["validate", "archeotrek", str(game)])
    assert whole.exit_code == 1, whole.output
    err = [ln for ln in whole.output.splitlines() if "[choices-unfinished]" in ln]
    assert len(err) == 1 and "error" in err[0] and "in a finished game" in err[0], whole.output
