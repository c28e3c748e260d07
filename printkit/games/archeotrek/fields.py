"""Fillable Dig Site sheets: form fields from the sheet geometry, and back.

Writing: :func:`sheet_fields` lists the :class:`~printkit.render.forms.FieldSpec` s
of one player's sheet, every rect taken from
:class:`~printkit.games.archeotrek.sheet.SheetGeometry` (the single source of
positions).  Names, for player ``N`` (1-based, unique in a kit):

==========================  ==========  =========================================
``pN.name``                 text        the player's name
``pN.circle.<id>``          text        the value written in circle ``<id>``
``pN.area.<id>``            text        Digging Area letter in the circle's tab
``pN.choice.<line>.<k>``    checkbox    Choices box ``k`` (1-based) of ``<line>``
``pN.bones.<letter>``       text        Bone tokens kept for area ``<letter>``
``pN.score.<key>``          text        the Close the Dig Site boxes (not read)
==========================  ==========  =========================================

Reading: :func:`game_dict_from_pdfs` turns filled sheets (one file per player,
a kit with several players, or sheets merged by any tool) into the filled-game
structure of ``docs/formats/archeotrek-game.md``, for
:func:`~printkit.games.archeotrek.game.game_from_dict`.  It parses leniently but
never silently: what it cannot read as the format's types is passed through
raw (``"7a"`` stays text) so the validator reports it with the same problem
codes as a TOML file.
"""

from __future__ import annotations

import io
import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable

from printkit.gamekit import (LARGE_PRINT_PT, MAX_DIGITS, MAX_FORM_PAGES, MAX_FORM_WIDGETS, FieldSpec, NoSheets,
                              PrintkitError, clip, mm, pdf_count_problem, quiet_pypdf, read_bytes)
from printkit.games.archeotrek.data import CHOICE_LINES
from printkit.games.archeotrek.game import GAME_ID, Game, game_from_dict
from printkit.games.archeotrek.sheet import SCORE_BOXES, SheetGeometry

CIRCLE_PT = 22.0     # typed circle values
AREA_PT = 10.0       # area letter in a circle's tab
NAME_PT = 12.0
BONES_PT = 9.0
SCORE_PT = 15.0
#: Width kept free for the printed "Name" label in front of the name line.
NAME_LABEL = mm(11)
#: The same in large print: "Name" at 11 pt is 9.5 mm, then the 2 mm gap of the sheet.
LARGE_NAME_LABEL = mm(13)

_FIELD = re.compile(r"p(\d+)\.(name|circle|area|choice|bones|score)(?:\.(.+))?")
_TOKEN = re.compile(r"([a-z]+)\s*-\s*(\d+)")
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-", "‐": "-", "‑": "-"})


def sheet_fields(g: SheetGeometry, player: int) -> list[FieldSpec]:
    """The form fields of player ``player``'s sheet laid out as ``g``.

    Rects are in the sheet's trim coordinates (pt).  Circle values are
    centred a little below the circle's centre (the circle's label sits at
    the top), 2 characters; area letters centred in the tab; ticks fill the
    Choices boxes.  On a large-print sheet (``g.large``) every typed text is
    at least :data:`~printkit.gamekit.LARGE_PRINT_PT` pt.
    """
    p = f"p{player}"
    # large print (g.large): typed values at least LARGE_PRINT_PT too, the name after the larger label
    least = LARGE_PRINT_PT if g.large else 0.0
    label = LARGE_NAME_LABEL if g.large else NAME_LABEL
    out: list[FieldSpec] = []
    n = g.name_rect
    out.append(FieldSpec(f"{p}.name", "text", (n.x + label, n.y + mm(0.9), n.w - label, mm(5.6)),
                         NAME_PT, 40, "left", f"Player {player}: name"))
    for cid, spot in g.circles.items():
        (cx, cy), r = spot.centre, spot.radius
        out.append(FieldSpec(f"{p}.circle.{cid}", "text", (cx - 0.72 * r, cy - 0.78 * r, 1.44 * r, 1.16 * r),
                             min(CIRCLE_PT, r * 0.86), 2, "centre", f"Circle {cid}: value written"))
        lr = spot.letter_rect
        out.append(FieldSpec(f"{p}.area.{cid}", "text", tuple(lr), max(least, min(AREA_PT, lr.h * 0.7)), 2, "centre",
                             f"Circle {cid}: Digging Area letter"))
    for box in g.choices:
        out.append(FieldSpec(f"{p}.choice.{box.line}.{box.index + 1}", "checkbox", tuple(box.rect),
                             tooltip=f"Choices {box.line}: box {box.index + 1}"))
    for row in g.areas:
        tr = row.tokens_rect
        out.append(FieldSpec(f"{p}.bones.{row.letter}", "text", (tr.x + mm(1), tr.y + mm(0.5), tr.w - mm(1.5), tr.h - mm(1)),
                             max(least, min(BONES_PT, tr.h * 0.5)), 60, "left",
                             f"Area {row.letter}: Bone tokens kept, e.g. blue-4, green-7"))
    for key, caption in SCORE_BOXES:
        r = g.score[key]
        out.append(FieldSpec(f"{p}.score.{key}", "text", tuple(r.inset(mm(0.8))), SCORE_PT, 4, "centre",
                             f"{caption} (printkit score computes it)"))
    return out


