"""printkit deck --format png/tts: images streamed, one at a time, and a stop
request obeyed between images (issues 25.5 and 25.7)."""

from __future__ import annotations

import weakref
from pathlib import Path

import pytest

from printkit import interrupt
from printkit.build import BuildOptions
from printkit.deck import build_deck
from printkit.export import faces, kinds, png, tts
from printkit.paper import get_paper

EX = Path(__file__).resolve().parent.parent / "examples" / "deck"


def _deck_data(tmp_path: Path, n: int) -> Path:
    data = tmp_path / "cards.csv"
    data.write_text("title,value,kind,colour,text,qty\n" + "".join(
        f"Find {i},{i % 10},Pottery,#8a5a2b,Card number {i}.,1\n" for i in range(n)), encoding="utf-8")
    return data


@pytest.fixture
def opts(theme):
    return BuildOptions(paper=get_paper("a4"), theme=theme, bleed=0.0)


def test_png_holds_one_image_at_a_time_and_spools_to_disk(tmp_path, monkeypatch, opts):
    """1,500 faces at 300 dpi were 4 GB of pixels held at once (MemoryError):
    each image is gone before the next is made, and past SPOOL_AFTER bytes the
    PNGs wait in temporary files, written whole into the folder at the end."""
    alive: list = []
    real = faces.png_bytes

    def watch(img, dpi=300):
        alive.append(weakref.ref(img))
        return real(img, dpi)

    monkeypatch.setattr(png, "png_bytes", watch)
    monkeypatch.setattr(kinds, "SPOOL_AFTER", 100_000)
    result = build_deck(_deck_data(tmp_path, 12), EX / "front.toml", tmp_path / "out", opts, formats=["png"])
    assert len(alive) == 12
    assert sum(ref() is not None for ref in alive) == 0  # none kept
    folder, n, _ = result.folders[0]
    assert n == 12
    written = sorted(folder.glob("*.png"))
    assert len(written) == 12 and all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in written)
    assert not list(Path(folder).parent.glob(".staging-*"))


def test_a_stop_request_ends_png_between_images(tmp_path, monkeypatch, opts):
    """Issue 25.7: deck --format png ran on for 25-59 s after SIGTERM.  The
    stop is asked for while the first image is encoded; no second image is made."""
    made = []
    real = faces.png_bytes

    def stop_after_first(img, dpi=300):
        made.append(1)
        interrupt._state["signal"] = 15  # what printkit's SIGTERM handler records
        return real(img, dpi)

    monkeypatch.setattr(png, "png_bytes", stop_after_first)
    try:
        with pytest.raises(KeyboardInterrupt):
            build_deck(_deck_data(tmp_path, 30), EX / "front.toml", tmp_path / "out", opts, formats=["png"])
    finally:
        interrupt._state["signal"] = 0
    assert made == [1]
    assert not (tmp_path / "out" / "finds").exists()


def test_tts_renders_sheet_by_sheet(tmp_path, monkeypatch, opts):
    """50,000 cards of TTS died with MemoryError: every distinct face was
    rasterised before the first sheet.  Faces are rendered per sheet (69 cards),
    those a sheet shares with the next are kept."""
    calls = []
    real = tts.render_shots
    monkeypatch.setattr(tts, "render_shots", lambda shots, theme, **kw: calls.append(len(shots)) or real(shots, theme, **kw))
    build_deck(_deck_data(tmp_path, 150), EX / "front.toml", tmp_path / "out", opts, formats=["tts"])
    per_sheet = tts.MAX_COLS * tts.MAX_ROWS - 1
    assert max(calls) <= per_sheet + 2  # one sheet's faces (and its back), never the deck's 150
    assert sum(calls) <= 150 + 2 * len(calls)


def test_preview_of_a_huge_deck_shows_a_bounded_number_of_faces(tmp_path, monkeypatch, opts):
    """preview with 50,000 cards died with MemoryError: it drew every face on
    one sheet.  It shows the first MAX_FACES and counts the rest."""
    from PIL import Image

    from printkit.export import preview

    monkeypatch.setattr(preview, "MAX_FACES", 5)
    calls = []
    real = preview.render_shots
    monkeypatch.setattr(preview, "render_shots", lambda shots, theme, **kw: calls.append(len(shots)) or real(shots, theme, **kw))
    result = build_deck(_deck_data(tmp_path, 40), EX / "front.toml", tmp_path / "out", opts, formats=["preview"])
    assert calls == [5]
    sheet = next(result.folders[0][0].glob("*.png"))
    with Image.open(sheet) as im:
        assert im.height < 1200  # two rows of cards, not eight


def test_pdf_readers_load_only_after_the_sheets_are_drawn(tmp_path):
    """Peak memory (issue 26): pikepdf (13 MB) is imported for the preflight,
    after the sheets are drawn, not while cards are held; pypdf (17 MB, 0.1 s)
    not at all — a deck's own PDF is preflighted by qpdf alone
    (``preflight(ours=True)``).  Checked in a fresh interpreter, at the first
    sheet and at the end."""
    import json
    import subprocess
    import sys

    probe = f"""
import json, sys
from pathlib import Path
from printkit.build import BuildOptions
from printkit.deck import build_deck
from printkit.paper import get_paper
from printkit.theme import load_theme
seen = []
def progress(task, done, total, name):
    if name.startswith("sheet 1/"):
        seen.append(sorted(m for m in ("pypdf", "pikepdf") if m in sys.modules))
opts = BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"))
r = build_deck(Path({str(EX / 'cards.csv')!r}), Path({str(EX / 'front.toml')!r}), Path({str(tmp_path)!r}), opts,
               progress=progress)
print(json.dumps({{"seen": seen, "after": sorted(m for m in ("pypdf", "pikepdf") if m in sys.modules)}}))
"""
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["seen"] == [[]], got
    assert got["after"] == ["pikepdf"]  # the preflight did run, with qpdf alone
