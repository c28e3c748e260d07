"""House rules at the edges of what the rules files accept (session 40): every
value a ``--rules`` file is allowed to hold prints and scores as it says, or is
refused in one line naming the file and the key and what fits (exit 1,
nothing written) — never a traceback, never a sheet whose pieces print over
each other.

Found by a sweep of every game's numbers at their lowest and highest accepted
value, their texts at full length in wide letters, and some that interact:

* ArchéoTREK: ``digsite.circle_diameter`` up to 40 mm was accepted with the
  circles 26 mm apart: the circles printed over each other and over the
  area-letter boxes under them; now one line giving the widest that fits.
* ArchéoTREK: ``tokens.size.bone_diameter`` and ``skeleton_diameter`` took
  15 mm: a Bone's value stood taller than its symbol and past the safe circle,
  a Skeleton's "+1" ran into its pit and word.  The values now shrink with the
  token, and a token too small for its value at 20 pt (a large print
  Skeleton's word at 11 pt) is one line giving the smallest that fits.
* Archaeology: ``sizes.money_diameter`` accepted 10–100 mm, but the money
  tokens' layout is 25 mm and every other value failed the build; the
  tokens are now drawn at the rules' diameter.
* Archaeologia: ``sizes.card_height`` 60 mm (accepted: 60–130) died with a
  reportlab traceback (a SECRET OBJECTIVE's picture of negative radius); a
  card too short for its pictures is now one line with the shortest that fits.
* Archaeologia: ``sizes.tile`` 30 mm (accepted: 30–60) printed every tile's
  name over its laurel, group badge and coin (set in points); a tile too
  small for its names in the theme is one line with the smallest that fits.
* Every game: a title and tagline of the most characters accepted, in W's,
  ran off the cover (its title stopped shrinking at 20 pt), over the rules
  reference's facts, over the Dig Site sheet's 'Name', past Archaeologia's
  card backs and player aid, off Archéo's dig site and across Archaeology's
  board into the river.  They now shrink and take more lines
  (:func:`printkit.gamekit.fit_lines`); ArchéoTREK's limits (200) are the
  others' (40 and 140); a title a large-print card back cannot hold at
  11 pt is one line.
* Archaeology: a rule card's long rule text (thief, key, chest: 160
  characters) grew its panel up over the card's title; it now prints
  smaller, down to 6.5 pt (classic theme).
* ArchéoTREK: a Choices label longer than its 17 mm column ("Yellow die
  only", "Higher minus lower") ran under the row's boxes; it now takes two
  lines, then a smaller size (7 pt, 11 in large print), else is one line
  naming the key.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit import RULES_DIR
from printkit.cli import main


def _house(tmp_path: Path, game: str, *edits: tuple[str, str]) -> Path:
    """A --rules folder holding ``game``'s bundled rules with each regex
    ``edits`` pattern replaced (each must match exactly once)."""
    text = (RULES_DIR / f"{game}.toml").read_text(encoding="utf-8")
    for pattern, repl in edits:
        text, n = re.subn(pattern, repl, text, flags=re.M)
        assert n == 1, pattern
    folder = tmp_path / "house"
    folder.mkdir(exist_ok=True)
    (folder / f"{game}.toml").write_text(text, encoding="utf-8")
    return folder


def _one_line_refusal(args: list[str], *words: str) -> str:
    result = CliRunner().invoke(main, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, (result.exit_code, result.output)
    err = result.stderr.strip()
    assert "\n" not in err and "Traceback" not in err, err
    for w in words:
        assert w in err, err
    return err


# -- ArchéoTREK: Choices labels longer than their column ---------------------------------------

LONG_LABELS = ((r'^yellow = "Yellow die"$', 'yellow = "Yellow die only"'),
               (r'^difference = "High − low"$', 'difference = "Higher minus lower"'))


def test_archeotrek_long_choice_labels_stay_in_front_of_their_boxes(tmp_path):
    """Every word of the Choices labels ends left of the first box of its
    row (the boxes: the sheet's squares 6.5–10 mm a side level with the word; the
    dice icons in front of the labels are 5.2 mm at most)."""
    import pdfplumber

    house = _house(tmp_path, "archeotrek", *LONG_LABELS)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "archeotrek", "--rules", str(house), "--players", "1",
                                       "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    mm = 72 / 25.4
    with pdfplumber.open(out / "archeotrek" / "dig-site-sheets.pdf") as pdf:
        page = pdf.pages[0]
        boxes = [c for c in page.curves + page.rects
                 if 6.5 * mm <= c["x1"] - c["x0"] <= 10 * mm and abs((c["x1"] - c["x0"]) - (c["bottom"] - c["top"])) < 1]
        wanted = {"Yellow", "die", "only", "Higher", "minus", "lower"}
        seen = set()
        for w in page.extract_words():
            row = [b for b in boxes if b["top"] - 4 < (w["top"] + w["bottom"]) / 2 < b["bottom"] + 4]
            if w["text"] not in wanted or not row:
                continue  # the same words elsewhere on the sheet (the Special Circles key)
            seen.add(w["text"])
            assert w["x1"] <= min(b["x0"] for b in row) - 1, (w["text"], w["x1"], min(b["x0"] for b in row))
        assert seen == wanted, seen


def test_archeotrek_a_choice_label_no_column_holds_is_one_line(tmp_path):
    """Large print keeps 11 pt: "Higher minus lower" is wider than the 20.5 mm
    column on two lines there (classic sets it on two lines at 8.5 pt)."""
    house = _house(tmp_path, "archeotrek", *LONG_LABELS)
    out = tmp_path / "out"
    _one_line_refusal(["build", "archeotrek", "--rules", str(house), "--theme", "highcontrast", "--out", str(out),
                       "-q"], "archeotrek.toml", "choices.labels.difference", "highcontrast")
    assert not out.exists()


# -- ArchéoTREK: circles wider than their spacing --------------------------------------------

@pytest.mark.parametrize("diameter", ["40.0", "26.0", "22.5"])
def test_archeotrek_circles_wider_than_their_spacing_are_one_line(tmp_path, diameter):
    """26 mm circles touch their row neighbours but cover the area-letter
    boxes under the row above; 22 mm is the widest the bundled positions
    hold (measured on the sheet: the boxes stay clear)."""
    house = _house(tmp_path, "archeotrek", (r"^circle_diameter = 18\.0$", f"circle_diameter = {diameter}"))
    out = tmp_path / "out"
    _one_line_refusal(["build", "archeotrek", "--rules", str(house), "--out", str(out), "-q"],
                      "archeotrek.toml", "digsite.circle_diameter", "at most 22 mm")
    assert not out.exists()
    _one_line_refusal(["simulate", "archeotrek", "--rules", str(house)], "digsite.circle_diameter")


def test_archeotrek_circles_at_the_widest_that_fits_simulate_and_score(tmp_path):
    house = _house(tmp_path, "archeotrek", (r"^circle_diameter = 18\.0$", "circle_diameter = 22.0"))
    sim = CliRunner().invoke(main, ["simulate", "archeotrek", "--rules", str(house), "--seed", "3"])
    assert sim.exit_code == 0, sim.output
    score = CliRunner().invoke(main, ["score", "archeotrek", "-", "--rules", str(house)], input=sim.stdout)
    assert score.exit_code == 0, score.output


def test_archeotrek_circles_on_one_spot_are_one_line(tmp_path):
    """Two circles at the same position (x, y each within 0–400 mm)."""
    house = _house(tmp_path, "archeotrek",
                   (r'^  \{ id = "A2", kind = "normal", x = 39\.0, y = 0\.0 \},$',
                    '  { id = "A2", kind = "normal", x = 13.0, y = 0.0 },'))
    _one_line_refusal(["simulate", "archeotrek", "--rules", str(house)],
                      "digsite.circle_diameter", "move the circles apart")


# -- Archaeology: money tokens of another diameter --------------------------------------------

def test_archaeology_money_tokens_follow_the_house_diameter(tmp_path):
    """``sizes.money_diameter`` accepts 10–100 mm, but every value but the
    layout's own 25 mm failed the build ("a 25 × 25 mm circle, but rules
    [sizes] money_diameter is 12.5 mm round"): now the token's layout is
    drawn at the rules' size — at 12.5 mm its value prints at half its 24 pt,
    on both sides of every token (the treasure cards' values are 15 pt and
    other sizes)."""
    import pdfplumber

    house = _house(tmp_path, "archaeology", (r"^money_diameter = 25\.0$", "money_diameter = 12.5"))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "archaeology", "--rules", str(house), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    sizes = []
    with pdfplumber.open(out / "archaeology" / "cards.pdf") as pdf:
        for page in pdf.pages:
            sizes += [w["size"] for w in page.extract_words(extra_attrs=["size"]) if re.fullmatch(r"\$\d+", w["text"])]
    bundled = (RULES_DIR / "archaeology.toml").read_text(encoding="utf-8")
    counts = re.search(r"^counts = \[([\d, ]+)\]", bundled, re.M).group(1)
    tokens = sum(int(n) for n in counts.split(","))
    # the same face on both sides: each token's value twice, at half the layout's 24 pt
    assert sum(abs(s - 12.0) < 0.05 for s in sizes) == 2 * tokens, sorted(set(sizes))


# -- ArchéoTREK: token diameters --------------------------------------------------------------

@pytest.mark.parametrize("key, value, theme, fits", [
    ("bone_diameter", "15.0", "classic", "at least 15.5 mm"),
    ("skeleton_diameter", "15.0", "classic", "at least 25.5 mm"),
    ("skeleton_diameter", "25.5", "highcontrast", "at least 31.5 mm"),  # its word at 11 pt
])
def test_archeotrek_tokens_too_small_for_their_value_are_one_line(tmp_path, key, value, theme, fits):
    """15 mm tokens were accepted and printed a Bone's value taller than its
    symbol and past its safe circle, a Skeleton's "+1" over its pit and its
    word; now one line naming the key and the smallest that fits the theme."""
    default = {"bone_diameter": "25.0", "skeleton_diameter": "32.0"}[key]
    house = _house(tmp_path, "archeotrek", (rf"^{key} = {re.escape(default)}$", f"{key} = {value}"))
    out = tmp_path / "out"
    _one_line_refusal(["build", "archeotrek", "--rules", str(house), "--out", str(out), "-q", "--theme", theme],
                      "archeotrek.toml", f"tokens.size.{key} = {value.removesuffix('.0')}", fits)
    assert not out.exists()


def test_archeotrek_small_skeleton_tokens_keep_the_value_off_the_word(tmp_path):
    """At the smallest Skeleton the classic theme takes (25.5 mm) each
    "+value" prints at 20 pt or more and its baseline stays 1 pt above the
    caps of the word SKELETON under it (before: 24 pt, running into the word)."""
    import pdfplumber

    house = _house(tmp_path, "archeotrek", (r"^skeleton_diameter = 32\.0$", "skeleton_diameter = 25.5"))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "archeotrek", "--rules", str(house), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / "archeotrek" / "tokens.pdf") as pdf:
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        chars = page.chars
        height = page.height
    values = [w for w in words if re.fullmatch(r"\+\d+", w["text"])]
    labels = [w for w in words if w["text"] == "SKELETON"]
    assert len(values) == len(labels) == 4

    def baseline(word):  # from the top of the page, as pdfplumber's top/bottom: the chars' text matrix
        inside = [c for c in chars if word["x0"] - 0.1 <= c["x0"] and c["x1"] <= word["x1"] + 0.1
                  and word["top"] - 0.1 <= c["top"] and c["bottom"] <= word["bottom"] + 0.1]
        return height - inside[0]["matrix"][5]

    for v in values:
        assert v["size"] >= 20
        label = min(labels, key=lambda w: abs((w["x0"] + w["x1"]) - (v["x0"] + v["x1"])))
        cap_top = baseline(label) - 0.66 * label["size"]  # the word's caps (Source Sans: 0.66 of the size)
        assert cap_top - baseline(v) >= 0.8, (v, label)  # 1 pt, as the bundled 32 mm token keeps


# -- titles and taglines at their longest -----------------------------------------------------

#: Each game's longest title and tagline (characters) its rules accept.
TITLE_MAX = {"archaeologia": (40, 140), "archaeology": (40, 120), "archeo": (30, 90), "archeotrek": (40, 140)}


def _wide_title_rules(tmp_path: Path, game: str) -> Path:
    title, tagline = TITLE_MAX[game]
    return _house(tmp_path, game, (r'^title = ".*"$', f'title = "{"W" * title}"'),
                  (r'^tagline = ".*"$', f'tagline = "{"W" * tagline}"'))


def _text_faults(pdf_path: Path, letters: str = "W") -> list[str]:
    """Every character of ``letters`` (the house text's letter) that lies off
    its page or over another character, as 'page N: …' lines."""
    import pdfplumber

    faults = []
    with pdfplumber.open(pdf_path) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            chars = [c for c in page.chars if c["text"].strip()]
            for i, c in enumerate(chars):
                if c["text"] not in letters:
                    continue
                if c["x0"] < -0.5 or c["x1"] > page.width + 0.5:
                    faults.append(f"page {n}: {c['text']!r} off the page at x {c['x0']:.0f}")
                    continue
                for d in chars[i + 1:]:
                    w = min(c["x1"], d["x1"]) - max(c["x0"], d["x0"])
                    h = min(c["bottom"], d["bottom"]) - max(c["top"], d["top"])
                    if w > 0 and h > 0 and w * h > 0.3 * min((c["x1"] - c["x0"]) * (c["bottom"] - c["top"]),
                                                             (d["x1"] - d["x0"]) * (d["bottom"] - d["top"])):
                        faults.append(f"page {n}: {c['text']!r} over {d['text']!r} at {c['x0']:.0f}, {c['top']:.0f}")
                        break
    return faults


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(TITLE_MAX))
def test_the_longest_title_and_tagline_stay_on_their_pages(tmp_path, game):
    """A title and tagline of the most characters the rules accept, in W's
    (the widest letter): on the cover, the rules reference's masthead, the
    Dig Site sheet's header, card backs, the player aid, the dig site and
    the board banner no W lies off its page or over another letter (before:
    the cover's title ran off the page at its least 20 pt, the masthead's
    over the facts beside it, ArchéoTREK's sheet header over 'Name', the
    card backs' and the aid's past the card, Archéo's dig site heading off
    both sides, Archaeology's banner into the river)."""
    house = _wide_title_rules(tmp_path, game)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", game, "--rules", str(house), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    # a board tiled over pages is drawn whole on each and clipped: its letters past a page are fine
    faults = {pdf.name: _text_faults(pdf) for pdf in sorted((out / game).glob("*.pdf"))
              if not pdf.name.endswith("-kit.pdf") and pdf.name != "board.pdf"}
    if game == "archaeology":  # the banner stays on the west bank, on one side of the tiles' seam
        import pdfplumber

        with pdfplumber.open(out / game / "board.pdf") as pdf:
            pages = [n for n, page in enumerate(pdf.pages, 1)
                     if any(c["text"] == "W" and c["size"] >= 10 and 0 <= c["x0"] and c["x1"] <= page.width
                            for c in page.chars)]
        assert len(pages) == 1, f"the banner's title shows on pages {pages}"
    # the cover is the kit's first page
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    writer.add_page(PdfReader(out / game / f"{game}-kit.pdf").pages[0])
    writer.write(tmp_path / "cover.pdf")
    faults["cover"] = _text_faults(tmp_path / "cover.pdf")
    assert not any(faults.values()), {k: v[:3] for k, v in faults.items() if v}


def test_a_title_the_large_print_card_back_cannot_hold_is_one_line(tmp_path):
    """Archaeologia in a large-print theme: 40 W's do not fit a card back on
    three lines at 11 pt — one line naming game.title, nothing written."""
    house = _wide_title_rules(tmp_path, "archaeologia")
    out = tmp_path / "out"
    _one_line_refusal(["build", "archaeologia", "--rules", str(house), "--out", str(out), "-q",
                       "--theme", "highcontrast"], "archaeologia.toml", "game.title", "a card back", "highcontrast")
    assert not out.exists()


def test_archeotrek_titles_past_what_its_pages_hold_are_refused(tmp_path):
    """ArchéoTREK took titles and taglines of 200 characters (the other
    games 40 and 140 at most); its cover, sheet header and masthead hold 40
    and 140."""
    for key, n in (("title", 41), ("tagline", 141)):
        house = _house(tmp_path, "archeotrek", (rf'^{key} = ".*"$', f'{key} = "{"a" * n}"'))
        _one_line_refusal(["simulate", "archeotrek", "--rules", str(house)], f"game.{key}",
                          f"1 to {n - 1} characters")


# -- Archaeologia: short cards ----------------------------------------------------------------

def test_archaeologia_cards_too_short_for_their_pictures_are_one_line(tmp_path):
    """``sizes.card_height`` accepts 60–130 mm, but at 60 mm a SECRET
    OBJECTIVE's picture got a negative radius and the build died with
    reportlab's 'setDash … should be non-negative' traceback; the cards'
    name bands, texts and panels are set in points.  Now one line giving the
    shortest card that holds every picture."""
    house = _house(tmp_path, "archaeologia", (r"^card_height = 88\.9$", "card_height = 60.0"))
    out = tmp_path / "out"
    _one_line_refusal(["build", "archaeologia", "--rules", str(house), "--out", str(out), "-q"],
                      "archaeologia.toml", "sizes.card_height = 60", "at least 66 mm")
    assert not out.exists()


@pytest.mark.slow
def test_archaeologia_the_shortest_card_that_fits_builds(tmp_path):
    house = _house(tmp_path, "archaeologia", (r"^card_height = 88\.9$", "card_height = 66.0"))
    result = CliRunner().invoke(main, ["build", "archaeologia", "--rules", str(house), "--out", str(tmp_path / "o"),
                                       "-q"])
    assert result.exit_code == 0, result.output


# -- Archaeology: long rule texts on the rule cards -------------------------------------------

@pytest.mark.slow
def test_archaeology_long_rule_texts_stay_under_the_card_title(tmp_path):
    """The thief, master thief, key and chest texts at their 160 characters
    (words of W's) and the two-player note at its 60: the rule's panel grew
    up over the title and the big numbers rode over 'THIEF' and 'MASTER
    THIEF' (characters over characters), and the card back's 30 characters
    ran over the next card; the rule now prints smaller (down to 6.5 pt), the
    back's text on two lines, and no letter of cards.pdf lies over another."""
    def words(n: int) -> str:
        return " ".join(["WWWWWWW"] * (n // 8 + 1))[:n].strip()

    house = _house(tmp_path, "archaeology", *[(rf'^{key} = ".*"$', f'{key} = "{words(n)}"') for key, n in
                                               (("thief", 160), ("master_thief", 160), ("key", 160),
                                                ("chest", 160), ("note", 60), ("back", 30))])
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "archaeology", "--rules", str(house), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    faults = _text_faults(out / "archaeology" / "cards.pdf", letters="ABCDEFGHIJKLMNOPQRSTUVWXYZ$0123456789")
    assert not faults, faults[:5]


# -- Archaeologia: small strata tiles ---------------------------------------------------------

@pytest.mark.parametrize("tile, theme, fits", [("30.0", "classic", "at least 37 mm"),
                                               ("36.0", "highcontrast", "at least 39 mm")])
def test_archaeologia_tiles_too_small_for_their_names_are_one_line(tmp_path, tile, theme, fits):
    """``sizes.tile`` accepts 30–60 mm, but the tile's laurel, group badge
    and coin are set in points: at 30 mm every name printed over them.  Now
    one line naming the key, the first tile that does not fit and the
    smallest size that does in the theme."""
    house = _house(tmp_path, "archaeologia", (r"^tile = 46\.0$", f"tile = {tile}"))
    out = tmp_path / "out"
    _one_line_refusal(["build", "archaeologia", "--rules", str(house), "--out", str(out), "-q", "--theme", theme],
                      "archaeologia.toml", f"sizes.tile = {tile.removesuffix('.0')}", fits)
    assert not out.exists()
