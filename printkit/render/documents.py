"""Flowing-text documents (rules references, logs) via jinja2 + weasyprint.

Templates live in ``templates/<theme name>/`` beside ``theme.toml``, and a
game's own in its ``templates/`` folder (looked up after the theme's, see
:func:`template_folders`; the context's ``game`` names the game).  Every
document gets, ahead of its own styles, a generated stylesheet holding:

* ``@font-face`` rules for the theme's TTF files (the same files reportlab
  embeds), under the families ``"PK Display"`` (role ``display``) and
  ``"PK Body"`` (``body`` 400, ``semibold`` 600, ``bold`` 700, ``italic``
  400 italic);
* the theme colours as CSS variables ``--<role>`` (``--ink``, ``--accent``…),
  plus the game's palette when the context names a ``game`` (``--earth``,
  ``--red``…, a game's value winning over a general one of the same name);
* ``--printer-margin``: the paper's unprintable edge
  (:attr:`printkit.paper.Paper.margin`, ``--printer-margin``, in mm), which
  every box of a page must stay inside: the classic ``base.css`` widens its
  page margins to it (the bundled themes extend classic);
* ``@page { size: <width>mm <height>mm }`` from the :class:`~printkit.paper.Paper`.

Templates reach that stylesheet through the context key ``theme_css`` (see
``templates/classic/_layout.html.j2``).  Output is deterministic: the same
inputs give byte-identical PDFs: no dates, no document ID, font subset names
hashed from the font, and ``SOURCE_DATE_EPOCH`` pinned while weasyprint runs
so fontTools does not stamp subset fonts with the current time.

Themes come from strangers, so (see :mod:`printkit.sandbox`):

* templates render in the sandbox with its budgets; template files are read
  bounded and only from the theme's folders (no symlink leading out);
* weasyprint fetches only files inside the theme's folders (its own and its
  ``extends`` parents'), the bundled ``templates/`` and the theme's font
  files — no ``http(s):``, no other ``file:``, no ``data:`` URL over
  :data:`MAX_DATA_URL` bytes; each file is read with
  :func:`printkit.inputfiles.read_bytes`.  A refused URL is an error after
  rendering (weasyprint itself only warns);
* nothing is ever attached to the PDF (``rel=attachment`` links are dropped);
* every font embedded — the theme's, and installed fonts the stylesheet
  names or pango falls back to — must allow embedding by its licence (OS/2
  ``fsType``, :func:`printkit.fontfiles.licence_problem`), else the
  document is refused;
* weasyprint's layout gets :data:`LAYOUT_SECONDS`, a stop request
  (SIGINT/SIGTERM) ends it within a tenth of a second, and its temporary
  font folder is removed whatever happens.
"""

from __future__ import annotations

import mimetypes
import os
import re
import shutil
import threading
import urllib.parse
import urllib.request
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Mapping

import jinja2
from markupsafe import Markup

from printkit import TEMPLATES_DIR, PrintkitError, sandbox
from printkit.gamefiles import templates_dir
from printkit.inputfiles import (eight_bit_grey, escape_display, image_decode_problem, image_size_problem, read_bytes,
                                 read_text, show)
from printkit.paper import Paper
from printkit.render import doccache
from printkit.theme import Theme
from printkit.units import to_mm

#: Font role → (CSS family, weight, style) of the generated @font-face rules.
FONT_FACES: dict[str, tuple[str, int, str]] = {
    "display": ("PK Display", 400, "normal"),
    "body": ("PK Body", 400, "normal"),
    "semibold": ("PK Body", 600, "normal"),
    "bold": ("PK Body", 700, "normal"),
    "italic": ("PK Body", 400, "italic"),
}

#: Timestamp (s since 1970) written into subset fonts' ``head.modified`` when
#: fontTools subsets them (weasyprint's fallback when HarfBuzz-subset is absent);
#: fontTools otherwise stamps the current time.  A ``SOURCE_DATE_EPOCH`` already
#: set in the environment wins (reproducible-builds convention).
FIXED_EPOCH = "946684800"  # 2000-01-01T00:00:00Z

#: Most files one document may fetch (a theme document takes a handful: its
#: stylesheets, fonts, pictures).  weasyprint follows ``@import`` without
#: noticing a loop: two 60-byte stylesheets importing each other three times
#: over kept it busy until :data:`LAYOUT_SECONDS` (two minutes per document).
MAX_FETCHES = 500

#: Largest ``data:`` URL weasyprint may decode (characters of the URL).
MAX_DATA_URL = 1024 * 1024
#: Wall-clock seconds weasyprint may spend laying out and writing one document.
LAYOUT_SECONDS = 120.0

_RESERVED = ("theme_css",)
_ENV_LOCK = threading.Lock()
_CSS_IDENT = re.compile(r"^[a-z][a-z0-9_-]*$")


def _autoescape(name: str | None) -> bool:
    return bool(name) and name.endswith((".html.j2", ".html", ".htm"))


class _ThemeLoader(jinja2.BaseLoader):
    """Templates from the theme's folders only: each file read bounded
    (:func:`printkit.inputfiles.read_text`, kind ``template``), symlinks and
    ``..`` never leading out of the folder it was found in."""

    def __init__(self, folders):
        self.folders = [str(f) for f in folders]

    def get_source(self, environment, template):
        pieces = jinja2.loaders.split_template_path(template)  # refuses ".." parts
        for folder in self.folders:
            path = os.path.join(folder, *pieces)
            if not os.path.lexists(path):
                continue
            root = os.path.realpath(folder)
            real = os.path.realpath(path)
            if os.path.commonpath([root, real]) != root:
                raise PrintkitError(f"{escape_display(path)}: template leads outside the theme folder {root}")
            text = read_text(real, kind="template")
            mtime = os.path.getmtime(real)
            return text, os.path.normpath(path), lambda: os.path.exists(real) and os.path.getmtime(real) == mtime
        raise jinja2.TemplateNotFound(template)


def template_folders(theme: Theme, game: str | None = None) -> tuple:
    """Where templates are looked up, first match wins: the theme's folders
    (its own, then the themes it extends), then the ``templates/`` folder of
    ``game`` (:func:`printkit.gamefiles.templates_dir`), so a theme may
    replace a game's template by giving a file of the same name."""
    own = templates_dir(game)
    return tuple(theme.search_path or (theme.directory,)) + ((own,) if own else ())