# --------------------------------------------------------------------------- reading


@dataclass
class _Sheet:
    """The raw field values of one player's sheet in one file."""

    source: str
    prefix: str
    name: str = ""
    circles: dict[str, str] = field(default_factory=dict)
    areas: dict[str, str] = field(default_factory=dict)
    ticks: dict[str, int] = field(default_factory=dict)
    bones: dict[str, str] = field(default_factory=dict)
    table_letters: list[str] = field(default_factory=list)
    circle_order: list[str] = field(default_factory=list)
    touched: bool = False

    def filled(self) -> bool:
        return self.touched


def _text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, bytes):
        return v.decode("latin-1")
    return str(v)


def _field_text(raw: Any, full: str, path: Path) -> str:
    """The text of the field ``full``'s value ``raw`` (a PDF string, or a
    number some tools write, or a text stream), or ``""`` when it has none.  Raises
    :class:`printkit.PrintkitError` naming the file and field for a value
    that is no text (a dictionary, an array: a damaged or forged
    sheet — its Python form would carry object addresses into the game
    file).  Long text is kept: the validator reports it (a problem code
    naming the player), export-game writes it as read."""
    if raw is None:
        return ""
    from pypdf.generic import StreamObject, create_string_object

    if isinstance(raw, StreamObject):  # a "text stream" (PDF 32000-1, 12.7.4.3): the text is its data
        return str(create_string_object(raw.get_data()))
    if isinstance(raw, bool) or not isinstance(raw, (str, bytes, int, float)):
        raise PrintkitError(f"{_name(path)}: field {clip(full, 80)}: its value is {_pdf_kind(raw)}, not text; "
                            "the sheet is damaged (fill it again in a PDF viewer)")
    return _text(raw)


def _pdf_kind(v: Any) -> str:
    """What a PDF object is, in words (for messages)."""
    from pypdf.generic import ArrayObject, DictionaryObject, StreamObject

    if isinstance(v, StreamObject):
        return "a stream"
    if isinstance(v, DictionaryObject):
        return "a dictionary"
    if isinstance(v, ArrayObject):
        return "an array"
    if isinstance(v, bool):
        return "a boolean"
    return f"a {type(v).__name__.removesuffix('Object').lower() or 'PDF object'}"


def is_on(v: Any) -> bool:
    """True for a ticked checkbox value: any name or text but ``Off``
    (viewers write ``/Yes``, ``/On``, ``/1`` …)."""
    if v is None:
        return False
    s = str(v).lstrip("/").strip()
    return s not in ("", "Off", "off", "OFF", "false", "False", "0")


def _name(path: Path) -> str:
    """A PDF's path as shown in a message (bounded)."""
    return clip(str(path), 160)


def _open(path: Path):
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    data = read_bytes(path, kind="pdf")  # regular files only, at most 64 MB: one line otherwise
    too_many = pdf_count_problem(data, "filled sheet")  # before pypdf walks every object or revision
    if too_many:
        raise PrintkitError(f"{_name(path)}: {too_many}: give the filled sheets only")
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            try:
                ok = reader.decrypt("")
            except Exception:  # noqa: BLE001 - missing crypto backend, bad encryption dict
                ok = 0
            if not ok:
                raise PrintkitError(
                    f"{_name(path)}: the PDF is password-protected; save an unprotected copy of the filled sheet"
                )
        declared = reader.trailer["/Root"]["/Pages"].get("/Count")  # before pypdf lists every page
        pages = len(reader.pages) if not (isinstance(declared, int) and declared > MAX_FORM_PAGES) else declared
        if pages > MAX_FORM_PAGES:
            raise PrintkitError(f"{_name(path)}: {pages:,} pages; filled sheets are a few pages (at most "
                                f"{MAX_FORM_PAGES:,} are read): is this the right file?")
    except PrintkitError:
        raise
    except NotImplementedError as exc:  # pypdf: an encryption handler, version or method it lacks
        raise _unsupported_encryption(path, exc) from None
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
        raise _inflated(path, exc) or PrintkitError(f"{_name(path)}: not a readable PDF ({clip(exc, 200)})") from None
    return reader


