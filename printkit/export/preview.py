"""``--format preview``: one PNG contact sheet per kit, for people who would
rather look than read.

Every distinct face of every component part (fronts and backs) appears once,
at 1 px per pt (72 dpi, trim only, no bleed) and true relative size, except
that a face larger than :data:`CAP` px on a side (a player sheet, a board
piece) is scaled down to fit it.  Under each face a label: the component's
name, the side and the copies printed (``event-airplane-1 · front · ×4``).
Parts follow in print order, each under its title; the ground is a neutral
light grey (:data:`GROUND`).  The file is ``<kit>-preview.png``, sRGB,
deterministic.  Document parts (rules, covers, tiled boards) are listed by
name at the foot of the sheet.  A part of more than :data:`MAX_FACES`
distinct faces shows its first ones and says so in its heading.
"""

from __future__ import annotations

from printkit.export.kinds import Exported, Source
from printkit.export.faces import Shot, distinct_faces, png_bytes, render_shots

#: Width of the contact sheet (px).
WIDTH = 1800
#: Largest face side (px) on the sheet; bigger faces are scaled to fit.
CAP = 320
#: Ground, ink and rule colours (sRGB).
GROUND = (230, 229, 226)
INK = (40, 40, 40)
MUTED = (105, 105, 105)
MARGIN, GAP, LABEL = 40, 28, 58
#: Most faces shown per part (the first ones, in deck order; the heading
#: gives the count of all): 50,000 distinct cards would make a sheet of
#: gigabytes that nobody can read.
MAX_FACES = 300


def _font(theme, role: str, size: int):
    from PIL import ImageFont

    return ImageFont.truetype(str(theme.font_files[role]), size, layout_engine=ImageFont.Layout.BASIC)


#: Characters of a title or label looked at: more never fit the sheet's width at its type sizes.
MAX_CHARS = 400


def _fit(draw, text: str, font, width: float) -> str:
    """``text`` on one line of at most ``width`` px: whole, or its longest
    prefix that fits with … appended (found by bisection: a few
    measurements whatever the length)."""
    if len(text) <= MAX_CHARS and draw.textlength(text, font=font) <= width:
        return text
    text = text[:MAX_CHARS]
    lo, hi = 0, len(text)  # the longest prefix text[:lo] + "…" known to fit is lo
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if draw.textlength(text[:mid].rstrip() + "…", font=font) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def _lines(draw, text: str, font, width: int) -> list[str]:
    """``text`` broken at spaces and after hyphens into at most three lines
    of ``width`` px (the last shortened with … if needed)."""
    import re

    text = text[:MAX_CHARS]
    words, lines, cur = re.findall(r"\S+?-(?=\S)|\S+", text), [], ""  # break at spaces and after hyphens
    for w in words:
        trial = w if not cur else cur + w if cur.endswith("-") else f"{cur} {w}"
        if draw.textlength(trial, font=font) <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    lines.append(cur)
    if len(lines) > 3:
        lines = lines[:2] + ["".join(x if x.endswith("-") else x + " " for x in lines[2:]).strip()]
    return [_fit(draw, line, font, width) for line in lines]


def contact_sheet(src: Source):
    """The preview of ``src`` as a PIL RGB image (see the module docstring)."""
    from PIL import Image, ImageDraw

    sections = []
    for name, title, cset in src.parts:
        items = distinct_faces(cset)
        more = max(0, len(items) - MAX_FACES)
        items = items[:MAX_FACES]  # a preview of 50,000 faces would be gigabytes of pixels and unreadable
        shots = []
        for it in items:
            c = it.component
            k = min(1.0, CAP / max(c.width, c.height))
            shots.append(Shot(c, it.face, 0.0, 0.0, (max(1, round(c.width * k)), max(1, round(c.height * k)))))
        sections.append((title, items, render_shots(shots, src.theme, alpha=True), more))

    title_font, head_font, label_font = _font(src.theme, "display", 40), _font(src.theme, "bold", 24), \
        _font(src.theme, "body", 15)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    # lay out: (x, y, image, label lines) per face, headings per part
    y = MARGIN + 60
    placed, heads = [], []
    for title, items, imgs, more in sections:
        shown = len(items) + more
        heads.append((MARGIN, y, title, f" — {shown:,} face{'s' if shown != 1 else ''}"
                      + (f" (the first {len(items)} shown)" if more else "")))
        y += 40
        x, row_h = MARGIN, 0
        for it, img in zip(items, imgs):
            cell_w = max(img.width, 130)
            if x + cell_w > WIDTH - MARGIN and x > MARGIN:
                x, y, row_h = MARGIN, y + row_h + GAP, 0
            label = f"{it.component.name} · {it.side} · ×{it.quantity}"
            placed.append((x, y, cell_w, img, _lines(probe, label, label_font, cell_w), it.component.shape))
            row_h = max(row_h, img.height + LABEL)
            x += cell_w + GAP
        y += row_h + GAP + 10
    if src.documents:
        heads.append((MARGIN, y, "Documents (PDF only): " + ", ".join(src.documents), ""))
        y += 40
    sheet = Image.new("RGB", (WIDTH, y + MARGIN), GROUND)
    draw = ImageDraw.Draw(sheet)
    draw.text((MARGIN, MARGIN), _fit(draw, src.title, title_font, WIDTH - 2 * MARGIN), font=title_font, fill=INK)
    for hx, hy, text, tail in heads:  # a long title is shortened, its count of faces kept
        room = WIDTH - MARGIN - hx - draw.textlength(tail, font=head_font)
        draw.text((hx, hy), _fit(draw, text, head_font, room) + tail, font=head_font, fill=MUTED)
    for x, yy, cell_w, img, lines, shape in placed:
        ox = x + (cell_w - img.width) // 2
        if shape == "rect":  # a hairline so a pale card shows its edge on the ground
            draw.rectangle((ox - 1, yy - 1, ox + img.width, yy + img.height), outline=(170, 170, 170))
        sheet.paste(img, (ox, yy), img)
        for n, line in enumerate(lines):
            tw = draw.textlength(line, font=label_font)
            draw.text((x + (cell_w - tw) / 2, yy + img.height + 4 + n * 17), line, font=label_font, fill=INK)
    return sheet


def export_preview(src: Source) -> Exported:
    """``<kit>-preview.png`` of ``src``."""
    result = Exported("preview")
    result.files[f"{src.name}-preview.png"] = png_bytes(contact_sheet(src), 72)
    return result