def _environment(theme: Theme, game: str | None = None) -> jinja2.Environment:
    return sandbox.environment(
        loader=_ThemeLoader(template_folders(theme, game)),
        autoescape=_autoescape,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def theme_css(theme: Theme, paper: Paper, game: str | None = None) -> str:
    """The generated stylesheet (fonts, colour variables, the printer margin,
    page size) as CSS text.

    ``game``: palette to expose as CSS variables on top of the general
    colours; ``None`` for the general colours only.  Raises
    :class:`printkit.PrintkitError` for a colour role that is not a valid CSS
    identifier.
    """
    lines: list[str] = []
    for role, (family, weight, style) in FONT_FACES.items():
        path = theme.font_files[role]
        lines.append(
            f"@font-face {{ font-family: {_css_string(family)}; "
            f"src: url({_css_string(path.resolve().as_uri())}) format(\"truetype\"); "
            f"font-weight: {weight}; font-style: {style}; }}"
        )
    colours = dict(theme.colours)
    if game:
        colours.update(theme.games.get(game, {}))
    decls = []
    for role in colours:
        if not _CSS_IDENT.match(role):
            raise PrintkitError(f"theme {theme.name!r}: colour role {role!r} is not a CSS name")
        decls.append(f"  --{role.replace('_', '-')}: {theme.hex(role, game)};")
    decls.append(f"  --type-scale: {theme.type_scale:g};")
    decls.append(f"  --printer-margin: {to_mm(paper.margin):.4f}mm;")  # the unprintable edge (base.css)
    lines.append(":root {\n" + "\n".join(decls) + "\n}")
    lines.append(
        f"@page {{ size: {to_mm(paper.width):.4f}mm {to_mm(paper.height):.4f}mm; }}"
    )
    return "\n".join(lines) + "\n"


def game_context(game: str, rules: Any) -> dict[str, Any]:
    """The context every game document starts from: ``game`` (selects the
    theme palette), ``title``, ``tagline``, ``players_min``, ``players_max``
    from a game's loaded rules (any object with those attributes)."""
    return {"game": game, "title": rules.title, "tagline": rules.tagline,
            "players_min": rules.players_min, "players_max": rules.players_max}


def render_html(template: str, context: Mapping[str, Any], theme: Theme, paper: Paper) -> str:
    """Render ``templates/<theme.name>/<template>`` to an HTML string.

    The context gains ``theme_css`` (see :func:`theme_css`; its palette is the
    context's optional ``game`` id) and ``paper`` (the :class:`Paper`).
    Raises :class:`printkit.PrintkitError` for a missing template, a missing
    context key (templates use ``StrictUndefined``) or a reserved key given,
    and :class:`printkit.sandbox.TemplateError` (one line naming the file and
    line) for a syntax error, a runtime error, something the sandbox refuses
    or a template over budget; ``KeyboardInterrupt`` on a stop request.
    """
    clash = [k for k in _RESERVED if k in context]
    if clash:
        raise PrintkitError(f"document context: {', '.join(clash)} is reserved")
    game = context.get("game")
    env = _environment(theme, game if isinstance(game, str) else None)
    full = dict(context)
    full.setdefault("paper", paper)
    full["theme_css"] = Markup(theme_css(theme, paper, context.get("game")))
    label = str(theme.directory / template)
    try:
        compiled = sandbox.load(env, template, label)
        return sandbox.render(compiled, full, compiled.filename or label)
    except jinja2.TemplateNotFound as exc:
        raise PrintkitError(
            f"template {show(exc.name)} not found in {theme.directory}"  # show: a 5,000-character name shortened
            + (f" nor in {templates_dir(game)}" if isinstance(game, str) and templates_dir(game) else "")
        ) from None


@contextmanager
def _fixed_timestamps():
    with _ENV_LOCK:
        had = "SOURCE_DATE_EPOCH" in os.environ
        if not had:
            os.environ["SOURCE_DATE_EPOCH"] = FIXED_EPOCH
        try:
            yield
        finally:
            if not had:
                os.environ.pop("SOURCE_DATE_EPOCH", None)


#: The space before a block's last word — plain text of at most 16 characters,
#: then only closing inline tags (each may be followed by up to 3 characters of
#: punctuation) up to ``</p>``, ``</li>``, ``</td>`` or ``</div>`` —
#: with plain text before it: :func:`keep_last_words` makes it a no-break space.
_LAST_SPACE = re.compile(r"(?<=[^\s<>])[ \t\r\n]+(?=[^\s<>&]{1,16}(?:</(?:span|strong|b|em|i)>[^\s<>&]{0,3})*\s*"
                         r"</(?:p|li|td|div)>)")


def keep_last_words(html: str) -> str:
    """``html`` with the space before the last word of each paragraph, list
    item, table cell and division (``</p>``, ``</li>``, ``</td>``,
    ``</div>``; closing inline tags and a little punctuation allowed
    between) a no-break space (U+00A0), where that word and the one before
    it are plain text (no tag between them) and the last word is at most 16
    characters: weasyprint then carries the two words over together and
    never leaves one alone on a block's last line.  Nothing else changes.

    A no-break space, not a ``white-space: nowrap`` span: weasyprint (70.0),
    breaking a line before an inline box that does not fit, can break at the
    line's first opportunity instead ("2 doubles, / collections" became
    "2 / doubles, / collections"); a no-break space never did, in a sweep of
    widths where the span went wrong 10 times in 500.  Its glyph reads as a
    plain space in the PDF's text (:func:`_finish`)."""
    return _LAST_SPACE.sub("\u00a0", html)


def render_document(template: str, context: Mapping[str, Any], theme: Theme, paper: Paper,
                    max_pages: int | None = None) -> bytes | None:
    """Render a jinja2 HTML template to PDF bytes with weasyprint.

    ``template``: file name in ``templates/<theme.name>/`` (e.g.
    ``"archeotrek-rules.html.j2"``).  ``context``: template variables; an optional
    ``game`` key selects the theme palette exposed as CSS variables.  Pages
    are ``paper.width`` × ``paper.height`` pt; fonts are the theme's, embedded
    as subsets.  Deterministic: equal inputs give byte-identical PDFs.
    With ``max_pages``, a layout longer than that returns ``None`` before
    the PDF is written (about half of weasyprint's time).

    Raises :class:`printkit.PrintkitError` for what :func:`render_html`
    refuses, for a URL the document may not fetch (one line naming the
    template and the URL), a layout over :data:`LAYOUT_SECONDS`;
    ``KeyboardInterrupt`` on a stop request (within 0.1 s in the main thread).
    """
    html = keep_last_words(render_html(template, context, theme, paper))
    label = str(theme.directory / template)
    too_deep = _nesting_problem(html)
    if too_deep:
        raise PrintkitError(f"{label}: {too_deep}; simplify the template")
    key = doccache.document_key(html, max_pages, label)
    hit, cached, narrow = doccache.lookup(key)  # verified before use (printkit.render.doccache)
    if hit:
        if cached is not None:
            _note_narrow(narrow, template, theme, paper)
        return cached
    HTML, FontConfiguration = _weasyprint()

    game = context.get("game")
    fetcher = _fetcher_class()(theme, game if isinstance(game, str) else None)
    font_config = FontConfiguration()
    svg_state = {"left": MAX_SVG_NODES, "path": MAX_SVG_PATH_CHARS, "text": MAX_SVG_TEXT_CHARS, "url": None}
    svg_budget = _SVG_LEFT.set(svg_state)
    pages_budget = _PAGES_LEFT.set([MAX_LAYOUT_PAGES])
    try:
        with sandbox.watchdog(LAYOUT_SECONDS, _LayoutOverrun), _fixed_timestamps(), _pictures_lost() as lost:
            document = HTML(string=html, base_url=theme.directory.resolve().as_uri() + "/", url_fetcher=fetcher)
            rendered = document.render(font_config=font_config, pdf_identifier=False)
            attached = _drop_attachments(rendered)
            if attached:
                raise PrintkitError(f"{label}: refused attachment {_short_url(attached[-1])}"
                                    + (f" (and {len(attached) - 1} more)" if len(attached) > 1 else "")
                                    + ": a theme may not attach files to the PDF (rel=attachment)")
            fetcher.closed = True  # nothing past layout may fetch (attachments would)
            wrong_size = _page_size_problem(rendered, paper)
            if wrong_size:
                raise PrintkitError(f"{label}: {wrong_size}")
            too_long = max_pages is not None and len(rendered.pages) > max_pages
            narrow = _narrowest_margin(rendered, paper)
            pdf = None if too_long else rendered.write_pdf(
                pdf_identifier=False,  # no /ID; no dcterms dates in our templates either
                finisher=_finish)
            forbidden = _installed_font_refused(rendered) if pdf is not None else None
            if forbidden:
                raise PrintkitError(f"{label}: {forbidden}")
            if min(svg_state["left"], svg_state["path"], svg_state["text"]) < 0:  # weasyprint left the picture
                raise _SvgOverrun(svg_state["url"])  # out and carried on: refuse the document
    except _LayoutOverrun as exc:
        raise PrintkitError(f"{label}: weasyprint layout {exc}; simplify the template") from None
    except _SvgOverrun as exc:
        where = f"the SVG picture {_short_url(exc.url)}" if exc.url else "an SVG picture"
        if svg_state["text"] < 0:
            raise PrintkitError(f"{label}: {where} draws more than {MAX_SVG_TEXT_CHARS:,} characters of text "
                                "(weasyprint lays SVG text out a character at a time); put long text in the page, "
                                "not in the picture") from None
        if svg_state["path"] < 0:
            raise PrintkitError(f"{label}: {where} draws more than {MAX_SVG_PATH_CHARS:,} characters of outlines "
                                "(<path d>, points: hundreds of thousands of segments); simplify the picture (fewer "
                                "points) or use a PNG") from None
        raise PrintkitError(f"{label}: {where} draws more than {MAX_SVG_NODES:,} shapes (<use> elements "
                            "repeating others over and over: an SVG bomb); simplify the picture") from None
    except RecursionError:  # weasyprint recurses per nesting level: a safety net behind _nesting_problem
        raise PrintkitError(f"{label}: weasyprint ran out of stack (elements nested too deeply); "
                            "simplify the template") from None
    except _PagesOverrun:
        raise PrintkitError(f"{label}: lays out more than {MAX_LAYOUT_PAGES:,} pages (a document of the theme "
                            "takes a few; page breaks in a loop?); simplify the template") from None
    except PrintkitError:
        raise
    except Exception as exc:  # weasyprint on a stylesheet's values out of range (NaN from 1e308mm, …)
        why = " ".join(f"{type(exc).__name__}: {exc}".split())
        raise PrintkitError(f"{label}: weasyprint could not lay out the document ({escape_display(why[:160])}); "
                            "check the theme's stylesheet for a length out of range (a margin, size or width "
                            "such as 1e308mm)") from None
    finally:
        _SVG_LEFT.reset(svg_budget)
        _PAGES_LEFT.reset(pages_budget)
        folder = getattr(font_config, "_folder", None)  # weasyprint's temporary font folder
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
            font_config._folder = None
    if fetcher.refused:
        url, why = fetcher.refused[0]
        more = f" (and {len(fetcher.refused) - 1} more)" if len(fetcher.refused) > 1 else ""
        raise PrintkitError(f"{label}: refused to fetch {_short_url(url)}{more}: {why}")
    if lost:  # weasyprint left a picture out with a log line, and carried on
        url, why = lost[0]
        more = f" (and {len(lost) - 1} more)" if len(lost) > 1 else ""
        raise PrintkitError(f"{label}: the picture {_short_url(url)}{more} cannot be drawn ({escape_display(why)}); "
                            "weasyprint would leave it out: fix or replace the file (PNG, JPEG or SVG)")
    doccache.store(key, pdf, list(fetcher.fetched) + [str(f) for f in theme.font_files.values()], narrow)
    if pdf is not None:
        _note_narrow(narrow, template, theme, paper)
    return pdf


#: How far (mm) a laid-out page may be from the paper's size (CSS px rounding) before it is refused.
PAGE_SIZE_SLACK_MM = 0.5
#: Millimetres in a CSS px (1/96 in), the unit of weasyprint's laid-out pages.
MM_PER_CSS_PX = 25.4 / 96


def _page_size_problem(rendered: Any, paper: Paper) -> str | None:
    """What is wrong with the page size of a weasyprint layout ``rendered``,
    or ``None`` when every page is ``paper``'s size (within
    :data:`PAGE_SIZE_SLACK_MM`).  printkit sets the page size from
    ``--paper`` (:func:`theme_css`); a theme's ``@page { size: … }`` that
    overrides it (10 m pages in an A4 kit, a landscape page printed cut off)
    is refused, and so is an ``@page`` ``bleed`` (or ``marks``, which adds
    one), which grows the PDF page past the paper (a bleed of ``1e308mm``
    wrote ``/MediaBox [-inf -inf nan nan]``); the caller raises
    :class:`printkit.PrintkitError`."""
    want = (to_mm(paper.width), to_mm(paper.height))
    for page in rendered.pages:
        try:
            bleed = {side: float(px) for side, px in getattr(page, "bleed", {}).items()}
            got = ((float(page.width) + bleed.get("left", 0) + bleed.get("right", 0)) * MM_PER_CSS_PX,
                   (float(page.height) + bleed.get("top", 0) + bleed.get("bottom", 0)) * MM_PER_CSS_PX)
        except (AttributeError, TypeError, ValueError):
            continue
        if all(abs(g - w) <= PAGE_SIZE_SLACK_MM for g, w in zip(got, want)):  # False for NaN
            continue
        if all(0 <= g < 100_000 for g in got):
            shown = f"{round(got[0], 1):g} × {round(got[1], 1):g} mm"
        else:
            shown = "a size of less than 0 or more than 100 m"
        with_bleed = " (its @page bleed included)" if any(bleed.values()) else ""
        return (f"its pages are laid out at {shown}{with_bleed}, not the {paper.name} paper's "
                f"{round(want[0], 1):g} × {round(want[1], 1):g} mm: the theme's stylesheet sets the page size "
                "or a bleed, and printkit sets the page from --paper; remove `size`, `bleed` and `marks` from "
                "its @page rules")
    return None


def _narrowest_margin(rendered: Any, paper: Paper) -> float | None:
    """The narrowest page margin (mm) of any page of a weasyprint layout
    ``rendered`` when it is inside ``paper``'s printer margin
    (``--printer-margin``: the edge a printer may not print), else ``None``.
    The margins are the pages' CSS ``@page`` margins as laid out (a theme's
    stylesheet sets them; the bundled ``base.css`` keeps them 1 mm or more
    inside the margin)."""
    narrowest = None
    for page in rendered.pages:
        box = getattr(page, "_page_box", None)  # weasyprint's laid-out page (CSS px)
        for side in ("margin_top", "margin_right", "margin_bottom", "margin_left"):
            px = getattr(box, side, None)
            if isinstance(px, (int, float)) and (narrowest is None or px < narrowest):
                narrowest = px
    if narrowest is None:
        return None
    mm = round(narrowest * MM_PER_CSS_PX, 2)
    return mm if mm < round(to_mm(paper.margin), 2) else None


def _note_narrow(narrow: float | None, template: str, theme: Theme, paper: Paper) -> None:
    """A line in :data:`LAYOUT_NOTES` when a document's page margins
    (``narrow``, mm, from :func:`_narrowest_margin`) are inside the printer
    margin: text near the edge may not print, and nothing else says so."""
    if narrow is None:
        return
    LAYOUT_NOTES.append(
        f"{template.removesuffix('.html.j2')}: the theme {theme.name!r} sets page margins of {narrow:g} mm, "
        f"inside the {to_mm(paper.margin):g} mm printer margin, so text at the edge may not print; its "
        "stylesheet's @page margin should grow with var(--printer-margin), as the classic theme's base.css does")


#: One line for a machine without pango (weasyprint loads it when imported).
MISSING_PANGO = (
    "the rules pages and documents need the pango library, which is not installed ({why}); install it — "
    "Debian/Ubuntu: sudo apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0; "
    "Fedora: sudo dnf install pango; macOS: brew install pango; "
    "Windows: install MSYS2, then pacman -S mingw-w64-x86_64-pango (see weasyprint's installation guide)"
)


def _import_weasyprint_quickly() -> None:
    """Import weasyprint without its 16 compiler probes.

    weasyprint asks cffi for each library (pango, gobject, harfbuzz, …) under
    several names, the Windows-style one first; cffi's ``dlopen`` falls back
    to :func:`ctypes.util.find_library` for every name that fails, and on
    Linux that runs ``ldconfig``, ``gcc`` and ``ld`` (16 ``gcc`` runs, about
    0.3 s).  The names that do load (``libpango-1.0.so.0``, ``….dylib``,
    ``….dll``) are in weasyprint's own lists, so during this one import
    ``find_library`` answers "not found" at once and cffi moves on to them.
    If the import then fails for want of a library, it is tried again with
    the real ``find_library`` (a system where only the probes find pango
    still works, slowly)."""
    import ctypes.util
    import importlib
    import sys

    if "weasyprint.text.ffi" in sys.modules:
        return

    real = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None
    try:
        importlib.import_module("weasyprint.text.ffi")  # loads every library weasyprint uses
    except OSError:
        for name in [m for m in sys.modules if m == "weasyprint" or m.startswith("weasyprint.")]:
            del sys.modules[name]
    finally:
        ctypes.util.find_library = real


@contextmanager
def _fonttools_deferred():
    """While weasyprint imports, leave out the parts of fontTools it needs
    only for fonts harfbuzz cannot subset and for variable fonts: its
    ``pdf.fonts`` module imports ``fontTools.subset`` and
    ``fontTools.varLib.instancer`` at start-up (about 0.1 s of CPU, and every
    ``build`` imports weasyprint), and calls them only then.

    ``fontTools.subset`` becomes a module loaded on its first attribute
    look-up (:class:`importlib.util.LazyLoader`); the instancer is, for the
    length of the import, a stand-in whose ``instantiateVariableFont``
    imports the real one when called (then removed from ``sys.modules``, so
    any later import gets the real module).  Either way the same function
    runs on the same arguments: the PDFs are byte-identical.  Nothing is
    changed for a module already imported."""
    import importlib.util
    import sys
    import types

    stand_in = None
    try:
        if "fontTools.subset" not in sys.modules:
            import fontTools

            spec = importlib.util.find_spec("fontTools.subset")
            if spec is not None and spec.loader is not None:
                spec.loader = importlib.util.LazyLoader(spec.loader)
                module = importlib.util.module_from_spec(spec)
                sys.modules["fontTools.subset"] = module
                spec.loader.exec_module(module)
                fontTools.subset = module
        if "fontTools.varLib.instancer" not in sys.modules:
            stand_in = types.ModuleType("fontTools.varLib.instancer")

            def instantiateVariableFont(*args, **kwargs):  # noqa: N802 - fontTools' name
                return importlib.import_module("fontTools.varLib.instancer").instantiateVariableFont(*args, **kwargs)

            stand_in.instantiateVariableFont = instantiateVariableFont
            sys.modules["fontTools.varLib.instancer"] = stand_in
    except Exception:  # noqa: BLE001 - no fontTools, or another layout of it: weasyprint imports as it would
        pass
    try:
        yield
    finally:
        if stand_in is not None and sys.modules.get("fontTools.varLib.instancer") is stand_in:
            del sys.modules["fontTools.varLib.instancer"]


_ARRAY_CDECL = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*\[\s*([0-9]+)\s*\]\s*")


class _ParsedTypes(dict):
    """cffi's cache of parsed C types (``FFI._parsed_types``: declaration →
    (ctype, is a function)) that builds a fixed-length array ``"T[N]"`` from
    the pointer type ``"T *"`` instead of parsing the declaration.

    weasyprint subsets each font with ``ffi.new(f"hb_codepoint_t[{n}]", …)``,
    a new declaration for every length; cffi parses each one with pycparser
    after declaring every type name weasyprint's cdef knows (3.5 ms each,
    two or three per font of every document).  The array type made here is
    the one cffi's parser would make (``new_array_type`` of the item's
    pointer type, as ``cffi.model.ArrayType`` builds it); any other
    declaration is a miss, parsed by cffi as before."""

    def __init__(self, ffi, known):
        super().__init__(known)
        self._ffi = ffi

    def __missing__(self, cdecl):
        m = _ARRAY_CDECL.fullmatch(cdecl) if isinstance(cdecl, str) else None
        if m is None:
            raise KeyError(cdecl)
        item_pointer = self._ffi._typeof(f"{m[1]} *")
        result = (self._ffi._backend.new_array_type(item_pointer, int(m[2])), False)
        self[cdecl] = result
        return result


def _fast_array_types(ffi) -> None:
    """Install :class:`_ParsedTypes` on ``ffi`` (a cffi ``FFI``), once; left
    alone if this cffi keeps its cache under another name."""
    known = getattr(ffi, "_parsed_types", None)
    if type(known) is dict and hasattr(ffi, "_backend") and hasattr(ffi._backend, "new_array_type"):
        ffi._parsed_types = _ParsedTypes(ffi, known)


def _weasyprint():
    """``(HTML, FontConfiguration)`` from weasyprint, imported on first use
    (about 0.6 s), its cffi declarations of arrays made without the parser
    (:class:`_ParsedTypes`).  Raises :class:`printkit.PrintkitError` with
    :data:`MISSING_PANGO` when the pango library cannot be loaded, instead
    of weasyprint's long traceback."""
    try:
        with _fonttools_deferred():
            _import_weasyprint_quickly()
            from weasyprint import HTML
            from weasyprint.text.ffi import ffi
            from weasyprint.text.fonts import FontConfiguration
    except OSError as exc:  # cffi: "cannot load library 'libpango-1.0-0': …"
        why = " ".join(str(exc).split())
        raise PrintkitError(MISSING_PANGO.format(why=why[:120] + ("…" if len(why) > 120 else ""))) from None
    except ImportError as exc:  # weasyprint itself (or one of its Python packages) is missing or broken
        why = " ".join(str(exc).split())[:120]
        raise PrintkitError(f"the rules references need weasyprint, which cannot be imported ({why}); "
                            "install printkit again: python3 -m pip install -e . (or pip install weasyprint)") from None
    _fast_array_types(ffi)
    _bound_svg()
    _bound_pages()
    return HTML, FontConfiguration


#: Deepest nesting of elements a document's HTML may have: weasyprint lays
#: boxes out recursively, and 40,000 nested elements from a 100-byte template
#: loop ended in a RecursionError traceback after 35 s.  Our documents nest
#: about a dozen deep.
MAX_HTML_DEPTH = 100
#: HTML elements that have no end tag, or whose end tag may be left out (a
#: run of ``<li>`` or ``<p>`` does not nest): the scan does not count them.
_FLAT = frozenset("area base br col embed hr img input link meta param source track wbr keygen "
                  "p li dt dd option optgroup tr td th thead tbody tfoot colgroup caption rb rt rtc rp "
                  "html head body".split())
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9:-]*)(?:[^>\"']|\"[^\"]*\"|'[^']*')*?(/?)>")


#: Elements (start tags) one document's HTML may hold: the bundled documents hold 150–260.
#: weasyprint keeps some 10 kB for each: a template's loop writing 400,000 ``<g/>`` into an
#: inline ``<svg>`` (1.6 MB, within the sandbox's output cap) took 87 s and 3.9 GB before the
#: drawing budget refused it.
MAX_HTML_ELEMENTS = 10_000


def _nesting_problem(html: str) -> str | None:
    """Why ``html`` nests too deeply for weasyprint (over
    :data:`MAX_HTML_DEPTH` elements) or holds too many elements (over
    :data:`MAX_HTML_ELEMENTS`), or ``None``: a scan of its tags,
    elements with optional end tags left out (parsing it as weasyprint does
    is quadratic for nested formatting elements: 40,000 ``<b>`` took
    tinyhtml5 50 s)."""
    depth = top = elements = 0
    for m in _TAG.finditer(html):
        if not m.group(1):
            elements += 1
            if elements > MAX_HTML_ELEMENTS:
                return (f"more than {MAX_HTML_ELEMENTS:,} elements (a rules reference has a few hundred; weasyprint "
                        "keeps kilobytes for each, inline <svg> shapes included)")
        if m.group(2).lower() in _FLAT:
            continue
        if m.group(1):
            depth = max(0, depth - 1)
        elif not m.group(3):
            depth += 1
            if depth > top:
                top = depth
                if top > MAX_HTML_DEPTH:
                    return f"elements nested more than {MAX_HTML_DEPTH} deep (weasyprint lays them out recursively)"
    return None


#: Pages weasyprint may lay out for one document, every repagination pass
#: counting again (a rules reference takes one or two, laid out two or three
#: times).  A 200-byte template asking for 30,000 page breaks (three per
#: ``range(10000)`` step) laid out until :data:`LAYOUT_SECONDS` stopped it,
#: 700 MB later.
MAX_LAYOUT_PAGES = 200

#: Pages left to lay out in the document being rendered (``None``: no document).
_PAGES_LEFT: ContextVar[list[int] | None] = ContextVar("pages_left", default=None)


class _PagesOverrun(BaseException):
    """A document went over :data:`MAX_LAYOUT_PAGES` (a BaseException, as
    :class:`_LayoutOverrun`)."""


def _bound_pages() -> None:
    """Count every page weasyprint lays out (``layout.page.remake_page``)
    against the budget of the document being rendered; patched in once."""
    from weasyprint.layout import page

    if getattr(page.remake_page, "_printkit_bounded", False):
        return
    remake = page.remake_page

    def counted(*args, **kwargs):
        left = _PAGES_LEFT.get()
        if left is not None:
            left[0] -= 1
            if left[0] < 0:
                raise _PagesOverrun()
        return remake(*args, **kwargs)

    counted._printkit_bounded = True
    page.remake_page = counted


class _LayoutOverrun(BaseException):
    """weasyprint went over :data:`LAYOUT_SECONDS` (a BaseException, so
    weasyprint's own ``except Exception`` cannot swallow it)."""


#: SVG nodes weasyprint may visit (draw, or measure for a bounding box) in one
#: document, every ``<use>`` counting its target again.  A picture of a few
#: thousand shapes visits a few thousand; a 2 kB SVG whose ``<use>`` elements
#: each repeat the level below ten times, nine levels deep, asks for 10⁹ and
#: ran until :data:`LAYOUT_SECONDS` stopped it (two minutes per document).
#: weasyprint visits about 17,000 nodes a second: the budget is about a second.
MAX_SVG_NODES = 20_000
#: Characters of outline data (``<path d>``, ``<polyline points>``, ``<polygon points>``)
#: weasyprint may draw or measure in one document, each visit counting again: one shape
#: is one node, but a 13 MB SVG of one path of 1.5 million segments took 24 s and 626 MB
#: to draw (weasyprint parses a path into Python objects, some 16 µs and 400 bytes a
#: segment).  Two million characters are some 200,000 segments: a few seconds.
MAX_SVG_PATH_CHARS = 2_000_000
#: Characters of ``<text>`` (and ``<tspan>``…) weasyprint may draw or measure in one
#: document's SVG pictures, each visit counting again: it lays SVG text out character by
#: character, and a 2 MB SVG of one 2-million-character ``<text>`` took 2.9 GB before the
#: layout's time limit stopped it.  Labels on a picture are a few hundred characters.
MAX_SVG_TEXT_CHARS = 20_000

#: The document being rendered: ``{"left": visits left, "url": the picture
#: that went over}`` (``None``: no document).
_SVG_LEFT: ContextVar[dict | None] = ContextVar("svg_nodes_left", default=None)


class _SvgOverrun(BaseException):
    """An SVG picture went over :data:`MAX_SVG_NODES` (a BaseException, so
    weasyprint's own ``except Exception`` cannot swallow it); ``url`` is the
    picture's (an inline ``<svg>``: the document's)."""

    def __init__(self, url: str | None):
        super().__init__(url)
        self.url = url


def _bound_svg() -> None:
    """Count every SVG node weasyprint draws or measures, and the outline
    data it holds, against the budgets of the document being rendered
    (:data:`MAX_SVG_NODES`, :data:`MAX_SVG_PATH_CHARS`,
    :data:`MAX_SVG_TEXT_CHARS`); patched into
    weasyprint's ``SVG`` class once.  Past the budget every visit raises
    :class:`_SvgOverrun`: weasyprint's ``SVGImage.draw`` swallows any
    exception (it logs "Failed to render SVG image" and leaves the picture
    out), so :func:`render_document` looks at the budget once weasyprint is
    done and raises then."""
    from weasyprint.svg import SVG

    if getattr(SVG, "_printkit_bounded", False):
        return

    def counted(method):
        def visit(self, *args, **kwargs):
            state = _SVG_LEFT.get()
            if state is not None:
                state["left"] -= 1
                node = args[0] if args else None
                get = getattr(node, "get", None)
                if get is not None:  # an outline's data and a text's characters, before weasyprint reads them
                    state["path"] -= len(get("d") or "") + len(get("points") or "")
                    text = getattr(node, "text", None)
                    state["text"] -= len(text) if isinstance(text, str) else 0
                if min(state["left"], state["path"], state["text"]) < 0:
                    if state["url"] is None:
                        state["url"] = str(getattr(self, "url", None) or "")
                    raise _SvgOverrun(state["url"])
            return method(self, *args, **kwargs)

        visit.__wrapped__ = method
        return visit

    SVG.draw_node = counted(SVG.draw_node)
    SVG.calculate_bounding_box = counted(SVG.calculate_bounding_box)
    SVG._printkit_bounded = True


def _short_url(url: str) -> str:
    url = " ".join(url.split())
    if len(url) > 100:
        url = url[:70] + "…" + url[-20:]
    return escape_display(repr(url))


def _drop_attachments(document) -> list[str]:
    """No file of the reader's machine ever rides along in a PDF: forget
    ``<link rel=attachment>`` files and ``<a rel=attachment>`` links.
    Returns the URLs dropped (the caller refuses the document)."""
    urls = []
    urls = ["<link rel=attachment>"] * len(document.metadata.attachments)  # weasyprint keeps no URL for these
    document.metadata.attachments = []
    for page in document.pages:
        urls += [str(link[1]) for link in page.links if link[0] == "attachment"]
        page.links = [link for link in page.links if link[0] != "attachment"]
    return urls


def _finish(document, pdf) -> None:
    """weasyprint finisher: refuse a PDF that would still embed a file, and
    ask viewers to print at actual size (``/PrintScaling /None``) on one
    side (``/Duplex /Simplex``: documents are one-sided pages), like every
    PDF printkit writes; in the fonts' ToUnicode maps, the no-break space's
    glyph stands for a plain space (U+0020), so the PDF's text reads,
    searches and copies "back to light" as written."""
    import pydyf

    for obj in pdf.objects:
        d = getattr(obj, "extra", obj)
        if isinstance(d, dict) and (d.get("Type") == "/EmbeddedFile" or d.get("Subtype") == "/FileAttachment"
                                    or "EmbeddedFiles" in d):
            raise PrintkitError("a document would embed a file; attachments are not allowed")
    pdf.catalog["ViewerPreferences"] = pydyf.Dictionary({"PrintScaling": "/None", "Duplex": "/Simplex"})
    for obj in pdf.objects:  # a no-break space reads, searches and copies as a space
        lines = getattr(obj, "stream", None)
        if isinstance(lines, list) and lines[:1] == [_CMAP_START]:
            obj.stream = [line[:-6] + b"<0020>" if line.endswith(b" <00a0>") else line for line in lines]


#: The first line of a ToUnicode CMap as weasyprint writes it (``weasyprint.pdf.fonts``):
#: :func:`_finish` maps the no-break space (U+00A0, :func:`keep_last_words`) to U+0020 there.
_CMAP_START = b"/CIDInit /ProcSet findresource begin"


#: Elements an SVG picture may hold (``<`` counted, closing tags not, before weasyprint
#: parses it): weasyprint builds a node of some 2 kB for each before it draws any, and a
#: 4 MB SVG of a million empty ``<g/>`` took 27 s and 2.1 GB before the drawing budget
#: (:data:`MAX_SVG_NODES`) refused it.  A detailed illustration holds a few thousand.
MAX_SVG_ELEMENTS = 40_000


def _svg_size_problem(data: bytes) -> str | None:
    """Why the picture ``data``, if it is SVG (XML), holds too many elements
    to parse (:data:`MAX_SVG_ELEMENTS`), or ``None``."""
    head = data[:4096].replace(b"\x00", b"").lstrip(b"\xef\xbb\xbf\xff\xfe \t\r\n")  # UTF-8, UTF-16
    if head[:1] != b"<":
        return None
    elements = data.count(b"<") - data.count(b"</")
    if elements > MAX_SVG_ELEMENTS:
        return (f"an SVG picture of about {elements:,} elements; at most {MAX_SVG_ELEMENTS:,} are read (simplify "
                "the picture, or use a PNG)")
    return None


@contextmanager
def _pictures_lost():
    """Collect, as (url, why), the pictures weasyprint leaves out while the
    block runs: it logs "Failed to load image" (a file it cannot parse: an
    SVG cut short, a gzipped ``.svgz``) or "Failed to render SVG image" and
    lays the document out without them — a theme's picture went missing
    from the rules reference with no word and exit 0."""
    import logging

    lost: list[tuple[str, str]] = []

    class Catch(logging.Handler):
        def emit(self, record):
            msg = str(record.msg)
            if msg.startswith(("Failed to load image", "Failed to render SVG image")) and record.args:
                exc = record.args[1] if len(record.args) > 1 else None
                cause = getattr(exc, "__cause__", None) or exc  # weasyprint's ImageLoadingError says nothing
                why = " ".join(str(cause).split())[:120] or type(cause).__name__ if cause is not None else ""
                lost.append((str(record.args[0]), why or "it does not draw"))

    handler = Catch(logging.ERROR)
    logger = logging.getLogger("weasyprint")
    logger.addHandler(handler)
    try:
        yield lost
    finally:
        logger.removeHandler(handler)


def _installed_font_refused(rendered) -> str | None:
    """Why a font the laid-out document ``rendered`` embeds may not be
    embedded, or ``None``: a theme's stylesheet may name any installed font
    (``font-family: "Some Font"``, no ``@font-face``: pango finds it through
    fontconfig), and pango falls back to installed fonts for characters the
    theme's fonts lack — those never passed the theme's font checks, so
    each font weasyprint embedded (its subset keeps the OS/2 table) is held
    to :func:`printkit.fontfiles.licence_problem`.  Raises nothing."""
    from printkit.fontfiles import licence_problem

    for font in getattr(rendered, "fonts", {}).values():
        problem = licence_problem(getattr(font, "file_content", b"") or b"")
        if problem:
            family = getattr(font, "family", "") or bytes(getattr(font, "name", b"")).decode("latin-1")
            return (f"lays text out in the installed font {show(family)} (named by the stylesheet, or found "
                    f"for a character the theme's fonts lack), {problem}")
    return None


_FETCHER = None


#: First bytes of the font files weasyprint loads for ``@font-face`` (it goes by
#: content, not by name): TrueType, OpenType/CFF, collections, WOFF and WOFF2.
_FONT_TAGS = frozenset({b"\x00\x01\x00\x00", b"true", b"OTTO", b"ttcf", b"wOFF", b"wOF2"})


def _font_problem(data: bytes) -> str | None:
    """:func:`printkit.theme.font_problem` for a font a document fetches
    (cached by content): only a TrueType font that passes every check of
    a theme's ``[fonts]`` reaches weasyprint.  A web font is refused before
    it is unpacked — weasyprint unpacked a 600 kB WOFF2 to 3.2 GB
    (fontTools' ``brotli.decompress`` has no limit) and then, the font
    being unusable, carried on without a word."""
    import hashlib

    from printkit.theme import _font_problem_cached

    return _font_problem_cached(hashlib.sha256(data).digest(), data)


def _fetcher_class():
    """The weasyprint URL fetcher class (built on first use: weasyprint is imported lazily)."""
    global _FETCHER
    if _FETCHER is not None:
        return _FETCHER
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class _Response(URLFetcherResponse):
        """The bytes read and checked here, and nothing else: weasyprint
        keeps a PNG or JPEG fetched from a ``file:`` URL by its ``path`` and
        reads that file again, whole and unchecked, when it writes the PDF
        (``LazyLocalImage``) — a file swapped meanwhile (for one outside the
        theme, or a huge one) went into the PDF, and a converted 16-bit grey
        (:func:`printkit.inputfiles.eight_bit_grey`) was never used."""

        path = None

    class ThemeFetcher(URLFetcher):
        """Serves only files of the theme (see the module docstring); records
        every refusal in ``refused`` as (url, reason)."""

        def __init__(self, theme: Theme, game: str | None = None):
            super().__init__(allowed_protocols=("file", "data"), allow_redirects=False)
            folders = list(template_folders(theme, game)) + [TEMPLATES_DIR]
            self.roots = tuple(dict.fromkeys(os.path.realpath(f) for f in folders))
            self.fonts = frozenset(os.path.realpath(f) for f in theme.font_files.values())
            self.refused: list[tuple[str, str]] = []
            self.fetched: list[str] = []  # every file read: the document cache checks them before reuse
            self.closed = False
            self.count = 0  # fetches asked for (refused ones too): at most MAX_FETCHES

        def fetch(self, url, headers=None):
            try:
                return self._fetch(url)
            except PrintkitError as exc:
                self.refused.append((url, str(exc)))
                raise

        def _fetch(self, url):
            if self.closed:
                raise PrintkitError("nothing may be fetched after layout (attachments are not allowed)")
            self.count += 1
            if self.count > MAX_FETCHES:
                raise PrintkitError(f"one document fetched more than {MAX_FETCHES:,} files (a stylesheet that "
                                    "@imports itself, directly or through others?)")
            scheme = url.split(":", 1)[0].lower() if ":" in url else ""
            if scheme == "data":
                if len(url) > MAX_DATA_URL:
                    raise PrintkitError(f"a data: URL of {len(url):,} characters; at most {MAX_DATA_URL:,}")
                # decoded here and held to the checks of the theme's files: a font or picture in a
                # data: URL went to weasyprint unchecked (a WOFF2 font, unpacked without limit)
                response = super().fetch(url)
                try:
                    data = response.read(MAX_DATA_URL + 1)
                    mime = response.headers.get_content_type()
                finally:
                    response.close()
                kind = ("font" if data[:4] in _FONT_TAGS or mime.startswith("font/") or "font" in mime
                        else "image" if mime.startswith("image/") else "template")
                return self._checked(url, "in a data: URL", data, kind, mime)
            if scheme != "file":
                raise PrintkitError("only files inside the theme folder may be used "
                                    "(no http, https or other URLs)")
            parts = urllib.parse.urlsplit(url)
            if parts.netloc not in ("", "localhost"):
                raise PrintkitError("only local files inside the theme folder may be used")
            path = urllib.request.url2pathname(parts.path)
            real = os.path.realpath(path)
            inside = any(os.path.commonpath([root, real]) == root for root in self.roots)
            if not inside and real not in self.fonts:
                raise PrintkitError("the file is outside the theme folder")
            suffix = os.path.splitext(real)[1].lower()
            kind = ("font" if suffix in (".ttf", ".otf", ".woff", ".woff2", ".ttc") or real in self.fonts
                    else "image" if suffix in (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".bmp")
                    else "template")
            data = read_bytes(real, kind=kind)
            self.fetched.append(real)
            mime = mimetypes.guess_type(path)[0] or "application/octet-stream"
            return self._checked(url, repr(os.path.basename(real)), data, kind, mime)

        def _checked(self, url, name, data, kind, mime):
            """The response for the fetched bytes ``data`` (``name`` for
            messages) once they pass the checks of their ``kind``."""
            if kind == "font" or data[:4] in _FONT_TAGS:  # whatever its name: weasyprint sniffs fonts by content
                problem = _font_problem(data)
                if problem:
                    raise PrintkitError(f"font {name} is {problem}")
            if kind == "image":  # bounded before weasyprint decodes it
                too_big = image_size_problem(data) or _svg_size_problem(data)
                if too_big:
                    raise PrintkitError(f"image {name} is {too_big}")
                damaged = image_decode_problem(data)
                if damaged:
                    raise PrintkitError(f"image {name} is {damaged}")
            grey = eight_bit_grey(data) if kind == "image" else None
            if grey is not None:  # a 16-bit grey PNG: weasyprint drew it black
                data, mime = grey, "image/png"
            return _Response(url, data, {"Content-Type": mime})

    _FETCHER = ThemeFetcher
    return _FETCHER


#: Tightening steps :func:`render_fitted` tries (the templates' ``fit-1``, ``fit-2`` body classes).
FIT_STEPS = 2


def render_fitted(template: str, context: Mapping[str, Any], theme: Theme, paper: Paper, pages: int = 1) -> bytes:
    """:func:`render_document`, tightened until it fits ``pages`` pages:
    the template sees ``fit`` = 0, then 1, 2 (``_layout.html.j2`` adds the
    body class ``fit-1`` / ``fit-2``, which the template's CSS uses to close
    up spacing and type), so a page laid out for A4 fits Letter's 17.6 mm
    less height.  The last step is returned whatever its length, and then
    never silently: a line is added to :data:`LAYOUT_NOTES`, which
    the build prints as a note (a theme's wide font or large type scale, or
    a printer margin wider than the default 5 mm, pushing a one-page
    reference to two pages)."""
    for fit in range(FIT_STEPS + 1):
        pdf = render_document(template, {**context, "fit": fit}, theme, paper,
                              max_pages=pages if fit < FIT_STEPS else None)
        if pdf is not None:
            if fit == FIT_STEPS:
                from printkit.pdf import page_count

                n = page_count(pdf)
                if n > pages:
                    wide = paper.wide_margin  # the page margins grow with it (base.css)
                    LAYOUT_NOTES.append(
                        f"{template.removesuffix('.html.j2')}: {n} pages, laid out for {pages} — "
                        + (f"the {to_mm(paper.margin):g} mm printer margin and " if wide else "")
                        + f"the theme {theme.name!r} (its fonts or [type] scale) take"
                        + ("" if wide else "s") + " more room than the page has; "
                        + ("a narrower printer margin, " if wide else "")
                        + "a narrower font or a smaller [type] scale keeps it to "
                        + ("one page" if pages == 1 else f"{pages} pages"))
            return pdf
    raise AssertionError("unreachable: the last step always writes")


#: Documents :func:`render_fitted` could not fit in their pages, documents whose theme sets
#: page margins inside the printer margin (:func:`_note_narrow`), and boards a wide printer
#: margin tiles on more pages (:func:`printkit.gamekit.parts.board`), one line each, since
#: the caller last emptied the list (:func:`printkit.build.render_part` turns them into notes).
LAYOUT_NOTES: list[str] = []
