"""One rulebook, two implementations (issue 18): every game file the Python scorers are
tested on also runs through the score pad's JavaScript scorer under Node, and both must
give the same report — scores, ranks, winners, Skeleton awards, and every problem (code,
severity, player, location, message) in the same order.

The oracle is the Python scorer (``render_json``), which the rest of the suite tests
against the rulebook; the JavaScript gets the game file as parsed by Python (tagged JSON,
:func:`printkit.scorepad.encode`) and the rules data of the page.
"""

from __future__ import annotations

import copy
import json
import random
import shutil
import tomllib
import subprocess
from pathlib import Path

import pytest

from conftest import SHARED

from printkit import PrintkitError
from printkit.registry import all_games
from printkit.scorepad import CORE_JS, encode
from printkit.scoring.fields import read_game_file

ROOT = Path(__file__).resolve().parent.parent
CASES = SHARED / "cases"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

#: game id → folders of game files its Python scorer is tested on.
FOLDERS = {
    "archeotrek": [ROOT / "tests/data/archeotrek", ROOT / "tests/data/bad", ROOT / "examples/archeotrek",
                   CASES / "archeotrek"],
    "archaeology": [ROOT / "tests/data/bad/archaeology", ROOT / "examples/archaeology", CASES / "archaeology"],
    "archeo": [ROOT / "tests/data/archeo", ROOT / "examples/archeo", CASES / "archeo"],
    "archaeologia": [ROOT / "tests/data/archaeologia", ROOT / "examples/archaeologia", CASES / "archaeologia"],
}


def _archeotrek_codes():
    from printkit.games.archeotrek.validate import CODES as C

    return C


#: game id → its problem codes (every one must be reached by some vector).
def _archaeology_codes():
    from printkit.games.archaeology.game import CODES as C

    return C


def _archeo_codes():
    from printkit.games.archeo.game import CODES as C

    return C


def _archaeologia_codes():
    from printkit.games.archaeologia.game import CODES as C

    return C


CODES = {"archeotrek": _archeotrek_codes, "archaeology": _archaeology_codes, "archeo": _archeo_codes,
         "archaeologia": _archaeologia_codes}


def _files(game: str) -> list[Path]:
    out = []
    for d in FOLDERS[game]:
        if d.is_dir():
            out += sorted(p for p in d.iterdir() if p.suffix in (".toml", ".json") and p.name != "expected.toml"
                          and p.is_file() and not p.is_symlink())
    return out


def _mutants(game: str, s, folder: Path) -> list[Path]:
    """Simulated games (``simulate``, fixed seeds) and, from each, a few seeded random
    breakages of one rule each, written as JSON files: they reach the checks the
    handed files do not (every problem code of the game is asserted below)."""
    if s.simulate is None:
        return []
    rng = random.Random(18)
    out = []
    for seed in range(12):
        data = tomllib.loads(s.simulate(1 + seed % 4, seed))
        variants = [data] + [MUTATE[game](copy.deepcopy(data), rng, k) for k in range(N_MUTATIONS[game])]
        for k, v in enumerate(variants):
            path = folder / f"sim-{seed}-{k}.json"
            path.write_text(json.dumps(v), encoding="utf-8")
            out.append(path)
    return out


def _archeotrek_mutant(d: dict, rng: random.Random, k: int) -> dict:
    pl = rng.choice(d["player"])
    areas = pl.setdefault("area", [])
    circles = list(pl["circles"])
    if k == 0:
        del pl[rng.choice(["choices", "circles", "name"])]
    elif k == 1 and areas:
        rng.choice(areas)["circles"] = []
    elif k == 2 and len(circles) > 3:
        areas.append({"circles": [circles[0], circles[-1]], "bones": []})
    elif k == 3 and areas:
        areas.append(copy.deepcopy(rng.choice(areas)))
    elif k == 4:
        pl["choices"]["yellow"] = pl["choices"].get("yellow", 0) + rng.choice([1, 3])
    elif k == 5 and areas:
        a = rng.choice(areas)
        if a["bones"]:
            a["bones"].pop()
        else:
            a["bones"].append("blue-9")
    elif k == 6 and areas:
        rng.choice(areas)["bones"].append(rng.choice(["red-2", "green-5", "orange-8", "purple-1"]))
    elif k == 7 and circles:
        pl["circles"][rng.choice(circles)] = rng.choice([-1, 13, 99, 2**40])
    elif k == 8 and circles:
        pl["circles"][rng.choice(circles)] = rng.randrange(0, 12)
    elif k == 9:
        lines = list(pl["choices"])
        a, b = rng.sample(lines, 2) if len(lines) > 1 else (lines * 2)[:2]
        pl["choices"][a] -= 1
        pl["choices"][b] += 1
    return d


