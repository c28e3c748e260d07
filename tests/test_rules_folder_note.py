"""``--rules DIR`` replaces a game's bundled rules only when DIR holds
``<game>.toml``; when it does not (a house-rules folder made for another game,
a file named ``trek12.toml``), the command still works from the bundled rules
but says so in one note on stderr — never a silent switch back to the data the
user meant to replace.  A game whose file is there gets no note."""

from __future__ import annotations

import shutil
import tomllib

import pytest
from click.testing import CliRunner

from printkit import RULES_DIR
from printkit.cli import main

EXAMPLES = RULES_DIR.parent / "examples"


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture()
def house(tmp_path):
    """A rules folder holding archeo.toml only (the bundled file, unchanged)."""
    folder = tmp_path / "house"
    folder.mkdir()
    shutil.copy(RULES_DIR / "archeo.toml", folder / "archeo.toml")
    return folder


def _notes(r) -> list[str]:
    return [ln for ln in r.stderr.splitlines() if ln.startswith("note: ")]


def test_build_of_a_game_the_folder_has_no_file_for_says_so(house, tmp_path):
    r = run("build", "archeotrek", "--rules", str(house), "-q", "--out", str(tmp_path / "out"))
    assert r.exit_code == 0, r.output
    assert _notes(r) == [f"note: --rules {house}: no archeotrek.toml in it; archeotrek uses the bundled rules"], \
        r.stderr
    assert (tmp_path / "out" / "archeotrek" / "archeotrek-kit.pdf").is_file()


@pytest.mark.parametrize("command", ["score", "validate"])
def test_scoring_under_a_folder_without_the_games_file_says_so(house, command):
    game = EXAMPLES / "archeotrek" / "finished-4-players.toml"
    r = run(command, "archeotrek", str(game), "--rules", str(house))
    assert r.exit_code == 0, r.output
    assert _notes(r) == [f"note: --rules {house}: no archeotrek.toml in it; archeotrek uses the bundled rules"], \
        r.stderr
    assert "Traceback" not in r.output


def test_simulate_says_so_on_stderr_and_keeps_stdout_a_game_file(house):
    r = run("simulate", "archeotrek", "--seed", "3", "--rules", str(house))
    assert r.exit_code == 0, r.output
    assert tomllib.loads(r.stdout)["game"] == "archeotrek"
    assert len(_notes(r)) == 1 and "no archeotrek.toml" in r.stderr


def test_the_game_whose_file_is_there_gets_no_note(house):
    game = EXAMPLES / "archeo" / "finished-3-players.toml"
    r = run("score", "archeo", str(game), "--rules", str(house))
    assert r.exit_code == 0, r.output
    assert _notes(r) == [], r.stderr


def test_scorepad_says_so(house, tmp_path):
    r = run("scorepad", "archeotrek", "--rules", str(house), "-o", str(tmp_path / "pad.html"))
    assert r.exit_code == 0, r.output
    assert _notes(r) == [f"note: --rules {house}: no archeotrek.toml in it; archeotrek uses the bundled rules"], \
        r.stderr


def _house_problem_lines(tmp_path, line: str, house_line: str, code: str) -> list[str]:
    """The ``[code]`` lines of validating the ArchéoTREK example under a
    house-rules folder whose archeotrek.toml has ``line`` replaced by
    ``house_line`` (exit 1)."""
    house = tmp_path / "house"
    house.mkdir()
    text = (RULES_DIR / "archeotrek.toml").read_text(encoding="utf-8")
    assert f"\n{line}\n" in text
    (house / "archeotrek.toml").write_text(text.replace(f"\n{line}\n", f"\n{house_line}\n"), encoding="utf-8")
    r = run("validate", "archeotrek", str(EXAMPLES / "archeotrek" / "finished-4-players.toml"), "--rules", str(house))
    assert r.exit_code == 1, r.output
    lines = [ln for ln in r.output.splitlines() if f"[{code}]" in ln]  # validate's report: stdout
    assert lines, r.output
    return lines


def test_an_area_sum_problem_under_house_rules_names_where_its_sum_comes_from(tmp_path):
    """The rule quoted after an area-sum problem must not read as if 9 were the
    only sum (the message says "totals 9, not 10" under a house area sum of 10):
    it names the rulebook's 9 and the --rules file's key, in the user's words."""
    lines = _house_problem_lines(tmp_path, "area_sum = 9", "area_sum = 10", "area-sum")
    assert all("not 10" in ln for ln in lines), lines
    rule = lines[0].split("(rule: ", 1)[1]
    assert "--rules" in rule and "[dig] area_sum" in rule and "9" in rule, rule


