"""``printkit scorepad``: the page file itself (issue 18) — one self-contained file under
1 MB that names nothing outside itself, rebuilt byte for byte, with the ``--rules`` house
rules and the ``--theme`` inside; bad options end in one line and an exit code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.registry import all_games
from printkit.scorepad import MAX_PAGE

ROOT = Path(__file__).resolve().parent.parent
PADS = sorted(k.id for k in all_games() if k.scorepad is not None)


def _run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, bytes]:
    d = tmp_path_factory.mktemp("pads")
    out = {}
    for game in PADS:
        r = _run("scorepad", game, "-o", str(d / f"{game}.html"))
        assert r.exit_code == 0, r.output
        out[game] = (d / f"{game}.html").read_bytes()
    return out


def _config(html: bytes) -> dict:
    m = re.search(rb'<script type="application/json" id="pk-config">(.*?)</script>', html, re.S)
    return json.loads(m.group(1))


@pytest.mark.parametrize("game", PADS)
def test_one_small_self_contained_file(pages, game):
    html = pages[game]
    assert len(html) <= MAX_PAGE
    text = html.decode("utf-8")
    # nothing is fetched: no src/href to anything, fonts as data: URLs, a CSP forbidding the rest
    assert not re.search(r"""\b(src|href)\s*=\s*["'](?!#|data:)""", text, re.I)
    assert not re.search(r"url\((?!data:)", text)
    assert not re.search(r"\b(fetch|XMLHttpRequest|WebSocket|EventSource|importScripts)\s*\(", text)
    assert "default-src 'none'" in text and "connect-src 'none'" in text
    assert len(re.findall(r"@font-face", text)) == 3
    assert _config(html)["game"] == game


def test_rebuilt_byte_for_byte(pages, tmp_path):
    game = PADS[0]
    assert _run("scorepad", game, "-o", str(tmp_path / "again.html")).exit_code == 0
    assert (tmp_path / "again.html").read_bytes() == pages[game]


def test_house_rules_reach_the_page(tmp_path):
    """``--rules``: the page's rules data is the house rules file's (here: an ArchéoTREK
    Digging Area totalling 10), loaded by the game's own checked loader."""
    if "archeotrek" not in PADS:
        pytest.skip("no ArchéoTREK pad")
    house = tmp_path / "house"
    house.mkdir()
    text = (ROOT / "rules/archeotrek.toml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^area_sum = 9$", "area_sum = 10", text)
    (house / "archeotrek.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "house.html"
    r = _run("scorepad", "archeotrek", "--rules", str(house), "-o", str(out))
    assert r.exit_code == 0, r.output
    assert _config(out.read_bytes())["rules"]["area_sum"] == 10
    # a broken house rule: one line naming the file, exit 1, nothing written
    (house / "archeotrek.toml").write_text(text.replace("area_sum = 10", 'area_sum = "ten"'), encoding="utf-8")
    bad = tmp_path / "bad.html"
    r = CliRunner().invoke(main, ["scorepad", "archeotrek", "--rules", str(house), "-o", str(bad)])
    assert r.exit_code == 1 and "archeotrek.toml" in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1
    assert not bad.exists()


def test_theme_colours_are_the_page_colours(pages):
    from printkit.theme import load_theme

    theme = load_theme("classic")
    text = pages[PADS[0]].decode("utf-8")
    for role, hexv in theme.colours.items():
        assert f"--{role.replace('_', '-')}: {hexv};" in text


def test_usage_errors():
    r = CliRunner().invoke(main, ["scorepad", "no-such-game"])
    assert r.exit_code == 2
    r = CliRunner().invoke(main, ["scorepad", PADS[0], "--rules", "/no/such/folder", "-o", "/tmp/x.html"])
    assert r.exit_code == 2 and "is not a folder" in r.output
    r = CliRunner().invoke(main, ["scorepad", PADS[0], "--theme", "no-such-theme", "-o", "/tmp/x.html"])
    assert r.exit_code == 2 and "Traceback" not in r.output
