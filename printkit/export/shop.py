"""``--format shop:<profile>``: the files a print shop takes.

A profile is data: ``printkit/export/profiles/<id>.toml``, one per shop
(``tgc`` The Game Crafter, ``dtc`` DriveThruCards, ``mpc``
MakePlayingCards).  Keys: ``name``; ``kind`` — ``"png"`` (one PNG per
distinct face at ``dpi``, each ``[[size]]`` giving its exact ``px``) or
``"pdf"`` (one PDF per deck, one card per page: the trim plus ``bleed_in``
per side, TrimBox and BleedBox set, each card's back page then its front
page, back, front, …; CMYK, PDF/X-1a:2001 with a press profile's output
intent, :mod:`printkit.export.pdfx`); ``bleed_in`` or ``bleed_px`` per side; ``safe_in``;
``source``; ``[[size]]`` tables with ``name`` and ``trim_in`` = [w, h] (in).

Only card-like components go to a shop: cut, rectangular pieces.  Tokens,
round or hexagonal pieces, uncut sheets and documents are skipped with one
note line.  A card-like part whose trim matches no size of the profile
(within :data:`TOLERANCE`) is one line naming the part's trim and the
profile's sizes: a note in ``build`` (the part is skipped), an error in
``deck`` (exit 1, nothing written).

Each shop folder also holds ``manifest.json``: per deck, its size, trim and
corner radius in mm (3 mm for poker cards unless a component sets its own)
and every file with the copies to order.
"""

from __future__ import annotations

import io
import json
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from printkit import PrintkitError
from printkit.export.kinds import Exported, Source
from printkit.export.faces import (Shot, corner_radius, distinct_faces, draw_face, file_stem, iter_shots,
                                   png_bytes)
from printkit.model import Component, ComponentSet
from printkit.units import mm, to_mm

#: How far (pt) a component's trim may differ from a profile size's and still match it.
TOLERANCE = mm(0.5)
INCH = 72.0


@dataclass(frozen=True)
class Size:
    """One size a shop prints: ``trim`` (w, h) in pt, ``px`` (w, h) or ``None``."""

    name: str
    trim: tuple[float, float]
    px: tuple[int, int] | None


@dataclass(frozen=True)
class Profile:
    """A shop profile (see the module docstring); lengths in pt."""

    id: str
    name: str
    kind: str
    dpi: int
    bleed: float | None
    bleed_px: int | None
    safe: float
    sizes: tuple[Size, ...]

    def match(self, comp: Component) -> Size | None:
        """The size whose trim equals ``comp``'s within :data:`TOLERANCE`, or ``None``."""
        for s in self.sizes:
            if abs(s.trim[0] - comp.width) <= TOLERANCE and abs(s.trim[1] - comp.height) <= TOLERANCE:
                return s
        return None

    def sizes_text(self) -> str:
        return ", ".join(f"{s.name} {to_mm(s.trim[0]):g} × {to_mm(s.trim[1]):g} mm" for s in self.sizes)


def _profiles_dir():
    return resources.files("printkit.export") / "profiles"


@lru_cache(maxsize=None)
def profile_ids() -> tuple[str, ...]:
    """Ids of the bundled profiles, sorted."""
    return tuple(sorted(p.name[:-5] for p in _profiles_dir().iterdir() if p.name.endswith(".toml")))


@lru_cache(maxsize=None)
def load_profile(pid: str) -> Profile:
    """The bundled profile ``pid``.  Raises :class:`printkit.PrintkitError`
    naming the file and key for a malformed profile."""
    path = _profiles_dir() / f"{pid}.toml"
    where = f"printkit/export/profiles/{pid}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        kind = data["kind"]
        if kind not in ("png", "pdf"):
            raise ValueError(f"kind {kind!r} is not png or pdf")
        dpi = int(data.get("dpi", 300))
        sizes = []
        for s in data["size"]:
            w, h = (float(v) * INCH for v in s["trim_in"])
            p = s.get("px")
            if kind == "png" and p is None:
                raise ValueError(f"size {s['name']}: px missing")
            sizes.append(Size(str(s["name"]), (w, h), (int(p[0]), int(p[1])) if p else None))
        bleed = float(data["bleed_in"]) * INCH if "bleed_in" in data else None
        bleed_px = int(data["bleed_px"]) if "bleed_px" in data else None
        if bleed is None and bleed_px is None:
            raise ValueError("bleed_in or bleed_px missing")
        return Profile(pid, str(data["name"]), kind, dpi, bleed, bleed_px,
                       float(data.get("safe_in", 0.125)) * INCH, tuple(sizes))
    except (OSError, KeyError, TypeError, ValueError, tomllib.TOMLDecodeError) as exc:
        raise PrintkitError(f"{where}: bad shop profile ({exc})") from None


def _card_like(c: Component) -> bool:
    return c.cut and c.shape == "rect"