def _inflated(path: Path, exc: Exception) -> PrintkitError | None:
    """The one line for a stream stopped at :data:`MAX_SHEET_STREAM`
    (pypdf's ``LimitReachedError`` while decompressing), else ``None``."""
    if type(exc).__name__ != "LimitReachedError" or "decompress" not in str(exc).lower():
        return None
    return PrintkitError(f"{_name(path)}: a compressed stream inflates past {MAX_SHEET_STREAM // (1 << 20)} MB "
                         "(a decompression bomb: a filled sheet's fields take a few kB); give the filled sheets only")


def _unsupported_encryption(path: Path, exc: Exception) -> PrintkitError:
    return PrintkitError(f"{_name(path)}: the PDF is encrypted with a method printkit cannot open "
                         f"({clip(exc, 120)}); save an unprotected copy of the filled sheet")


def _count_widgets(n: int, path: Path, page_no: int, budget: list[int]) -> None:
    """Add ``n`` annotations to ``budget`` (widgets read so far, all files);
    past :data:`printkit.inputfiles.MAX_FORM_WIDGETS` raise, before any is
    parsed (a sheet has about a hundred)."""
    budget[0] += n
    if budget[0] > MAX_FORM_WIDGETS:
        raise PrintkitError(f"{_name(path)}: page {page_no + 1} takes the form widgets read past "
                            f"{MAX_FORM_WIDGETS:,} (a Dig Site sheet has about 100); give the filled sheets only")


def _widgets(reader, path: Path, budget: list[int] | None = None) -> Iterable[tuple[str, Any, Any]]:
    """(full name, terminal field dict, sheet key) of every widget on every
    page, in page order — read from the pages, not ``/AcroForm``, so sheets
    merged without it (``add_page``) or with clashing names keep every value.
    The sheet key is the top-level field (``pN``) object, or, for widgets
    whose ``/Parent`` was dropped, the page and the ``/TM`` name's prefix."""
    for page_no, page in enumerate(reader.pages):
        annots = page.get("/Annots")
        if annots is None:
            continue
        annots = annots.get_object()
        _count_widgets(len(annots) if isinstance(annots, list) else 1, path, page_no,
                       budget if budget is not None else [0])
        for a in annots:
            w = a.get_object()
            if w.get("/Subtype") != "/Widget":
                continue
            node, parts, top = w, [], w
            term = None
            seen = 0
            while node is not None and seen < 32:
                if "/T" in node:
                    parts.append(_text(node["/T"]))
                    if term is None:
                        term = node
                top = node
                par = node.get("/Parent")
                node = par.get_object() if par is not None else None
                seen += 1
            if term is None and "/TM" not in w:
                continue
            if top is w and "/TM" in w:
                # orphaned widget (pages copied without the hierarchy): its export name is the full name
                full = _text(w["/TM"])
                yield full, w, ("page", page_no, full.partition(".")[0])
                continue
            ref = getattr(top, "indirect_reference", None)
            yield ".".join(reversed(parts)), term, (ref.idnum, ref.generation) if ref else id(top)


def _value(term) -> Any:
    node, seen = term, 0
    while node is not None and seen < 32:
        if "/V" in node:
            return node["/V"]
        par = node.get("/Parent")
        node = par.get_object() if par is not None else None
        seen += 1
    return None


def read_sheets(paths: Iterable[str | Path]) -> list[_Sheet]:
    """Every player's sheet found in ``paths``, in file and page order
    (filled or not).  Raises :class:`printkit.PrintkitError` for an unreadable,
    damaged or encrypted PDF; once every file is read,
    :class:`printkit.scoring.NoSheets` naming those without Dig Site fields
    (token sheets of the kit, sheets built without ``--fillable``)."""
    sheets: list[_Sheet] = []
    without: list[Path] = []
    budget = [0]  # form widgets read over every file
    with quiet_pypdf():
        for path in map(Path, paths):
            found = _read_file(path, budget)
            sheets.extend(found)
            if not found:
                without.append(path)
    if without:
        hint = "build fillable sheets with 'printkit build archeotrek --fillable'"
        raise NoSheets(f"{clip(', '.join(_name(p) for p in without), 160)}: no Dig Site form fields ({hint})",
                       paths=without, sheets="Dig Site sheets", hint=hint)
    return sheets


