"""A buyer's look at the printed pieces (session 39): what a player holding the
printed kit met, each fixed and measured here on the PDF we write (pdfplumber
geometry of the characters), never on the code's own numbers.
"""

from __future__ import annotations

import functools
import hashlib
import io
import re

import pdfplumber
import pytest

from printkit.build import BuildOptions
from printkit.paper import get_paper
from printkit.theme import load_theme
from printkit.units import mm

THEMES = ("classic", "inksaver", "highcontrast")


def _slow_unless(fast, *combos):
    """``combos`` (tuples of parameters) as pytest params, every one not in
    ``fast`` marked slow: the default run keeps a few, the full run has all."""
    return [c if c in fast else pytest.param(*c, marks=pytest.mark.slow) for c in combos]


#: Piece tests: classic in the default run, the other themes in the full run.
PIECE_THEMES = [t if t == "classic" else pytest.param(t, marks=pytest.mark.slow) for t in THEMES]


# -- the Archaeology high-score log: room to write the winner's money ----------------------

#: Room (pt) a written amount needs right of its "$": three handwritten digits, 12 mm.
AMOUNT_ROOM = mm(12)


@pytest.fixture(scope="module")
def archaeology_rules():
    from printkit.games.archaeology.data import load_rules

    return load_rules()


@pytest.mark.parametrize("theme_name,paper", _slow_unless({("classic", "a4"), ("highcontrast", "letter")},
                                                          *[(t, p) for t in THEMES for p in ("a4", "letter")]))
def test_high_score_log_leaves_room_for_the_money_after_each_dollar(archaeology_rules, theme_name, paper):
    """Each row's "$" starts the money column under its header's "$" and has
    12 mm of blank row to its right for the amount.  Before the fix the rows'
    "$" were right-aligned: 2.6 pt from the row's end (no room to write after
    it) and 47 pt right of the column's header."""
    from printkit.games.archaeology.kit import highscore_pdf

    data = highscore_pdf(archaeology_rules, BuildOptions(paper=get_paper(paper), theme=load_theme(theme_name)))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        winner = next(w for w in words if w["text"].lower() == "winner")
        header = [c for c in page.chars if c["text"] == "$" and abs(c["top"] - winner["top"]) < 2]
        assert len(header) == 1, header
        head = header[0]
        rows = [c for c in page.chars if c["text"] == "$" and c["top"] > winner["bottom"] + 2]
        assert len(rows) >= 10, len(rows)
        row_end = max(e["x1"] for e in page.lines + page.rects if e["top"] > winner["top"])
        for c in rows:
            assert abs(c["x0"] - head["x0"]) <= 1.0, (theme_name, paper, c["x0"], head["x0"])
            assert row_end - c["x1"] >= AMOUNT_ROOM, (theme_name, paper, round(row_end - c["x1"], 1))
        # the same page's command to type stays on one line
        command = "printkit score archaeology FILE".split()
        found = [w for w in words if w["text"].rstrip(".") in command[1:] or w["text"] == command[0]]
        tops = {round(w["top"]) for w in found if w["text"].rstrip(".") in command}
        assert len(tops) == 1, (theme_name, paper, [(w["text"], round(w["top"])) for w in found])


# -- card, tile and aid texts never end a block on a lone word ------------------------------

#: The parts whose pieces carry wrapped texts (rules, notes, conditions, ratings).
WRAPPED_PARTS = {"archaeology": ("cards",), "archaeologia": ("cards", "player-aids", "pieces"),
                 "archeo": ("shovel-cards", "tiles")}


