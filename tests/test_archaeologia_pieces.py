"""Archaeologia strata tiles, tool and RAIN tiles, markers and standees, as printed.

Everything here is measured on the imposed PDFs the kit writes (pypdfium2 page
objects in content order, pdfplumber lines and words, rendered pixels), in the
three bundled themes:

* every named find has a picture of its own (rendered crops differ);
* type sizes: body ≥ 8 pt (≥ 11 pt in highcontrast), the RP ≥ 20 pt and the
  biggest text on a strata tile, the tool price ≥ 20 pt;
* round tokens: nothing but a plain band in the 1.5 mm safe zone by the cut, and the cut
  line contrasts with it; every standee fold is labelled; butted neighbours
  show one colour either side of their shared cut;
* ink-saver and highcontrast pieces carry no solid ink disc.

That no glyph is covered by art drawn after it, and that every label reads at
WCAG 4.5 or more, is measured on the whole kit, glyph by glyph, by
``test_text_legibility.py``.
"""

from __future__ import annotations

import functools
import io
import itertools
import math

import numpy as np
import pdfplumber
import pypdfium2
import pytest

from printkit.games.archaeologia import art
from printkit.games.archaeologia.kit import (
    marker_components,
    pawn_components,
    strata_components,
    tool_components,
)
from printkit.games.archaeologia.data import load_rules
from printkit.imposition import impose
from printkit.model import ComponentSet
from printkit.paper import get_paper
from printkit.render.icons import contrast_ratio
from printkit.render.sheets import render_set
from printkit.theme import load_theme
from printkit.units import mm

THEMES = ("classic", "inksaver", "highcontrast")
DPI = 150
K = DPI / 72
TEXT, PATH, IMAGE, SHADING, FORM = 1, 2, 3, 4, 5


@pytest.fixture(scope="module")
def rules():
    return load_rules()


class Part:
    """One rendered set: its PDF, the engine's layout and, per page, its placements."""

    def __init__(self, name, comps, theme):
        paper = get_paper("a4")
        self.name, self.theme = name, theme
        self.data, self.npages = render_set(ComponentSet(name, name, "card", comps), paper=paper, theme=theme,
                                            bleed=mm(3))
        self.height = paper.height
        self.pages = []  # (placements, side)
        two_sided = any(s.backs for s in impose(list(comps), paper, mm(3)))
        for sheet in impose(list(comps), paper, mm(3)):
            self.pages.append((sheet.fronts, "front"))
            if sheet.backs:
                self.pages.append((sheet.backs, "back"))
            elif two_sided:
                self.pages.append(((), "blank"))
        assert len(self.pages) == self.npages
        self._images = {}

    def image(self, i):
        if i not in self._images:
            pdf = pypdfium2.PdfDocument(self.data)
            try:
                self._images[i] = np.asarray(pdf[i].render(scale=K).to_pil().convert("RGB")).astype(float)
            finally:
                pdf.close()
        return self._images[i]

    def px(self, x, y):
        """Pixel (column, row) of the PDF point (x, y)."""
        return x * K, (self.height - y) * K


@pytest.fixture(scope="module")
def parts(rules):
    out = {}
    for tn in THEMES:
        theme = load_theme(tn)
        sets = {sid: strata_components(rules, theme, sid) for sid in rules.strata}
        sets["pieces"] = tool_components(rules, theme) + marker_components(rules, theme) + \
            pawn_components(rules, theme)
        out[tn] = {name: Part(name, comps, theme) for name, comps in sets.items()}
    return out


