"""Building the score pad page (``printkit scorepad``): one self-contained HTML file.

:func:`build_page` renders ``page.html.j2`` in the jinja2 sandbox
(:mod:`printkit.sandbox`) with everything inline: the theme's colours as CSS variables,
its display, body and bold fonts subset to Latin text and embedded as WOFF2 ``data:``
URLs, the engine's and the game's CSS and JavaScript, and the game's rules data as
JSON.  A Content-Security-Policy in the page forbids any request (``default-src
'none'``; fonts from ``data:`` only), so the page works from ``file://`` offline and
cannot reach the network even by mistake.  The output is deterministic (the same
inputs give the same bytes) and at most :data:`printkit.scorepad.MAX_PAGE` bytes.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

from printkit import PrintkitError, UsageError, sandbox
from printkit.inputfiles import MAX_BYTES
from printkit.scorepad import CORE_JS, MAX_PAGE, PAD_JS, TOML_JS, PadSpec

HERE = Path(__file__).parent
PAGE_CSS = HERE / "page.css"
#: Font roles of the theme the page embeds, and their CSS family names.
FONT_ROLES = (("display", "PK Display"), ("body", "PK Body"), ("bold", "PK Bold"))
#: Characters the embedded fonts keep: Basic Latin, Latin-1, Latin Extended-A and the
#: page's own signs.  Other characters (a name in another script) use the system font.
SUBSET_TEXT = (
    "".join(chr(c) for c in range(0x20, 0x7F)) + "".join(chr(c) for c in range(0xA0, 0x180))
    + "–—‘’“”…•·−×✓↶★✕✎"
)


@lru_cache(maxsize=16)
def _subset(path: str) -> str:
    """Base64 WOFF2 of the font at ``path`` cut to :data:`SUBSET_TEXT` (deterministic)."""
    import logging

    from fontTools import subset
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # "FFTM NOT subset" is not news
    font = TTFont(path, recalcTimestamp=False)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["kern", "liga"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(text=SUBSET_TEXT)
    sub.subset(font)
    if "head" in font:
        font["head"].modified = font["head"].created  # no build-time stamp: byte-identical rebuilds
    out = io.BytesIO()
    font.flavor = "woff2"
    font.save(out, reorderTables=False)
    return base64.b64encode(out.getvalue()).decode("ascii")


def _json_for_script(data: object) -> str:
    """JSON safe inside ``<script>``: no ``<`` (so no ``</script>``), U+2028/9 escaped."""
    return (json.dumps(data, ensure_ascii=False, sort_keys=False, separators=(",", ":"))
            .replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _inline(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if re.search(r"</(script|style)", text, re.I):  # a programming error in a bundled file
        raise PrintkitError(f"{path}: holds a closing </script> or </style> tag; it cannot be inlined")
    return text


def build_page(spec: PadSpec, theme, partial: str | None = None) -> bytes:
    """The score pad page of ``spec`` (a :class:`printkit.scorepad.PadSpec`) in ``theme``
    (:class:`printkit.theme.Theme`), as UTF-8 bytes.  ``partial``: what an unfinished
    game relaxes (the scorer's ``--partial`` help, e.g. "unticked Choices boxes are a
    warning"); the page then has a "the game is over" switch, else it scores every state
    as finished.

    Raises :class:`printkit.PrintkitError` when the page would exceed
    :data:`printkit.scorepad.MAX_PAGE` bytes or a theme font cannot be subset."""
    colours = dict(theme.colours)
    colours.update(theme.games.get(spec.game_id, {}))
    css_vars = [(re.sub(r"[^a-z0-9-]", "-", k.lower().replace("_", "-")), v) for k, v in colours.items()]
    fonts = []
    for role, family in FONT_ROLES:
        try:
            fonts.append({"family": family, "data": _subset(str(theme.font_files[role]))})
        except Exception as exc:  # fontTools raises many kinds on a strange font
            raise PrintkitError(f"theme {theme.name!r}: font {role} ({theme.font_files[role]}) cannot be subset: "
                                f"{type(exc).__name__}: {exc}") from None
    rules_json = json.dumps(spec.rules, sort_keys=True, ensure_ascii=False)
    config = {
        "game": spec.game_id, "title": spec.title, "rules": spec.rules,
        "partial": partial,
        "max_import": MAX_BYTES,  # the pad refuses a bigger import, as the CLI refuses a bigger game file
        "rules_id": hashlib.sha256(rules_json.encode("utf-8")).hexdigest()[:12],
    }
    scripts = [CORE_JS, TOML_JS, *spec.scripts, PAD_JS]
    env = sandbox.environment(autoescape=True, keep_trailing_newline=True)
    template = sandbox.compile_string(env, (HERE / "page.html.j2").read_text(encoding="utf-8"), "page.html.j2")
    html = sandbox.render(template, {
        "title": spec.title,
        "fonts": fonts,
        "colours": css_vars,
        "css": Markup("\n".join(_inline(p) for p in (PAGE_CSS, *spec.styles))),
        "config": Markup(_json_for_script(config)),
        "scripts": [Markup(_inline(p)) for p in scripts],
    }, "page.html.j2")
    data = html.encode("utf-8")
    if len(data) > MAX_PAGE:
        raise PrintkitError(f"the {spec.game_id} score pad would be {len(data):,} bytes; the limit is {MAX_PAGE:,}")
    return data


def scorepad_page(game: str, rules_dir: Path | None, theme_name: str) -> bytes:
    """The page for registered game ``game`` under ``--rules DIR`` and ``--theme``.
    Raises :class:`printkit.UsageError` for a game without a score pad or a ``--rules``
    that is not a folder, :class:`printkit.PrintkitError` for bad rules or theme data."""
    from printkit.registry import get_game
    from printkit.rules import check_rules_dir, user_rules_file
    from printkit.theme import load_theme

    kit = get_game(game)
    if kit.scorepad is None:
        raise UsageError(f"GAME: {game} has no score pad")
    check_rules_dir(rules_dir)
    theme = load_theme(theme_name)
    rules_file = user_rules_file(game, rules_dir) if rules_dir is not None else None
    spec = kit.scorepad(rules_file)
    partial = kit.scorer(rules_file).partial if kit.scorer is not None else None
    return build_page(spec, theme, partial)
