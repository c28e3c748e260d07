"""Golden kits: ``printkit build all`` (classic theme, A4, defaults) writes exactly
the PDFs listed in ``tests/golden/build-all-a4.sha256``, byte for byte.

A change that alters a kit on purpose regenerates the manifest after a person has
looked at every changed page::

    python -m tests.golden build /tmp/old          # at the commit before the change
    python -m tests.golden build /tmp/new          # with the change
    python -m tests.golden diff /tmp/old /tmp/new --out /tmp/golden-diff
    # look at each PNG: old | new | changed pixels in red
    python -m tests.golden regen --from /tmp/new   # or: PRINTKIT_REGEN_GOLDEN=1 pytest tests/test_golden_kits.py

``PRINTKIT_REGEN_GOLDEN=1`` makes the first test rewrite the manifest (and
``build-all-a4.versions``) from the suite's own build instead of comparing.
See ``tests/golden/__init__.py`` for the commands.
"""

from __future__ import annotations

import os

from golden import MANIFEST, compare, diff_folders, hashes, read_manifest, version_note, write_manifest


def test_build_all_matches_the_golden_manifest(built_all):
    if os.environ.get("PRINTKIT_REGEN_GOLDEN") == "1":
        write_manifest(built_all)
    cmp = compare(read_manifest(), hashes(built_all))
    assert cmp.same, (
        f"build all differs from {MANIFEST.name}:\n{cmp.report()}\n{version_note()}\n"
        "If the change is intended: python -m tests.golden diff OLD NEW --out DIR, look at "
        "every changed page, then python -m tests.golden regen (docstring of this file).")


def test_manifest_lists_every_kit_and_component_of_every_game(built_all):
    # Independent of the hashes: every game folder has its kit PDF and at least one
    # component, and nothing else but PDFs is listed.
    names = read_manifest()
    games = {n.split("/")[0] for n in names}
    assert games == {p.name for p in built_all.iterdir() if p.is_dir()}
    for g in games:
        assert f"{g}/{g}-kit.pdf" in names
        assert len([n for n in names if n.startswith(g + "/")]) >= 2
    assert all(n.endswith(".pdf") and len(h) == 64 for n, h in names.items())


def _two_page_pdf(path, dx):
    from reportlab.lib.pagesizes import A6
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=A6, invariant=1)
    c.rect(20, 20, 50, 50, fill=1)          # page 1: the same in both files
    c.showPage()
    c.rect(20 + dx, 120, 30, 30, fill=1)    # page 2: the square moves by dx pt
    c.showPage()
    c.save()


def test_pixel_diff_reports_and_draws_only_the_changed_page(tmp_path):
    from PIL import Image

    old, new, out = tmp_path / "old", tmp_path / "new", tmp_path / "png"
    for folder, dx in ((old, 0), (new, 72)):
        (folder / "g").mkdir(parents=True)
        _two_page_pdf(folder / "g" / "a.pdf", dx)
        _two_page_pdf(folder / "g" / "same.pdf", 0)
    cmp, pages = diff_folders(old, new, out, dpi=72)
    assert cmp.changed == ["g/a.pdf"]
    assert [(p.pdf, p.page) for p in pages] == [("g/a.pdf", 2)]
    p = pages[0]
    # Oracle: the old square covers x 20–50, the new one 92–122 (pt = px at 72 dpi);
    # y 120–150 pt up from the bottom of A6 (419.5 pt high) is 269.5–299.5 px down.
    left, top, right, bottom = p.box
    assert abs(left - 20) <= 1 and abs(right - 122) <= 1
    assert abs(top - 270) <= 1 and abs(bottom - 300) <= 1
    assert 2 * 30 * 30 <= p.pixels <= 2 * 32 * 32  # two squares, antialiased edges
    img = Image.open(p.png)
    assert p.png.name == "a-p002.png" and img.width > 3 * 297  # old | new | diff
    # the third panel marks the changed pixels in red
    assert img.convert("RGB").getpixel((2 * (img.width + 8) // 3 + 30, 285)) == (230, 0, 0)
