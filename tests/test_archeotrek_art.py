"""ArchéoTREK artwork measured in real PDFs: the Dig Site sheet and the tokens.

Each face is drawn on a reportlab canvas, read back with pdfplumber, and the
text (size, position) and the sheet geometry are checked against the rules.
"""

from __future__ import annotations

import io
import itertools
import math
import re
from pathlib import Path

import pdfplumber
import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit import PrintkitError
from printkit.games.archeotrek import sheet as sheet_mod
from printkit.games.archeotrek import tokens as tokens_mod
from printkit.games.archeotrek.data import load_rules
from printkit.games.archeotrek.sheet import SCORE_BOXES, SheetGeometry, sheet_face
from printkit.games.archeotrek.tokens import bone_back, bone_face, skeleton_back, skeleton_face
from printkit.model import FaceBox
from printkit.games.archeotrek import art
from printkit.render import icons
from printkit.units import mm

SHEET_W, SHEET_H = mm(198), mm(255)
MIN_TEXT_PT = 7.0
MIN_KEY_PT = 20.0


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def render(faces, theme, bleed: float) -> list[list[dict]]:
    """Draw each ``(face, width, height)`` on its own page; return pdfplumber chars per page."""
    buf = io.BytesIO()
    pad = mm(10)
    c = None
    for face, w, h in faces:
        if c is None:
            c = Canvas(buf, pagesize=(w + 2 * pad, h + 2 * pad), invariant=1, initialFontName=theme.font("body"))
        c.setPageSize((w + 2 * pad, h + 2 * pad))
        c.saveState()
        c.translate(pad, pad)
        face.draw(c, FaceBox(w, h, bleed, mm(3), theme, "rect"))
        c.restoreState()
        c.showPage()
    c.save()
    buf.seek(0)
    with pdfplumber.open(buf) as pdf:
        return [list(p.chars) for p in pdf.pages]


def words(chars) -> list[str]:
    """pdfplumber's words: chars glued when closer than 1.5 pt on one line."""
    return [w["text"] for w in pdfplumber.utils.extract_words(chars, x_tolerance=1.5, y_tolerance=1)]


# --------------------------------------------------------------------------- sheet


@pytest.fixture(scope="module")
def geometry(rules):
    return SheetGeometry.compute(rules, SHEET_W, SHEET_H)


@pytest.fixture(scope="module")
def sheet_chars(rules, theme):
    return render([(sheet_face(rules, theme, SHEET_W, SHEET_H, player=3), SHEET_W, SHEET_H)], theme, 0)[0]


def test_sheet_prints_every_circle_label_inside_its_circle(rules, geometry, sheet_chars):
    pad = mm(10)
    found = set(words(sheet_chars))
    for c in rules.layout.circles:
        assert c.id in found, f"circle label {c.id} missing from the sheet"
    # each label's glyphs sit inside the upper half of their circle (a Special
    # Circle's badge, on the rim at the upper right, is not part of the label)
    for spot in geometry.circles.values():
        cx, cy = spot.centre
        glyphs = [ch for ch in sheet_chars
                  if abs((ch["x0"] + ch["x1"]) / 2 - pad - cx) < spot.radius * 0.5
                  and math.hypot((ch["x0"] + ch["x1"]) / 2 - pad - cx,
                                 (SHEET_H + pad - (ch["top"] + ch["bottom"]) / 2) - cy) < spot.radius]
        text = "".join(ch["text"] for ch in sorted(glyphs, key=lambda ch: ch["x0"]))
        assert text == spot.id
        assert all(SHEET_H + pad - ch["bottom"] > cy for ch in glyphs), f"{spot.id} label not in the upper half"


def test_sheet_text_is_readable(sheet_chars, rules):
    assert sheet_chars
    small = {ch["text"] for ch in sheet_chars if ch["size"] < MIN_TEXT_PT - 0.01}
    assert not small, f"text below {MIN_TEXT_PT} pt: {small}"
    # the Digging Area sum is a key number: ≥ 20 pt
    key = [ch for ch in sheet_chars if ch["text"] == str(rules.area_sum) and ch["size"] >= MIN_KEY_PT]
    assert key, "Digging Area sum not printed as a key number"


def test_sheet_texts_come_from_rules(sheet_chars, rules):
    text = " ".join(words(sheet_chars))
    for label in rules.choice_labels.values():
        for w in label.split():
            assert w in text
    assert "Player" in text and "3" in text
    for _, caption in SCORE_BOXES:
        assert caption.split("-")[0] in text
    assert f"keep {rules.tokens_base} + {rules.tokens_per_zero} per 0" in " ".join(
        "".join(ch["text"] for ch in sorted(line, key=lambda ch: ch["x0"]))
        for _, line in itertools.groupby(sorted(sheet_chars, key=lambda ch: round(ch["top"])),
                                         key=lambda ch: round(ch["top"]))
    )


