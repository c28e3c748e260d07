"""A repeat build does not preflight again the PDFs it already found clean
(issue 26): the verdict is kept in the document cache under the SHA-256 of
the bytes and of the preflight itself; a PDF with findings is checked every
time, and a damaged or forged verdict is not trusted."""

from __future__ import annotations

import hashlib

from printkit.build import BuildOptions, render_game
from printkit.paper import get_paper
from printkit.preflight import preflight_remembered
from printkit.registry import get_game
from printkit.render import doccache


def _render(theme, paper="a4"):
    return render_game(get_game("archeotrek"), BuildOptions(paper=get_paper(paper), theme=theme, players=2))


def test_a_repeat_build_checks_only_what_changed(theme, preflights_recorded, monkeypatch):
    first = _render(theme)
    n = len(preflights_recorded)
    assert n == len(first.parts) + 1  # every part and the cover
    second = _render(theme)
    assert len(preflights_recorded) == n, preflights_recorded[n:]          # same bytes: not checked again
    assert second.kit_pdf == first.kit_pdf
    _render(theme, "letter")                         # other bytes: all checked
    assert len(preflights_recorded) == 2 * n
    monkeypatch.setenv("PRINTKIT_CACHE", "off")      # no cache: every PDF checked
    _render(theme)
    assert len(preflights_recorded) == 3 * n


def _bad_pdf() -> bytes:
    return b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def test_findings_are_never_remembered(preflights_recorded):
    first = preflight_remembered(_bad_pdf(), source="bad.pdf")
    second = preflight_remembered(_bad_pdf(), source="bad.pdf")
    assert first and second == first and preflights_recorded == ["bad.pdf", "bad.pdf"]


def test_a_forged_or_damaged_verdict_is_not_trusted(theme, preflights_recorded, tmp_path):
    _render(theme)
    n = len(preflights_recorded)
    folder = tmp_path / "cache"
    verdicts = sorted(folder.glob("*.clean"))
    assert len(verdicts) == n
    for path in verdicts:  # each now names another key: a miss
        path.write_bytes(b"printkit-clean 1\n" + hashlib.sha256(path.name.encode()).hexdigest().encode())
    _render(theme)
    assert len(preflights_recorded) == 2 * n
    # and a verdict for a key nobody stored is not made up from a file of another kind
    key = "0" * 64
    (folder / f"{key}.clean").symlink_to(verdicts[0])
    assert not doccache.remembered(key)
    assert not doccache.remembered("../" + key)
