"""Bad ArchéoTREK game files: clear problems or one clear error line, never a traceback."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit import PrintkitError
from printkit.games.archeotrek.game import game_from_dict, load_game
from printkit.scoring.cli import score, validate as validate_cmd
from printkit.games.archeotrek.scoring import render_json, render_text, score_game
from printkit.games.archeotrek.validate import validate

DATA = Path(__file__).resolve().parent / "data" / "archeotrek"
H01 = (DATA / "h01-two-players.toml").read_text(encoding="utf-8")


def h01() -> dict:
    return tomllib.loads(H01)


def problems_of(data: dict):
    return validate(game_from_dict(data, source="t.toml"))


def run_cli(cmd, path: Path):
    result = CliRunner().invoke(cmd, ["archeotrek", str(path)])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


# -- unreadable files: one line naming the file ------------------------------------------


@pytest.mark.parametrize("name, content, needle", [
    ("notoml.toml", b"game = archeotrek\n[[player]\n", "invalid TOML"),
    ("latin1.toml", 'name = "Zo\xeb"\n'.encode("latin-1"), "not UTF-8"),
    ("bad.json", b'{"player": [', "invalid JSON"),
    ("list.json", b"[1, 2]", "not a list"),
])
def test_unparsable_files_give_one_clear_error(tmp_path, name, content, needle):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(PrintkitError) as exc:
        load_game(path)
    assert name in str(exc.value) and needle in str(exc.value)
    for cmd in (score, validate_cmd):
        r = run_cli(cmd, path)
        assert r.exit_code == 1 and name in r.output


def test_invalid_toml_names_line_and_column(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text(H01.replace('name = "Noa"', 'name = Noa'), encoding="utf-8")
    with pytest.raises(PrintkitError, match=r"line \d+, column \d+"):
        load_game(path)


def test_missing_file(tmp_path):
    r = run_cli(score, tmp_path / "absent.toml")
    assert r.exit_code == 1 and "absent.toml" in r.output


# -- wrong types, missing and unknown keys: problems naming player and key ----------------


def test_wrong_types_are_problems_naming_player_and_circle():
    data = h01()
    data["player"][0]["circles"]["S1"] = "4"
    data["player"][0]["circles"]["S2"] = 5.0
    data["player"][1]["choices"]["sum"] = True
    data["player"][1]["area"][0]["circles"] = ["S3", 8]
    found = [(p.code, p.player, p.circles) for p in problems_of(data) if p.code == "wrong-type"]
    assert ("wrong-type", "Mia", ("S1",)) in found
    assert ("wrong-type", "Mia", ("S2",)) in found
    assert any(code == "wrong-type" and who == "Noa" for code, who, _ in found)
    assert len(found) == 4
    assert not score_game(game_from_dict(data)).valid


@pytest.mark.parametrize("mutate, code", [
    (lambda d: d["player"][0].pop("circles"), "missing-key"),
    (lambda d: d["player"][0].pop("name"), "missing-key"),
    (lambda d: d["player"][0].update(circles=[1, 2]), "wrong-type"),
    (lambda d: d["player"][0].update(choices="all"), "wrong-type"),
    (lambda d: d["player"][0].update(name=""), "wrong-type"),
    (lambda d: d["player"][0].update(name=7), "wrong-type"),
    (lambda d: d["player"][0].update(area="S1"), "wrong-type"),
    (lambda d: d["player"][0]["area"].append("S1"), "wrong-type"),
    (lambda d: d["player"][0]["choices"].update(difference=-1), "wrong-type"),
    (lambda d: d["player"][0].update(score=13), "unknown-key"),
    (lambda d: d["player"][0]["choices"].update(product=1), "unknown-key"),
    (lambda d: d["player"][0]["area"][0].update(tokens=["sand-1"]), "unknown-key"),
    (lambda d: d.update(game="archaeologia"), "game-name"),
    (lambda d: d.update(player=[]), "no-players"),
    (lambda d: d.update(player="Mia"), "wrong-type"),
    (lambda d: d["player"].append(7), "wrong-type"),
    (lambda d: d["player"][1].update(name="mia"), "duplicate-player"),
])
def test_structural_problems(mutate, code):
    data = h01()
    mutate(data)
    problems = problems_of(data)
    assert code in {p.code for p in problems if p.severity == "error"}
    result = score_game(game_from_dict(data))
    assert not result.valid
    render_text(result), render_json(result)  # rendering never raises


def test_missing_players_and_typo_in_player_table():
    data = h01()
    data["players"] = data.pop("player")
    problems = problems_of(data)
    codes = {p.code for p in problems}
    assert {"no-players", "unknown-key"} <= codes
    assert any("[[player]]" in p.message for p in problems if p.code == "unknown-key")


def test_missing_game_line_is_only_a_warning():
    data = h01()
    del data["game"]
    assert [(p.code, p.severity) for p in problems_of(data)] == [("game-name", "warning")]
    assert score_game(game_from_dict(data)).valid


def test_unknown_labels_suggest_the_right_case():
    data = h01()
    data["player"][0]["circles"]["s9"] = data["player"][0]["circles"].pop("S4")
    data["player"][1]["area"][0]["circles"] = ["S3", "Z8"]
    problems = [p for p in problems_of(data) if p.code == "unknown-circle"]
    assert [(p.player, p.circles) for p in problems] == [("Mia", ("s9",)), ("Noa", ("Z8",))]
    assert "did you mean S9?" in problems[0].message


def test_unknown_and_malformed_tokens():
    data = h01()
    data["player"][0]["area"][0]["bones"] = ["sand8"]
    data["player"][1]["area"][0]["bones"] = ["gold-9"]
    problems = [p for p in problems_of(data) if p.code == "unknown-token"]
    assert [(p.player, p.tokens) for p in problems] == [("Mia", ("sand8",)), ("Noa", ("gold-9",))]


# -- encodings and names ------------------------------------------------------------------


def test_bom_and_crlf_score_like_the_plain_file(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + H01.replace("\n", "\r\n").encode("utf-8"))
    r = score_game(load_game(path))
    assert [(p.name, p.score) for p in r.players] == [("Mia", 13), ("Noa", 12)]
    jpath = tmp_path / "bom.json"
    jpath.write_bytes(b"\xef\xbb\xbf" + json.dumps(h01(), indent=1).replace("\n", "\r\n").encode())
    assert score_game(load_game(jpath)).valid


def test_non_ascii_names_are_kept_and_printed(tmp_path):
    data = h01()
    data["player"][0]["name"] = "Zoë Ångström"
    data["player"][1]["name"] = "東京"
    r = score_game(game_from_dict(data))
    assert r.winners == ["Zoë Ångström"]
    assert "Winner: Zoë Ångström" in render_text(r)
    assert json.loads(render_json(r))["players"][1]["name"] == "東京"
    path = tmp_path / "names.toml"
    path.write_text(H01.replace('"Mia"', '"Zoë"'), encoding="utf-8")
    out = CliRunner().invoke(score, ["archeotrek", str(path)])
    assert out.exit_code == 0 and "Zoë" in out.output


def test_names_equal_after_unicode_normalisation_are_duplicates():
    data = h01()
    data["player"][0]["name"] = "Zo\u00eb"
    data["player"][1]["name"] = "Zoe\u0308"
    assert "duplicate-player" in {p.code for p in problems_of(data)}


# -- layouts and token sets ------------------------------------------------------------------


@pytest.mark.parametrize("mutate, needle", [
    (lambda d: d["layout"]["circles"].append({"id": "S11", "kind": "blue"}), "kind 'blue'"),
    (lambda d: d["layout"]["links"].append(["S1", "S99"]), "S99"),
    (lambda d: d["layout"]["links"].append(["S1"]), "pair"),
    (lambda d: d["layout"].pop("links"), "links"),
    (lambda d: d["layout"]["circles"].append({"id": "S1"}), "twice"),
    (lambda d: d["layout"]["dice"].update(red=["one"]), "layout.dice.red"),
    (lambda d: d["layout"]["choices"].pop("sum"), "choices"),
    (lambda d: d.update(layout=5), "[layout]"),
    (lambda d: d["tokens"]["skeletons"].pop("slate"), "colours differ"),
    (lambda d: d["tokens"]["bones"].update(sand=[1, 1]), "distinct"),
])
def test_malformed_layout_or_tokens_is_one_clear_error(mutate, needle):
    data = h01()
    mutate(data)
    with pytest.raises(PrintkitError) as exc:
        game_from_dict(data, source="t.toml")
    assert str(exc.value).startswith("t.toml") and needle in str(exc.value)


def test_layout_path_that_does_not_exist(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('layout = "nowhere.toml"\n' + H01.split("[layout]")[0], encoding="utf-8")
    r = run_cli(validate_cmd, path)
    assert r.exit_code == 1 and "nowhere.toml" in r.output


# -- fuzz: anything TOML/JSON can hold never raises anything but PrintkitError -----------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)
player_like = st.fixed_dictionaries({}, optional={
    "name": json_values, "choices": json_values, "circles": json_values, "area": json_values,
    "extra": json_values,
})
circles_like = st.dictionaries(st.sampled_from(["S1", "S2", "S3", "S8", "s4", "X"]), json_values, max_size=5)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(
    json_values,
    st.fixed_dictionaries({"player": st.lists(player_like, max_size=3)}),
    st.builds(lambda c, a: {"player": [{"name": "A", "choices": {"sum": 1}, "circles": c,
                                        "area": a}]},
              circles_like, st.lists(st.fixed_dictionaries({}, optional={
                  "circles": st.lists(st.sampled_from(["S1", "S2", "S3", "Q"]), max_size=3) | json_values,
                  "bones": st.lists(st.sampled_from(["blue-1", "blue-1", "red-3", "x"]), max_size=3) | json_values,
              }), max_size=3)),
))
def test_fuzzed_structures_never_raise_a_traceback(data):
    try:
        game = game_from_dict(data, source="fuzz")
    except PrintkitError:
        return
    result = score_game(game, partial=True)
    render_text(result)
    render_json(result)
    for p in result.problems:
        assert p.code and p.severity in ("error", "warning") and p.message