def _archaeology_mutant(d: dict, rng: random.Random, k: int) -> dict:
    pl = rng.choice(d["player"])
    held = pl.setdefault("treasures", {})
    if k == 0:
        del pl[rng.choice(["money", "name"])]
    elif k == 1:
        held[rng.choice(["coin", "Coin", "ring_", "gold"])] = 2
    elif k == 2:
        held[rng.choice(list(held) or ["coin"])] = rng.choice([40, -1, 2**70, 3])
    elif k == 3:
        pl["keys"] = rng.choice([30, -2, 1])
    elif k == 4:
        d["treasures"] = {"coin": {"sell": rng.choice([[1, 1], [2, 5, 9], [0], [1, 2, 3, 4, 5, 6]]), "trade": rng.choice([1, -1])}}
    elif k == 5:
        pl["money"] = rng.choice([2**62, 0, 17])
    elif k == 6:
        d["player"].append(copy.deepcopy(pl))
    return d


def _archeo_mutant(d: dict, rng: random.Random, k: int) -> dict:
    boards = list(d["placed"])
    if k == 0:
        del d[rng.choice(["players", "ended", "egg", "broken", "placed"])]
    elif k == 1:
        d["players"] = rng.choice([0, 7, True, "3", 2**70])
    elif k == 2:
        d["broken"] = rng.choice([-1, 99, 0, 2.0])
    elif k == 3:
        d["ended"] = rng.choice(["stars", "shovels", "Stars", 1])
    elif k == 4:
        d["egg"] = rng.choice([True, False, "yes"])
    elif k == 5:
        d["placed"][rng.choice(boards + ["T-Rex", "trex"])] = rng.choice([["head", "head"], ["wing"], "head", [3]])
    elif k == 6:
        d["boards"] = rng.choice([
            {"rex": {"slots": {"head": 2, "tail": 1}}, "bad id!": {"slots": {"a": 1}}},
            {"rex": {"slots": {"head": 9}}}, {"rex": {"slots": {}, "colour": 1}}, {},
            {"rex": {"slots": {"head": 5, "tail": 5}}, "ptero": {"slots": {"wing": 3}}}, [1]])
        d["placed"] = {"rex": ["head"], "ptero": ["wing"]}
    elif k == 7:
        d["game"] = rng.choice(["archeotrek", "Archeo", 3])
    return d


def _archaeologia_mutant(d: dict, rng: random.Random, k: int) -> dict:
    ev = d["event"]
    names = [p["name"] for p in d["player"]]
    gives = [e for e in ev if "give" in e]
    if k == 0 and gives:
        g = rng.choice(gives)["give"]
        w = rng.choice(list(g))
        g[w] = g[w][:-1] if len(g[w]) > 1 else g[w] + ["ermine"]
    elif k == 1 and len(gives) > 1:
        ev.insert(rng.randrange(len(ev)), copy.deepcopy(rng.choice(gives)))
    elif k == 2:
        ev.append(rng.choice([{"eggs": rng.choice(names)}, {"objective": "the-curator", "by": "Zed"},
                              {"give": {"Zed": ["Ermine"]}}, {"give": {}}, {"eggs": 3, "by": "Ana"}, {},
                              {"objective": "the-curator"}]))
    elif k == 3:
        ev.insert(rng.randrange(len(ev) + 1), {"give": {rng.choice(names): ["egg-a"]}})
    elif k == 4:
        del ev[rng.randrange(len(ev)):]
    elif k == 5:
        d["player"] = d["player"] * rng.choice([1, 3]) if rng.random() < 0.5 else d["player"][:1]
    elif k == 6:
        d[rng.choice(["discoveries", "groups", "objectives"])] = rng.choice([
            {"ermine": {"stratum": "earth", "rp": 1}, "Bad_Id": {"rp": 200}, "pot": [1]},
            {"the-village": ["pottery", "pottery"], "x": ["ermine"], "y": "z"}, [1], {},
            {"the-curator": {"rp": 5, "coins": -1}, "odd": {"colour": 1}}])
    elif k == 7:
        for e in ev:
            if "objective" in e:
                e["objective"] = rng.choice(["The-Curator", "nope", 5])
                break
    elif k == 8:
        choice = rng.choice(["archeo", 1, None])
        if choice is None:
            del d["game"]
        else:
            d["game"] = choice
    elif k == 9:
        d["player"] = rng.choice([[], {"name": "Solo"}, "Ana", [{"nom": "Ana"}, {"name": "Ben"}]])
    elif k == 10:
        objs = [e for e in ev if "objective" in e]
        ev.insert(0, copy.deepcopy(objs[0]) if objs else {"objective": "the-curator", "by": names[0]})
        ev.insert(1, copy.deepcopy(ev[0]))
    return d


MUTATE = {"archeotrek": _archeotrek_mutant, "archaeology": _archaeology_mutant, "archeo": _archeo_mutant,
          "archaeologia": _archaeologia_mutant}