def test_circles_inside_the_sheet_and_apart(geometry, rules):
    spots = list(geometry.circles.values())
    assert [s.id for s in spots] == [c.id for c in rules.layout.circles]
    m = geometry.margin
    for s in spots:
        b = s.bounds
        assert b.x >= m and b.y >= m and b.x1 <= geometry.width - m and b.y1 <= geometry.height - m
        p = geometry.site_panel
        assert p.x <= b.x and b.x1 <= p.x1 and p.y <= s.letter_rect.y and b.y1 <= p.y1
    for a, b in itertools.combinations(spots, 2):
        d = math.hypot(a.centre[0] - b.centre[0], a.centre[1] - b.centre[1])
        assert d > a.radius + b.radius, f"circles {a.id} and {b.id} overlap"
        assert not a.letter_rect.overlaps(b.letter_rect)
        for s, t in ((a, b), (b, a)):
            r = t.letter_rect
            nx = min(max(s.centre[0], r.x), r.x1)
            ny = min(max(s.centre[1], r.y), r.y1)
            assert math.hypot(s.centre[0] - nx, s.centre[1] - ny) > s.radius, f"{t.id}'s tab touches {s.id}"
    assert geometry.scale == pytest.approx(1.0)  # 198 × 255 mm keeps the rules' 18 mm circles
    assert spots[0].radius == pytest.approx(mm(rules.circle_diameter) / 2)


def test_links_join_linked_circles(geometry, rules):
    assert len(geometry.links) == len(rules.layout.links)
    for (x0, y0), (x1, y1) in geometry.links:
        ends = [min(geometry.circles.values(),
                    key=lambda s: math.hypot(s.centre[0] - x, s.centre[1] - y)) for x, y in ((x0, y0), (x1, y1))]
        assert frozenset(e.id for e in ends) in rules.layout.links


def test_choices_table_matches_rules(geometry, rules):
    assert [l.line for l in geometry.choice_lines] == list(rules.choice_order)
    assert [l.label for l in geometry.choice_lines] == [rules.choice_labels[k] for k in rules.choice_order]
    assert len(geometry.choices) == rules.layout.boxes
    for line in rules.choice_order:
        boxes = geometry.boxes_of(line)
        assert len(boxes) == rules.layout.choices[line]
        assert [b.index for b in boxes] == list(range(len(boxes)))
        xs = [b.rect.x for b in boxes]
        assert xs == sorted(xs) and all(b.rect.y == boxes[0].rect.y for b in boxes)
        assert all(b.rect.w >= mm(5) for b in boxes)


def test_writable_places_are_inside_and_disjoint(geometry):
    writable = [("name", geometry.name_rect)]
    writable += [(f"tab {s.id}", s.letter_rect) for s in geometry.circles.values()]
    writable += [(f"choice {b.line}{b.index}", b.rect) for b in geometry.choices]
    writable += [(f"area {a.letter}", a.tokens_rect) for a in geometry.areas]
    writable += [(f"score {k}", r) for k, r in geometry.score.items()]
    assert set(geometry.score) == {k for k, _ in SCORE_BOXES}
    assert len(geometry.areas) >= 8
    m = geometry.margin
    for name, r in writable:
        assert r.w > 0 and r.h > 0, name
        assert r.x >= m and r.y >= m and r.x1 <= geometry.width - m and r.y1 <= geometry.height - m, name
    for (na, a), (nb, b) in itertools.combinations(writable, 2):
        assert not a.overlaps(b), f"{na} overlaps {nb}"
    panels = [geometry.header, geometry.site_panel, geometry.choices_panel, geometry.dig_panel,
              geometry.areas_panel, geometry.score_panel]
    for a, b in itertools.combinations(panels, 2):
        assert not a.overlaps(b)


def test_smaller_page_shrinks_the_site_not_the_text(rules):
    g = SheetGeometry.compute(rules, mm(180), mm(230))
    assert g.scale < 1.0
    for a, b in itertools.combinations(g.circles.values(), 2):
        assert math.dist(a.centre, b.centre) > a.radius + b.radius
    with pytest.raises(PrintkitError):
        SheetGeometry.compute(rules, mm(60), mm(90))


def test_sheet_face_keys(rules, theme):
    a = sheet_face(rules, theme, SHEET_W, SHEET_H)
    assert a.key == sheet_face(rules, theme, SHEET_W, SHEET_H).key
    assert sheet_face(rules, theme, SHEET_W, SHEET_H, player=1).key != sheet_face(
        rules, theme, SHEET_W, SHEET_H, player=2).key
    with pytest.raises(PrintkitError):
        sheet_face(rules, theme, SHEET_W, SHEET_H, player=0)


