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
``tts``, ``cut`` or ``shop-<profile>``.  A format that takes nothing from a
kit (``tts`` of a game without cards) writes nothing — no folder — and says
so in its note.  A folder is written whole or not at
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
from printkit.export.kinds import FOLDER_URI, Exported, Source

#: Formats that take no argument, in the order ``--help`` lists them.
PLAIN_FORMATS = ("pdf", "png", "tts", "cut", "preview")


def parse_formats(values: tuple[str, ...] | list[str]) -> list[str]:
    """The ``--format`` values checked and deduplicated, in order given;
    ``["pdf"]`` when none.  Each value may also be a comma list
    (``png,tts``; an empty item, as in ``png,``, is passed over).  Raises
    :class:`printkit.UsageError` (exit 2) naming an unknown format or shop
    profile, or when the values name no format at all (``--format ""``),
    and listing the choices."""
    def profile_ids():  # the shop profiles are read only when a value needs them
        from printkit.export.shop import profile_ids

        return profile_ids()

    def choices() -> str:
        return f"{', '.join(PLAIN_FORMATS)}, " + ", ".join(f"shop:{p}" for p in profile_ids())

    out: list[str] = []
    if values and not any(x.strip() for value in values for x in str(value).split(",")):
        raise UsageError(f"--format: no format named; choose one or more of: {choices()}")
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
                raise UsageError(f"--format: {v!r}; choose one or more of: {choices()}")
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
    :func:`printkit.pdf.cannot_write` naming the file.

    Several writers at once (two exports to one ``--out``) each put a whole
    folder in place, the last one staying; a signal between the two renames
    is acted on once both are done (:func:`printkit.interrupt.held`), so the
    folder is always the old one or the new one, never gone.  A failed write
    (or a stop) removes ``kit_dir`` again when this call made it and it is
    still empty."""
    from printkit.pdf import cannot_write, refuse_linked_folder, remove_if_made, staging_folder, sweep_stale

    target = kit_dir / result.folder
    where: Path = kit_dir
    refuse_linked_folder(kit_dir)  # OUT/<kit> a link to a folder elsewhere: nothing written through it
    made = not os.path.lexists(kit_dir)  # made here: taken away again if nothing lands in it
    try:
        kit_dir.mkdir(parents=True, exist_ok=True)
        sweep_stale(kit_dir)  # a killed run's leftovers
        staging = staging_folder(kit_dir, result.folder)
    except OSError as exc:
        remove_if_made(kit_dir, made)
        raise cannot_write(where, exc) from None
    except BaseException:
        remove_if_made(kit_dir, made)
        raise
    holders: list[Path] = []
    done = False
    try:
        folder_uri = (target.resolve().as_uri().rstrip("/") + "/").encode("ascii")
        for rel in sorted(result.files):
            where = target / rel
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            value = result.files[rel]
            if rel in result.uri_files:
                value = result.data(rel).replace(FOLDER_URI.encode("ascii"), folder_uri)
            if isinstance(value, (bytes, bytearray)):
                path.write_bytes(value)
            else:  # spooled to a temporary file (Exported.add)
                shutil.copyfile(value, path)
            interrupt.checkpoint()
            os.chmod(path, 0o644)
        os.chmod(staging, 0o755)
        interrupt.checkpoint()
        where = target
        with interrupt.held():
            _swap_in(staging, target, holders)
        done = True
    except OSError as exc:
        raise cannot_write(where, exc) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        for holder in holders:
            shutil.rmtree(holder, ignore_errors=True)
        if not done:
            remove_if_made(kit_dir, made)
    return [target / rel for rel in sorted(result.files)]


def _put_back(moved: Path | None, target: Path) -> None:
    if moved is not None and not (target.exists() or target.is_symlink()):
        os.replace(moved, target)


#: Times :func:`_swap_in` moves another writer's folder aside before giving up.
SWAP_TRIES = 50


def _swap_in(staging: Path, target: Path, holders: list[Path]) -> None:
    """Rename ``staging`` to ``target``, moving what is there aside into a
    hidden holder folder (listed in ``holders`` for the caller to delete).
    Another writer may move ``target`` first (then there is nothing to move)
    or put its own folder there between our two renames (then that one is
    moved aside too and we try again).  On any other failure the folder we
    moved aside is put back."""
    import errno

    from printkit.pdf import debris_prefix

    for _ in range(SWAP_TRIES):
        moved = None
        if target.exists() or target.is_symlink():
            holder = Path(tempfile.mkdtemp(prefix=debris_prefix("old", f"{target.name}-"), dir=target.parent))
            holders.append(holder)
            try:
                os.replace(target, holder / "x")
                moved = holder / "x"
            except FileNotFoundError:  # another writer moved it aside first
                pass
        try:
            os.rename(staging, target)
            return
        except OSError as exc:
            if exc.errno in (errno.ENOTEMPTY, errno.EEXIST) and not target.is_symlink():
                continue  # another writer's new folder arrived in between: move it aside as well
            _put_back(moved, target)
            raise
        except BaseException:  # a stop that was not held off (an API caller's own handler)
            _put_back(moved, target)
            raise
    raise OSError(errno.EBUSY, f"other writers kept replacing it ({SWAP_TRIES} tries)", str(target))


def game_source(kit, options) -> Source:
    """The :class:`Source` of a bundled or plug-in game under build ``options``."""
    parts = kit.parts(options)
    return Source(kit.id, kit.title,
                  [(p.name, p.title, p.components if p.components is not None else p.faces)
                   for p in parts if p.components is not None or getattr(p, "faces", None) is not None],
                  [p.name for p in parts if p.components is None and getattr(p, "faces", None) is None],
                  options.theme, options.paper, options.bleed, options.duplex,
                  back_offset=options.back_offset, rotate_backs=options.rotate_backs, scale=options.scale)


#: ``progress(task, done, total, step)``: what :func:`export_games` and
#: :func:`export_all` report (see :class:`printkit.progress.Progress`).
ProgressFn = Callable[[str, int, int, str], None]


def unique_notes(notes) -> list[str]:
    """``notes`` without repeats, in first-seen order."""
    return list(dict.fromkeys(notes))


def export_all(src: Source, formats: list[str], progress: ProgressFn | None = None) -> list[Exported]:
    """Every non-PDF format of ``formats`` for one kit, rendered (nothing is
    written); ``progress`` hears ``(src.name, done, total, format)`` as each
    format is done (and ``done`` 0 first)."""
    fmts = [f for f in formats if f != "pdf"]
    report = progress or (lambda *a: None)
    report(src.name, 0, len(fmts), "")
    out = []
    for i, fmt in enumerate(fmts, 1):
        out.append(export(src, fmt))
        report(src.name, i, len(fmts), fmt)
    return out


def write_all(results: list[tuple[Path, Exported]], progress: ProgressFn | None = None) -> list[tuple[Path, int]]:
    """Write each (kit folder, result) with :func:`write_folder`, skipping
    results with no file (the format took nothing from the kit); returns
    (written folder, file count) in order.  ``progress`` hears
    ``("write", done, total, folder)`` (nothing when there is nothing to write)."""
    todo = [(kit_dir, res) for kit_dir, res in results if res.files]
    report = progress or (lambda *a: None)
    if todo:
        report("write", 0, len(todo), "")
    done: list[tuple[Path, int]] = []
    for i, (kit_dir, res) in enumerate(todo, 1):
        files = write_folder(res, kit_dir)
        done.append((kit_dir / res.folder, len(files)))
        report("write", i, len(todo), f"{kit_dir.name}/{res.folder}")
    return done


def export_games(kits: list, options, out: Path, formats: list[str],
                 progress: ProgressFn | None = None) -> tuple[list[tuple[Path, int]], list[str]]:
    """Every non-PDF format of ``formats`` for every game in ``kits``: all
    exports are rendered first, then written, so a failing game or format
    writes nothing.  Returns ((folder, files written) for every folder
    written, notes without repeats).  The writing holds ``out``'s lock
    (:func:`printkit.build.out_folder`: it waits for another printkit run
    writing there, a note on stderr); raises what that raises."""
    from printkit.build import out_folder

    results: list[tuple[Path, Exported]] = []
    for kit in kits:
        src = game_source(kit, options)
        results += [(out / kit.id, res) for res in export_all(src, formats, progress)]
    with out_folder(out):
        written = write_all(results, progress)
    return written, unique_notes(n for _, res in results for n in res.notes)


__all__ = ["Source", "Exported", "parse_formats", "export", "write_folder", "export_games", "game_source",
           "export_all", "write_all", "unique_notes", "PrintkitError"]
