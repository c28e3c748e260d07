"""printkit.gamekit: the one package a game imports.

A game (``printkit/games/<id>/`` or a fan's own package) imports from
``printkit.gamekit`` only — never another ``printkit`` module — and from its
own package (``tests/test_structure.py`` checks every import of
``printkit/games/**``).  What it offers:

* the contract (:mod:`.contract`): :class:`GameKit`, :class:`BuildOptions`,
  :class:`Part`; title, tagline, player range and cover derived from the rules data;
* part kinds (:mod:`.parts`): :func:`pieces`, :func:`document`, :func:`board`;
* drawing (:mod:`.draw`): :class:`Pen`, :class:`Palette`; icons and colour
  helpers (:mod:`printkit.render.icons` as ``icons``);
* type (:mod:`.text`): :func:`fit_size`, :func:`fit_stepped`, :func:`fit_wrapped`;
* the model (:class:`Component`, :class:`ComponentSet`, :class:`Face`,
  :class:`FaceBox`), units (:func:`mm`), papers, themes;
* rules data: :func:`load_toml`, :class:`Checker`, :func:`check_printable`, …;
* the scoring core: :class:`Scorer`, :class:`Problem` (the base of a game's
  problems), ``fields`` (:mod:`printkit.scoring.fields`: reading a game file),
  reports, ranking, the score pad (:class:`PadSpec`);
* bounded reading of untrusted files (``read_bytes``, ``show``, …).

The engine never imports a game, and this package never imports a game or
the build (:mod:`printkit.build`); games never import each other.
"""

from printkit import RULES_DIR, PrintkitError, UsageError
from printkit.deck import layout_face, load_layout
from printkit.gamekit.contract import (
    BOARD_PAPERS,
    OPTIONAL_OPTIONS,
    BuildOptions,
    GameKit,
    Part,
    players_of,
    rules_cover,
)
from printkit.gamekit.draw import Palette, Pen
from printkit.gamekit.parts import Drawing, board, document, pieces
from printkit.gamekit.text import fit_size, fit_stepped, fit_wrapped
from printkit.imposition import FOOTER
from printkit.inputfiles import (
    INT64_MAX,
    INT64_MIN,
    MAX_DIGITS,
    all_plain,
    escape_display,
    name_key,
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
from printkit.rules import Checker, check_printable, check_rules_keys, load_toml, playing_time, rules_path
from printkit.sandbox import fill_fields, plain_fields
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
from printkit.scoring.problems import ERROR, SHARED_CODES, WARNING, Problem, has_errors
from printkit.scoring.report import report_dict, text_report, to_json, winner_line
from printkit.scoring.tomlout import dumps_toml
from printkit.theme import Theme
from printkit.tiling import render_single, render_tiled
from printkit.units import mm, to_mm

__all__ = [
    # contract and part kinds
    "BOARD_PAPERS", "OPTIONAL_OPTIONS", "BuildOptions", "GameKit", "Part", "players_of", "rules_cover",
    "Drawing", "board", "document", "pieces",
    # drawing and type
    "Palette", "Pen", "icons", "best_contrast", "check_size", "colour_symbol", "contrast_ratio", "mix",
    "polygon_path", "fit_size", "fit_stepped", "fit_wrapped", "FOOTER",
    # model, units, papers, themes, PDFs
    "Component", "ComponentSet", "Face", "FaceBox", "mm", "to_mm", "Paper", "get_paper", "Theme",
    "assemble", "quiet_pypdf", "render_single", "render_tiled", "cover_pdf", "layout_face", "load_layout",
    # documents and forms
    "game_context", "render_document", "render_fitted", "FieldSpec", "fill_fields", "plain_fields",
    # rules data and untrusted input
    "RULES_DIR", "PrintkitError", "UsageError", "Checker", "check_printable", "check_rules_keys", "load_toml",
    "playing_time", "rules_path", "INT64_MAX", "INT64_MIN", "MAX_DIGITS", "all_plain", "escape_display",
    "name_key", "read_bytes", "show", "text_flaw", "clip",
    # scoring core
    "NoSheets", "Scorer", "fields", "Table", "check_keys", "check_top", "is_count", "is_int", "is_int64",
    "item_text", "player_name", "player_tables", "read_game_file", "require_table", "type_name", "ERROR", "WARNING", "SHARED_CODES", "Problem", "has_errors",
    "report_dict", "text_report", "to_json", "winner_line", "dumps_toml", "rank_players", "PadSpec", "form_pad",
]
