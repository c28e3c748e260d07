"""Golden kits: the SHA-256 manifest of ``printkit build all`` and the tools
around it.

The manifest ``tests/golden/build-all-a4.sha256`` lists every PDF that
``printkit build all --out DIR`` writes with the defaults (classic theme, A4,
long-edge duplex, 3 mm bleed, 5 mm printer margin), one ``<sha256>  <game>/<file>.pdf``
line each, sorted by path — the format of GNU ``sha256sum``, so
``cd DIR && sha256sum -c tests/golden/build-all-a4.sha256`` checks a build by hand.
``tests/golden/build-all-a4.versions`` records the versions of the libraries that
write the bytes (reportlab, weasyprint, …) when the manifest was made, so a failure
caused by a library upgrade says so.

Commands (run from the repository root, with the venv's python)::

    python -m tests.golden build DIR           # build all, the golden options, into DIR
    python -m tests.golden check DIR           # DIR's PDFs against the manifest
    python -m tests.golden diff OLD NEW --out PNGDIR
                                               # render every page of the PDFs that
                                               # differ, old and new, with pypdfium2;
                                               # one PNG per changed page:
                                               # old | new | changed pixels in red
    python -m tests.golden regen [--from DIR]  # rewrite the manifest (builds all
                                               # unless DIR is given)

An intentional change to kit output: build the kit before the change (e.g. in
a ``git worktree`` of ``main``) into OLD and after it into NEW, run ``diff``,
look at every PNG it writes, then ``regen``.  ``PRINTKIT_REGEN_GOLDEN=1`` makes
``tests/test_golden_kits.py`` rewrite the manifest from the suite's own build
instead of comparing.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "build-all-a4.sha256"
VERSIONS = HERE / "build-all-a4.versions"
#: The arguments of the golden build, after ``printkit``.
BUILD_ARGS = ["build", "all", "-q"]
#: Distributions whose versions decide the bytes of a kit.
BYTE_MAKERS = ("reportlab", "rl-accel", "weasyprint", "pydyf", "tinycss2", "pypdf",
               "pikepdf", "fonttools", "font-source-sans-pro", "font-fredoka-one")
#: Rendering resolution of ``diff`` (dots per inch).
DIFF_DPI = 60


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def hashes(folder: Path) -> dict[str, str]:
    """``{"<game>/<file>.pdf": sha256 hex}`` of every PDF under ``folder``."""
    folder = Path(folder)
    return {p.relative_to(folder).as_posix(): digest(p) for p in sorted(folder.rglob("*.pdf"))}


def format_manifest(found: dict[str, str]) -> str:
    return "".join(f"{h}  {name}\n" for name, h in sorted(found.items()))


def read_manifest(path: Path = MANIFEST) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            h, name = line.split("  ", 1)
            out[name] = h
    return out


def versions() -> dict[str, str]:
    out = {"python": ".".join(map(str, sys.version_info[:2]))}
    for dist in BYTE_MAKERS:
        try:
            out[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            out[dist] = "absent"
    return out


def read_versions(path: Path = VERSIONS) -> dict[str, str]:
    if not path.exists():
        return {}
    return dict(line.split("=", 1) for line in path.read_text(encoding="utf-8").splitlines() if "=" in line)


def write_manifest(folder: Path) -> dict[str, str]:
    """Rewrite the manifest (and the versions file) from the PDFs under ``folder``."""
    found = hashes(folder)
    if not found:
        raise SystemExit(f"{folder}: no PDFs found; nothing written")
    MANIFEST.write_text(format_manifest(found), encoding="utf-8")
    VERSIONS.write_text("".join(f"{k}={v}\n" for k, v in versions().items()), encoding="utf-8")
    return found


@dataclass
class Comparison:
    """Files of a build against expected hashes."""
    changed: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)

    @property
    def same(self) -> bool:
        return not (self.changed or self.missing or self.extra)

    def report(self) -> str:
        lines = [f"changed: {n}" for n in self.changed]
        lines += [f"missing (in the manifest, not built): {n}" for n in self.missing]
        lines += [f"extra (built, not in the manifest): {n}" for n in self.extra]
        return "\n".join(lines)


def compare(expected: dict[str, str], found: dict[str, str]) -> Comparison:
    return Comparison(
        changed=sorted(n for n in expected.keys() & found.keys() if expected[n] != found[n]),
        missing=sorted(expected.keys() - found.keys()),
        extra=sorted(found.keys() - expected.keys()),
    )


def version_note() -> str:
    """One line naming the byte-making libraries whose version differs from the
    manifest's, or ``""``."""
    then, now = read_versions(), versions()
    moved = [f"{k} {then[k]} -> {now.get(k, 'absent')}" for k in then if then[k] != now.get(k, "absent")]
    return ("library versions differ from the manifest's: " + ", ".join(moved)) if moved else ""


def build(folder: Path) -> None:
    """``printkit build all`` with the golden options into ``folder`` (in process)."""
    from click.testing import CliRunner

    from printkit.cli import main

    res = CliRunner().invoke(main, BUILD_ARGS + ["--out", str(folder)])
    if res.exit_code != 0:
        raise SystemExit(f"printkit build all failed ({res.exit_code}): {res.output}")


# --- pixel comparison ------------------------------------------------------------

@dataclass
class PageDiff:
    """One page that differs: ``pixels`` changed at :data:`DIFF_DPI`, the PNG written."""
    pdf: str
    page: int          # 1-based
    pixels: int
    total: int
    box: tuple[int, int, int, int] | None  # changed area, px: left, top, right, bottom
    png: Path | None
    note: str = ""


