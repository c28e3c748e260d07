"""The cache of parsed bundled rules files (printkit.rulescache, issue 26).

What is measured: the data a command gets is what ``tomllib`` makes of the
file (compared type for type, independently of the cache's code), a second
``printkit games`` in a fresh interpreter prints the same and no longer loads
``tomllib`` (the cache answered), and every entry that is not exactly ours —
another text, another stamp, damaged JSON, a link, someone else's file, an
over-long file, a folder others may write — is a miss, never data.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from printkit import rulescache
from printkit.rules import load_bundled

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = sorted((ROOT / "rules").glob("*.toml"))


def _same(a, b) -> bool:
    """Equal and of the same types all the way down (1 is not 1.0, nor True)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


@pytest.fixture
def cache(cache_root) -> Path:
    return cache_root / "rules"


def _entries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.json") if not p.name.startswith(".tmp-")) if folder.is_dir() else []


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_cached_data_is_what_tomllib_gives(path, cache):
    expected = tomllib.loads(path.read_text(encoding="utf-8"))
    first = load_bundled(path)  # a miss: parsed, then kept
    assert len(_entries(cache)) == 1
    second = load_bundled(path)  # a hit
    assert _same(first, expected) and _same(second, expected)
    assert second is not first


def test_a_hit_does_not_parse(cache, tmp_path, monkeypatch):
    rules = tmp_path / "game.toml"
    rules.write_text('[game]\ntitle = "T"\nsize = 1.0\ncount = 3\nflags = [true, 2, "x"]\n', encoding="utf-8")
    load_bundled(rules)
    import printkit.rules as rules_module

    def refuse(*_a, **_k):
        raise AssertionError("parsed again")

    monkeypatch.setattr(rules_module, "parse_toml", refuse)
    assert _same(load_bundled(rules), tomllib.loads(rules.read_text(encoding="utf-8")))


def test_an_edited_file_is_parsed_again(cache, tmp_path):
    rules = tmp_path / "game.toml"
    rules.write_text("[a]\nn = 1\n", encoding="utf-8")
    assert load_bundled(rules) == {"a": {"n": 1}}
    rules.write_text("[a]\nn = 2\n", encoding="utf-8")  # same length: another entry all the same
    assert load_bundled(rules) == {"a": {"n": 2}}
    assert len(_entries(cache)) == 2


def _forged(cache: Path, text: str, **entry) -> Path:
    """An entry at the name ``text`` looks up, saying ``n = 666``."""
    cache.mkdir(parents=True, exist_ok=True)
    body = {"stamp": rulescache.STAMP, "source": text, "data": {"a": {"n": 666}}, **entry}
    path = cache / rulescache.entry_name(text)
    path.write_text(json.dumps(body), encoding="utf-8")
    os.chmod(path, 0o600)
    return path


@pytest.mark.parametrize("change", ["source", "stamp", "not-json", "not-a-table", "data-not-a-table"])
def test_an_entry_not_exactly_ours_is_a_miss(cache, tmp_path, change):
    rules = tmp_path / "game.toml"
    text = "[a]\nn = 1\n"
    rules.write_text(text, encoding="utf-8")
    entry = _forged(cache, text)
    assert load_bundled(rules) == {"a": {"n": 666}}  # the forged entry is at the right name: it is read
    if change == "source":
        _forged(cache, text, source=text + " ")
    elif change == "stamp":
        _forged(cache, text, stamp=rulescache.STAMP.replace("printkit ", "printkit 9"))
    elif change == "not-json":
        entry.write_bytes(b'{"stamp": "' + rulescache.STAMP.encode() + b'", "data": {')
    elif change == "not-a-table":
        entry.write_text("[1, 2]", encoding="utf-8")
    else:
        _forged(cache, text, data=[1])
    assert load_bundled(rules) == {"a": {"n": 1}}
    assert load_bundled(rules) == {"a": {"n": 1}}  # and the entry was written again, right
    assert json.loads(entry.read_text(encoding="utf-8"))["data"] == {"a": {"n": 1}}


def test_links_other_users_files_and_oversized_entries_are_misses(cache, tmp_path, monkeypatch):
    rules = tmp_path / "game.toml"
    text = "[a]\nn = 1\n"
    rules.write_text(text, encoding="utf-8")
    name = rulescache.entry_name(text)
    elsewhere = _forged(tmp_path / "elsewhere", text)
    cache.mkdir(parents=True, exist_ok=True)
    (cache / name).symlink_to(elsewhere)
    assert rulescache.lookup(text) is None  # a link is not followed
    (cache / name).unlink()
    entry = _forged(cache, text)
    assert rulescache.lookup(text) == {"a": {"n": 666}}
    os.chown(entry, os.getuid() + 4242, -1)  # someone else's (the tests may run as root: chown works)
    if os.stat(entry).st_uid != os.getuid():
        assert rulescache.lookup(text) is None
    entry.unlink()
    entry = _forged(cache, text)
    monkeypatch.setattr(rulescache, "MAX_ENTRY", entry.stat().st_size - 1)
    assert rulescache.lookup(text) is None  # over the bound: not read


def test_a_folder_others_may_write_is_not_used(cache, tmp_path):
    rules = tmp_path / "game.toml"
    text = "[a]\nn = 1\n"
    rules.write_text(text, encoding="utf-8")
    _forged(cache, text)
    os.chmod(cache, 0o777)
    assert rulescache.lookup(text) is None
    assert load_bundled(rules) == {"a": {"n": 1}}
    os.chmod(cache, 0o700)
    assert rulescache.lookup(text) == {"a": {"n": 666}}  # nothing was written into that folder


def test_dates_are_not_cached_and_off_means_off(cache, tmp_path, monkeypatch):
    rules = tmp_path / "game.toml"
    rules.write_text("when = 2026-12-03\nx = nan\n", encoding="utf-8")
    data = load_bundled(rules)
    assert _same(data["when"], tomllib.loads("when = 2026-12-03")["when"])
    assert _entries(cache) == []
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    rules.write_text("[a]\nn = 1\n", encoding="utf-8")
    assert load_bundled(rules) == {"a": {"n": 1}}
    assert _entries(cache) == []


def _games(env: dict) -> tuple[str, list[str]]:
    """``printkit games`` in a new interpreter: (its output, modules it loaded)."""
    probe = ("import sys, json\nfrom printkit.cli import main\ntry:\n    main(['games'])\nexcept SystemExit:\n    pass\n"
             "sys.stdout.flush()\nprint('\\n@@' + json.dumps(sorted(sys.modules)), file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    return proc.stdout, json.loads(proc.stderr.rsplit("\n@@", 1)[1])


def test_games_a_second_time_reads_the_cache(tmp_path):
    """The first ``printkit games`` parses the four rules files and keeps
    them; the second prints the same without loading a TOML parser."""
    env = {**os.environ, "PRINTKIT_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("PRINTKIT_CACHE", None)
    first, first_modules = _games(env)
    assert "tomllib" in first_modules
    assert len(_entries(tmp_path / "cache" / "rules")) == len(BUNDLED)
    second, second_modules = _games(env)
    assert second == first and "archaeologia:" in second
    assert "tomllib" not in second_modules
    off, off_modules = _games({**env, "PRINTKIT_CACHE": "off"})
    assert off == first and "tomllib" in off_modules