def test_a_token_count_problem_under_house_rules_names_where_its_count_comes_from(tmp_path):
    """As for the area sum: under a house ``[dig.tokens_per_area] base = 0`` the
    message says "keeps at most 0 Bone token(s), not 1"; the rule after it must
    not read as if 1 + the zeros were the only count."""
    lines = _house_problem_lines(tmp_path, "base = 1", "base = 0", "too-many-tokens")
    rule = lines[0].split("(rule: ", 1)[1]
    assert "--rules" in rule and "[dig.tokens_per_area]" in rule, rule


def _house_folder(tmp_path, name: str = "house rules") -> "Path":
    """A house-rules folder (a space in its name) whose archeotrek.toml
    digs areas of 10, not 9."""
    house = tmp_path / name
    house.mkdir()
    text = (RULES_DIR / "archeotrek.toml").read_text(encoding="utf-8")
    (house / "archeotrek.toml").write_text(text.replace("\narea_sum = 9\n", "\narea_sum = 10\n"), encoding="utf-8")
    return house


def test_a_game_simulated_under_house_rules_says_how_to_score_it(tmp_path):
    """A designer simulates a game under a house rule, then scores it the
    usual way, without ``--rules``: every area of 10 is an error, 20-odd lines
    that never say why.  The simulated file's first line says which rules it
    was played under and the command that scores it; ``score`` and
    ``validate`` without ``--rules`` end with one ``hint:`` line giving the
    folder; with ``--rules`` it scores.  Seen failing on the old code (no such
    line in the file, no hint: only the area-sum errors)."""
    house = _house_folder(tmp_path)
    r = run("simulate", "archeotrek", "--seed", "3", "--rules", str(house))
    assert r.exit_code == 0, r.output
    first = r.stdout.splitlines()[0]
    quoted = f"'{house}'"  # quoted for the shell: the folder's name holds a space
    assert first.startswith("# ") and f"printkit score archeotrek --rules {quoted} FILE" in first, first
    assert tomllib.loads(r.stdout)["game"] == "archeotrek"
    game = tmp_path / "game.toml"
    game.write_text(r.stdout, encoding="utf-8")

    ok = run("score", "archeotrek", str(game), "--rules", str(house))
    assert ok.exit_code == 0 and "Winner" in ok.stdout and "hint:" not in ok.stderr, ok.output
    for command in ("score", "validate"):
        bad = run(command, "archeotrek", str(game))
        assert bad.exit_code == 1, bad.output
        assert "[area-sum]" in bad.output and "Traceback" not in bad.output, bad.output
        hints = [ln for ln in bad.stderr.splitlines() if ln.startswith("hint: ")]
        assert hints == [f"hint: {game} says it was played under house rules (its first line): "
                         f"give them with --rules {quoted}"], bad.stderr
        assert bad.stderr.splitlines()[-1] == hints[0], bad.stderr


def test_a_game_simulated_under_the_bundled_rules_gets_no_house_rules_line(tmp_path, house):
    """Without ``--rules``, or with a folder holding no archeotrek.toml (the
    bundled rules play), the simulated file starts as before and a broken file
    gets no hint."""
    for extra in ((), ("--rules", str(house))):
        r = run("simulate", "archeotrek", "--seed", "3", *extra)
        assert r.exit_code == 0 and "house rules" not in r.stdout, r.stdout[:300]
    bad = run("score", "archeotrek", str(EXAMPLES / "archeotrek" / "invalid-area-sum.toml"))
    assert bad.exit_code == 1 and "hint:" not in bad.stderr, bad.stderr


def test_the_rule_quoted_after_a_token_count_problem_gives_no_bundled_count_as_the_rule(tmp_path):
    """Under a house ``base = 0`` the message says "keeps at most 0 Bone
    token(s), not 1"; the rule quoted after it must not state the bundled
    "1 + (number of 0s in it)" as if it were the rule in play (a designer reads
    "at most 2 … (rule: at most 1 + …)" as a contradiction).  It names the
    count by its --rules keys and gives the rulebook's 1 + 1 per 0 as the
    rulebook's.  Seen failing on the old code ("rule: an area keeps at most
    1 + (number of 0s in it) Bone tokens …")."""
    lines = _house_problem_lines(tmp_path, "base = 1", "base = 0", "too-many-tokens")
    rule = lines[0].split("(rule: ", 1)[1]
    assert "at most 1 +" not in rule and "keeps 1 +" not in rule, rule
    assert "base + per_zero" in rule and "rulebook: 1 + 1 per 0" in rule, rule