def _piece_lines(page, places) -> dict[int, list[dict]]:
    """Per piece (index into ``places``), its lines of text as pdfplumber reads
    them: words on one baseline in one font and size, split where the gap is
    wider than 0.6 em; each {bottom, font, size, x0, x1, words}."""
    H = float(page.height)
    by: dict[tuple, list] = {}
    for w in page.extract_words(extra_attrs=["size", "fontname"]):
        if not w["upright"]:
            continue
        cx, cy = (w["x0"] + w["x1"]) / 2, H - (w["top"] + w["bottom"]) / 2
        k = next((i for i, q in enumerate(places) if q.x <= cx <= q.x + q.component.width
                  and q.y <= cy <= q.y + q.component.height), None)
        if k is not None:
            by.setdefault((k, round(w["bottom"], 1), w["fontname"], round(w["size"], 2)), []).append(w)
    out: dict[int, list[dict]] = {}
    for (k, bottom, font, size), words in by.items():
        run: list = []
        for w in sorted(words, key=lambda w: w["x0"]) + [None]:
            if run and (w is None or w["x0"] - run[-1]["x1"] > 0.6 * size):
                out.setdefault(k, []).append({"bottom": bottom, "font": font, "size": size, "x0": run[0]["x0"],
                                              "x1": run[-1]["x1"], "words": [r["text"] for r in run]})
                run = []
            if w is not None:
                run.append(w)
    return out


def _next_line(line: dict, lines: list[dict]) -> dict | None:
    """The line under ``line`` in its block: same font and size, 0.9–1.6 em
    lower, on the same centre (centred text) or the same left edge."""
    for b in lines:
        if (b["font"] == line["font"] and b["size"] == line["size"]
                and 0.9 * line["size"] <= b["bottom"] - line["bottom"] <= 1.6 * line["size"]
                and (abs((b["x0"] + b["x1"]) / 2 - (line["x0"] + line["x1"]) / 2) < 1.5
                     or abs(b["x0"] - line["x0"]) < 1.5)):
            return b
    return None


#: (SHA-1 of a set's PDF, its pages' placements) → :func:`_set_lines`' result: the lines of a
#: set are read once for :func:`lone_last_words` and :func:`counts_left_behind` (the two piece
#: tests of a theme read the same six sets).
_SET_LINES: dict[tuple[bytes, int], list] = {}


def _set_lines(data: bytes, pages) -> list[tuple[list, dict[int, list[dict]]]]:
    """(placements, :func:`_piece_lines`) of each page of ``data`` (a set's PDF,
    read from its text-only copy) with ``pages`` (each page's placements);
    read once per PDF and placements in the module."""
    from conftest import text_only_pdf

    key = (hashlib.sha1(data).digest(), id(pages))
    if key not in _SET_LINES:
        with pdfplumber.open(io.BytesIO(text_only_pdf(data))) as pdf:
            _SET_LINES[key] = [(places, _piece_lines(page, places)) for page, places in zip(pdf.pages, pages)]
    return _SET_LINES[key]


def lone_last_words(data: bytes, pages) -> list[tuple[str, str, str]]:
    """(piece, lone word, end of the line above) for every block of two or
    more lines on a piece whose last line is one word under a line of three or
    more — read from ``data`` (a set's PDF) with each page's placements."""
    found = []
    for places, by_piece in _set_lines(data, pages):
        for k, lines in by_piece.items():
            for a in lines:
                b = _next_line(a, lines)
                if b is None or _next_line(b, lines) is not None:
                    continue
                if len(b["words"]) == 1 and len(a["words"]) >= 3:
                    found.append((places[k].component.name, b["words"][0], " ".join(a["words"][-3:])))
    return found


def counts_left_behind(data: bytes, pages) -> list[tuple[str, str, str]]:
    """(piece, end of a line, first word of the next) for every line on a
    piece ending with a bare count or amount ("3", "$5") whose block goes on
    with a line starting in lower case — the count's noun ("take 1 /
    treasure") —, and for every line starting with a count in brackets whose
    name ends the line above ("Diplodocus / (3)"), read from ``data`` (a
    set's PDF) with each page's placements."""
    found = []
    for places, by_piece in _set_lines(data, pages):
        for k, lines in by_piece.items():
            for a in lines:
                b = _next_line(a, lines)
                if b is None:
                    continue
                if ((re.fullmatch(r"\$?\d+", a["words"][-1]) and b["words"][0][:1].islower())
                        or re.fullmatch(r"\(\d+\)[.,;:]?", b["words"][0])):
                    found.append((places[k].component.name, " ".join(a["words"][-3:]), b["words"][0]))
    return found


