"""What the ArchéoTREK kit prints, in print order.

* ``rules-reference``: one page, two in a large-print theme, weasyprint
  (``templates/<theme>/archeotrek-rules.html.j2``);
* ``dig-site-sheets``: one Dig Site sheet per player, uncut, no bleed; with
  ``--fillable`` each carries the form fields of
  :mod:`printkit.games.archeotrek.fields` (same art);
* ``tokens``: 36 round Bone tokens (4 colours × 9) with one common back and 4
  round Skeleton tokens, one per colour, with backs, on one sheet.

Counts, values, colours' symbols and sizes come from ``rules/archeotrek.toml``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from printkit.gamekit import (
    GameKit,
    LazyMapping,
    PrintkitError,
    check_printable,
    deferred,
    mm,
)
from printkit.games.archeotrek.data import load_rules

if TYPE_CHECKING:  # annotations only: the components and build options load where the kit is built
    from printkit.gamekit import BuildOptions, Part

#: The print stack (reportlab, jinja2, weasyprint, pikepdf) loads when a kit is
#: built, not when a game is scored or listed (:mod:`printkit.lazy`); so do the
#: engine's components and imposition, imported where the kit is built.
title_art = deferred("printkit.games.archeotrek.cover:title_art")


def sheet_size(paper) -> tuple[float, float]:
    """Dig Site sheet trim size in pt: the paper's content box less the footer
    band kept free at top and bottom (the engine centres it on the page)."""
    from printkit.gamekit import FOOTER

    x0, y0, x1, y1 = paper.content
    return x1 - x0, paper.height - 2 * (y0 + FOOTER)


def _check_printable(rules, theme, source) -> None:
    """Refuse rules texts the theme's fonts cannot draw
    (:func:`printkit.rules.check_printable`); every text is checked in every
    font role, as the sheet, tokens and documents use them all."""
    texts = [("game.title", rules.title), ("game.tagline", rules.tagline)]
    texts += [(f"choices.labels.{k}", v) for k, v in rules.choice_labels.items()]
    texts += [("digsite.circles", c.id) for c in rules.layout.circles]
    texts += [("tokens.colours", c) for c in rules.tokens.bones]
    check_printable(source or "rules/archeotrek.toml", [(k, t, tuple(theme.fonts)) for k, t in texts], theme)


def _rows(rules, options: BuildOptions) -> dict[str, Part]:
    """Name → the part's catalogue row (title, stock, count) under ``rules``
    and ``options``, in print order: counted from the rules data, nothing
    drawn (:attr:`printkit.gamekit.GameKit.catalogue`); :func:`parts` fills
    the same rows with what they print."""
    from printkit.gamekit import Part

    large = getattr(options.theme, "large_print", False)  # large print: the reference runs over two pages
    players = options.players or rules.players_default
    tokens = sum(len(values) for values in rules.tokens.bones.values()) + len(rules.tokens.skeletons)
    rows = [
        Part("rules-reference", "Rules reference (large print: 2 pages)" if large else "Rules reference",
             "plain paper (80 g/m²)", count=1),
        Part("dig-site-sheets", "Dig Site sheets", "plain paper (80–100 g/m²), one per player per game",
             count=players),
        Part("tokens", "Bone and Skeleton tokens", "card 200–300 g/m², or paper glued to cereal-box card",
             count=tokens),
    ]
    return {row.name: row for row in rows}


def catalogue(options: BuildOptions) -> list[Part]:
    """The kit's parts as :func:`parts` lists them (name, title, stock,
    count), read from the rules data only (``printkit games``)."""
    return list(_rows(load_rules(options.rules_file("archeotrek")), options).values())


def parts(options: BuildOptions) -> list[Part]:
    """The kit's parts for ``options`` (players, paper, theme, rules)."""
    from printkit.gamekit import Component, ComponentSet
    from printkit.games.archeotrek.documents import rules_reference_pdf
    from printkit.games.archeotrek.fields import sheet_fields
    from printkit.games.archeotrek.sheet import SheetGeometry, choice_label_problem, sheet_face
    from printkit.games.archeotrek.tokens import (
        bone_back,
        bone_face,
        TOKEN_SAFE,
        skeleton_back,
        skeleton_face,
        token_size_problem,
    )

    rules = load_rules(options.rules_file("archeotrek"))
    theme = options.theme
    _check_printable(rules, theme, options.rules_file("archeotrek"))
    # tokens too small for what they print, a Choices label its column cannot hold: one line, nothing drawn
    token = token_size_problem(rules, theme)
    problem = (token and token[1]) or choice_label_problem(rules, theme)
    if problem:
        raise PrintkitError(f"{options.rules_file('archeotrek') or 'rules/archeotrek.toml'}: {problem}")
    players = options.players or rules.players_default
    w, h = sheet_size(options.paper)
    geometry = SheetGeometry.compute(rules, w, h, large=theme.large_print) if options.fillable else None

    def fields_of(player: int):
        if geometry is None:
            return None
        return lambda comp: sheet_fields(geometry, player)

    sheets = tuple(
        Component(f"dig-site-p{i}", w, h, sheet_face(rules, theme, w, h, player=i), cut=False, bleed=0.0,
                  fields=fields_of(i), meta={"player": i})
        for i in range(1, players + 1)
    )
    bones = tuple(
        Component(f"bone-{colour}-{value}", mm(rules.bone_diameter), mm(rules.bone_diameter),
                  bone_face(rules, theme, colour, value), bone_back(rules, theme), shape="circle", safe=TOKEN_SAFE,
                  meta={"colour": colour, "value": value})
        for colour, values in rules.tokens.bones.items() for value in values
    )
    skeletons = tuple(
        Component(f"skeleton-{colour}", mm(rules.skeleton_diameter), mm(rules.skeleton_diameter),
                  skeleton_face(rules, theme, colour, value), skeleton_back(rules, theme), shape="circle",
                  safe=TOKEN_SAFE,
                  meta={"colour": colour, "value": value})
        for colour, value in rules.tokens.skeletons.items()
    )
    paper = options.paper
    rows = _rows(rules, options)
    return [
        replace(rows["rules-reference"], document=lambda: rules_reference_pdf(rules, theme, paper)),
        replace(rows["dig-site-sheets"], components=ComponentSet("dig-site-sheets", "Dig Site sheets", "paper", sheets),
                count=len(sheets)),
        # one sheet: the Skeleton tokens take the rows the Bone tokens leave (printkit.imposition)
        replace(rows["tokens"], components=ComponentSet("tokens", "Bone and Skeleton tokens", "card", bones + skeletons),
                count=len(bones) + len(skeletons)),
    ]


