"""printkit.gamekit: the one package a game imports.

A game (``printkit/games/<id>/`` or a fan's own package) imports from
``printkit.gamekit`` only — never another ``printkit`` module — and from its
own package (``tests/test_structure.py`` checks every import of
``printkit/games/**``).  What it offers:

* the contract (:mod:`.contract`): :class:`GameKit`; :class:`BuildOptions`,
  :class:`Part` (:mod:`.options`); title, tagline, player range and cover derived from the rules data;
* part kinds (:mod:`.parts`): :func:`pieces`, :func:`document`, :func:`board` (:func:`board_stock`: where it prints);
* drawing (:mod:`.draw`): :class:`Pen`, :class:`Palette`; icons and colour
  helpers (:mod:`printkit.render.icons` as ``icons``);
* type (:mod:`.text`): :func:`fit_lines`, :func:`fit_size`, :func:`fit_stepped`, :func:`fit_wrapped`, :func:`glyph_box`,
  :func:`hard_wrap`, :func:`wrap_lines`;
* the model (:class:`Component`, :class:`ComponentSet`, :class:`Face`,
  :class:`FaceBox`), units (:func:`mm`), papers, themes;
* rules data: :func:`load_toml`, :class:`Checker`, :func:`check_printable`, …;
* the scoring core: :class:`Scorer`, :class:`Problem` (the base of a game's
  problems), ``fields`` (:mod:`printkit.scoring.fields`: reading a game file),
  reports, ranking, the score pad (:class:`PadSpec`);
* bounded reading of untrusted files (``read_bytes``, ``show``, …).

Names load on first use (PEP 562 ``__getattr__``), so a game importing only
its contract pulls in no print stack (reportlab, weasyprint…; see
:mod:`printkit.lazy`).  The engine never imports a game, and this package never imports a game or
the build (:mod:`printkit.build`); games never import each other.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: module → the names this package offers from it (loaded on first use).
_EXPORTS: dict[str, tuple[str, ...]] = {
    "printkit": ("RULES_DIR", "PrintkitError", "UsageError"),
    "printkit.deck": ("layout_face", "load_layout"),
    "printkit.gamekit.contract": (
        "BOARD_PAPERS", "OPTIONAL_OPTIONS", "GameKit", "board_stock", "players_of", "rules_cover",
    ),
    "printkit.gamekit.options": ("BuildOptions", "Part"),
    "printkit.gamekit.draw": ("Palette", "Pen"),
    "printkit.gamekit.parts": ("Drawing", "board", "document", "pieces"),
    "printkit.gamekit.text": ("fit_lines", "fit_size", "fit_stepped", "fit_wrapped", "glyph_box", "hard_wrap", "wrap_lines"),
    "printkit.imposition": ("FOOTER",),
    "printkit.inputfiles": (
        "INT64_MAX", "INT64_MIN", "MAX_DIGITS", "MAX_FORM_PAGES", "MAX_FORM_WIDGETS", "MAX_PDF_OBJECTS",
        "MAX_PDF_REVISIONS", "all_plain", "escape_display", "name_key", "pdf_count_problem", "pdf_object_estimate", "pdf_revision_estimate",
        "read_bytes", "show", "text_flaw",
    ),
    "printkit.marks": ("polygon_path",),
    "printkit.messages": ("clip",),
    "printkit.model": ("Component", "ComponentSet", "Face", "FaceBox"),
    "printkit.paper": ("Paper", "get_paper"),
    "printkit.pdf": ("assemble", "quiet_pypdf"),
    "printkit.ranking": ("rank_players",),
    "printkit.render": ("icons",),
    "printkit.render.cover": ("cover_pdf",),
    "printkit.render.documents": ("game_context", "render_document", "render_fitted"),
    "printkit.render.forms": ("FieldSpec",),
    "printkit.render.icons": ("best_contrast", "check_size", "colour_symbol", "contrast_ratio", "mix"),
    "printkit.rules": (
        "Checker", "check_printable", "check_rules_keys", "least_that_fits", "listed", "load_toml", "playing_time",
        "read_rules", "rules_path", "table_keys",
    ),
    "printkit.scorepad": ("PadSpec", "form_pad"),
    "printkit.scoring": ("NoSheets", "Scorer", "fields"),
    "printkit.scoring.fields": (
        "Table", "check_keys", "check_top", "is_count", "is_int", "is_int64", "item_text", "player_name",
        "player_tables", "read_game_file", "require_table", "type_name",
    ),
    "printkit.scoring.problems": ("ERROR", "SHARED_CODES", "WARNING", "Problem", "has_errors", "shared_codes"),
    "printkit.scoring.report": ("report_dict", "text_report", "to_json", "winner_line"),
    "printkit.scoring.tomlout": ("dumps_toml",),
    "printkit.theme": ("LARGE_PRINT_PT", "Theme"),
    "printkit.tiling": ("plan_tiles", "render_single", "render_tiled", "sheet_fit"),
    "printkit.units": ("mm", "to_mm"),
    "printkit.lazy": ("LazyMapping", "LazyModule", "deferred"),
    "printkit.textfields": ("fill_fields", "plain_fields"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}

if TYPE_CHECKING:  # the same names, for type checkers and the import graph (tests/test_structure.py)
    from printkit import RULES_DIR, PrintkitError, UsageError
    from printkit.deck import layout_face, load_layout
    from printkit.gamekit.contract import (
        BOARD_PAPERS,
        OPTIONAL_OPTIONS,
        GameKit,
        board_stock,
        players_of,
        rules_cover,
    )
    from printkit.gamekit.draw import Palette, Pen
    from printkit.gamekit.options import BuildOptions, Part
    from printkit.gamekit.parts import Drawing, board, document, pieces
    from printkit.gamekit.text import fit_lines, fit_size, fit_stepped, fit_wrapped, glyph_box, hard_wrap, wrap_lines
    from printkit.imposition import FOOTER
    from printkit.inputfiles import (
        INT64_MAX,
        INT64_MIN,
        MAX_DIGITS,
        MAX_FORM_PAGES,
        MAX_FORM_WIDGETS,
        MAX_PDF_OBJECTS,
        MAX_PDF_REVISIONS,
        all_plain,
        escape_display,
        name_key,
        pdf_count_problem,
        pdf_object_estimate,
        pdf_revision_estimate,
        read_bytes,
        show,
        text_flaw,
    )
    from printkit.marks import polygon_path
    from printkit.messages import clip
    from printkit.model import Component, ComponentSet, Face, FaceBox
    from printkit.paper import Paper, get_paper
    from printkit.pdf import assemble, quiet_pypdf
    from printkit.ranking import rank_players
    from printkit.render import icons
    from printkit.render.cover import cover_pdf
    from printkit.render.documents import game_context, render_document, render_fitted
    from printkit.render.forms import FieldSpec
    from printkit.render.icons import best_contrast, check_size, colour_symbol, contrast_ratio, mix
    from printkit.rules import (
        Checker,
        check_printable,
        check_rules_keys,
        least_that_fits,
        listed,
        load_toml,
        playing_time,
        read_rules,
        rules_path,
        table_keys,
    )
    from printkit.scorepad import PadSpec, form_pad
    from printkit.scoring import NoSheets, Scorer, fields
    from printkit.scoring.fields import (
        Table,
        check_keys,
        check_top,
        is_count,
        is_int,
        is_int64,
        item_text,
        player_name,
        player_tables,
        read_game_file,
        require_table,
        type_name,
    )
    from printkit.scoring.problems import ERROR, SHARED_CODES, WARNING, Problem, has_errors, shared_codes
    from printkit.scoring.report import report_dict, text_report, to_json, winner_line
    from printkit.scoring.tomlout import dumps_toml
    from printkit.theme import LARGE_PRINT_PT, Theme
    from printkit.tiling import plan_tiles, render_single, render_tiled, sheet_fit
    from printkit.units import mm, to_mm
    from printkit.lazy import LazyMapping, LazyModule, deferred
    from printkit.textfields import fill_fields, plain_fields

#: Every name offered (the keys of _WHERE; tests/test_structure.py checks they agree).
__all__ = [
    "BOARD_PAPERS", "BuildOptions", "Checker", "Component", "ComponentSet", "Drawing", "ERROR", "FOOTER",
    "Face", "FaceBox", "FieldSpec", "GameKit", "INT64_MAX", "INT64_MIN", "LARGE_PRINT_PT", "LazyMapping", "LazyModule",
    "MAX_DIGITS", "MAX_FORM_PAGES", "MAX_FORM_WIDGETS", "MAX_PDF_OBJECTS", "MAX_PDF_REVISIONS", "NoSheets", "OPTIONAL_OPTIONS", "PadSpec", "Palette", "Paper", "Part", "Pen",
    "PrintkitError", "Problem", "RULES_DIR", "SHARED_CODES", "Scorer", "Table", "Theme", "UsageError",
    "WARNING", "all_plain", "assemble", "best_contrast", "board", "board_stock", "check_keys", "check_printable",
    "check_rules_keys", "check_size", "check_top", "clip", "colour_symbol", "contrast_ratio", "cover_pdf",
    "deferred", "document", "dumps_toml", "escape_display", "fields", "fill_fields", "fit_size",
    "fit_lines", "fit_stepped", "fit_wrapped", "hard_wrap", "form_pad", "game_context", "get_paper", "glyph_box", "has_errors", "icons",
    "is_count", "is_int", "is_int64", "item_text", "layout_face", "listed", "load_layout", "load_toml",
    "mix", "mm", "name_key", "pieces", "plain_fields", "player_name", "player_tables", "players_of",
    "pdf_count_problem", "pdf_object_estimate", "pdf_revision_estimate", "plan_tiles", "playing_time", "polygon_path", "quiet_pypdf", "rank_players", "read_bytes", "read_game_file",
    "read_rules", "render_document", "render_fitted", "render_single", "render_tiled", "report_dict",
    "least_that_fits", "require_table", "rules_cover", "rules_path", "shared_codes", "sheet_fit", "show", "table_keys",
    "text_flaw", "text_report", "to_json", "to_mm", "type_name", "winner_line", "wrap_lines",
]



def __getattr__(name: str) -> Any:
    """Import the module behind ``name`` on first use (``from printkit.gamekit import mm``)."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'printkit.gamekit' has no attribute {name!r}")
    found = importlib.import_module(module)
    try:
        value = getattr(found, name)
    except AttributeError:  # a submodule offered by name (icons, fields)
        value = importlib.import_module(f"{module}.{name}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