@functools.lru_cache(maxsize=256)
def _objects(data: bytes, i: int):
    """Page ``i``'s drawn objects in content order: (type, (x0, y0, x1, y1) in page pt,
    font size in pt or None, for a path (its fill, whether it is a circle) as
    :func:`_path_fill` gives them), forms opened (their matrices applied).  Read once
    per page in a module (a tuple: the tests that read the same page share it)."""
    pdf = pypdfium2.PdfDocument(data)
    out = []
    try:
        page = pdf[i]
        mats = {0: pypdfium2.PdfMatrix()}
        for o in page.get_objects(max_depth=12):
            m = mats[o.level]
            x0, y0, x1, y1 = o.get_bounds()
            pts = [m.on_point(x, y) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
            box = (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
            if o.type == FORM:
                mats[o.level + 1] = o.get_matrix().multiply(m)
                continue
            size = path = None
            if o.type == TEXT:
                tm = o.get_matrix().multiply(m)
                size = o.get_font_size() * math.hypot(tm.c, tm.d)
            elif o.type == PATH:
                path = _path_fill(o)
            out.append((o.type, box, size, path))
    finally:
        pdf.close()
    return tuple(out)


def _path_fill(o):
    """(fill (r, g, b) 0–255 or None when the path is not filled, whether it is a
    circle: Bézier curves whose end points all lie at one distance, within 10 %,
    from the middle of their box, in the path's own co-ordinates)."""
    import ctypes

    import pypdfium2.raw as pdfium_c
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDFPath_GetDrawMode(o.raw, ctypes.byref(fill), ctypes.byref(stroke))
    colour = None
    if fill.value != pdfium_c.FPDF_FILLMODE_NONE:
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        pdfium_c.FPDFPageObj_GetFillColor(o.raw, r, g, b, a)
        colour = (r.value, g.value, b.value)
    ends, curves, run = [], 0, 0
    for k in range(pdfium_c.FPDFPath_CountSegments(o.raw)):
        seg = pdfium_c.FPDFPath_GetPathSegment(o.raw, k)
        x, y = ctypes.c_float(), ctypes.c_float()
        pdfium_c.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
        if pdfium_c.FPDFPathSegment_GetType(seg) == pdfium_c.FPDF_SEGMENT_BEZIERTO:
            run += 1
            if run % 3:
                continue      # a control point
            curves += 1
        else:
            run = 0
        ends.append((x.value, y.value))
    if curves < 4 or len(ends) < 4:
        return colour, False
    xs, ys = [p[0] for p in ends], [p[1] for p in ends]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    radii = [math.hypot(x - cx, y - cy) for x, y in ends]
    return colour, min(radii) > 0 and max(radii) / min(radii) < 1.1


def _inside(box, p):
    """Whether ``box`` (page pt) lies on the trim of placement ``p``."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return p.x <= cx <= p.x + p.component.width and p.y <= cy <= p.y + p.component.height


def _texts(part, i):
    """(box, size, placement) of every text object on page ``i`` that lies on a piece."""
    out = []
    for kind, box, size, _ in _objects(part.data, i):
        if kind == TEXT:
            owner = next((p for p in part.pages[i][0] if _inside(box, p)), None)
            if owner is not None:
                out.append((box, size, owner))
    return out


# -- pictures ------------------------------------------------------------------------------

def _picture_crop(part, i, p):
    """The picture area of a strata tile front (a fixed share of the trim), greyscale, 48 × 48."""
    from PIL import Image
    img = part.image(i)
    w = p.component.width
    x0, top = part.px(p.x + 0.3 * w, p.y + 0.93 * w)
    x1, bottom = part.px(p.x + 0.7 * w, p.y + 0.40 * w)
    crop = Image.fromarray(img[int(top):int(bottom), int(x0):int(x1)].astype(np.uint8)).convert("L")
    return np.asarray(crop.resize((48, 48), Image.BICUBIC)).astype(float)


def _differ(a, b) -> float:
    """Share of pixels whose grey differs by more than 60 levels."""
    return float((np.abs(a - b) > 60).mean())


#: Two pictures are the same drawing below this share (one face rendered at two sub-pixel
#: phases differs on < 1 %); the closest two different finds differ on ~ 6 %.
SAME = 0.025


@pytest.mark.parametrize("theme_name", THEMES)
def test_every_named_find_has_a_picture_of_its_own(parts, rules, theme_name):
    crops = {}
    for sid in rules.strata:
        part = parts[theme_name][sid]
        for i, (places, side) in enumerate(part.pages):
            if side == "front":
                for p in places:
                    crops[p.component.meta["id"]] = (sid, _picture_crop(part, i, p))
    assert len(crops) == len(rules.discoveries)
    # controls: the two eggs are one drawing, so the measure does not call a find different from itself
    assert _differ(crops["egg-a"][1], crops["egg-b"][1]) < SAME
    same = []
    for (a, (sa, ca)), (b, (sb, cb)) in itertools.combinations(crops.items(), 2):
        if a.startswith("meteorite") and b.startswith("meteorite") or {a, b} == {"egg-a", "egg-b"}:
            continue
        if _differ(ca, cb) < SAME:
            same.append((a, b, round(_differ(ca, cb), 3)))
    assert not same, f"{theme_name}: finds drawn alike: {same}"


def test_every_discovery_has_its_own_drawing(rules):
    """Apart from the meteorites and the eggs, no two discoveries share a drawing function."""
    fns = {}
    for d in rules.discoveries.values():
        fn = art.find_art(d.id, d.stratum, d.egg)
        if not d.egg and not d.id.startswith("meteorite"):
            assert fn not in fns.values(), (d.id, [k for k, v in fns.items() if v is fn])
        fns[d.id] = fn


# -- sizes -----------------------------------------------------------------------------------

@pytest.mark.parametrize("theme_name", THEMES)
def test_type_sizes(parts, rules, theme_name):
    floor = 11.0 if theme_name == "highcontrast" else 8.0
    small = []
    for name, part in parts[theme_name].items():
        for i in range(part.npages):
            by_piece = {}
            for box, size, p in _texts(part, i):
                if size < floor - 0.05:
                    small.append((name, p.component.name, round(size, 2)))
                by_piece.setdefault(p.component.name, []).append((size, box, p))
            for piece, texts in by_piece.items():
                kind = texts[0][2].component.meta.get("kind")
                big = max(texts, key=lambda t: t[0])
                p = big[2]
                if kind == "tile" and part.pages[i][1] == "front":
                    # the biggest text is the RP, top left, ≥ 20 pt
                    assert big[0] >= 20, (theme_name, piece, big[0])
                    bx, by = (big[1][0] + big[1][2]) / 2 - p.x, (big[1][1] + big[1][3]) / 2 - p.y
                    assert bx < p.component.width / 3 and by > p.component.height * 2 / 3, (piece, bx, by)
                if kind == "tool":
                    assert big[0] >= 20, (theme_name, piece, big[0])
    assert not small, f"{theme_name}: text under {floor} pt: {sorted(set(small))[:10]}"


def _hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(int(round(v)) for v in rgb)


# -- cutting -----------------------------------------------------------------------------------

@pytest.mark.parametrize("theme_name", THEMES)
def test_round_tokens_keep_a_plain_band_by_the_cut_that_the_cut_line_shows_on(parts, theme_name):
    part = parts[theme_name]["pieces"]
    cut = part.theme.hex("cut")
    checked = 0
    for i, (places, side) in enumerate(part.pages):
        img = part.image(i)
        texts = _texts(part, i)
        for p in places:
            if p.component.shape != "circle":
                continue
            r = p.component.width / 2
            cx, cy = p.x + r, p.y + r
            # labels may use the band (inside the safe zone); art may not
            boxes = [b for b, _, q in texts if q is p]
            ring = []
            for k in range(360):
                a = math.radians(k)
                for rr in np.linspace(r - mm(1.5) + 0.8, r - 1.0, 6):  # the tokens' safe zone (kit.py)
                    x, y = cx + rr * math.cos(a), cy + rr * math.sin(a)
                    if any(b[0] - 1 <= x <= b[2] + 1 and b[1] - 1 <= y <= b[3] + 1 for b in boxes):
                        continue
                    col, row = part.px(x, y)
                    ring.append(img[int(row), int(col)])
            ring = np.array(ring)
            spread = float(np.abs(ring - np.median(ring, axis=0)).max(axis=1).mean())
            share_off = float((np.abs(ring - np.median(ring, axis=0)).max(axis=1) > 40).mean())
            assert share_off < 0.01 and spread < 6, (theme_name, p.component.name, spread, share_off)
            ratio = contrast_ratio(_hex(np.median(ring, axis=0)), cut)
            assert ratio >= 3.0, (theme_name, p.component.name, "cut line on its band", round(ratio, 2))
            checked += 1
    assert checked >= 2 * 4 * 2


def test_every_standee_fold_is_labelled(parts):
    for tn in THEMES:
        part = parts[tn]["pieces"]
        found = 0
        for i, (places, side) in enumerate(part.pages):
            pawns = [p for p in places if p.component.meta.get("kind") == "pawn"]
            if not pawns:
                continue
            with pdfplumber.open(io.BytesIO(part.data)) as pdf:
                page = pdf.pages[i]
                H = page.height
                words = [w for w in page.extract_words() if w["text"] == "fold"]
                lines = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.1]
            for p in pawns:
                folds = sorted({round(H - ln["top"], 1) for ln in lines
                                if ln["x0"] >= p.x - 0.5 and ln["x1"] <= p.x + p.component.width + 0.5
                                and p.y < H - ln["top"] < p.y + p.component.height})
                assert len(folds) == 3, (tn, p.component.name, folds)
                mine = [w for w in words if p.x <= (w["x0"] + w["x1"]) / 2 <= p.x + p.component.width]
                for y in folds:
                    near = [w for w in mine if min(abs(H - w["top"] - y), abs(H - w["bottom"] - y)) < mm(4)]
                    assert near, (tn, p.component.name, "fold at", y, "has no label")
                found += 1
        assert found == 4, tn


#: Distances (pt) from a shared cut at which both sides are sampled: 0.15–0.9 mm (inside
#: the frames and panels that start 1.5 mm in).
BAND = tuple(mm(v) for v in np.linspace(0.15, 0.9, 5))


@pytest.mark.parametrize("theme_name", THEMES)
def test_butted_neighbours_share_one_colour_at_their_cut(parts, theme_name):
    """Where two pieces share a cut line, the colours just either side of it
    are the same set (0.15–0.9 mm): a cut a little off the line shows no other piece's colour."""
    bad = []
    for name, part in parts[theme_name].items():
        for i, (places, side) in enumerate(part.pages):
            if side == "blank":
                continue
            img = part.image(i)
            rects = [p for p in places if p.component.shape == "rect"]
            face = (lambda comp: comp.back) if side == "back" else (lambda comp: comp.front)
            for a, b in itertools.permutations(rects, 2):
                if face(a.component).key == face(b.component).key:
                    continue  # one design either side (a stratum's backs): nothing else can show
                wa, ha = a.component.width, a.component.height
                if abs(a.x + wa - b.x) < 0.1 and abs(a.y - b.y) < 0.1:  # b right of a
                    cut = a.x + wa
                    samples = [[img[int(part.px(cut + sg * d, a.y + t * ha)[1]), int(part.px(cut + sg * d, a.y + t * ha)[0])]
                                for d in BAND for t in np.linspace(0.06, 0.94, 89)] for sg in (-1, 1)]
                elif abs(a.y + ha - b.y) < 0.1 and abs(a.x - b.x) < 0.1:  # b above a
                    cut = a.y + ha
                    samples = [[img[int(part.px(a.x + t * wa, cut + sg * d)[1]), int(part.px(a.x + t * wa, cut + sg * d)[0])]
                                for d in BAND for t in np.linspace(0.06, 0.94, 89)] for sg in (-1, 1)]
                else:
                    continue
                left, right = (np.array(s) for s in samples)
                for one, other in ((left, right), (right, left)):
                    # a colour covering 6 % of one side must show on the other (patterns may shift);
                    # compared colour by colour (each distinct sample once, then mapped back to
                    # every sample of that colour): the same verdict per sample as pixel by pixel
                    colours, which = np.unique(one, axis=0, return_inverse=True)
                    near = np.abs(colours[:, None, :] - np.unique(other, axis=0)[None, :, :]).max(axis=2) <= 24
                    alone = ~near.any(axis=1)[which.reshape(-1)]
                    if alone.mean() > 0.06:
                        bad.append((name, a.component.name, b.component.name, _hex(one[int(alone.argmax())])))
                        break
    assert not bad, f"{theme_name}: differently coloured neighbours butt: {bad[:6]}"


# -- ink ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("theme_name", ["inksaver", "highcontrast"])
def test_no_solid_ink_discs(parts, theme_name):
    """No filled near-black disc 4 mm across or more on any piece, front or back
    (a filled circular path whose box on the page is square)."""
    bad = []
    for name, part in parts[theme_name].items():
        for i in range(part.npages):
            for kind, (x0, y0, x1, y1), _, path in _objects(part.data, i):
                if kind != PATH or path[0] is None or not path[1]:
                    continue
                w, h = x1 - x0, y1 - y0
                if w >= mm(4) and abs(w - h) <= 1 and max(path[0]) < 0.25 * 255:
                    bad.append((name, i + 1, round(x0), round(y0), round(w, 1)))
    assert not bad, f"{theme_name}: solid ink discs: {bad[:6]}"
