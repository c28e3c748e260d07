"""Draw every icon a `printkit deck` layout may name into docs/img/icons/<name>.png,
and refresh the generated tables of docs/deck-layouts.md (icons, colours, fonts).

Run from the repository root after adding or changing an icon, a colour or a font:

    python3 docs/make_icon_pictures.py           # writes the PNGs
    python3 docs/make_icon_pictures.py --docs    # also rewrites the doc's generated blocks

Each picture is what a layout prints with the icon's defaults (fill "ink",
detail "paper" of the classic theme) at size 16 mm on the example deck's sand
ground, rasterised at 150 dpi with pypdfium2 (the same drawing code as a deck).
tests/test_deck_docs.py checks that every icon has its picture and its row.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "docs" / "img" / "icons"
SIZE_MM = 16.0      # the icon's size
PAD_MM = 2.0        # ground around it
GROUND = "#f3e6c9"  # the example deck's card ground
DPI = 150


def icon_owners() -> dict[str, str]:
    """Icon name → where it comes from (a game's title, or "shared")."""
    from printkit import registry
    from printkit.deck import deck_icons

    owners = {}
    for kit in registry.all_games():
        for name in kit.icons:
            owners.setdefault(name, kit.title)
    return {name: owners.get(name, "shared") for name in deck_icons()}


def picture(name: str) -> bytes:
    """PNG bytes of icon ``name``."""
    import pypdfium2 as pdfium
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen import canvas

    from printkit.deck import deck_icons
    from printkit.theme import load_theme
    from printkit.units import mm

    theme = load_theme("classic")
    side = mm(SIZE_MM + 2 * PAD_MM)
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(side, side), invariant=1)
    c.setFillColor(HexColor(GROUND))
    c.rect(0, 0, side, side, stroke=0, fill=1)
    deck_icons()[name](c, side / 2, side / 2, mm(SIZE_MM), theme.colour("ink"), theme.colour("paper"))
    c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(buf.getvalue())
    image = pdf[0].render(scale=DPI / 72).to_pil().convert("RGB")
    pdf.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def colour_tables() -> str:
    """The classic theme's colour roles (name, hex, comment) and game palettes."""
    import re

    from printkit.theme import TEMPLATES_DIR, load_theme

    theme = load_theme("classic")
    comments = {}
    for line in (TEMPLATES_DIR / "classic" / "theme.toml").read_text(encoding="utf-8").splitlines():
        m = re.match(r'\s*([A-Za-z_][\w-]*)\s*=\s*"#[0-9a-fA-F]{6}"\s*#\s*(.*)', line)
        if m:
            comments.setdefault(m.group(1), m.group(2).strip())
    rows = ["| name | hex | used for |", "|---|---|---|"]
    rows += [f"| `{role}` | `{value.lower()}` | {comments.get(role, '')} |" for role, value in theme.colours.items()]
    rows += ["", "Game palettes (`archaeology.gold`, …):", "", "| game | colours |", "|---|---|"]
    for game, palette in theme.games.items():
        rows.append(f"| `{game}` | " + ", ".join(f"`{r}` `{v.lower()}`" for r, v in palette.items()) + " |")
    return "\n".join(rows)


def font_table() -> str:
    from printkit.theme import load_theme

    theme = load_theme("classic")
    rows = ["| role | classic font file |", "|---|---|"]
    rows += [f"| `{role}` | {Path(theme.font_files[role]).name} |" for role in theme.fonts]
    return "\n".join(rows)


def icon_table(owners: dict[str, str]) -> str:
    rows = ["| picture | name | from |", "|---|---|---|"]
    rows += [f"| ![{name}](img/icons/{name}.png) | `{name}` | {owner} |" for name, owner in owners.items()]
    return "\n".join(rows)


def fill_block(text: str, name: str, body: str) -> str:
    """``text`` with the lines between ``<!-- generated: name … -->`` and
    ``<!-- end generated: name -->`` replaced by ``body``."""
    start = text.index(f"<!-- generated: {name}")
    start = text.index("\n", start) + 1
    end = text.index(f"<!-- end generated: {name} -->")
    return text[:start] + body + "\n" + text[end:]


def main(argv: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    owners = icon_owners()
    for name in owners:
        (OUT / f"{name}.png").write_bytes(picture(name))
    print(f"{len(owners)} pictures in {OUT.relative_to(ROOT)}")
    if "--docs" in argv:
        doc = ROOT / "docs" / "deck-layouts.md"
        text = doc.read_text(encoding="utf-8")
        text = fill_block(text, "colours", colour_tables())
        text = fill_block(text, "fonts", font_table())
        text = fill_block(text, "icons", icon_table(owners))
        doc.write_text(text, encoding="utf-8")
        print(f"rewrote the generated tables of {doc.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