def _simulate():
    """The game simulator, loaded for ``simulate`` only (``score`` never plays)."""
    from printkit.games.archeotrek import simulate

    return simulate


def _fields():
    """The fillable sheets' reader (pikepdf), loaded for PDF input only."""
    from printkit.games.archeotrek import fields

    return fields


def scorer(rules_path=None):
    """The ArchéoTREK :class:`printkit.scoring.Scorer` under the rules at
    ``rules_path`` (``None``: bundled): Bones, Skeletons, Empty-Handed circles."""
    from printkit.gamekit import Scorer
    from printkit.games.archeotrek import game, scoring, validate

    rules = game.bundled_rules() if rules_path is None else load_rules(rules_path)
    return Scorer(
        load=lambda path: game.load_game(path, rules=rules),
        validate=validate.validate,
        score=scoring.score_game,
        render_text=scoring.render_text,
        render_json=scoring.render_json,
        simulate=lambda players, seed: _simulate().simulate_toml(players, seed, rules=rules),
        default_players=rules.players_default,
        players_range=(rules.players_min, rules.players_max),
        load_pdfs=lambda paths: _fields().load_pdf_game(paths, rules=rules),
        export_pdfs=lambda *a, **k: _fields().export_toml(*a, **k),
        reports="every player's Bones, Skeletons won and why, Empty-Handed circles, score and rank",
        partial="unticked Choices boxes are a warning",
        example="examples/archeotrek/finished-4-players.toml",
    )


GAME = GameKit(
    id="archeotrek",
    parts=parts,
    catalogue=catalogue,  # printkit games: the parts' rows from the rules data, nothing drawn
    cover_accent="title",  # the engine cover (title, players, time from the rules data)
    rules=load_rules,
    options=frozenset({"fillable", "players"}),
    icons=LazyMapping("printkit.games.archeotrek.art:DECK_ICONS"),
    title_art=title_art,
    scorer=scorer,
    scorepad=deferred("printkit.games.archeotrek.scorepad:pad"),  # the in-browser score pad
)