# --------------------------------------------------------------------------- tokens


def test_bone_values_are_the_biggest_text(rules, theme):
    d = mm(rules.bone_diameter)
    faces = [(bone_face(rules, theme, c, v), c, v) for c, vals in rules.tokens.bones.items() for v in vals]
    pages = render([(f, d, d) for f, _, _ in faces], theme, mm(3))
    for (face, colour, value), chars in zip(faces, pages):
        value_chars = [ch for ch in chars if ch["text"] in str(value)]
        assert "".join(ch["text"] for ch in value_chars) == str(value), face.key
        assert min(ch["size"] for ch in value_chars) >= MIN_KEY_PT
        assert all(ch["size"] >= MIN_TEXT_PT for ch in chars)
        # the value sits inside the safe circle
        pad, r_safe = mm(10), d / 2 - mm(3)
        for ch in value_chars:
            for x in (ch["x0"], ch["x1"]):
                for y in (ch["top"], ch["bottom"]):
                    assert math.hypot(x - pad - d / 2, y - pad - d / 2) <= r_safe + 1e-3, face.key
    keys = [f.key for f, _, _ in faces]
    assert len(set(keys)) == len(keys) == sum(len(v) for v in rules.tokens.bones.values())
    assert all(re.search(rf"archeotrek/bone/{c}/{v}$", f.key) for f, c, v in faces)


def test_skeleton_tokens(rules, theme):
    d = mm(rules.skeleton_diameter)
    faces = [(skeleton_face(rules, theme, c, v), v) for c, v in rules.tokens.skeletons.items()]
    pages = render([(f, d, d) for f, _ in faces], theme, mm(3))
    for (face, value), chars in zip(faces, pages):
        w = words(chars)
        assert f"+{value}" in w and "SKELETON" in w
        big = [ch for ch in chars if ch["size"] >= MIN_KEY_PT]
        assert "".join(ch["text"] for ch in big) == f"+{value}"
        assert all(ch["size"] >= MIN_TEXT_PT for ch in chars)
    assert len({f.key for f, _ in faces}) == len(faces)


def test_backs_are_shared_and_reveal_nothing(rules, theme):
    assert bone_back(rules, theme).key == bone_back(rules, theme).key
    d = mm(rules.bone_diameter)
    pages = render([(bone_back(rules, theme), d, d),
                    (skeleton_back(rules, theme), mm(rules.skeleton_diameter), mm(rules.skeleton_diameter))],
                   theme, mm(3))
    assert pages == [[], []]  # no text: neither colour nor value shows through


def test_bad_token_requests_fail_clearly(rules, theme):
    with pytest.raises(PrintkitError, match="colour"):
        bone_face(rules, theme, "mauve", 1)
    with pytest.raises(PrintkitError):
        bone_face(rules, theme, "blue", 99)
    colour, value = next(iter(rules.tokens.skeletons.items()))
    with pytest.raises(PrintkitError):
        skeleton_face(rules, theme, colour, value + 1)
    with pytest.raises(ValueError):
        icons.colour_symbol(None, "hexagon", 0, 0, 10, None)
    with pytest.raises(ValueError):
        art.bone(None, 0, 0, 0, None)


def test_six_and_nine_carry_an_orientation_mark():
    assert tokens_mod._ambiguous_upside_down("6") and tokens_mod._ambiguous_upside_down("9")
    assert not any(tokens_mod._ambiguous_upside_down(str(v)) for v in (1, 2, 3, 4, 5, 7, 8))


def test_contrast_helpers():
    assert icons.contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert icons.best_contrast("#0b5fa5", "#ffffff", "#2b2118") == "#ffffff"


def test_renderers_take_colours_and_fonts_from_the_theme():
    for mod in (sheet_mod, tokens_mod, icons):
        src = Path(mod.__file__).read_text(encoding="utf-8")
        assert not re.search(r"#[0-9a-fA-F]{6}\b", src.replace('"#rrggbb"', "")), mod.__name__
        assert "setFillColorRGB" not in src and "setStrokeColorRGB" not in src
        assert not re.search(r"setFont\(\s*['\"]", src), f"{mod.__name__} names a font"


def test_art_is_opaque(rules, theme):
    """No transparency: faces are reused as form XObjects and printed on RIPs
    without flattening, so tints are mixed opaque colours (no ExtGState)."""
    d = mm(rules.bone_diameter)
    for face, w, h in [
        (bone_face(rules, theme, "orange", 6), d, d),
        (bone_back(rules, theme), d, d),
        (skeleton_face(rules, theme, *next(iter(rules.tokens.skeletons.items()))), d, d),
        (sheet_face(rules, theme, SHEET_W, SHEET_H), SHEET_W, SHEET_H),
    ]:
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(w, h), invariant=1, pageCompression=0, initialFontName=theme.font("body"))
        face.draw(c, FaceBox(w, h, 0, mm(3), theme, "rect"))
        c.showPage()
        c.save()
        assert b"/ExtGState" not in buf.getvalue(), face.key