#: Most bytes one stream of a filled sheet may decompress to while its fields
#: are read (pypdf's own cap is 75 MB): the object streams a viewer saves fields
#: in hold a few kB per sheet, so a value inflated past this is a bomb — read,
#: it cost pypdf 10 s and 1.4 GB for a 275 kB file.
MAX_SHEET_STREAM = 8 * 1024 * 1024


@contextmanager
def _bounded_streams():
    """pypdf's decompression caps lowered to :data:`MAX_SHEET_STREAM` while
    a sheet is read (pypdf ≥ 6's ``apply_configuration``; older pypdf keeps
    its own 75 MB caps)."""
    import pypdf

    apply = getattr(pypdf, "apply_configuration", None)
    if apply is None:  # pragma: no cover - pypdf < 6
        yield
        return
    caps = {k: MAX_SHEET_STREAM for k in ("zlib_maximum_output_length", "lzw_maximum_output_length",
                                          "run_length_maximum_output_length", "brotli_maximum_output_length",
                                          "array_based_stream_maximum_output_length", "jbig2_maximum_output_length")
            if hasattr(pypdf.Configuration, k)}
    with apply(**caps):
        yield


def _read_file(path: Path, budget: list[int] | None = None) -> list[_Sheet]:
    with _bounded_streams():
        return _read_bounded(path, budget)


def _read_bounded(path: Path, budget: list[int] | None) -> list[_Sheet]:
    reader = _open(path)
    try:
        return _sheets_of(reader, path, budget)
    except PrintkitError:
        raise
    except NotImplementedError as exc:  # an object encrypted with a method pypdf lacks, met while reading
        raise _unsupported_encryption(path, exc) from None
    except Exception as exc:  # noqa: BLE001 - a damaged object tree
        raise _inflated(path, exc) or PrintkitError(f"{_name(path)}: damaged form fields ({type(exc).__name__}: {clip(exc, 200)})") from None


def _sheets_of(reader, path: Path, budget: list[int] | None = None) -> list[_Sheet]:
    sheets: list[_Sheet] = []
    by_top: dict[Any, _Sheet] = {}
    for full, term, top in _widgets(reader, path, budget):
        m = _FIELD.fullmatch(full)
        if not m:
            continue
        prefix, kind, rest = f"p{m.group(1)}", m.group(2), m.group(3) or ""
        sh = by_top.get(top)
        if sh is None:
            sh = by_top[top] = _Sheet(str(path), prefix)
            sheets.append(sh)
        raw = _value(term)
        if kind == "choice":
            if raw is not None and not isinstance(raw, (str, bytes)):
                _field_text(raw, full, path)  # no name or text: refused, one line
            line = rest.split(".")[0]
            on = is_on(raw) or (raw is None and is_on(term.get("/AS")))
            sh.ticks[line] = sh.ticks.get(line, 0) + int(on)
            sh.touched |= on
            continue
        text = _field_text(raw, full, path).strip()
        if kind == "bones":
            sh.table_letters.append(rest)
        if kind == "circle":
            sh.circle_order.append(rest)
        if not text:
            continue
        if kind == "score":
            continue  # written by hand; printkit computes the score itself
        sh.touched = True
        if kind == "name":
            sh.name = text
        elif kind == "circle":
            sh.circles[rest] = text
        elif kind == "area":
            sh.areas[rest] = text
        elif kind == "bones":
            sh.bones[rest] = text
    return sheets  # empty: no Dig Site fields in this file


def _circle_value(text: str) -> int | str:
    """A circle's text as a whole number when it is one Python converts
    (at most :data:`~printkit.inputfiles.MAX_DIGITS` digits; the validator
    reports one beyond 64 bits), else the text as written (a ``wrong-type``
    problem, its value shortened in the message)."""
    t = text.translate(_DASHES).replace(" ", "")
    if len(t) <= MAX_DIGITS and re.fullmatch(r"[+-]?\d+", t):
        return int(t)
    return text