def _wrapped_parts(theme_name: str):
    """(part, its set's PDF, its pages' placements) of each part of
    :data:`WRAPPED_PARTS`, drawn in ``theme_name`` on A4."""
    from test_safe_zone import _pages

    from printkit.registry import get_game
    from printkit.render.sheets import render_set

    opts = BuildOptions(paper=get_paper("a4"), theme=load_theme(theme_name), bleed=mm(3))
    out = []
    for game_id, names in WRAPPED_PARTS.items():
        for part in get_game(game_id).parts(opts):
            if part.name not in names or part.components is None:
                continue
            sheets: list = []
            data, _ = render_set(part.components, paper=opts.paper, theme=opts.theme, bleed=opts.bleed,
                                 sheets_out=sheets)
            out.append((f"{game_id}/{part.name}", data, _pages(sheets)))
    assert len(out) == 6, [name for name, _, _ in out]
    return out


@pytest.fixture(scope="module")
def wrapped_parts():
    """theme name → :func:`_wrapped_parts`, drawn once per theme for the module."""
    made: dict[str, list] = {}

    def get(theme_name: str):
        if theme_name not in made:
            made[theme_name] = _wrapped_parts(theme_name)
        return made[theme_name]
    return get


@pytest.mark.parametrize("theme_name", PIECE_THEMES)
def test_piece_texts_keep_each_count_with_its_noun(wrapped_parts, theme_name):
    """A count or amount on a card, tile or aid stays on the line of the word
    it counts (``wrap_lines``).  Before the fix: the thieves' "take 1 /
    treasure", the master thief's "take 3 / treasure", the chests' "discard
    3 / keys", the Archéo rating "all 10 / stars." (highcontrast: "$1 / to",
    "25 / coins", "3 / different"); the Archaeologia player aid's back
    "Diplodocus / (3)" (a count in brackets, fixed in session 39)."""
    found = [f for _, data, pages in wrapped_parts(theme_name) for f in counts_left_behind(data, pages)]
    assert not found, f"{theme_name}: a count at a line's end, its noun below (piece, line end, next): {sorted(set(found))}"


@pytest.mark.parametrize("theme_name", PIECE_THEMES)
def test_piece_texts_do_not_end_on_a_lone_word(wrapped_parts, theme_name):
    """Every wrapped text on a card, tile, token or player aid of the three
    card-and-tile games ends on a line of two or more words (printkit's
    ``wrap_lines``: the same number of lines, rebalanced).  Before the fix:
    the thieves' "With 2 players: leave this card out of the / game", the
    objective "… with another player's / tiles.", the STRIKE, DETOUR, NEW
    LEAD, … event cards, the player aid's "… not under the / RAIN." and the
    Archéo rating "… amazing / paleontologists!" (classic: 10, highcontrast: 13)."""
    found = [f for _, data, pages in wrapped_parts(theme_name) for f in lone_last_words(data, pages)]
    assert not found, f"{theme_name}: a block ending on a lone word (piece, word, line above): {sorted(set(found))}"


# -- the rules references: a price with its name, a sum with its result ---------------------

def _split_pairs(page, first, second) -> list[str]:
    """"a / b" for each word matching ``first`` followed, in the order the
    PDF draws the text (the document's order: pdfplumber's text flow), by one
    matching ``second`` on another line (predicates on the word's text)."""
    words = page.extract_words(use_text_flow=True)
    return [f"{a['text']} / {b['text']}" for a, b in zip(words, words[1:])
            if first(a["text"]) and second(b["text"]) and abs(a["top"] - b["top"]) > 2]


@functools.lru_cache(maxsize=None)
def _reference(game_id: str, theme_name: str, paper: str, name: str = "rules-reference") -> bytes:
    """A game's rules reference (or its document part ``name``) as the kit
    prints it (the part's document), rendered once for the module."""
    from printkit.registry import get_game

    opts = BuildOptions(paper=get_paper(paper), theme=load_theme(theme_name), bleed=mm(3))
    part = next(p for p in get_game(game_id).parts(opts) if p.name == name)
    return part.document()


