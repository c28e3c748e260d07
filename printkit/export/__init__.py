"""Every way out of a kit besides the imposed PDFs: ``--format`` on ``build``
and ``deck``.

Formats (:func:`parse_formats`):

* ``pdf`` — the imposed sheets and kit PDF (:mod:`printkit.build`), the default;
* ``png`` — one PNG per distinct face, fronts and backs, 300 dpi with the
  bleed, in deck order, quantities in the file names (:mod:`.png`);
* ``shop:<profile>`` — files a print shop takes, from a data profile
  (``printkit/export/profiles/<profile>.toml``; :mod:`.shop`);
* ``tts`` — Tabletop Simulator deck sheets, a back image and a JSON per deck
  (:mod:`.tts`);
* ``cut`` — for cutting machines: an SVG of cut paths per sheet (mm) and a
  print PDF with 3-point registration marks (:mod:`.cut`);
* ``preview`` — one labelled PNG contact sheet per kit (:mod:`.preview`).

What each format takes from a kit: parts that are documents (rules
references, covers, logs) have no faces and are left to the PDF output; a
document that is one big drawing (a tiled board) may offer it as an uncut
component (``Part.faces``), which ``png`` and ``preview`` show.  ``png`` and ``preview`` take every component; ``shop`` and
``tts`` take card-like ones (cut, rectangular) and skip the rest with a
note; ``cut`` takes every cut component.

Files go to ``<out>/<kit>/<folder>/`` with folder ``png``, ``preview``,
``tts``, ``cut`` or ``shop-<profile>``.  A folder is written whole or not at
all: its files are staged, then the new folder replaces the old one, so no
stale file of an earlier build survives in it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable

from printkit import PrintkitError, UsageError, interrupt
# Source and Exported live in printkit.export.kinds, which the format modules import
# (they never import this package, so there is no import loop); names kept here.
from printkit.export.kinds import Exported, Source

#: Formats that take no argument, in the order ``--help`` lists them.
PLAIN_FORMATS = ("pdf", "png", "tts", "cut", "preview")


def parse_formats(values: tuple[str, ...] | list[str]) -> list[str]:
    """The ``--format`` values checked and deduplicated, in order given;
    ``["pdf"]`` when none.  Each value may also be a comma list
    (``png,tts``).  Raises :class:`printkit.UsageError` (exit 2) naming an
    unknown format or shop profile and listing the choices."""
    from printkit.export.shop import profile_ids

    out: list[str] = []
    for value in values or ("pdf",):
        for v in (x.strip().lower() for x in str(value).split(",")):
            if not v:
                continue
            if v.startswith("shop:"):
                pid = v[5:]
                if pid not in profile_ids():
                    raise UsageError(f"--format: unknown shop profile {pid!r}; choose one of: "
                                     + ", ".join(f"shop:{p}" for p in profile_ids()))
            elif v not in PLAIN_FORMATS:
                raise UsageError(f"--format: {v!r}; choose one or more of: {', '.join(PLAIN_FORMATS)}, "
                                 + ", ".join(f"shop:{p}" for p in profile_ids()))
            if v not in out:
                out.append(v)
    return out or ["pdf"]


def folder_of(fmt: str) -> str:
    """The output folder name of a format (``shop:tgc`` → ``shop-tgc``)."""
    return fmt.replace(":", "-")


def _exporter(fmt: str) -> Callable[[Source], Exported]:
    if fmt == "png":
        from printkit.export.png import export_png
        return export_png
    if fmt == "preview":
        from printkit.export.preview import export_preview
        return export_preview
    if fmt == "tts":
        from printkit.export.tts import export_tts
        return export_tts
    if fmt == "cut":
        from printkit.export.cut import export_cut
        return export_cut
    if fmt.startswith("shop:"):
        from printkit.export.shop import export_shop
        return lambda src: export_shop(src, fmt[5:])
    raise UsageError(f"--format: {fmt!r} is not an export format")


def export(src: Source, fmt: str) -> Exported:
    """Run one exporter on ``src``; nothing is written.  Raises
    :class:`printkit.PrintkitError` (one line) when the format cannot take
    the kit (a profile without the deck's size under ``strict``)."""
    interrupt.checkpoint()
    result = _exporter(fmt)(src)
    _preflight(result, src.name)
    return result


def _preflight(result: Exported, kit: str) -> None:
    """Every PDF of ``result`` through :func:`printkit.preflight.preflight`
    before anything is written; raise listing the findings."""
    from printkit.preflight import preflight

    findings = [f for rel, data in sorted(result.files.items()) if rel.endswith(".pdf")
                for f in preflight(data, source=f"{kit}/{result.folder}/{rel}")]
    if findings:
        raise PrintkitError("preflight failed, nothing written:\n  " + "\n  ".join(map(str, findings)))


def write_folder(result: Exported, kit_dir: Path) -> list[Path]:
    """Write ``result`` as ``kit_dir/<folder>/``, whole or not at all: the
    files are staged in a hidden folder beside it, then the old folder (if
    any) is moved aside and the new one renamed into place.  Returns the
    written paths, sorted.  A refused write raises
    :func:`printkit.pdf.cannot_write` naming the file."""
    from printkit.pdf import cannot_write

    target = kit_dir / result.folder
    where: Path = kit_dir
    try:
        kit_dir.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".staging-{result.folder}-", dir=kit_dir))
    except OSError as exc:
        raise cannot_write(where, exc) from None
    old = None
    try:
        for rel in sorted(result.files):
            where = target / rel
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(result.files[rel])
            os.chmod(path, 0o644)
        os.chmod(staging, 0o755)
        interrupt.checkpoint()
        where = target
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".old-{result.folder}-", dir=kit_dir))
            os.replace(target, old / "x")
        os.replace(staging, target)
    except OSError as exc:
        if old is not None and not target.exists():
            os.replace(old / "x", target)
        raise cannot_write(where, exc) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    return [target / rel for rel in sorted(result.files)]


def game_source(kit, options) -> Source:
    """The :class:`Source` of a bundled or plug-in game under build ``options``."""
    parts = kit.parts(options)
    return Source(kit.id, kit.title,
                  [(p.name, p.title, p.components if p.components is not None else p.faces)
                   for p in parts if p.components is not None or getattr(p, "faces", None) is not None],
                  [p.name for p in parts if p.components is None and getattr(p, "faces", None) is None],
                  options.theme, options.paper, options.bleed, options.duplex,
                  back_offset=options.back_offset, rotate_backs=options.rotate_backs, scale=options.scale)


def export_games(kits: list, options, out: Path, formats: list[str]) -> tuple[list[Path], list[str]]:
    """Every non-PDF format of ``formats`` for every game in ``kits``: all
    exports are rendered first, then written, so a failing game or format
    writes nothing.  Returns (written paths, notes)."""
    results: list[tuple[str, Exported]] = []
    for kit in kits:
        src = game_source(kit, options)
        for fmt in formats:
            if fmt != "pdf":
                results.append((kit.id, export(src, fmt)))
    written: list[Path] = []
    notes: list[str] = []
    for name, res in results:
        written += write_folder(res, out / name)
        notes += res.notes
    return written, notes


__all__ = ["Source", "Exported", "parse_formats", "export", "write_folder", "export_games", "game_source",
           "PrintkitError"]
