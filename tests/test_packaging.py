"""Packaging: every sub-package, the bundled data and the game entry points
reach an install, with no hand-kept package list."""

from __future__ import annotations

import runpy
import tomllib
from pathlib import Path

import setuptools

ROOT = Path(__file__).resolve().parent.parent


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _setup_packages(monkeypatch) -> list[str]:
    seen: dict = {}
    monkeypatch.setattr(setuptools, "setup", lambda **kw: seen.update(kw))
    monkeypatch.chdir(ROOT)
    runpy.run_path(str(ROOT / "setup.py"))
    return seen["packages"]


def test_every_subpackage_is_found_without_a_package_list(monkeypatch):
    packages = set(_setup_packages(monkeypatch))
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in ROOT.glob("printkit/**/__init__.py")}
    assert on_disk <= packages
    assert {"printkit._bundled.rules", "printkit._bundled.templates"} <= packages
    assert "packages" not in _pyproject()["tool"]["setuptools"]


def test_every_game_folder_is_a_registered_entry_point():
    declared = _pyproject()["project"]["entry-points"]["printkit.games"]
    folders = {p.parent.name for p in ROOT.glob("printkit/games/*/__init__.py")}
    assert set(declared) == folders
    for game, target in declared.items():
        assert target.startswith(f"printkit.games.{game}."), target


def test_bundled_data_mapped():
    cfg = _pyproject()["tool"]["setuptools"]
    assert cfg["package-dir"] == {"printkit._bundled.rules": "rules", "printkit._bundled.templates": "templates"}
    # every template and theme file sits one folder deep (matched by "*/*")
    for path in (ROOT / "templates").rglob("*"):
        if path.is_file():
            assert len(path.relative_to(ROOT / "templates").parts) == 2, path


def test_each_games_palette_and_templates_reach_an_install(tmp_path):
    """setuptools' build_py (what a wheel and ``pip install .`` copy) ships
    every game folder's palette.toml and templates/*.j2 (docs/adding-a-game.md:
    a game's own files live in its folder)."""
    import subprocess
    import sys

    out = tmp_path / "lib"
    r = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "-d", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    for game in (p.parent for p in ROOT.glob("printkit/games/*/__init__.py")):
        built = out / "printkit" / "games" / game.name
        assert (built / "palette.toml").read_bytes() == (game / "palette.toml").read_bytes()
        templates = sorted(p.name for p in (game / "templates").glob("*.j2"))
        assert templates and sorted(p.name for p in (built / "templates").glob("*.j2")) == templates