N_MUTATIONS = {"archeotrek": 10, "archaeology": 7, "archeo": 8, "archaeologia": 11}
#: Codes no file can reach under the bundled rules (the page is built from them):
#: Archéo's ``no-egg`` needs house rules without an egg.
UNREACHABLE = {"archeo": {"no-egg"}}


def _vectors(game: str, folder: Path):
    """(label, case for node, Python report) for every file the Python scorer loads."""
    kit = next(k for k in all_games() if k.id == game)
    spec = kit.scorepad(None)
    s = kit.scorer(None)
    out = []
    for path in _files(game) + _mutants(game, s, folder):
        try:
            loaded = s.load(path)
            raw = read_game_file(path)
        except PrintkitError:
            continue  # unreadable or a malformed layout: a load error, never reaches a scorer
        for partial in (False, True):
            py = json.loads(s.render_json(s.score(loaded, partial=partial)))
            case = {"game": game, "data": encode(raw), "rules": spec.vector_rules(loaded), "partial": partial,
                    "source": loaded.source}
            out.append((f"{path.relative_to(path.parent.parent)}{' --partial' if partial else ''}", case, py))
    return spec, out


def _run_node(spec, cases: list[dict]) -> list[dict]:
    scripts = [str(CORE_JS)] + [str(p) for p in spec.scripts if p.name == "scorer.js"]
    r = subprocess.run([NODE, str(CORE_JS.parent / "run_node.js"), *scripts], input=json.dumps(cases),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.mark.parametrize("game", sorted(FOLDERS))
def test_javascript_scorer_agrees_with_python(game, tmp_path):
    spec, vectors = _vectors(game, tmp_path)
    assert len(vectors) >= 30, "too few vectors: the folders moved?"
    js = _run_node(spec, [c for _, c, _ in vectors])
    bad = []
    for (label, _, py), got in zip(vectors, js):
        if got != py:
            bad.append((label, py, got))
    if bad:
        label, py, got = bad[0]
        lines = [f"{len(bad)} of {len(vectors)} case(s) differ; first: {label}"]
        for key in py:
            if py.get(key) != got.get(key):
                lines.append(f"  {key}: python {json.dumps(py.get(key), ensure_ascii=False)[:1500]}")
                lines.append(f"  {key}: js     {json.dumps(got.get(key), ensure_ascii=False)[:1500]}")
        lines += [f"  also: {b[0]}" for b in bad[1:30]]
        pytest.fail("\n".join(lines))
    # the vector set covers what it must: valid games, and every problem code of the game
    assert any(py["valid"] for _, _, py in vectors)
    assert any(not py["valid"] for _, _, py in vectors)
    kit = next(k for k in all_games() if k.id == game)
    codes = {p["code"] for _, _, py in vectors for p in py["problems"]}
    missing = set(CODES[game]()) - codes - UNREACHABLE.get(game, set())
    assert not missing, f"no vector reaches problem code(s) {sorted(missing)}"
    assert kit.scorepad is not None


def test_in_page_toml_reader_agrees_with_tomllib():
    """The page's TOML reader (import) reads every game file of the suite as Python's
    tomllib does, and refuses the ones tomllib refuses."""
    import tomllib

    from printkit.scorepad import TOML_JS

    paths = sorted({p for g in FOLDERS for d in FOLDERS[g] if d.is_dir() for p in d.rglob("*.toml")}
                   | set((ROOT / "tests/data").rglob("*.toml")))
    texts, want = [], []
    for p in paths:
        try:
            text = p.read_bytes().decode("utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if len(text) > 300_000:
            continue
        try:
            want.append(_plain_dt(encode(tomllib.loads(text), -10**9)))
        except (tomllib.TOMLDecodeError, RecursionError, ValueError):
            want.append(None)
        texts.append(text)
    assert len(texts) > 100
    r = subprocess.run([NODE, str(CORE_JS.parent / "run_node.js"), "--toml", str(CORE_JS), str(TOML_JS)],
                       input=json.dumps(texts), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    bad = [(p, w, g) for p, w, g in zip(paths, want, got)
           if (w is None) != (isinstance(g, dict) and "error" in g and "$t" not in g) or (w is not None and w != g)]
    assert not bad, f"{len(bad)} file(s) read differently; first {bad[0][0]}: tomllib {str(bad[0][1])[:400]} / js {str(bad[0][2])[:400]}"


def _plain_dt(v):
    if isinstance(v, list):
        return [_plain_dt(x) for x in v]
    if isinstance(v, dict):
        if v.get("$t") == "dt":
            return {"$t": "dt"}
        if v.get("$t") == "table":
            return {"$t": "table", "k": [[k, _plain_dt(x)] for k, x in v["k"]]}
    return v
