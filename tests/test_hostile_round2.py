"""Issue 25, round two of hostile input: every case measured on what a user
gets (the written files, the CLI's exit code and stderr)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit import PrintkitError
from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def _one_line(output: str) -> str:
    lines = [ln for ln in output.splitlines() if ln.strip()]
    assert len(lines) == 1, output
    assert "Traceback" not in output
    return lines[0]


def _run(*args, env=None, timeout=300, **kw):
    e = dict(os.environ, PYTHONPATH=str(ROOT))
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, env=e,
                          timeout=timeout, **kw)


# ---------------------------------------------------------------- 1. cut SVG: escaped, unique ids


def test_cut_svg_escapes_names_and_keeps_ids_unique(theme):
    from conftest import make_deck
    from printkit.export import Source
    from printkit.export.cut import export_cut
    from printkit.paper import get_paper
    from printkit.units import mm

    cset = make_deck(theme, n=4)
    evil = '"/><script>alert(1)</script><x a="'
    names = [evil, "mydeck-1", "mydeck-1", "registration"]
    cset = replace(cset, components=tuple(replace(c, name=n) for c, n in zip(cset.components, names)))
    res = export_cut(Source("t", "T", [("test", "Test", cset)], [], theme, get_paper("a4"), mm(3)))
    text = res.files["test-sheet-1.svg"].decode("utf-8")
    root = ET.fromstring(text)  # well-formed XML: the name closed no tag
    assert not list(root.iter(f"{SVG}script")) and "<script" not in text
    tags = {el.tag.split("}")[1] for el in root.iter()}
    assert tags == {"svg", "g", "rect"}, tags
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids)) == 2 + 4, ids  # two groups, four pieces, no id twice
    cut = next(g for g in root.findall(f"{SVG}g") if g.get("id") == "cut")
    assert len(cut) == 4


# ---------------------------------------------------------------- 10. JSON lone low surrogates


@pytest.mark.parametrize("escape", ["\\udc00", "\\uDFFF", "\\ud800", "\\udbff"])
def test_parse_json_refuses_every_lone_surrogate(escape):
    from printkit.inputfiles import parse_json

    with pytest.raises(PrintkitError, match="lone surrogate"):
        parse_json('{"players": [{"name": "A%sB"}]}' % escape, "g.json")
    assert parse_json('{"name": "\\ud83c\\udfb2"}', "g.json") == {"name": "\U0001F3B2"}  # a pair is a character