def _is_number(text: str) -> bool:
    return text.rstrip(".,;)").lstrip("$(").isdigit()


PAPERS = ("a4", "letter", "universal")
#: (theme, paper) of the documents' tests: three in the default run, all nine in the full run.
DOC_CASES = _slow_unless({("classic", "a4"), ("classic", "letter"), ("highcontrast", "a4")},
                         *[(t, p) for t in THEMES for p in PAPERS])


@pytest.mark.parametrize("theme_name,paper", DOC_CASES)
def test_tool_hut_prices_stay_with_their_tools(theme_name, paper):
    """Archaeologia's rules reference: each tool and rental keeps its price on
    its line (before the fix "… the rest of the game: TENT / 2." in every
    theme on A4)."""
    from printkit.games.archaeologia.data import load_rules

    rules = load_rules()
    names = {t.name for t in rules.tools.values()} | {r.name for r in rules.rentals.values()}
    split = []
    with pdfplumber.open(io.BytesIO(_reference("archaeologia", theme_name, paper))) as pdf:
        for page in pdf.pages:
            split += _split_pairs(page, lambda t: t in names, _is_number)
    assert not split, (theme_name, paper, split)


@pytest.mark.parametrize("theme_name,paper", DOC_CASES)
def test_money_token_counts_stay_with_their_values(theme_name, paper):
    """Archaeology's rules reference, Setup: "16 × $1, 8 × $5, 16 × $10" —
    no count, "×" and value on two lines (before the fix "16 × / $10)" on A4)."""
    split = []
    with pdfplumber.open(io.BytesIO(_reference("archaeology", theme_name, paper))) as pdf:
        for page in pdf.pages:
            split += _split_pairs(page, _is_number, lambda t: t == "×")
            split += _split_pairs(page, lambda t: t == "×", lambda t: t.startswith("$"))
    assert not split, (theme_name, paper, split)


def _dig_example_lines(page) -> list[list[str]] | None:
    """ArchéoTREK's worked example, "The dig": the lines of its paragraph (from
    the one holding "zero" down), read in the column under the "The dig"
    heading; None when the page has no such heading."""
    words = page.extract_words()
    head = next((a for a, b in zip(words, words[1:])
                 if a["text"] == "The" and b["text"] == "dig" and abs(a["top"] - b["top"]) < 1), None)
    if head is None:
        return None
    beside = [w for w in words if w["text"] == "Closing" and abs(w["top"] - head["top"]) < 2]
    right = beside[0]["x0"] - 2 if beside else float(page.width)
    column = [w for w in words if head["x0"] - 1 <= w["x0"] < right and w["top"] > head["bottom"]]
    zero = next(w for w in column if w["text"].startswith("zero"))
    lines: dict[int, list] = {}
    for w in column:
        if zero["top"] - 1 <= w["top"] < zero["top"] + 60:
            lines.setdefault(round(w["top"]), []).append(w["text"])
    return [v for _, v in sorted(lines.items())]


@pytest.mark.parametrize("theme_name,paper", DOC_CASES)
def test_worked_example_dig_keeps_its_sum_and_no_lone_word(theme_name, paper):
    """ArchéoTREK's worked example, "The dig": no line of its paragraph is one
    word, "1 + 1 = 2" stays on one line and the drawn count with "Bone".
    Before the fix weasyprint, breaking before the bold result, left "draw"
    alone on a line on A4 ("outline it, / draw / 3 Bone tokens and keep
    1 + 1 = 2.") and the result alone on Letter ("… 1 + 1 = / 2.")."""
    with pdfplumber.open(io.BytesIO(_reference("archeotrek", theme_name, paper))) as pdf:
        found = [lines for page in pdf.pages if (lines := _dig_example_lines(page)) is not None]
    assert len(found) == 1, found
    lines = found[0]
    text = [" ".join(line) for line in lines]
    assert all(len(line) >= 2 for line in lines), (theme_name, paper, text)
    flat = [(i, word) for i, line in enumerate(lines) for word in line]
    last = max(k for k, (_, word) in enumerate(flat) if word == "=")  # the tokens kept: "1 + 1 = 2."
    assert last + 1 < len(flat) and flat[last + 1][0] == flat[last][0], (theme_name, paper, text)
    assert flat[last + 1][1].rstrip(".").isdigit(), (theme_name, paper, text)
    assert any(a.isdigit() and b == "Bone" for line in lines for a, b in zip(line, line[1:])), (theme_name, paper, text)


