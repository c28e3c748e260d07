"""The cache of built kits (printkit.kitcache, issue 26): a repeat build of
the same inputs writes the same bytes without drawing, assembling or
checking anything; any changed input — a theme file, the rules, an option,
a file of the package — is a miss; a damaged or forged entry is never used;
the cache stays bounded.

Each test has its own cache folder (``PRINTKIT_CACHE_DIR``).  What is
measured: the files a build writes (against a build with the caches off),
whether the build rendered a game (``printkit.build.render_game`` is
replaced by a function that counts or fails), the progress steps reported,
and the entries in the folder."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

import printkit
import printkit.build as build_mod
from printkit import kitcache
from printkit.build import BuildOptions, build
from printkit.paper import get_paper
from printkit.registry import get_game
from printkit.theme import load_theme

ROOT = Path(__file__).resolve().parents[1]
GAME = "archeotrek"


@pytest.fixture
def cache(cache_root) -> Path:
    return cache_root / "kits"


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The games :func:`printkit.build.render_game` is asked to render from now on."""
    asked: list[str] = []
    real = build_mod.render_game

    def counting(kit, options, progress=None):
        asked.append(kit.id)
        return real(kit, options, progress)

    monkeypatch.setattr(build_mod, "render_game", counting)
    return asked


def _options(theme=None, **kw) -> BuildOptions:
    return BuildOptions(paper=get_paper(kw.pop("paper", "a4")), theme=theme or load_theme("classic"),
                        **{"players": 2, **kw})


def _build(out: Path, options: BuildOptions, games=(GAME,), steps: list | None = None) -> dict[str, bytes]:
    build(list(games), options, out, progress=None if steps is None else steps.append, jobs=1)
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


def _uncached(tmp_path: Path, options: BuildOptions, monkeypatch, games=(GAME,)) -> dict[str, bytes]:
    with monkeypatch.context() as m:
        m.setenv("PRINTKIT_CACHE", "off")
        return _build(tmp_path / f"off-{len(list(tmp_path.iterdir()))}", options, games)


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.kitcache")) if folder.is_dir() else []


def test_a_repeat_build_writes_the_uncached_bytes_and_renders_nothing(cache, tmp_path, monkeypatch, renders):
    options = _options()
    uncached = _uncached(tmp_path, options, monkeypatch)
    renders.clear()
    cold_steps: list = []
    cold = _build(tmp_path / "cold", options, steps=cold_steps)
    assert renders == [GAME] and len(_entries(cache)) == 1
    warm_steps: list = []
    warm = _build(tmp_path / "warm", options, steps=warm_steps)
    assert renders == [GAME], "the repeat build rendered the game again"
    assert uncached == cold == warm and len(warm) >= 3
    assert warm_steps == cold_steps  # the same progress, part by part


def test_a_hit_is_written_without_the_renderer(cache, tmp_path, monkeypatch):
    options = _options()
    first = _build(tmp_path / "a", options)

    def refuse(*a, **k):
        raise AssertionError("a cached kit was rendered")

    monkeypatch.setattr(build_mod, "render_game", refuse)
    monkeypatch.setattr(build_mod, "_render_parallel", refuse)
    assert _build(tmp_path / "b", options) == first


def test_a_changed_theme_file_is_a_miss(cache, tmp_path, monkeypatch, renders):
    folder = tmp_path / "mytheme"
    shutil.copytree(ROOT / "templates" / "classic", folder)
    load_theme.cache_clear()
    options = _options(load_theme(str(folder)))
    before = _build(tmp_path / "one", options)
    css = folder / "base.css"  # read by the rules reference's layout only: no field of the Theme changes
    css.write_text(css.read_text(encoding="utf-8") + "\nh1 { letter-spacing: 0.5pt; }\n", encoding="utf-8")
    load_theme.cache_clear()
    options = _options(load_theme(str(folder)))
    after = _build(tmp_path / "two", options)
    assert renders == [GAME, GAME]
    assert after != before and after == _uncached(tmp_path, options, monkeypatch)


def test_changed_rules_are_a_miss(cache, tmp_path, monkeypatch, renders):
    rules = tmp_path / "rules"
    rules.mkdir()
    text = (ROOT / "rules" / f"{GAME}.toml").read_text(encoding="utf-8")
    (rules / f"{GAME}.toml").write_text(text, encoding="utf-8")
    options = _options(rules_dir=rules)
    before = _build(tmp_path / "one", options)
    assert "Roll the dice" in text
    (rules / f"{GAME}.toml").write_text(text.replace("Roll the dice", "Throw the dice"), encoding="utf-8")
    after = _build(tmp_path / "two", options)
    assert renders == [GAME, GAME]
    assert after != before and after == _uncached(tmp_path, options, monkeypatch)


