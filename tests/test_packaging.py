"""Packaging: every sub-package and the bundled data reach a regular install."""

from __future__ import annotations

import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent


def _config():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_subpackage_is_listed():
    listed = {p for p in _config()["packages"] if not p.startswith("printkit._bundled")}
    assert listed == set(find_packages(str(ROOT), include=["printkit*"]))


def test_bundled_data_mapped():
    cfg = _config()
    assert cfg["package-dir"] == {"printkit._bundled.rules": "rules", "printkit._bundled.templates": "templates"}
    # every template and theme file sits one folder deep (matched by "*/*")
    for path in (ROOT / "templates").rglob("*"):
        if path.is_file():
            assert len(path.relative_to(ROOT / "templates").parts) == 2, path