# -- the documents: no paragraph ends on a lone word ----------------------------------------

def _flow_lines(page) -> list[list[dict]]:
    """The page's lines in the order the PDF draws its text (the document's
    order): runs of words on one baseline, each starting right of the last."""
    lines: list[list[dict]] = []
    for w in page.extract_words(use_text_flow=True, extra_attrs=["size"]):
        if lines and abs(w["top"] - lines[-1][-1]["top"]) < 2 and w["x0"] >= lines[-1][-1]["x1"] - 1:
            lines[-1].append(w)
        else:
            lines.append([w])
    return lines


def _under(a: list[dict], b: list[dict]) -> bool:
    """Line ``b`` continues the block of line ``a``: same left edge and size,
    0.9–1.8 lines lower."""
    return (abs(b[0]["x0"] - a[0]["x0"]) <= 2 and abs(b[0]["size"] - a[-1]["size"]) <= 0.3
            and 0.9 * a[0]["size"] <= b[0]["top"] - a[0]["top"] <= 1.8 * a[0]["size"])


def document_lone_words(data: bytes) -> list[tuple[int, str, str]]:
    """(page, end of the line above, the lone word) for every block of a
    document whose last line is one word under a line of three or more."""
    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            lines = _flow_lines(page)
            for i in range(1, len(lines)):
                a, b = lines[i - 1], lines[i]
                if len(b) != 1 or len(a) < 3 or not _under(a, b):
                    continue
                if i + 1 < len(lines) and _under(b, lines[i + 1]):
                    continue  # not the block's last line
                found.append((n, " ".join(w["text"] for w in a[-3:]), b[0]["text"]))
    return found


DOCUMENTS = [(g, "rules-reference") for g in ("archaeologia", "archaeology", "archeo", "archeotrek")] + [
    ("archaeology", "high-score-log")]


@pytest.mark.parametrize("theme_name,paper", DOC_CASES)
@pytest.mark.parametrize("game_id,name", DOCUMENTS)
def test_documents_do_not_end_a_paragraph_on_a_lone_word(game_id, name, theme_name, paper):
    """The rules references and the high-score log (jinja2 + weasyprint):
    no paragraph, list item, table cell or box ends on a line of one word
    (``printkit.render.documents.keep_last_words`` binds the last two words).
    Before the fix, on A4 in the classic theme: "… for the rest of the /
    game.", "Took none? Gain 2 / coins." (Archaeologia), "resolve it /
    (right)." (Archaeology), "before every shovel / breaks.", "(or use a /
    wheelbarrow).", "… amazing / paleontologists!", "shovel side / up:"
    (Archéo), "yellow die for / everyone.", "the Head Digger / clockwise."
    (ArchéoTREK); more on Letter and in large print.  The PDF's text joins
    no two words with a no-break space (U+00A0): its glyph reads as a space,
    so searching or copying "back to light" finds it (without the ToUnicode
    mapping of ``_finish`` the tagline no longer matched: tests/test_documents.py)."""
    data = _reference(game_id, theme_name, paper, name)
    found = document_lone_words(data)
    assert not found, (game_id, name, theme_name, paper, found)
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)  # the fonts' ToUnicode
    glued = re.search(r"\S\xa0\S", text)  # two words joined by U+00A0 (a chip's spacing "\xa0 Blue" is not)
    assert glued is None, (game_id, name, theme_name, paper, text[max(0, glued.start() - 30):][:60])
