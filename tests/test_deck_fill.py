"""Deck placeholders filled without jinja2 give exactly what jinja2 gives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit import PrintkitError
from printkit.deck import _env, _Fill, _render

ROW = {"title": "Amphora", "n1": "7", "big": 42, "x": 1.5, "flag": True, "nothing": None, "_u": "é"}

TOKENS = ["{{ title }}", "{{n1}}", "{{  big\t}}", "{{ x }}", "{{ flag }}", "{{ nothing }}", "{{ _u }}",
          "{{ missing }}", "{{ true }}", "{{ range }}", "{{ title|upper }}", "{{ x + 1 }}", "{%", "%}",
          "{#", "#}", "{", "}", "{{{ title }}}", "\n", "\r\n", " ", "Café – 3–18", "plain", "%", "#"]


def jinja(text: str, row: dict):
    try:
        template = _env().from_string(text)
    except Exception as exc:
        return ("syntax", type(exc).__name__)
    try:
        return template.render(**row)
    except Exception as exc:
        return ("render", type(exc).__name__, str(exc))


def fast(text: str, row: dict):
    fill = _Fill.parse(text)
    if fill is None:
        return None
    try:
        return fill.render(**row)
    except Exception as exc:
        return ("render", type(exc).__name__, str(exc))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=6))
def test_fast_fill_matches_jinja2(tokens):
    text = "".join(tokens)
    got = fast(text, ROW)
    if got is not None:  # otherwise jinja2 handles it, as before
        assert got == jinja(text, ROW)


@pytest.mark.parametrize("text", ["{{ title }}", "A {{ title }} of {{ big }} ({{ x }})", "", "no placeholder",
                                  "{{ nothing }}/{{ flag }}"])
def test_common_templates_take_the_fast_path(text):
    assert _Fill.parse(text) is not None
    assert fast(text, ROW) == jinja(text, ROW)


def test_missing_column_names_row_and_column():
    with pytest.raises(PrintkitError, match=r"card 3, element 1's text: 'nope' is undefined \(no such column in the data\)"):
        _render(_Fill.parse("x {{ nope }}"), ROW, "front.toml: card 3, element 1's text")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Amphora", "of", "Ur", "63", " ", "  ", "\n", "\t", "\xa0", "Café–3", "W" * 12, ""]),
                max_size=8),
       st.sampled_from([None, -5.0, 20.0, 60.0, 151.65]),
       st.sampled_from(["display", "body", "bold"]))
def test_split_matches_simple_split(words, width, role):
    from reportlab.lib.utils import simpleSplit

    from printkit.deck import _split
    from printkit.theme import load_theme

    text, font = "".join(words), load_theme("classic").font(role)
    if width:
        assert _split(text, font, 11.0, width) == simpleSplit(text, font, 11.0, width)


def test_split_at_the_exact_width():
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printkit.deck import _split
    from printkit.theme import load_theme

    font = load_theme("classic").font("body")
    text = "Bronze mirror of the queen"
    exact = stringWidth(text, font, 9)
    for width in (exact - 1e-9, exact, exact + 1e-9, exact - 1e-5, exact + 1e-5):
        assert _split(text, font, 9, width) == simpleSplit(text, font, 9, width)
