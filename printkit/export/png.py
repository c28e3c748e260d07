"""``--format png``: one PNG per distinct face.

Every component part of the kit, fronts and backs, each distinct face once
(:func:`printkit.export.faces.distinct_faces`), at 300 dpi with the build's
bleed (``--bleed``, rounded to whole pixels), no marks, 8-bit sRGB.  Files
are named ``<part>-<nnn>-<component>-<side>-x<copies>.png`` (deck order, then
how many to print), e.g. ``cards-002-treasure-parchment-scrap-1-back-x93.png``.
Round and hexagonal pieces sit on white outside their bleed shape.  A face
longer than :data:`MAX_PX` px at 300 dpi (a board, offered by its part's
``faces``) is drawn at the dpi that makes its longest side :data:`MAX_PX`.
"""

from __future__ import annotations

from printkit.export.kinds import Exported, Source
from printkit.export.faces import DPI, distinct_faces, file_stem, iter_shots, png_bytes, shot_at

#: Longest side (px) of a face PNG: a bigger piece (a board) gets a lower dpi, written in its pHYs.
MAX_PX = 6000


def export_png(src: Source) -> Exported:
    """The PNG files of ``src`` (relative name → bytes); see the module docstring."""
    result = Exported("png")
    for name, _title, cset in src.parts:
        items = distinct_faces(cset)
        dpis = [min(DPI, MAX_PX * 72.0 / max(i.component.width, i.component.height)) for i in items]
        shots = [shot_at(i.component, i.face, 0.0 if not i.component.cut else src.bleed, d)
                 for i, d in zip(items, dpis)]
        for item, img, d in zip(items, iter_shots(shots, src.theme), dpis):  # one image in memory at a time
            result.add(f"{file_stem(name, item)}.png", png_bytes(img, d))
    if src.documents:
        result.notes.append(f"{src.name}: documents ({', '.join(src.documents)}) are in the PDFs only")
    return result