def _dtc_pdf(prof: Profile, title: str, comps: list[Component], theme, where: str,
             notes: list[str] | None = None) -> bytes:
    """One page per card side, trim + bleed, back then front for every copy,
    as PDF/X-1a (:func:`printkit.export.pdfx.to_pdfx1a`; ``where`` names the
    file); ``notes`` gets one line when pages had to be flattened."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.export.pdfx import to_pdfx1a
    from printkit.render.sheets import form_name

    b = prof.bleed or 0.0
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, initialFontName=theme.font("body"), initialFontSize=9)
    c.setTitle(title)
    c.setAuthor("printkit")
    c.setCreator("printkit")
    c.setSubject(title)
    defined: set[str] = set()

    def page(comp: Component, face) -> None:
        w, h = comp.width, comp.height
        c.setPageSize((w + 2 * b, h + 2 * b))
        c.setBleedBox((0, 0, w + 2 * b, h + 2 * b))
        c.setTrimBox((b, b, b + w, b + h))
        if face is not None:
            name = form_name(f"shop|{face.key}|{w:.4f}|{h:.4f}|{b:.4f}")
            if name not in defined:
                c.beginForm(name, lowerx=-b, lowery=-b, upperx=w + b, uppery=h + b)
                draw_face(c, comp, face, b, theme)
                c.endForm()
                defined.add(name)
            c.translate(b, b)
            c.doForm(name)
        c.showPage()

    for comp in comps:
        for _ in range(comp.quantity):
            page(comp, comp.back)   # a one-sided card gets a blank back page
            page(comp, comp.front)
    c.save()
    data, flat = to_pdfx1a(buf.getvalue(), title, where)
    if flat and notes is not None:
        pages = 2 * sum(comp.quantity for comp in comps)
        notes.append(f"{where}: {len(flat)} of {pages} pages hold what PDF/X-1a cannot (transparency such as a "
                     "picture's alpha, a gradient); flattened to 300 dpi CMYK images, their text as pixels")
    return data


def export_shop(src: Source, pid: str) -> Exported:
    """The files of shop profile ``pid`` for ``src`` (see the module docstring).
    Raises :class:`printkit.PrintkitError` for a size mismatch when ``src.strict``."""
    prof = load_profile(pid)
    result = Exported(f"shop-{pid}")
    manifest = {"shop": prof.name, "profile": pid, "kit": src.name, "decks": []}
    skipped = []
    misfits: list[str] = []  # parts whose trim is no size of the shop: one note for all of them
    for name, title, cset in src.parts:
        comps = [c for c in cset.components if _card_like(c) and c.quantity > 0]
        if not comps:
            skipped.append(name)
            continue
        left = sum(c.quantity for c in cset.components if c.quantity > 0) - sum(c.quantity for c in comps)
        if left:  # a part printing cards and tokens on one stock: the tokens are said, not dropped unsaid
            skipped.append(f"{name} ({left} of its pieces)")
        sizes = {}
        for comp in comps:
            s = prof.match(comp)
            if s is None:
                line = (f"shop:{pid}: {src.name}/{name} is {to_mm(comp.width):g} × {to_mm(comp.height):g} mm "
                        f"but {prof.name} prints {prof.sizes_text()}")
                if src.strict:
                    raise PrintkitError(line)
                misfits.append(f"{name} ({to_mm(comp.width):g} × {to_mm(comp.height):g} mm)")
                break
            sizes[comp.name] = s
        else:
            first = comps[0]
            deck = {"deck": name, "title": title, "size": sizes[first.name].name,
                    "trim_mm": [round(to_mm(first.width), 2), round(to_mm(first.height), 2)],
                    "corner_radius_mm": round(to_mm(corner_radius(first)), 2), "files": []}
            if prof.kind == "pdf":
                fname = f"{name}.pdf"
                result.files[fname] = _dtc_pdf(prof, f"{src.title} — {title}", comps, src.theme,
                                              f"shop:{pid}: {src.name}/{fname}", result.notes)
                deck["files"].append({"file": fname, "cards": sum(c.quantity for c in comps),
                                      "pages": "back, front for every card"})
            else:
                sub = ComponentSet(cset.name, cset.title, cset.stock, tuple(comps))
                items = distinct_faces(sub)
                shots = []
                for it in items:
                    s = sizes[it.component.name]
                    bx = (s.px[0] * INCH / prof.dpi - it.component.width) / 2
                    by = (s.px[1] * INCH / prof.dpi - it.component.height) / 2
                    shots.append(Shot(it.component, it.face, bx, by, s.px))
                for it, img in zip(items, iter_shots(shots, src.theme)):  # one image in memory at a time
                    fname = f"{name}/{file_stem(name, it)}.png"
                    result.add(fname, png_bytes(img, prof.dpi))
                    deck["files"].append({"file": fname, "side": it.side, "copies": it.quantity})
            manifest["decks"].append(deck)
    if misfits:
        result.notes.append(f"shop:{pid}: {src.name}: {', '.join(misfits)} not a size {prof.name} prints "
                            f"({prof.sizes_text()}); skipped")
    if skipped:
        result.notes.append(f"shop:{pid}: {src.name}: {', '.join(skipped)} not card-like (tokens, "
                            "round or hexagonal pieces, uncut sheets); skipped")
    if src.documents:
        # the same words for every format that leaves them out, so the line is shown once
        result.notes.append(f"{src.name}: documents ({', '.join(src.documents)}) are in the PDFs only")
    if manifest["decks"]:
        result.files["manifest.json"] = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    else:
        result.notes.append(f"shop:{pid}: {src.name}: nothing for {prof.name}; nothing written")
    return result
