"""Archéo house rules (``--rules DIR`` holding ``archeo.toml``): a changed star
count reaches every text that quotes it.  The top rating band's words say how
many stars there are ("You have collected all 10 stars"); under a house rule of
11 stars (an egg worth 3) the rules reference, the reference card's back and
the scorer must all say 11 — the words are written with ``{total}`` in
``rules/archeo.toml`` and filled from ``[stars] total``, so a designer who
copies the bundled file and changes the numbers gets them everywhere."""

from __future__ import annotations

import pytest
from conftest import pdfium_page_texts
from click.testing import CliRunner

from printkit import RULES_DIR
from printkit.cli import main

BUNDLED = (RULES_DIR / "archeo.toml").read_text(encoding="utf-8")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _house(tmp_path, text: str):
    house = tmp_path / "house"
    house.mkdir()
    (house / "archeo.toml").write_text(text, encoding="utf-8")
    return house


def _eleven_stars(text: str) -> str:
    """The bundled file with the egg worth 3 stars: 11 in all, the top band 10–11."""
    for old, new in (("egg_stars = 2", "egg_stars = 3"), ("total = 10\n", "total = 11\n"),
                     ("min = 10\nmax = 10\n", "min = 10\nmax = 11\n")):
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def _text(pdf) -> str:
    """Every page's text in the order it is drawn (pdfium), whitespace made
    single spaces: a card's wrapped lines read on, where pdfminer's layout
    order slips the rating band's label ("10–11") between them."""
    return " ".join(" ".join(t.split()) for t in pdfium_page_texts(pdf))


def test_a_house_star_count_reaches_the_rating_words_on_every_component(tmp_path):
    """Built under 11 stars, the rules reference says "all 11 stars" in its
    goal and in the top rating band, and the reference card's back (in
    shovel-cards.pdf) prints the same band words; no PDF says "10 stars".
    Seen failing on the old code: the band's words kept "all 10 stars" on the
    rules reference and the reference card beside "collect all 11 stars"."""
    house = _house(tmp_path, _eleven_stars(BUNDLED))
    out = tmp_path / "out"
    r = run("build", "archeo", "--rules", house, "--out", out, "-q")
    assert r.exit_code == 0, r.output
    rules_text = _text(out / "archeo" / "rules-reference.pdf")
    card_text = _text(out / "archeo" / "shovel-cards.pdf")
    assert "all 11 stars" in rules_text and "collected all 11 stars" in rules_text, rules_text
    assert "collected all 11 stars" in card_text, card_text
    for text in (rules_text, card_text):
        assert "10 stars" not in text and "{" not in text


def test_the_bundled_words_are_unchanged(tmp_path):
    """Under the bundled rules the top band still reads as the rulebook does."""
    from printkit.games.archeo.data import load_rules

    assert load_rules(None).bands[-1].words.startswith("You have collected all 10 stars.")


@pytest.mark.parametrize("words, said", [
    ("All {totl} stars!", "may only use the placeholders {total}, {boards} and {egg}, not {totl}"),
    ("All {total:>99} stars!", "ratings.bands[4].words"),
    ("A brace { alone", "ratings.bands[4].words"),
])
def test_a_bad_placeholder_in_the_rating_words_is_one_line(tmp_path, words, said):
    """A typo in a placeholder is one line naming the key and the placeholders
    it may use, exit 1, nothing written — not "{totl}" printed on the card."""
    top = 'words = "You have collected all {total} stars. Great work! You are amazing paleontologists!"'
    assert top in BUNDLED
    text = BUNDLED.replace(top, f'words = "{words}"', 1)
    house = _house(tmp_path, text)
    out = tmp_path / "out"
    r = run("build", "archeo", "--rules", house, "--out", out, "-q")
    assert r.exit_code == 1, r.output
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and said in lines[0] and "archeo.toml" in lines[0], r.stderr
    assert not (out / "archeo").exists()