@pytest.mark.parametrize("name", ["classic", "inksaver", "highcontrast"])
def test_skeleton_front_shows_a_whole_skeleton_above_its_value(rules, name):
    """Each Skeleton token's front shows a whole skeleton lying down, not a
    lone skull: measured at 300 dpi, the bone-white (``circle_fill``) pixels
    inside the dark ring, joined into one shape (pixels under 0.5 pt apart), span
    at least 40 % of the coloured disc across (the widest bone-white shape) and
    lie 2–3.2 times wider than tall (a body lying down; the old skull was a
    fifth of the disc and upright), all above the value's glyphs, and the
    bones cover no more than half their box (bones with the pit between them,
    not a blob)."""
    import numpy as np
    import pypdfium2 as pdfium

    from printkit.theme import load_theme

    theme = load_theme(name)
    d = mm(rules.skeleton_diameter)
    pad, dpi = mm(10), 300
    k = dpi / 72
    r_in = d / 2 - tokens_mod.RIM_CLEAR - tokens_mod.SKELETON_RING
    bone_rgb = np.array([int(theme.hex("circle_fill", "archeotrek")[i:i + 2], 16) for i in (1, 3, 5)])
    for colour, value in rules.tokens.skeletons.items():
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(d + 2 * pad, d + 2 * pad), invariant=1, initialFontName=theme.font("body"))
        c.translate(pad, pad)
        skeleton_face(rules, theme, colour, value).draw(c, FaceBox(d, d, mm(3), mm(3), theme, "circle"))
        c.showPage()
        c.save()
        data = buf.getvalue()
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            value_top = min(ch["top"] for ch in pdf.pages[0].chars if ch["text"] in f"+{value}" and ch["size"] >= MIN_KEY_PT)
        doc = pdfium.PdfDocument(data)
        try:
            img = np.asarray(doc[0].render(scale=k).to_pil().convert("RGB")).astype(int)
        finally:
            doc.close()
        ys, xs = np.mgrid[0:img.shape[0], 0:img.shape[1]]
        centre = (pad + d / 2) * k
        disc = np.hypot(xs - centre, ys - centre) < (r_in - 1) * k  # inside the dark ring
        bone = disc & (np.abs(img - bone_rgb).sum(axis=2) < 40)
        # shapes: bone-white pixels less than 0.5 pt apart (the skull's outline crosses the neck)
        near = bone.copy()
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                near |= np.roll(np.roll(bone, dy, axis=0), dx, axis=1)
        parts = [(ys, xs) for ys, xs in _components(near) if bone[ys, xs].any()]
        assert parts, f"{name} {colour}: no bone-white pixels on the face"
        # the skeleton: the widest bone-white shape (a light value, its symbols and the
        # word, on a dark colour, are shapes of their own)
        ys, xs = max(parts, key=lambda p: p[1].max() - p[1].min())
        keep = bone[ys, xs]
        by, bx = ys[keep], xs[keep]
        width, height = (bx.max() - bx.min() + 1) / k, (by.max() - by.min() + 1) / k
        assert width >= 0.8 * r_in, f"{name} {colour}: the skeleton spans {width / (2 * r_in):.0%} of the disc"
        assert 2.0 <= width / height <= 3.2, f"{name} {colour}: {width:.1f} × {height:.1f} pt is not a body lying down"
        assert by.max() / k < value_top, f"{name} {colour}: the skeleton reaches into the value"
        assert len(bx) <= 0.5 * (width * k) * (height * k), f"{name} {colour}: a blob, not bones"


def _components(mask) -> list:
    """The 8-connected shapes of a boolean pixel mask, each as (ys, xs) arrays."""
    from collections import deque

    import numpy as np

    seen = np.zeros_like(mask, dtype=bool)
    h, w = mask.shape
    out = []
    for y0, x0 in zip(*np.nonzero(mask)):
        if seen[y0, x0]:
            continue
        seen[y0, x0] = True
        queue, ys, xs = deque([(y0, x0)]), [], []
        while queue:
            y, x = queue.popleft()
            ys.append(y)
            xs.append(x)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    ny, nx = y + dy, x + dx
                    if 0 <= ny < h and 0 <= nx < w and mask[ny, nx] and not seen[ny, nx]:
                        seen[ny, nx] = True
                        queue.append((ny, nx))
        out.append((np.array(ys), np.array(xs)))
    return out