def test_every_option_and_the_package_are_in_the_key(cache, tmp_path, monkeypatch):
    kit = get_game(GAME)
    base = kitcache.kit_key(kit, _options())
    assert base and base == kitcache.kit_key(kit, _options())
    for changed in (_options(players=3), _options(paper="letter"), _options(bleed=8.5), _options(duplex="none"),
                    _options(fillable=True), _options(scale=(1.0, 0.99)), _options(back_offset=(1.0, 0.0)),
                    _options(rotate_backs=True), _options(load_theme("inksaver"))):
        assert kitcache.kit_key(kit, changed) not in (None, base), changed
    assert kitcache.kit_key(get_game("archeo"), _options()) not in (None, base)
    # a copy of the package with one file changed is another key
    copy = tmp_path / "pkg" / "printkit"
    shutil.copytree(Path(printkit.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(kitcache, "_TREES", {})
    monkeypatch.setattr(printkit, "__file__", str(copy / "__init__.py"))
    assert kitcache.kit_key(kit, _options()) == base  # the same files: the same key
    monkeypatch.setattr(kitcache, "_TREES", {})
    with open(copy / "imposition.py", "a", encoding="utf-8") as fh:
        fh.write("\n# edited\n")
    assert kitcache.kit_key(kit, _options()) not in (None, base)


def test_the_cache_off_or_a_kit_made_on_the_fly_has_no_key(cache, tmp_path, monkeypatch):
    from printkit.gamekit.contract import GameKit

    real = get_game(GAME)
    made = GameKit(id=GAME, title=real.title, tagline="", parts=lambda options: [])
    assert kitcache.kit_key(made, _options()) is None      # not the registered game object
    folder = tmp_path / "linked"
    shutil.copytree(ROOT / "templates" / "classic", folder)
    load_theme.cache_clear()
    theme = load_theme(str(folder))
    assert kitcache.kit_key(real, _options(theme))
    (folder / "extra.css").symlink_to(ROOT / "templates" / "classic" / "base.css")
    monkeypatch.setattr(kitcache, "_TREES", {})
    assert kitcache.kit_key(real, _options(theme)) is None  # a link in the theme folder: not hashed, not cached
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    assert kitcache.kit_key(real, _options()) is None


def _forge(path: Path, edit) -> None:
    """Rewrite the entry ``path`` with its header edited by ``edit``."""
    data = path.read_bytes()
    end = data.index(b"\n", len(kitcache.MAGIC))
    head = json.loads(data[len(kitcache.MAGIC):end])
    payload = edit(head, data[end + 1:])
    path.write_bytes(kitcache.MAGIC + json.dumps(head).encode() + b"\n" + payload)


def _rename_part(head, payload):
    head["parts"][0]["name"] = "../escaped"
    return payload


def _other_key(head, payload):
    head["key"] = "0" * 64
    return payload


@pytest.mark.parametrize("damage", [
    lambda p: p.write_bytes(p.read_bytes()[:-100]),                                    # truncated
    lambda p: p.write_bytes(p.read_bytes().replace(b"/MediaBox", b"/MediaBax", 1)),    # a byte changed
    lambda p: p.write_bytes(b"x" + p.read_bytes()),                                    # not our header
    lambda p: _forge(p, _rename_part),                                                 # a name outside the game folder
    lambda p: _forge(p, _other_key),                                                   # another key's entry
], ids=["truncated", "byte-changed", "header", "path-name", "wrong-key"])
def test_a_damaged_entry_is_never_used(cache, tmp_path, monkeypatch, renders, damage):
    options = _options()
    first = _build(tmp_path / "one", options)
    (entry,) = _entries(cache)
    damage(entry)
    again = _build(tmp_path / "two", options)
    assert renders == [GAME, GAME] and again == first
    assert not (tmp_path / "escaped.pdf").exists() and not (tmp_path / "two" / "escaped.pdf").exists()
    (entry,) = _entries(cache)  # replaced by a good one: the next build is a hit
    assert _build(tmp_path / "three", options) == first and renders == [GAME, GAME]


def test_a_forged_but_consistent_entry_is_used_only_under_its_own_key(cache, tmp_path, renders):
    """The key is the file's name and its header's: an entry copied under
    another name (another game's or options' key) is a miss."""
    _build(tmp_path / "one", _options())
    (entry,) = _entries(cache)
    other = kitcache.kit_key(get_game(GAME), _options(players=3))
    shutil.copy(entry, cache / f"{other}.kitcache")
    assert kitcache.lookup(other) is None and not (cache / f"{other}.kitcache").exists()


def test_a_link_or_foreign_file_in_the_cache_is_not_read(cache, tmp_path, renders):
    options = _options()
    first = _build(tmp_path / "one", options)
    (entry,) = _entries(cache)
    moved = tmp_path / "elsewhere.kitcache"
    shutil.move(entry, moved)
    entry.symlink_to(moved)
    assert _build(tmp_path / "two", options) == first and renders == [GAME, GAME]
    assert not entry.is_symlink()


def test_the_cache_is_bounded(cache, tmp_path, monkeypatch):
    monkeypatch.setattr(kitcache, "MAX_ENTRIES", 2)
    for players in (2, 3, 4):
        _build(tmp_path / f"p{players}", _options(players=players))
    assert len(_entries(cache)) == 2
    monkeypatch.setattr(kitcache, "MAX_ENTRY", 1000)   # a kit larger than an entry may be: not kept
    _build(tmp_path / "p5", _options(players=5))
    assert kitcache.lookup(kitcache.kit_key(get_game(GAME), _options(players=5))) is None


@pytest.mark.slow
def test_a_repeat_build_all_in_parallel_writes_the_uncached_bytes(cache, tmp_path, monkeypatch):
    """``build all`` with two workers, cold then warm, against the caches off;
    one kit's entry removed between: the warm build renders that game alone."""
    options = _options()
    games = ("all",)
    uncached = _uncached(tmp_path, options, monkeypatch, games)
    build(list(games), options, tmp_path / "cold", jobs=2)
    entries = _entries(cache)
    assert len(entries) == 4
    os.unlink(entries[0])
    build(list(games), options, tmp_path / "warm", jobs=2)
    for name in ("cold", "warm"):
        out = tmp_path / name
        assert {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))} == uncached, name