def parse_tokens(text: str) -> list[str]:
    """Bone tokens written in a Digging Areas row → ``"<colour>-<value>"`` ids.

    Separators: commas, semicolons, new lines, or spaces between whole tokens;
    case, spaces around the dash and en/em dashes are forgiven
    (``"Blue – 4"`` → ``"blue-4"``).  Anything else is kept as written
    (``"green 7"``) so the validator reports it as an unknown token."""
    out: list[str] = []
    for piece in re.split(r"[,;\n]+", text):
        piece = " ".join(piece.translate(_DASHES).split())
        if not piece:
            continue
        low = piece.lower()
        whole = _TOKEN.fullmatch(low)
        if whole:
            out.append(f"{whole.group(1)}-{_number(whole.group(2))}")
            continue
        parts = low.split(" ")
        if len(parts) > 1 and all(re.fullmatch(r"[a-z]+-\d+", q) for q in parts):
            out.extend(f"{q.split('-')[0]}-{_number(q.split('-')[1])}" for q in parts)
            continue
        out.append(piece)
    return out


def _number(digits: str) -> str:
    """``"04"`` → ``"4"``; a digit string too long to convert loses only its
    leading zeros (it is no token anyway: the validator says so, shortened)."""
    return str(int(digits)) if len(digits) <= MAX_DIGITS else digits.lstrip("0") or "0"


def _area_key(letter: str) -> str:
    return " ".join(letter.split()).upper()


def player_dict(sh: _Sheet) -> dict[str, Any]:
    """One sheet as a ``[[player]]`` table of the filled-game format."""
    p: dict[str, Any] = {}
    if sh.name:
        p["name"] = sh.name
    p["choices"] = {line: sh.ticks.get(line, 0) for line in CHOICE_LINES}
    order = {c: i for i, c in enumerate(sh.circle_order)}
    p["circles"] = {c: _circle_value(v) for c, v in sorted(sh.circles.items(), key=lambda kv: order.get(kv[0], 0))}
    members: dict[str, list[str]] = {}
    for cid in sorted(sh.areas, key=lambda c: order.get(c, 0)):
        members.setdefault(_area_key(sh.areas[cid]), []).append(cid)
    kept = {_area_key(k): v for k, v in sh.bones.items()}
    rank = {_area_key(letter): i for i, letter in enumerate(sh.table_letters)}
    letters = sorted(set(members) | set(kept), key=lambda k: (rank.get(k, len(rank)), k))
    areas = [{"circles": members.get(k, []), "bones": parse_tokens(kept.get(k, ""))} for k in letters]
    if areas:
        p["area"] = areas
    return p


def game_dict_from_pdfs(paths: Iterable[str | Path]) -> dict[str, Any]:
    """Filled Dig Site PDFs → the filled-game dict for :func:`game_from_dict`.

    ``paths``: one filled sheet per player, or a kit / merged PDF holding
    several players (``p1`` … ``pN``); players come in file and page order.
    A sheet with nothing written (an unused player's page of a kit) is
    skipped.  Circles sharing an area letter form one Digging Area (in the
    order of the Digging Areas table), its Bone tokens from that letter's row;
    Choices ticks are counted per line.  Raises :class:`printkit.PrintkitError`
    for an unreadable, damaged or encrypted PDF.
    """
    sheets = [s for s in read_sheets(paths) if s.filled()]
    return {"game": GAME_ID, "player": [player_dict(s) for s in sheets]}


def load_pdf_game(paths: Iterable[str | Path], rules=None) -> Game:
    """Filled Dig Site PDFs → a :class:`~printkit.games.archeotrek.game.Game`
    (scored exactly as the same structure in a TOML file); ``rules``: an
    :class:`~printkit.games.archeotrek.data.ArcheoTrekRules` (default: bundled)."""
    paths = [Path(p) for p in paths]
    game = game_from_dict(game_dict_from_pdfs(paths), source=", ".join(str(p) for p in paths), rules=rules)
    game.problems = [
        replace(p, message="no Dig Site sheet has anything written on it: nothing to score")
        if p.code == "no-players" else p
        for p in game.problems
    ]
    return game


def export_toml(paths: Iterable[str | Path]) -> str:
    """Filled Dig Site PDFs as a TOML filled-game file (fix typos, rescore)."""
    from printkit.gamekit import dumps_toml

    paths = [Path(p) for p in paths]
    data = game_dict_from_pdfs(paths)
    if not data.get("player"):
        raise PrintkitError(f"{', '.join(p.name for p in paths)}: no Dig Site sheet has anything written on it")
    return dumps_toml(
        data,
        comment="ArchéoTREK game read by printkit from " + ", ".join(p.name for p in paths),
    )
