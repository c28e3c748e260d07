"""The cache of rendered documents (printkit.render.doccache, issue 26): a
repeat build lays out no weasyprint document and writes the same bytes; a
damaged or hostile cache never changes an output; the cache stays bounded.

Each test has its own cache folder (``PRINTKIT_CACHE_DIR``).  What is measured:
the PDF bytes users get, whether weasyprint was asked to lay anything out
(it is replaced by a function that fails), and the files in the folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import printkit.render.documents as documents
from printkit.gamekit.contract import BuildOptions
from printkit.paper import get_paper
from printkit.registry import get_game
from printkit.render import doccache
from printkit.theme import load_theme

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def cache(cache_root) -> Path:
    return cache_root


def _rules_reference(theme=None) -> bytes:
    theme = theme or load_theme("classic")
    kit = get_game("archeotrek")
    part = kit.parts(BuildOptions(paper=get_paper("a4"), theme=theme, players=2))[0]
    assert part.name == "rules-reference"
    return part.document()


def _no_layout(monkeypatch):
    def refuse():
        raise AssertionError("weasyprint was asked to lay out a document")
    monkeypatch.setattr(documents, "_weasyprint", refuse)


def _entries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".pdfcache"))


def test_a_cached_document_is_the_uncached_bytes_and_needs_no_layout(cache, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    uncached = _rules_reference()
    assert not cache.exists() or not _entries(cache)
    monkeypatch.delenv("PRINTKIT_CACHE")
    first = _rules_reference()             # a miss: laid out, then kept
    assert first == uncached and len(_entries(cache)) == 1
    _no_layout(monkeypatch)
    assert _rules_reference() == uncached  # a hit: no layout at all


@pytest.mark.parametrize("damage", ["flip-pdf-byte", "truncate", "header", "not-a-pdf", "empty"])
def test_a_damaged_entry_is_never_used(cache, damage):
    good = _rules_reference()
    (entry,) = _entries(cache)
    data = entry.read_bytes()
    if damage == "flip-pdf-byte":
        i = data.index(b"%PDF-") + 400
        data = data[:i] + bytes([data[i] ^ 0x20]) + data[i + 1:]
    elif damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "header":
        data = data.replace(b'"sha256":"', b'"sha256":"0', 1)
    elif damage == "not-a-pdf":
        import hashlib
        import json
        head = json.dumps({"sha256": hashlib.sha256(b"hello").hexdigest(), "files": [], "none": False, "narrow": None},
                          separators=(",", ":")).encode()
        data = doccache.MAGIC + head + b"\n" + b"hello"
    else:
        data = b""
    entry.write_bytes(data)
    assert _rules_reference() == good      # rendered again, not the damaged bytes
    (again,) = _entries(cache)
    assert doccache._verify(again.read_bytes())[0]  # and the entry replaced by a good one


def test_a_link_in_the_cache_is_not_followed(cache, tmp_path, monkeypatch):
    good = _rules_reference()
    (entry,) = _entries(cache)
    elsewhere = tmp_path / "elsewhere.pdfcache"
    elsewhere.write_bytes(entry.read_bytes())
    entry.unlink()
    entry.symlink_to(elsewhere)
    _no_layout(monkeypatch)
    with pytest.raises(AssertionError, match="lay out"):
        _rules_reference()                 # the link is a miss: layout was asked for
    monkeypatch.undo()
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(cache))
    assert _rules_reference() == good


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_cache_folder_others_may_write_is_not_used(cache):
    cache.mkdir(mode=0o700)
    os.chmod(cache, 0o777)
    _rules_reference()
    assert _entries(cache) == []
    assert doccache.cache_dir() is None


def test_a_changed_theme_file_is_a_miss(cache, tmp_path, monkeypatch):
    from printkit.themefiles import new_theme

    folder = new_theme("mine", "classic", tmp_path / "themes", copy_templates=True)
    theme = load_theme(str(folder))
    before = _rules_reference(theme)
    css = folder / "base.css"
    css.write_text(css.read_text(encoding="utf-8") + "\nbody { color: #102030; }\n", encoding="utf-8")
    _no_layout(monkeypatch)
    with pytest.raises(AssertionError, match="lay out"):
        _rules_reference(load_theme(str(folder)))  # the CSS the layout read changed: laid out again
    assert before


def test_the_cache_is_bounded(cache, monkeypatch):
    monkeypatch.setattr(doccache, "MAX_ENTRIES", 3)
    for i in range(8):
        doccache.store(doccache.document_key(f"<p>{i}</p>", None), b"%PDF-1.7\n" + bytes(i) + b"\n%%EOF\n", [])
    assert len(_entries(cache)) == 3
    monkeypatch.setattr(doccache, "MAX_ENTRIES", 100)
    monkeypatch.setattr(doccache, "MAX_BYTES", 1000)
    for i in range(8, 40):
        doccache.store(doccache.document_key(f"<p>{i}</p>", None), b"%PDF-1.7\n" + b"x" * 200 + b"\n%%EOF\n", [])
    assert sum(p.stat().st_size for p in _entries(cache)) <= 1000


@pytest.mark.slow
def test_a_repeat_build_writes_the_same_bytes_as_an_uncached_one(tmp_path):
    def build(out: Path, **env) -> dict[str, bytes]:
        r = subprocess.run([sys.executable, "-m", "printkit", "build", "archeotrek", "-q", "--out", str(out)],
                           cwd=ROOT, capture_output=True, timeout=600,
                           env={**os.environ, "PRINTKIT_CACHE_DIR": str(tmp_path / "cache"), **env})
        assert r.returncode == 0, r.stderr
        return {p.name: p.read_bytes() for p in sorted((out / "archeotrek").glob("*.pdf"))}

    uncached = build(tmp_path / "off", PRINTKIT_CACHE="off")
    cold = build(tmp_path / "cold")
    assert _entries(tmp_path / "cache"), "the cold build filled the cache"
    shutil.rmtree(tmp_path / "cache" / "kits")  # the kit cache would write the cold build's bytes back
    warm = build(tmp_path / "warm")
    assert uncached == cold == warm