def _render(pdf_path: Path, dpi: int):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf_path))
    try:
        for i in range(len(doc)):
            page = doc[i]
            yield page.render(scale=dpi / 72).to_pil().convert("RGB")
            page.close()
    finally:
        doc.close()


def _side_by_side(old, new, mask):
    from PIL import Image, ImageOps

    w = max(old.width, new.width)
    h = max(old.height, new.height)
    gap = 8
    sheet = Image.new("RGB", (3 * w + 2 * gap, h), (128, 128, 128))
    sheet.paste(old, (0, 0))
    sheet.paste(new, (w + gap, 0))
    faded = ImageOps.grayscale(new).point(lambda v: 155 + v * 100 // 255).convert("RGB")
    red = Image.new("RGB", new.size, (230, 0, 0))
    faded.paste(red, (0, 0), mask)
    sheet.paste(faded, (2 * (w + gap), 0))
    return sheet


def diff_pdf(old: Path, new: Path, name: str, out: Path | None, dpi: int = DIFF_DPI) -> list[PageDiff]:
    """Pages of ``new`` that render differently from ``old`` at ``dpi``.

    Each changed page (or page present in one file only) is written to
    ``out/<name without .pdf>-p<NNN>.png`` as old | new | changed pixels in red.
    """
    from PIL import Image, ImageChops

    found: list[PageDiff] = []
    olds, news = list(_render(old, dpi)), list(_render(new, dpi))
    for i in range(max(len(olds), len(news))):
        a = olds[i] if i < len(olds) else None
        b = news[i] if i < len(news) else None
        note = ""
        if a is None or b is None:
            note = "page only in the new file" if a is None else "page only in the old file"
            a = a or Image.new("RGB", b.size, (255, 255, 255))
            b = b or Image.new("RGB", a.size, (255, 255, 255))
        if a.size != b.size:
            note = note or f"page size {a.size} px -> {b.size} px"
            w, h = max(a.width, b.width), max(a.height, b.height)
            a2, b2 = Image.new("RGB", (w, h), "white"), Image.new("RGB", (w, h), "white")
            a2.paste(a), b2.paste(b)
            a, b = a2, b2
        mask = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
        box = mask.getbbox()
        if box is None and not note:
            continue
        pixels = sum(mask.histogram()[255:])
        png = None
        if out is not None:
            png = Path(out) / f"{name[:-4] if name.endswith('.pdf') else name}-p{i + 1:03d}.png"
            png.parent.mkdir(parents=True, exist_ok=True)
            _side_by_side(a, b, mask).save(png)
        found.append(PageDiff(name, i + 1, pixels, a.width * a.height, box, png, note))
    return found


def diff_folders(old: Path, new: Path, out: Path | None, dpi: int = DIFF_DPI) -> tuple[Comparison, list[PageDiff]]:
    """Every PDF whose bytes differ between two builds, rendered page by page."""
    cmp = compare(hashes(old), hashes(new))
    pages: list[PageDiff] = []
    for name in cmp.changed:
        pages += diff_pdf(Path(old) / name, Path(new) / name, name, out, dpi)
    return cmp, pages


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build all with the golden options into DIR")
    b.add_argument("dir", type=Path)
    c = sub.add_parser("check", help="DIR's PDFs against the manifest")
    c.add_argument("dir", type=Path)
    d = sub.add_parser("diff", help="render the pages that differ between two builds")
    d.add_argument("old", type=Path)
    d.add_argument("new", type=Path)
    d.add_argument("--out", type=Path, required=True, help="folder for the PNGs")
    d.add_argument("--dpi", type=int, default=DIFF_DPI)
    r = sub.add_parser("regen", help="rewrite the manifest")
    r.add_argument("--from", dest="src", type=Path, help="an existing build (default: build now)")
    args = ap.parse_args(argv)

    if args.cmd == "build":
        build(args.dir)
        print(f"built into {args.dir}")
    elif args.cmd == "check":
        cmp = compare(read_manifest(), hashes(args.dir))
        print(cmp.report() or "all PDFs match the manifest")
        if not cmp.same and version_note():
            print(version_note())
        return 0 if cmp.same else 1
    elif args.cmd == "diff":
        cmp, pages = diff_folders(args.old, args.new, args.out, args.dpi)
        for n in cmp.missing:
            print(f"{n}: only in {args.old}")
        for n in cmp.extra:
            print(f"{n}: only in {args.new}")
        for p in pages:
            where = f" box {p.box}" if p.box else ""
            print(f"{p.pdf} page {p.page}: {p.pixels} of {p.total} px differ{where}"
                  f"{' (' + p.note + ')' if p.note else ''} -> {p.png}")
        same_render = [n for n in cmp.changed if not any(p.pdf == n for p in pages)]
        for n in same_render:
            print(f"{n}: bytes differ, every page renders the same at {args.dpi} dpi")
        print(f"{len(cmp.changed)} PDF(s) differ, {len(pages)} page(s) render differently")
    elif args.cmd == "regen":
        if args.src is None:
            import tempfile
            with tempfile.TemporaryDirectory(prefix="printkit-golden-") as tmp:
                build(Path(tmp))
                found = write_manifest(Path(tmp))
        else:
            found = write_manifest(args.src)
        print(f"{MANIFEST}: {len(found)} PDFs")
    return 0
