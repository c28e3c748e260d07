"""Themes: one object holding every colour and font a renderer uses.

A theme lives in ``templates/<name>/theme.toml`` beside its HTML templates.
Renderers never name a colour or a font file themselves: they ask the theme,
so a new theme (ink-saver, colour-blind-safe) changes no renderer.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit import FONTS_DIR, TEMPLATES_DIR, PrintkitError, UsageError
from printkit.rules import load_toml

FONT_ROLES = ("display", "body", "bold", "semibold", "italic")


def resolve_font(spec: str, theme_dir: Path) -> Path:
    """Turn a theme font spec into a file path.

    ``"package:font_lato/Lato-Bold.ttf"`` → that file inside the installed
    package's ``files/`` folder; anything else is looked up in the theme's
    folder, then in the repository's ``fonts/``.  Raises
    :class:`printkit.PrintkitError` when the font is not found.
    """
    if spec.startswith("package:"):
        pkg, _, name = spec[len("package:"):].partition("/")
        found = importlib.util.find_spec(pkg)
        if found is None or not found.submodule_search_locations:
            raise PrintkitError(
                f"font {spec!r}: Python package {pkg!r} is not installed (pip install {pkg.replace('_', '-')})"
            )
        for loc in found.submodule_search_locations:
            for candidate in (Path(loc) / "files" / name, Path(loc) / name):
                if candidate.is_file():
                    return candidate
        raise PrintkitError(f"font {spec!r}: {name} not found in package {pkg}")
    for candidate in (theme_dir / spec, FONTS_DIR / spec):
        if candidate.is_file():
            return candidate
    raise PrintkitError(f"font {spec!r}: not found in {theme_dir} or {FONTS_DIR}")


@dataclass(frozen=True)
class Theme:
    """Colours (sRGB hex) and fonts (registered reportlab names) of one theme.

    ``fonts``: role ("display", "body", "bold", "semibold", "italic") →
    reportlab font name, registered and embedded (subset) on first use.
    ``font_files``: role → TTF path (for weasyprint's @font-face).
    ``colours``: general roles (ink, muted, paper, cut, accent).
    ``games``: game id → role → hex, one coherent palette per game.
    ``search_path``: template folders, this theme's first, then its parents'.
    """

    name: str
    directory: Path
    fonts: dict[str, str]
    font_files: dict[str, Path]
    colours: dict[str, str]
    games: dict[str, dict[str, str]]
    search_path: tuple[Path, ...] = ()

    def font(self, role: str) -> str:
        """Registered reportlab font name for ``role``."""
        return self.fonts[role]

    def hex(self, role: str, game: str | None = None) -> str:
        """Hex colour of ``role``, looked up in ``game``'s palette first."""
        if game and role in self.games.get(game, {}):
            return self.games[game][role]
        try:
            return self.colours[role]
        except KeyError:
            raise PrintkitError(
                f"theme {self.name!r}: no colour {role!r}" + (f" for game {game!r}" if game else "")
            ) from None

    def colour(self, role: str, game: str | None = None):
        """reportlab colour object of ``role`` (see :meth:`hex`)."""
        return HexColor(self.hex(role, game))

    def missing_glyphs(self, text: str, role: str) -> str:
        """The characters of ``text`` that the ``role`` font cannot draw (no
        entry in its cmap), each once, in order of first appearance; ``""``
        when the font has them all.  reportlab would print such characters as
        blank boxes.  Games call this on user text (``--rules`` data) before
        drawing it; the cmaps are read once per font file (fontTools).
        """
        cmap = font_cmap(self.font_files[role])
        missing = dict.fromkeys(ch for ch in text if ord(ch) not in cmap)
        return "".join(missing)


@lru_cache(maxsize=None)
def font_cmap(path: Path) -> frozenset[int]:
    """Code points mapped by the font file at ``path`` (its best Unicode cmap,
    read with fontTools; cached per path).  Raises
    :class:`printkit.PrintkitError` for a file fontTools cannot read."""
    from fontTools.ttLib import TTFont as FTFont, TTLibError

    try:
        with FTFont(str(path), lazy=True) as font:
            return frozenset(font.getBestCmap() or {})
    except (OSError, TTLibError, AssertionError) as exc:
        raise PrintkitError(f"font {path}: cannot read its character map ({exc})") from None


def available_themes() -> list[str]:
    """Names of themes bundled in ``templates/`` (folders with a theme.toml)."""
    return sorted(p.parent.name for p in TEMPLATES_DIR.glob("*/theme.toml"))


def _theme_data(name: str, seen: tuple[str, ...] = ()) -> tuple[dict, tuple[Path, ...]]:
    """Merged theme data of ``name`` and its ``extends`` chain, child last wins;
    plus the template search path (child folder first)."""
    directory = TEMPLATES_DIR / name
    path = directory / "theme.toml"
    if not path.is_file():
        raise UsageError(
            f"--theme: unknown theme {name!r}; choose one of: {', '.join(available_themes())}"
        )
    if name in seen:
        raise PrintkitError(f"{path}: theme 'extends' loops ({' → '.join(seen + (name,))})")
    data = load_toml(path)
    parent = data.get("theme", {}).get("extends")
    if parent is None:
        return data, (directory,)
    base, dirs = _theme_data(str(parent), seen + (name,))
    merged = {k: dict(v) if isinstance(v, dict) else v for k, v in base.items()}
    for section in ("fonts", "colours"):
        merged.setdefault(section, {}).update(data.get(section, {}))
    games = {g: dict(v) for g, v in base.get("games", {}).items()}
    for g, palette in data.get("games", {}).items():
        games.setdefault(g, {}).update(palette)
    merged["games"] = games
    merged["theme"] = data.get("theme", {})
    return merged, (directory,) + dirs


@lru_cache(maxsize=None)
def load_theme(name: str = "classic") -> Theme:
    """Load ``templates/<name>/theme.toml`` and register its fonts with reportlab.

    A theme may say ``extends = "classic"`` in its ``[theme]`` table: it then
    overrides only the fonts and colours it names, and its templates fall back
    to the parent's.  Raises :class:`printkit.UsageError` for an unknown theme
    name and :class:`printkit.PrintkitError` for a malformed theme, an
    ``extends`` loop or a missing font.
    """
    data, search = _theme_data(name)
    directory = search[0]
    path = directory / "theme.toml"
    fonts: dict[str, str] = {}
    files: dict[str, Path] = {}
    for role in FONT_ROLES:
        spec = data.get("fonts", {}).get(role)
        if not isinstance(spec, str):
            raise PrintkitError(f"{path}: [fonts] needs a {role!r} font")
        file = next((f for f in (_try_font(spec, d) for d in search) if f), None) or resolve_font(spec, directory)
        font_name = f"PK-{name}-{role}"
        if font_name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(font_name, str(file)))
        fonts[role] = font_name
        files[role] = file
    games = {k: dict(v) for k, v in data.get("games", {}).items()}
    return Theme(name, directory, fonts, files, dict(data.get("colours", {})), games, search)


def _try_font(spec: str, directory: Path) -> Path | None:
    try:
        return resolve_font(spec, directory)
    except PrintkitError:
        return None
